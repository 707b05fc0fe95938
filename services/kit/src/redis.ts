// Redis connections (ioredis). BullMQ needs maxRetriesPerRequest: null on the connections it blocks on.
import { Redis } from 'ioredis';

/**
 * `failFast` (the default): commands fail at once while the server is away instead of queueing behind a
 * reconnect, so a request that needs Redis answers instead of hanging. BullMQ workers block on their
 * connection and need `forWorker`: no retry limit and an offline queue.
 */
export function createRedis(url: string, options: { forWorker?: boolean } = {}): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: options.forWorker ? null : 2,
    enableOfflineQueue: options.forWorker ?? false,
  });
}

/** Closes a connection whatever its state: `quit` when connected, otherwise stop reconnecting. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit();
  else redis.disconnect();
}
