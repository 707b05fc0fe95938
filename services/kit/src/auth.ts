// Access-token verification (RS256 through the auth service's JWKS, key chosen by `kid`) and access rules.
import { AccessTokenClaimsSchema, type AuthUser, type ErrorCode, type Role } from '@travelclub/contracts';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { AppError, appError } from './errors.js';
import { verifiedTokens } from './verified-tokens.js';

export type TokenVerifier = (token: string) => Promise<AuthUser>;

/** Verified access tokens kept: a traveller's token comes back on every request of a visit. */
const MAX_VERIFIED = 10_000;
/**
 * How long a verified token is trusted without a new check, at most (its own expiry comes first when
 * sooner): it adds at most this long to how long the tokens of a key withdrawn from the auth service's key set
 * are still taken (jose keeps a fetched key set for ten minutes itself).
 */
const KEEP_VERIFIED_MS = 5 * 60_000;

/**
 * Keys from the auth service's JWKS URL, or (in the auth service itself) its own key set. A token that passed
 * is kept until it expires (at most `KEEP_VERIFIED_MS`), so the same token again is not checked again.
 */
export function createJwtVerifier(
  options: ({ jwksUrl: string } | { jwks: JSONWebKeySet }) & { issuer: string; audience: string },
  now: () => number = Date.now,
): TokenVerifier {
  const keys =
    'jwks' in options
      ? createLocalJWKSet(options.jwks)
      : createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 2_000, cooldownDuration: 30_000 });
  const verified = verifiedTokens<AuthUser>(MAX_VERIFIED);
  return async (token) => {
    const at = now();
    const known = verified.get(token, at);
    if (known !== undefined) return known;
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ['RS256'],
      issuer: options.issuer,
      audience: options.audience,
      requiredClaims: ['sub', 'exp'],
      currentDate: new Date(at),
    });
    const claims = AccessTokenClaimsSchema.parse(payload);
    const { sub, roles, isAnonymous, email, emailVerified } = claims;
    const user: AuthUser = Object.freeze({
      id: sub,
      roles: Object.freeze([...roles]) as AuthUser['roles'],
      isAnonymous,
      email,
      ...(emailVerified !== undefined && { emailVerified }),
    });
    verified.remember(token, user, Math.min(payload.exp! * 1000, at + KEEP_VERIFIED_MS), at);
    return user;
  };
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header) : null;
  return match?.[1];
}

/**
 * preHandlers for routes: `requireUser` refuses a missing or bad token, `optionalUser` reads one
 * when present, `requireRole` also checks a role claim.
 */
export function authHandlers(verify: TokenVerifier | undefined) {
  const authenticate = async (req: FastifyRequest, required: boolean) => {
    const token = bearerToken(req);
    if (!token) {
      if (required) throw appError('unauthenticated');
      return;
    }
    if (!verify) {
      req.log.error('a route needs a token, but JWKS_URL is not configured');
      throw appError('auth-not-ready');
    }
    try {
      req.user = await verify(token);
    } catch (err) {
      req.log.info({ reason: (err as Error).message }, 'access token refused');
      if (required) throw new AppError('unauthenticated', undefined, { cause: err });
    }
  };
  const requireUser: preHandlerAsyncHookHandler = async (req) => authenticate(req, true);
  const optionalUser: preHandlerAsyncHookHandler = async (req) => authenticate(req, false);
  const requireRole =
    (...roles: Role[]): preHandlerAsyncHookHandler =>
    async (req: FastifyRequest, _reply: FastifyReply) => {
      await authenticate(req, true);
      if (!req.user || !roles.some((role) => req.user?.roles.includes(role))) throw appError('forbidden');
    };
  return { requireUser, optionalUser, requireRole };
}

/** Support staff may read and act on anything; every such action is logged by the caller with the staff id. */
export const isStaff = (user: AuthUser) => user.roles.includes('role/support');

export const canAccess = (user: AuthUser, ownerId: string) => user.id === ownerId || isStaff(user);

/**
 * Refuses a caller who is neither the owner nor staff, with the resource's own not-found code,
 * so a stranger learns nothing about whether the resource exists.
 */
export function assertCanAccess(user: AuthUser | null, ownerId: string, notFound: ErrorCode): asserts user is AuthUser {
  if (!user) throw appError('unauthenticated');
  if (!canAccess(user, ownerId)) throw appError(notFound);
}
