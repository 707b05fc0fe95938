// Per-address rate limits kept in Redis, so every gateway instance counts together: a global one on every
// route and a tighter one on the routes that guess secrets or send mail. Redis trouble lets requests
// through (logged): a limiter outage must not become a site outage.
import rateLimit from '@fastify/rate-limit';
import { appError } from '@travelclub/kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';

export interface RateLimitOptions {
  redis: Redis;
  prefix: string;
  max: number;
  windowMs: number;
  tightMax: number;
  tightWindowMs: number;
}

type Check = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

export async function registerRateLimits(
  app: FastifyInstance,
  options: RateLimitOptions,
): Promise<{ check: Check; checkTight: Check }> {
  await app.register(rateLimit, {
    global: false,
    redis: options.redis,
    nameSpace: options.prefix,
    skipOnError: true,
    max: options.max,
    timeWindow: options.windowMs,
  });
  const global = app.createRateLimit();
  const tight = app.createRateLimit({
    max: options.tightMax,
    timeWindow: options.tightWindowMs,
    keyGenerator: (req) => `tight:${req.ip}`,
  });

  const limit = (limiter: typeof global): Check =>
    async function check(req, reply) {
      const result = await limiter(req);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', Math.max(1, result.ttlInSeconds));
      throw appError('too-many-requests');
    };
  return { check: limit(global), checkTight: limit(tight) };
}
