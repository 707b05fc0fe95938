// The whole platform as separate processes behind the gateway, on free ports and databases of its own:
// auth, notifications, catalog, itinerary, billing and the gateway. For system tests and benchmarks.
import { randomBytes, randomUUID } from 'node:crypto';
import { freePort, startPart, type PartName, type RunningPart } from './processes.js';

export interface StackInfra {
  mongoUrl: string;
  kafkaBrokers: string;
  redisUrl: string;
  smtpUrl: string;
}

export interface StackOptions {
  /** Hotels the catalog makes when it starts. */
  hotels?: number;
  /** Settings for every part (LOG_LEVEL, ...), then per part. */
  env?: Record<string, string>;
  partEnv?: Partial<Record<PartName, Record<string, string>>>;
  /** Start every part at the same moment, as `npm start` does; by default auth starts first (the others fetch its keys). */
  allAtOnce?: boolean;
}

export const SUPPORT_EMAIL = 'support@travelclub.test';
export const SUPPORT_PASSWORD = 'a support password for tests';

export interface Stack {
  gateway: string;
  parts: Record<PartName, RunningPart>;
  /** The database of each part, for checks behind the API (charges, events handled). */
  databases: Record<PartName, string>;
  /** The Kafka its parts use, and the prefix of their topics, for checks of what reached Kafka. */
  kafkaBrokers: string;
  topicPrefix: string;
  /** Stops a part and starts it again with the same settings, port and database. */
  restart(name: PartName, how?: 'stop' | 'kill'): Promise<RunningPart>;
  /** Starts a stopped (or killed) part again. */
  start(name: PartName): Promise<RunningPart>;
  stop(): Promise<void>;
}

export async function startStack(infra: StackInfra, options: StackOptions = {}): Promise<Stack> {
  const run = `stack_${randomUUID().slice(0, 8)}`;
  const names: PartName[] = ['auth', 'notifications', 'catalog', 'itinerary', 'billing', 'gateway'];
  const ports = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await freePort()]))) as Record<
    PartName,
    number
  >;
  const url = (name: PartName) => `http://127.0.0.1:${ports[name]}`;
  const databases = Object.fromEntries(names.map((n) => [n, `${run}_${n}`])) as Record<PartName, string>;
  const topicPrefix = `${run}.`;
  const shared = {
    MONGO_URL: infra.mongoUrl,
    KAFKA_BROKERS: infra.kafkaBrokers,
    REDIS_URL: infra.redisUrl,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    QUEUE_PREFIX: run,
    // One per stack: the services' identities on internal routes (docs/identity.md).
    SERVICE_TOKEN_SECRET: randomBytes(32).toString('base64url'),
    JWKS_URL: `${url('auth')}/.well-known/jwks.json`,
    WEB_URL: 'http://web.travelclub.test',
    AUTH_URL: url('auth'),
    NOTIFICATIONS_URL: url('notifications'),
    CATALOG_URL: url('catalog'),
    ITINERARY_URL: url('itinerary'),
    BILLING_URL: url('billing'),
    ...options.env,
  };
  const own: Record<PartName, Record<string, string>> = {
    auth: {
      COOKIE_SECURE: 'false',
      RATE_LIMIT_PREFIX: `${run}-auth-rl`,
      SUPPORT_EMAIL,
      SUPPORT_PASSWORD,
    },
    notifications: { SMTP_URL: infra.smtpUrl },
    catalog: {
      SEED_HOTELS: String(options.hotels ?? 300),
      SEARCH_PREFIX: `${run}-search`,
      IMAGES_BASE_URL: 'http://travelclub.test',
    },
    itinerary: {},
    billing: {},
    // Every traveller of a test or benchmark comes from this one address: the edge limits are not what is measured.
    gateway: { RATE_LIMIT_PREFIX: `${run}-gw:`, RATE_LIMIT_MAX: '1000000000', AUTH_RATE_LIMIT_MAX: '1000000000' },
  };
  const envOf = (name: PartName) => ({
    ...shared,
    MONGO_DB: databases[name],
    ...own[name],
    ...options.partEnv?.[name],
    PORT: String(ports[name]),
  });
  const start = (name: PartName) => startPart(name, envOf(name));

  const parts = {} as Record<PartName, RunningPart>;
  try {
    // auth first (the others fetch its keys), then the rest at once; or every part at once.
    const first = options.allAtOnce ? [] : names.slice(0, 1);
    for (const name of first) parts[name] = await start(name);
    const rest = names.slice(first.length);
    const started = await Promise.allSettled(rest.map(start));
    rest.forEach((name, i) => {
      const outcome = started[i]!;
      if (outcome.status === 'fulfilled') parts[name] = outcome.value;
    });
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (err) {
    await Promise.all(Object.values(parts).map((p) => p.stop()));
    throw err;
  }

  return {
    gateway: url('gateway'),
    parts,
    databases,
    kafkaBrokers: shared.KAFKA_BROKERS,
    topicPrefix,
    async restart(name, how = 'stop') {
      await (how === 'kill' ? parts[name].kill() : parts[name].stop());
      parts[name] = await start(name);
      return parts[name];
    },
    async start(name) {
      parts[name] = await start(name);
      return parts[name];
    },
    async stop() {
      for (const name of [...names].reverse()) await parts[name]?.stop();
    },
  };
}
