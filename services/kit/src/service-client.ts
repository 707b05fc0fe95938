// Calls between services through the endpoint definitions (docs/architecture.md, "Endpoints"): the caller's
// service identity on internal routes, the correlation id carried along, a short time-out, a small retry
// budget for GET, and one error mapping. A neighbour's refusal with a catalogue code comes back as that
// AppError (so the user gets the owner's own answer); no answer in time is `upstream-timeout` (504); anything
// else (unreachable, 5xx, an answer not of its shape, a refusal of our own identity) is `service-unavailable`.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ApiError,
  createApiClient,
  isInternal,
  type CallInput,
  type Endpoint,
  type ErrorCode,
  type ResultOf,
  type ServiceName,
} from '@travelclub/contracts';
import { CORRELATION_ID_HEADER, REQUEST_ID_HEADER, type CausalContext } from './context.js';
import { AppError } from './errors.js';
import type { ServiceIdentity } from './service-identity.js';

/**
 * Refusals about the call itself (its service identity), not about the request: passed on, they would tell
 * the user their own sign-in failed.
 */
const CALLER_REFUSALS: readonly ErrorCode[] = ['unauthenticated', 'forbidden', 'auth-not-ready'];

export interface ServiceClientOptions {
  /** The service called. */
  target: ServiceName;
  baseUrl: string;
  /** This service's identity, for internal routes. */
  identity: ServiceIdentity;
  timeoutMs: number;
  /** Extra tries of a GET after no answer or a 5xx. */
  retries?: number;
}

/** The AppError a failed call is, as the user should see it (`asUser`: the call carried the user's own token). */
export function asAppError(err: unknown, target: ServiceName, asUser = false): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ApiError) {
    // On a user's token, a refusal of the token is the user's own (signed out, not allowed).
    const refusedCaller = !asUser && err.code !== undefined && CALLER_REFUSALS.includes(err.code);
    if (err.status >= 400 && err.status < 500 && err.code && !refusedCaller)
      return new AppError(err.code, err.details, { cause: err });
    const timedOut = err.status === 0 && (err.cause as Error | undefined)?.name === 'TimeoutError';
    return new AppError(timedOut ? 'upstream-timeout' : 'service-unavailable', undefined, {
      cause: new Error(`${target}: ${err.message}`, { cause: err }),
    });
  }
  return new AppError('service-unavailable', undefined, {
    cause: new Error(`${target}: ${(err as Error).message}`, { cause: err }),
  });
}

const worthRetrying = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500);

export function createServiceClient({ target, baseUrl, identity, timeoutMs, retries = 2 }: ServiceClientOptions) {
  const api = createApiClient({ baseUrl });
  return {
    /**
     * Calls one of the target's endpoints on behalf of the request or event `ctx`. With `asUser`, a public
     * route is called with that user's own access token, so the target grants exactly the user's rights.
     */
    async call<E extends Endpoint>(
      e: E,
      input: CallInput<E>,
      ctx: CausalContext,
      asUser?: { accessToken: string },
    ): Promise<ResultOf<E>> {
      if (e.service !== target) throw new Error(`${e.method} ${e.path} is not an endpoint of ${target}`);
      if (asUser && isInternal(e)) throw new Error(`${e.method} ${e.path} is internal: it takes no user's token`);
      const tries = 1 + (e.method === 'GET' ? retries : 0);
      for (let attempt = 1; ; attempt++) {
        try {
          const headers: Record<string, string> = {
            [CORRELATION_ID_HEADER]: ctx.correlationId,
            [REQUEST_ID_HEADER]: ctx.causationId,
          };
          if (isInternal(e)) headers.authorization = `Bearer ${await identity.tokenFor(target)}`;
          else if (asUser) headers.authorization = `Bearer ${asUser.accessToken}`;
          return await api.call(e, input, { headers, signal: AbortSignal.timeout(timeoutMs) });
        } catch (err) {
          if (attempt >= tries || !worthRetrying(err)) throw asAppError(err, target, asUser !== undefined);
        }
        await sleep(100 * 2 ** (attempt - 1));
      }
    },
  };
}
export type ServiceClient = ReturnType<typeof createServiceClient>;
