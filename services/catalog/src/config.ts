// The catalog's settings: the kit's, plus how long holds and searches live, where image links point,
// and the demo inventory made when the catalog is empty.
import { connectedServiceConfigSchema, portSetting, positiveIntSetting } from '@travelclub/kit';
import { z } from 'zod';

export const CatalogConfigSchema = connectedServiceConfigSchema({
  PORT: portSetting(3002),
  /** The public origin image links start with (the gateway's, which routes /api/v1/images here). */
  IMAGES_BASE_URL: z.url().default('http://localhost:8080'),
  /** An unpaid hold lasts this long, then the hold-expiry job releases it. */
  HOLD_TTL_S: positiveIntSetting(15 * 60),
  /** A stored search lives this long after it was last read. */
  SEARCH_TTL_S: positiveIntSetting(24 * 3600),
  /** How often the availability-refresh job runs. */
  REFRESH_EVERY_S: positiveIntSetting(60),
  /** Hotels the demo supplier makes when the catalog starts empty (0: start empty). */
  SEED_HOTELS: z.coerce.number().int().min(0).max(1_000_000).default(0),
  SEED: z.coerce.number().int().default(42),
  /**
   * Hotels whose content (the hotel page less its like count) each instance keeps in memory, the most recently
   * opened: some 10 KB each, so about 50 MB at the default.
   */
  HOTEL_CACHE_SIZE: z.coerce.number().int().min(1).max(200_000).default(5_000),
  /**
   * How long an instance shows a hotel's like count before it reads it again (off the page's way): a like taken
   * on another instance shows here within this time; one taken here, at once.
   */
  LIKES_REFRESH_S: positiveIntSetting(30),
  /** Redis key prefix for stored searches. */
  SEARCH_PREFIX: z.string().default('catalog:search'),
  /** Live stored searches per client (a user, or an address without a token); past it their least recently used goes. */
  SEARCHES_PER_CLIENT: positiveIntSetting(200),
  /** Live stored searches in all; past it the least recently used goes. About 500 bytes of Redis each. */
  SEARCHES_MAX: positiveIntSetting(50_000),
  /** Image renders under way at once: rendering is CPU work, so about the cores the catalog may use. */
  IMAGE_RENDERS: positiveIntSetting(2),
  /** Image renders that may wait for a turn; past them the image route answers 503 with Retry-After. */
  IMAGE_RENDER_QUEUE: z.coerce.number().int().min(0).default(32),
});
export type CatalogConfig = z.infer<typeof CatalogConfigSchema>;
