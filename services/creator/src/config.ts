// The creator service's settings: the kit's, plus where its neighbours answer, where links in mails point,
// and how a visitor's country is read.
import { connectedServiceConfigSchema, portSetting, positiveIntSetting, serviceUrlSetting } from '@travelclub/kit';
import { z } from 'zod';
import { mediaSettings } from './media/storage.js';

export const CreatorConfigSchema = connectedServiceConfigSchema({
  PORT: portSetting(3005),
  /** The catalog (hotel summaries, hotels a creator recommends), called directly, never through the gateway. */
  CATALOG_URL: serviceUrlSetting(3002),
  /** The web app's origin, for the links in mails. */
  WEB_URL: z.url().default('http://localhost:8080'),
  /** The header the ingress (or CDN) sets to the visitor's country, read by getAnonymousUserData. */
  COUNTRY_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .default('x-country-code'),
  /** How long a call to the catalog may take. */
  CALL_TIMEOUT_MS: positiveIntSetting(3_000),
  /** Redis key prefix of this service's rate limits. */
  RATE_LIMIT_PREFIX: z.string().default('creator:rl'),
  /** Redis key prefix of the club pages' visitor counts and their daily secret (docs/creator.md, "Analytics"). */
  ANALYTICS_PREFIX: z.string().default('creator:analytics'),
  /** Club page views counted per client address and minute; more are answered alike and not counted. */
  VIEWS_PER_MINUTE: positiveIntSetting(30),
  /** How often an instance checks whether the counters were rebuilt, to move its consumer to the new group. */
  ANALYTICS_FOLLOW_MS: positiveIntSetting(5_000),
  /** How long a club page's answer is kept and served again (0: never); its creator's changes show after it. */
  CLUB_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(3_000),
  /** Where uploaded images are stored and how big they may be (src/media/storage.ts). */
  ...mediaSettings,
});
export type CreatorConfig = z.infer<typeof CreatorConfigSchema>;
