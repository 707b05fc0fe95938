// The gateway's token check on protected routes: refuse early what every service would refuse anyway.
// A token that fails is the caller's problem (401); keys that cannot be fetched are ours (503).
import { AppError, bearerToken, type TokenVerifier } from '@travelclub/kit';
import type { ErrorCode } from '@travelclub/contracts';
import type { FastifyRequest } from 'fastify';

/** jose's codes for "the key set could not be had": a timeout, a bad document, a non-200 answer. */
const KEYS_UNAVAILABLE = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);

function keysUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return true;
  if (err.name === 'ZodError') return false; // claims that are not ours: the token's fault
  const code = (err as { code?: unknown }).code;
  // jose's own errors carry ERR_J… codes; anything else (fetch failed, connection refused) is ours.
  return typeof code !== 'string' || !code.startsWith('ERR_J') || KEYS_UNAVAILABLE.has(code);
}

export type TokenCheck = ReturnType<typeof edgeAuthentication>;

export function edgeAuthentication(verify: TokenVerifier) {
  /** `missing`: the code for no token at all (a bad token is always `unauthenticated`). */
  return async function requireToken(req: FastifyRequest, missing: ErrorCode = 'unauthenticated'): Promise<void> {
    const token = bearerToken(req);
    if (!token) throw new AppError(missing);
    try {
      await verify(token);
    } catch (err) {
      if (keysUnavailable(err)) {
        throw new AppError('service-unavailable', undefined, {
          cause: new Error('signing keys unavailable', { cause: err }),
        });
      }
      req.log.info({ reason: (err as Error).message }, 'access token refused at the edge');
      throw new AppError('unauthenticated', undefined, { cause: err });
    }
  };
}
