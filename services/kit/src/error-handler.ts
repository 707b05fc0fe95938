// The one error handler: every failure becomes the contracts envelope; 5xx details go to the log only.
import { errorCatalogue, errorEnvelope, type ErrorCode, type ErrorDetail } from '@travelclub/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodFastifySchemaValidationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Picks a catalogue code for a validation failure (say `invalid-email`); `validation-failed` otherwise. */
    validationCode?: (details: ErrorDetail[]) => ErrorCode | undefined;
  }
}

const codeForStatus: Record<number, ErrorCode> = {
  400: 'validation-failed',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-found',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'too-many-requests',
  503: 'service-unavailable',
};

/** One entry per offending field, named by its dotted path (`email`, `rooms.0.rateId`). */
export function validationDetails(issues: ZodFastifySchemaValidationError[]): ErrorDetail[] {
  return issues.flatMap((issue) => {
    const base = issue.instancePath.split('/').filter(Boolean);
    const keys = (issue.params as { keys?: unknown }).keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      return keys.map((key) => ({ path: [...base, String(key)].join('.'), message: 'Unknown field' }));
    }
    return [{ path: base.join('.'), message: issue.message ?? 'Invalid value' }];
  });
}

function send(reply: FastifyReply, code: ErrorCode, details?: ErrorDetail[]) {
  return reply.code(errorCatalogue[code].status).send(errorEnvelope(code, details));
}

export function handleError(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    // A dependency that is down (503) is an operating state to watch, not a bug: warn, without the stack.
    if (err.statusCode === 503)
      req.log.warn({ code: err.code, reason: (err.cause as Error | undefined)?.message }, 'request refused');
    else if (err.statusCode >= 500) req.log.error({ err }, 'request failed');
    return send(reply, err.code, err.details);
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = validationDetails(err.validation);
    return send(reply, req.routeOptions.config.validationCode?.(details) ?? 'validation-failed', details);
  }
  const status = 'statusCode' in err ? err.statusCode : undefined;
  if (status !== undefined && status < 500) {
    req.log.info({ err: { message: err.message, code: (err as FastifyError).code } }, 'request refused');
    return send(reply, codeForStatus[status] ?? 'validation-failed');
  }
  req.log.error({ err }, 'request failed');
  return send(reply, status === 503 ? 'service-unavailable' : 'internal');
}
