// Sign-in attempts are limited per IP and per email in Redis, so guessing passwords stays slow
// across every instance of the service. (Mails are limited by the kit's mailLimits.)
import { windowLimit } from '@travelclub/kit';
import type { Redis } from 'ioredis';
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
  const byIp = windowLimit(redis, {
    prefix: `${settings.prefix}:ip`,
    points: settings.perIpPerMinute,
    windowSeconds: 60,
  });
  const byEmail = windowLimit(redis, {
    prefix: `${settings.prefix}:email`,
    points: settings.perEmailPer15Minutes,
    windowSeconds: 15 * 60,
  });
  return {
    async attempt(ip, email) {
      const waits = await Promise.all([byIp.wait(ip), byEmail.wait(emailKey(email))]);
      return waits.some((w) => w !== null) ? Math.max(...waits.map((w) => w ?? 0)) : null;
    },
    succeeded: (email) => byEmail.clear(emailKey(email)),
  };
}
