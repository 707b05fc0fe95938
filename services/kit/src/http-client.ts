// Calls between services: a short timeout, a small retry budget for safe methods, and the
// correlation id carried along so one user action can be followed across services.
import { setTimeout as sleep } from 'node:timers/promises';
import { errorCatalogue, type ErrorCode, type ErrorDetail } from '@travelclub/contracts';
import { CORRELATION_ID_HEADER, REQUEST_ID_HEADER, type CausalContext } from './context.js';
import { AppError } from './errors.js';

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  ctx: CausalContext;
  token?: string;
  /**
   * The bearer token of a call to an internal route, asked for on every try: a service identity's
   * `tokenFor(target)`, cached there, so this costs nothing per call. Ignored when `token` is given.
   */
  serviceToken?: () => Promise<string>;
  timeoutMs?: number;
  /** Extra tries after a network error or 5xx; used only for GET, which is safe to repeat. */
  retries?: number;
}

export class ServiceCallError extends Error {
  override name = 'ServiceCallError';
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export async function callService<T>(url: string, options: CallOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const tries = 1 + (method === 'GET' ? (options.retries ?? 2) : 0);
  let lastError: ServiceCallError | undefined;
  for (let attempt = 1; attempt <= tries; attempt++) {
    try {
      const token = options.token ?? (options.serviceToken ? await options.serviceToken() : undefined);
      const res = await fetch(url, {
        method,
        headers: {
          [CORRELATION_ID_HEADER]: options.ctx.correlationId,
          [REQUEST_ID_HEADER]: options.ctx.causationId,
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(options.timeoutMs ?? 2_000),
      });
      const body: unknown = res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text();
      if (res.ok) return body as T;
      lastError = new ServiceCallError(`${method} ${url} answered ${res.status}`, res.status, body);
      if (res.status < 500) throw lastError;
    } catch (err) {
      if (err instanceof ServiceCallError && (err.status ?? 500) < 500) throw err;
      lastError =
        err instanceof ServiceCallError
          ? err
          : new ServiceCallError(`${method} ${url} failed: ${(err as Error).message}`);
    }
    if (attempt < tries) await sleep(100 * 2 ** (attempt - 1));
  }
  throw lastError;
}

/**
 * Refusals about the call itself (its service identity), not about the request: passed on, they would tell the
 * user their own sign-in failed.
 */
const CALLER_REFUSALS: readonly ErrorCode[] = ['unauthenticated', 'forbidden', 'auth-not-ready'];

interface Envelope {
  error?: { code?: unknown; details?: unknown };
}

/**
 * A neighbour's 4xx with a catalogue code, as that code (and its details), so the user gets the owner's own
 * answer; anything else (unreachable, 5xx, a refusal of our service identity) is `service-unavailable`.
 */
export function passOnError(err: unknown, service: string): AppError {
  if (err instanceof ServiceCallError && err.status !== undefined && err.status < 500) {
    const envelope = (err.body ?? {}) as Envelope;
    const code = envelope.error?.code;
    if (typeof code === 'string' && code in errorCatalogue && !CALLER_REFUSALS.includes(code as ErrorCode)) {
      const details = Array.isArray(envelope.error?.details) ? (envelope.error.details as ErrorDetail[]) : undefined;
      return new AppError(code as ErrorCode, details, { cause: err });
    }
  }
  return new AppError('service-unavailable', undefined, {
    cause: new Error(`${service}: ${(err as Error).message}`, { cause: err }),
  });
}
