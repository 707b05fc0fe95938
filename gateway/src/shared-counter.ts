// A fixed-window request counter shared by every gateway instance through Redis without a Redis round
// trip per request: each instance counts in memory and adds its counts to Redis every `syncMs`,
// learning the other instances' totals in the same round trip. Within one instance the count is exact;
// other instances' requests show up at most one sync late.
import type { Redis } from 'ioredis';

export interface WindowCount {
  /** Requests of this key in the current window, this one included. */
  count: number;
  resetInMs: number;
}

interface Entry {
  window: number;
  /** Counted here, not yet added to Redis. */
  pending: number;
  /** The key's total in Redis as of the last sync (every instance's requests). */
  shared: number;
  lastHitAt: number;
}

/** Keys that had a request this recently learn the other instances' counts even with nothing to add. */
const RECENT_MS = 1_000;

export interface SharedCounter {
  hit(key: string): WindowCount;
  /** One sync round now (the timer runs them on its own). */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

export function sharedWindowCounter(
  redis: Redis,
  options: { prefix: string; windowMs: number; syncMs: number; onError: (err: Error) => void },
): SharedCounter {
  const { prefix, windowMs, syncMs } = options;
  const entries = new Map<string, Entry>();
  let syncing: Promise<void> | undefined;

  async function syncRound() {
    const now = Date.now();
    const current = Math.floor(now / windowMs);
    const batch: { key: string; entry: Entry; added: number }[] = [];
    for (const [key, entry] of entries) {
      if (entry.pending > 0 || (entry.window === current && now - entry.lastHitAt < RECENT_MS)) {
        batch.push({ key, entry, added: entry.pending });
      } else if (entry.window !== current) entries.delete(key);
    }
    if (batch.length === 0) return;
    const pipeline = redis.pipeline();
    for (const { key, entry, added } of batch) {
      const redisKey = `${prefix}${key}:${entry.window}`;
      pipeline.incrby(redisKey, added).pexpire(redisKey, windowMs * 2);
    }
    try {
      const results = (await pipeline.exec()) ?? [];
      let failure: Error | undefined;
      batch.forEach(({ entry, added }, i) => {
        const [err, total] = results[i * 2] ?? [new Error('Redis gave no answer')];
        if (err) {
          failure ??= err;
          return;
        }
        entry.pending -= added;
        entry.shared = Math.max(entry.shared, Number(total));
      });
      if (failure) options.onError(failure);
    } catch (err) {
      // Counts stay pending and go with the next round; meanwhile each instance limits on its own counts.
      options.onError(err as Error);
    }
  }

  const sync = () => (syncing ??= syncRound().finally(() => (syncing = undefined)));
  const timer = setInterval(() => void sync(), syncMs);
  timer.unref();

  return {
    hit(key) {
      const now = Date.now();
      const window = Math.floor(now / windowMs);
      let entry = entries.get(key);
      if (!entry || entry.window !== window) {
        // Counts of a past window still pending are dropped with it: they no longer limit anyone.
        entry = { window, pending: 0, shared: 0, lastHitAt: now };
        entries.set(key, entry);
      }
      entry.pending += 1;
      entry.lastHitAt = now;
      return { count: entry.shared + entry.pending, resetInMs: (window + 1) * windowMs - now };
    },
    sync,
    async stop() {
      clearInterval(timer);
      await sync();
    },
  };
}
