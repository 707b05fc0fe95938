// Sign-in attempts are limited per IP and per email in Redis, so guessing passwords stays slow
// across every instance of the service. (Mails are limited by the kit's mailLimits.)
import { appError } from '@travelclub/kit';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { emailKey } from './domain/accounts.js';

export interface SignInLimits {
  /** Counts one attempt; refuses with 429 `too-many-sign-in-attempts` and Retry-After when over. */
  attempt(ip: string, email: string, reply: FastifyReply): Promise<void>;
  /** A successful sign-in clears the email's count (the IP's stays). */
  succeeded(email: string): Promise<void>;
}

export function signInLimits(
  redis: Redis,
  settings: { prefix: string; perIpPerMinute: number; perEmailPer15Minutes: number },
): SignInLimits {
  const byIp = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${settings.prefix}:ip`,
    points: settings.perIpPerMinute,
    duration: 60,
  });
  const byEmail = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: `${settings.prefix}:email`,
    points: settings.perEmailPer15Minutes,
    duration: 15 * 60,
  });
  return {
    async attempt(ip, email, reply) {
      try {
        await Promise.all([byIp.consume(ip), byEmail.consume(emailKey(email))]);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        reply.header('retry-after', Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
        throw appError('too-many-sign-in-attempts');
      }
    },
    async succeeded(email) {
      await byEmail.delete(emailKey(email));
    },
  };
}
