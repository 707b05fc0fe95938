// Redis connections (ioredis). BullMQ needs maxRetriesPerRequest: null on the connections it blocks on.
import { Redis } from 'ioredis';
import { traceRedisCommands } from './telemetry-clients.js';

/**
 * `failFast` (the default): commands fail at once while the server is away instead of queueing behind a
 * reconnect, so a request that needs Redis answers instead of hanging. BullMQ workers block on their
 * connection and need `forWorker`: no retry limit and an offline queue.
 */
export function createRedis(url: string, options: { forWorker?: boolean } = {}): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: options.forWorker ? null : 2,
    enableOfflineQueue: options.forWorker ?? false,
  });
  // Its commands inside a traced request or handler show as spans (telemetry-clients.ts).
  traceRedisCommands(redis);
  return redis;
}

/** Closes a connection whatever its state: `quit` when connected, otherwise stop reconnecting. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit();
  else redis.disconnect();
}
