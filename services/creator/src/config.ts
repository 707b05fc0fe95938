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
  /** Where uploaded images are stored and how big they may be (src/media/storage.ts). */
  ...mediaSettings,
});
export type CreatorConfig = z.infer<typeof CreatorConfigSchema>;
