// Counters in Redis that every instance of a service shares: how often one key did something in a window,
// and the mail limits built on them (per recipient address and per account), so nobody can make the
// platform flood an inbox, whichever service sends the mail.
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface WindowLimit {
  /** Counts one use of `key` (or `points` of them); false when the key is over its limit in the current window. */
  take(key: string, points?: number): Promise<boolean>;
  /** As `take`, but answers null while under the limit, else the seconds until the key's window ends. */
  wait(key: string, points?: number): Promise<number | null>;
  /** Forgets the key's uses: its next use starts a new window. */
  clear(key: string): Promise<void>;
  /** The uses of `key` in its current window (0 when it has none), without counting one. */
  count(key: string): Promise<number>;
  /**
   * Counts one use of `key` whatever its limit, and answers its uses in the window: for a caller that checks
   * `count` before an action and counts only some outcomes afterwards (declined payments).
   */
  add(key: string): Promise<number>;
}

/**
 * At most `points` uses per key in each window of `windowSeconds` (starting at the key's first use), counted
 * under `prefix` in Redis as `<prefix>:<key>`.
 */
export function windowLimit(
  redis: Redis,
  settings: { prefix: string; points: number; windowSeconds: number },
): WindowLimit {
  const limiter = new RateLimiterRedis({
    storeClient: redis,
    keyPrefix: settings.prefix,
    points: settings.points,
    duration: settings.windowSeconds,
  });
  const wait = (key: string, points = 1) =>
    limiter.consume(key, points).then(
      () => null,
      (err: unknown) => {
        // A refusal is an answer; anything else (Redis away) is the caller's failure to handle.
        if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000));
        throw err;
      },
    );
  return {
    take: async (key, points) => (await wait(key, points)) === null,
    wait,
    clear: async (key) => void (await limiter.delete(key)),
    count: async (key) => (await limiter.get(key))?.consumedPoints ?? 0,
    add: async (key) => (await limiter.penalty(key, 1)).consumedPoints,
  };
}

export interface MailRecipient {
  address: string;
  /** The account the mail is about or was asked by, when there is one. */
  accountId?: string;
}

export interface MailLimits {
  /** Counts one mail; false when the address or the account is over its limit (the mail must not go). */
  mayMail(recipient: MailRecipient): Promise<boolean>;
}

export interface MailLimitSettings {
  /** Redis key prefix of the service's counters. */
  prefix: string;
  perAddress: number;
  perAccount: number;
  /** The window both limits count in. */
  windowSeconds?: number;
}

/** Addresses compare without case or surrounding space, so `Ana@x` and `ana@x ` share one count. */
const addressKey = (address: string) => address.trim().toLowerCase();

export function mailLimits(redis: Redis, settings: MailLimitSettings): MailLimits {
  const windowSeconds = settings.windowSeconds ?? 3600;
  const byAddress = windowLimit(redis, {
    prefix: `${settings.prefix}:mail`,
    points: settings.perAddress,
    windowSeconds,
  });
  const byAccount = windowLimit(redis, {
    prefix: `${settings.prefix}:mail-account`,
    points: settings.perAccount,
    windowSeconds,
  });
  return {
    async mayMail({ address, accountId }) {
      const allowed = await Promise.all([
        byAddress.take(addressKey(address)),
        accountId === undefined ? true : byAccount.take(accountId),
      ]);
      return allowed.every(Boolean);
    },
  };
}
