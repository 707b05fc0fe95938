// Declined card payments per account in Redis, shared by every billing instance: a fixed window that starts
// at the first decline, so card testing across many invoices meets a limit.
import type { Redis } from 'ioredis';

export type DeclineCounter = ReturnType<typeof declineCounter>;

export function declineCounter(redis: Redis, { windowSeconds }: { windowSeconds: number }) {
  const key = (userId: string) => `billing:payment-declines:${userId}`;
  return {
    /** Declines of the account in its current window. */
    async count(userId: string): Promise<number> {
      return Number((await redis.get(key(userId))) ?? 0);
    },

    /** Counts one decline; the window's expiry is set with its first one, in the same round trip. */
    async add(userId: string): Promise<number> {
      const results = await redis.multi().set(key(userId), 0, 'EX', windowSeconds, 'NX').incr(key(userId)).exec();
      return Number(results?.[1]?.[1] ?? 0);
    },
  };
}
