// The gateway's settings, parsed once from its environment; a bad value names itself and stops the start.
import { BaseConfigSchema, portSetting, positiveIntSetting, trustProxySetting } from '@travelclub/kit';
import { z } from 'zod';
import { SERVICES, type ServiceName } from './route-table.js';

const serviceUrls = Object.fromEntries(
  SERVICES.map((service) => [`${service.toUpperCase()}_URL`, z.url().optional()]),
) as Record<`${Uppercase<ServiceName>}_URL`, z.ZodOptional<z.ZodURL>>;

export const GatewayConfigSchema = BaseConfigSchema.pick({
  HOST: true,
  LOG_LEVEL: true,
  REDIS_URL: true,
  JWT_ISSUER: true,
  JWT_AUDIENCE: true,
}).extend({
  PORT: portSetting(8080),
  /**
   * The port of `GET /metrics` (Prometheus), apart from the public one, which refuses that path: scrapers reach
   * it inside the cluster, clients never do.
   */
  METRICS_PORT: portSetting(9464),
  /** Where each service answers. A service left out is reported at start; its routes answer 503. */
  ...serviceUrls,
  /**
   * Where the web app's server answers: every path outside /api (and the gateway's own) goes there. Unset or
   * empty, those paths answer the JSON 404 (said once at start).
   */
  WEB_SERVER_URL: z
    .union([z.url(), z.literal('')])
    .optional()
    .transform((url) => url || undefined),
  /** The auth service's signing keys; every protected route is checked against them. */
  JWKS_URL: z.url(),
  /** Browser origins allowed to call with credentials, comma-separated (`https://travelclub.example`). */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  /** Requests per client address and window, on every route. */
  RATE_LIMIT_MAX: positiveIntSetting(600),
  RATE_LIMIT_WINDOW_MS: positiveIntSetting(60_000),
  /** How often each instance adds its global counts to Redis (and learns the others'). */
  RATE_LIMIT_SYNC_MS: positiveIntSetting(100),
  /** The tighter limit on the routes that guess or send mail (sign-in, sign-up, magic link, reset, anonymous). */
  AUTH_RATE_LIMIT_MAX: positiveIntSetting(20),
  AUTH_RATE_LIMIT_WINDOW_MS: positiveIntSetting(60_000),
  /** Put before every rate-limit key in Redis, so environments (or tests) sharing a Redis stay apart. */
  RATE_LIMIT_PREFIX: z.string().default('gateway:rate:'),
  /** Whom to believe about the client address; `false`: the gateway is the edge (see the kit's `trustProxySetting`). */
  TRUST_PROXY: trustProxySetting('false'),
  /** How long an upstream may take to start answering before the client gets a 504. */
  UPSTREAM_TIMEOUT_MS: positiveIntSetting(10_000),
  /** Kept-alive connections per upstream service. */
  UPSTREAM_CONNECTIONS: positiveIntSetting(128),
  /**
   * Memory for the shared cache of public answers that say anyone may keep them (autocomplete; shared-cache.ts),
   * in bytes; 0 turns it off.
   */
  SHARED_CACHE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(32 * 1024 * 1024),
  /** How long /health and /docs wait for each service. */
  HEALTH_TIMEOUT_MS: positiveIntSetting(1_500),
  BODY_LIMIT_BYTES: positiveIntSetting(1024 * 1024),
  /** The body limit of the image upload routes only (the endpoints marked `uploads`): a form of a few photos. */
  UPLOAD_BODY_LIMIT_BYTES: positiveIntSetting(32 * 1024 * 1024),
});
export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;

/** The URL of each configured service. */
export function upstreamUrls(config: GatewayConfig): Partial<Record<ServiceName, string>> {
  return Object.fromEntries(
    SERVICES.flatMap((service) => {
      const url = config[`${service.toUpperCase() as Uppercase<ServiceName>}_URL`];
      return url ? [[service, url]] : [];
    }),
  );
}
