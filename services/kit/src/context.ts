// What ties a request to the events and calls it causes: the correlation id and the causing id.
import type { FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
export const CORRELATION_ID_HEADER = 'x-correlation-id';

export interface CausalContext {
  /** Shared by everything one user action sets off, across services. */
  correlationId: string;
  /** The id of the request or event that directly caused this. */
  causationId: string;
}

/** An id from a header is taken only when it looks like one; anything else is replaced. */
export function acceptableId(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(value) ? value : undefined;
}

export function requestContext(req: FastifyRequest): CausalContext {
  return { correlationId: req.correlationId, causationId: req.id };
}
