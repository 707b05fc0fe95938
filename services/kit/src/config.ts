// The settings every service reads from its environment, parsed once at start-up; a bad value fails fast.
import { z } from 'zod';
import { kafkaSettingsProblems, kafkaSettingsShape, type KafkaSettings } from './kafka-settings.js';
import { productionHasServiceSecret, serviceIdentitySettings, serviceSecretRequired } from './service-identity.js';

/** A whole number above zero; `fallback` when unset. */
export const positiveIntSetting = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A TCP port; `fallback` when unset (each service has its own). */
export const portSetting = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** Where a neighbour service answers; by default on this machine at its own `port`. */
export const serviceUrlSetting = (port: number) => z.url().default(`http://127.0.0.1:${port}`);

/** A switch: `true`, `false`, `1` or `0`; `fallback` when unset. */
export const flagSetting = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

/**
 * Whom to believe about the client address (`X-Forwarded-For`): `true`, `false`, a number of proxy hops, or
 * a comma-separated list of proxy addresses, CIDRs or the names `loopback`, `linklocal`, `uniquelocal`.
 */
export const trustProxySetting = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s): boolean | number | string[] => {
      if (s === 'true' || s === 'false') return s === 'true';
      if (/^\d+$/.test(s)) return Number(s) || false;
      return s.split(',').map((a) => a.trim());
    });

/** Fastify's `trustProxy` for a parsed setting: a hop count means the last n addresses are our own proxies'. */
export const trustProxyOption = (setting: boolean | number | string[]) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

export const BaseConfigSchema = z.object({
  PORT: portSetting(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Services sit on a private network behind the gateway, which sends X-Forwarded-For as exactly the client
   * address it settled on: trusting private addresses (the gateway's) lets per-client limits (sign-in) see
   * that client, while a caller from a public address is never believed. Kubernetes sets `1` per service (the
   * gateway's hop, whatever the pod network's addresses); the gateway has its own setting (gateway/README.md).
   */
  TRUST_PROXY: trustProxySetting('loopback,linklocal,uniquelocal'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'MONGO_URL must be a mongodb:// URL'),
  /** The service's own database; defaults to the service name. */
  MONGO_DB: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  /** KAFKA_BROKERS, and TLS and SASL (kafka-settings.ts, docs/secure-connections.md). */
  ...kafkaSettingsShape,
  /** Put before every topic name, so environments (or test runs) can share one Kafka cluster. */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/)
    .default(''),
  /** Partitions for the topics a service creates. */
  KAFKA_PARTITIONS: z.coerce.number().int().min(1).default(3),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// URL'),
  /** BullMQ key prefix in Redis; producers and workers of one environment (or test) share it. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]+$/)
    .default('bull'),
  /** Where the auth service publishes its signing keys. */
  JWKS_URL: z.url().optional(),
  JWT_ISSUER: z.string().default('travelclub-auth'),
  /** The audience access tokens are for; other tokens of the same issuer are refused. */
  JWT_AUDIENCE: z.string().default('travelclub-api'),
});
export type BaseConfig = z.infer<typeof BaseConfigSchema>;

/** Parses the environment with a service's schema, naming every bad variable at once. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  const problems = result.success
    ? crossProblems(result.data)
    : result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return result.data as z.infer<S>;
}

/**
 * Checks across settings that a schema's shape cannot hold (a refinement would stop services extending
 * BaseConfigSchema): the Kafka settings' combinations and files, for every schema that has KAFKA_BROKERS.
 */
function crossProblems(config: unknown): string[] {
  if (typeof config !== 'object' || config === null || !('KAFKA_BROKERS' in config)) return [];
  return kafkaSettingsProblems(config as KafkaSettings).map((p) => `  ${p.setting}: ${p.message}`);
}

/**
 * The settings of a service that calls other services or answers their calls: the base settings, the service
 * identity's (production requires its secret), and the service's `own`.
 */
export const connectedServiceConfigSchema = <S extends z.ZodRawShape>(own: S) =>
  BaseConfigSchema.extend({ ...serviceIdentitySettings, ...own }).refine(
    // `own` is generic here, so the output's type is not known yet; it has the identity's two settings.
    (config) => productionHasServiceSecret(config as Parameters<typeof productionHasServiceSecret>[0]),
    serviceSecretRequired,
  );
