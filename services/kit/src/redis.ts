// Redis connections (ioredis). BullMQ needs maxRetriesPerRequest: null on the connections it blocks on.
import { Redis } from 'ioredis';

export function createRedis(url: string, options: { forBullmq?: boolean } = {}): Redis {
  return new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: options.forBullmq ? null : 2,
    // Commands fail at once while the server is away instead of queueing behind a reconnect.
    enableOfflineQueue: options.forBullmq ?? false,
  });
}
