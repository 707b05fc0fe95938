// Service identity for internal routes (docs/identity.md, "Service identity"): short-lived HS256 tokens
// signed with the deployment's SERVICE_TOKEN_SECRET, `sub` the caller and `aud` the service called. Callers
// keep a token per target and renew it ahead of expiry; the called service keeps verified tokens until they
// expire, so a call costs a map lookup on both sides.
import {
  SERVICE_TOKEN_ISSUER,
  SERVICE_TOKEN_MAX_LIFETIME_S,
  ServiceNameSchema,
  serviceSubject,
  type ServiceName,
} from '@travelclub/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { bearerToken } from './auth.js';
import { AppError, appError } from './errors.js';
import { verifiedTokens } from './verified-tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This service's identity: tokens for its calls, and checks of its callers' tokens. */
    serviceIdentity: ServiceIdentity;
    /**
     * A hook for internal routes (`onRequest`: before the body is read) that lets through only a valid
     * service token of one of these callers.
     */
    requireService(...callers: readonly ServiceName[]): onRequestAsyncHookHandler;
  }
  interface FastifyRequest {
    /** The service that called, on routes guarded by `requireService`. */
    callerService: ServiceName | null;
  }
}

/** The settings a service with internal routes or internal calls adds to its config schema. */
export const serviceIdentitySettings = {
  /** `production` (the image's) requires SERVICE_TOKEN_SECRET. */
  NODE_ENV: z.string().default('development'),
  /** Shared by the services of one deployment; at least 32 characters (`openssl rand -base64 32`). */
  SERVICE_TOKEN_SECRET: z.string().min(32, 'SERVICE_TOKEN_SECRET must have at least 32 characters').optional(),
};

/** With `serviceIdentitySettings`, as `.refine(productionHasServiceSecret, serviceSecretRequired)`. */
export const productionHasServiceSecret = (config: { NODE_ENV: string; SERVICE_TOKEN_SECRET?: string | undefined }) =>
  config.NODE_ENV !== 'production' || config.SERVICE_TOKEN_SECRET !== undefined;
export const serviceSecretRequired = {
  message: 'SERVICE_TOKEN_SECRET is required in production',
  path: ['SERVICE_TOKEN_SECRET'],
};

export class ServiceTokenError extends Error {
  override name = 'ServiceTokenError';
}

export interface ServiceIdentity {
  readonly name: string;
  /** False without a secret: every call out fails and every internal route answers 503. */
  readonly configured: boolean;
  /** A bearer token for a call to `target`, the same one until it nears its expiry. */
  tokenFor(target: ServiceName): Promise<string>;
  /** The calling service, if `token` is a valid service token addressed to this service. */
  verify(token: string): Promise<ServiceName>;
}

export interface ServiceIdentityOptions {
  name: string;
  secret: string | undefined;
  /** Lifetime of the tokens this service signs. */
  ttlSeconds?: number;
  /** Clock skew tolerated between services. */
  clockToleranceSeconds?: number;
  now?: () => number;
}

/** Verified tokens kept: a handful per caller and replica in practice; only valid tokens get in. */
const MAX_VERIFIED = 1_000;

export function createServiceIdentity({
  name,
  secret,
  ttlSeconds = 5 * 60,
  clockToleranceSeconds = 30,
  now = Date.now,
}: ServiceIdentityOptions): ServiceIdentity {
  if (ttlSeconds > SERVICE_TOKEN_MAX_LIFETIME_S)
    throw new Error(`service tokens live at most ${SERVICE_TOKEN_MAX_LIFETIME_S} s`);
  const key = secret === undefined ? undefined : new TextEncoder().encode(secret);
  const audience = `svc:${name}`;
  const issued = new Map<ServiceName, { token: Promise<string>; renewAt: number }>();
  const verified = verifiedTokens<ServiceName>(MAX_VERIFIED);

  const sign = async (target: ServiceName, at: number) => {
    const iat = Math.floor(at / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(SERVICE_TOKEN_ISSUER)
      .setSubject(audience)
      .setAudience(serviceSubject(target))
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(key!);
  };

  return {
    name,
    configured: key !== undefined,

    tokenFor(target) {
      if (!key) return Promise.reject(new ServiceTokenError('SERVICE_TOKEN_SECRET is not set'));
      const at = now();
      const current = issued.get(target);
      if (current && at < current.renewAt) return current.token;
      // Renewed at half its life: a token in flight never arrives expired, and concurrent callers share one.
      const token = sign(target, at);
      const entry = { token, renewAt: at + (ttlSeconds * 1000) / 2 };
      issued.set(target, entry);
      token.catch(() => issued.get(target) === entry && issued.delete(target));
      return token;
    },

    async verify(token) {
      if (!key) throw new ServiceTokenError('SERVICE_TOKEN_SECRET is not set');
      const at = now();
      const known = verified.get(token, at);
      if (known !== undefined) return known;
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: SERVICE_TOKEN_ISSUER,
        audience,
        requiredClaims: ['sub', 'iat', 'exp'],
        clockTolerance: clockToleranceSeconds,
        currentDate: new Date(at),
      });
      const lifetime = payload.exp! - payload.iat!;
      if (lifetime <= 0 || lifetime > SERVICE_TOKEN_MAX_LIFETIME_S)
        throw new ServiceTokenError(`a service token may live at most ${SERVICE_TOKEN_MAX_LIFETIME_S} s`);
      const caller = ServiceNameSchema.safeParse(payload.sub?.replace(/^svc:/, ''));
      if (!caller.success || payload.sub !== serviceSubject(caller.data))
        throw new ServiceTokenError('the token names no known service');
      verified.remember(token, caller.data, payload.exp! * 1000 + clockToleranceSeconds * 1000, at);
      return caller.data;
    },
  };
}

/**
 * Guards for internal routes: a missing or invalid service token (a user's access token included) is
 * `unauthenticated`, a valid one from a service the route is not for is `forbidden`.
 */
export function serviceGuard(identity: ServiceIdentity) {
  return (...callers: readonly ServiceName[]): onRequestAsyncHookHandler =>
    async function requireService(req: FastifyRequest) {
      const token = bearerToken(req);
      if (!token) throw appError('unauthenticated');
      if (!identity.configured) {
        req.log.error('an internal route was called, but SERVICE_TOKEN_SECRET is not set');
        throw appError('auth-not-ready');
      }
      let caller: ServiceName;
      try {
        caller = await identity.verify(token);
      } catch (err) {
        req.log.info({ reason: (err as Error).message }, 'service token refused');
        throw new AppError('unauthenticated', undefined, { cause: err });
      }
      if (!callers.includes(caller)) {
        req.log.warn({ caller, allowed: callers }, 'a service called an internal route that is not for it');
        throw appError('forbidden');
      }
      req.callerService = caller;
    };
}

/** Gives the app its identity, the `requireService` guard and `req.callerService`. */
export function registerServiceIdentity(app: FastifyInstance, identity: ServiceIdentity): void {
  app.decorate('serviceIdentity', identity);
  app.decorate('requireService', serviceGuard(identity));
  app.decorateRequest('callerService', null);
}
