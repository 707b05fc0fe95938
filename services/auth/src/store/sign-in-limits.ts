// Sign-in attempts are limited per IP and per email in Redis, so guessing passwords stays slow
// across every instance of the service. (Mails are limited by the kit's mailLimits.)
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { emailKey } from '../domain/accounts.js';

export interface SignInLimits {
  /** Counts one attempt: null while under the limits, else the seconds until another attempt counts. */
  attempt(ip: string, email: string): Promise<number | null>;
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
    async attempt(ip, email) {
      try {
        await Promise.all([byIp.consume(ip), byEmail.consume(emailKey(email))]);
        return null;
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      }
    },
    async succeeded(email) {
      await byEmail.delete(emailKey(email));
    },
  };
}
