// Per-address rate limits kept in Redis, so every gateway instance counts together: a global one on every
// route and a tighter one on the routes that guess secrets or send mail. The global one is on every
// request, so it counts in memory and syncs with Redis in batches (shared-counter.ts); the tight one is
// exact, one Redis round trip per request, on routes that see little traffic. Redis trouble lets
// requests through (logged): a limiter outage must not become a site outage.
import rateLimit from '@fastify/rate-limit';
import { appError } from '@travelclub/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { sharedWindowCounter } from './shared-counter.js';

export interface RateLimitOptions {
  redis: Redis;
  prefix: string;
  max: number;
  windowMs: number;
  tightMax: number;
  tightWindowMs: number;
  /** How often the global counts go to Redis. */
  syncMs: number;
  onSyncError: (err: Error) => void;
}

export interface RateLimits {
  /** The global limit: counted in memory, so it answers at once (throws the 429). */
  check(req: FastifyRequest, reply: FastifyReply): void;
  /** The tight limit: one Redis round trip. */
  checkTight(req: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export async function registerRateLimits(app: FastifyInstance, options: RateLimitOptions): Promise<RateLimits> {
  await app.register(rateLimit, {
    global: false,
    redis: options.redis,
    nameSpace: options.prefix,
    skipOnError: true,
    max: options.tightMax,
    timeWindow: options.tightWindowMs,
    keyGenerator: (req) => `tight:${req.ip}`,
  });
  const tight = app.createRateLimit();
  const counter = sharedWindowCounter(options.redis, {
    prefix: options.prefix,
    windowMs: options.windowMs,
    syncMs: options.syncMs,
    onError: options.onSyncError,
  });
  app.addHook('onClose', () => counter.stop());

  const refuse = (reply: FastifyReply, retryAfterSeconds: number) => {
    reply.header('retry-after', Math.max(1, Math.ceil(retryAfterSeconds)));
    return appError('too-many-requests');
  };
  return {
    check(req, reply) {
      const { count, resetInMs } = counter.hit(req.ip);
      if (count > options.max) throw refuse(reply, resetInMs / 1000);
    },
    async checkTight(req, reply) {
      const result = await tight(req);
      if (!result.isAllowed && result.isExceeded) throw refuse(reply, result.ttlInSeconds);
    },
  };
}
