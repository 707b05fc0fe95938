// The whole platform as separate processes behind the gateway, on free ports and databases of its own:
// auth, notifications, catalog, itinerary, billing, creator, assistant and the gateway, and with `web: true` the web app behind the
// gateway's origin too. For system tests, browser tests and benchmarks.
import { randomBytes, randomUUID } from 'node:crypto';
import { buildWeb, distinctFreePorts, startPart, type PartName, type RunningPart } from './processes.js';

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
  /**
   * Runs the web app too (built first when missing or stale), behind the gateway: every page at `gateway`.
   * Mailed links and image links then point at the gateway as well (WEB_URL, IMAGES_BASE_URL), so a browser can
   * follow them.
   */
  web?: boolean;
  /**
   * The run's name, which names its databases and its topic and queue prefixes: a stack started with an earlier
   * stack's `run` finds that stack's data. New by default.
   */
  run?: string;
}

export const SUPPORT_EMAIL = 'support@travelclub.test';
export const SUPPORT_PASSWORD = 'a support password for tests';

export interface Stack {
  gateway: string;
  /** The name of its databases and prefixes (see `StackOptions.run`). */
  run: string;
  /** Every part started; `web` only with the `web` option. */
  parts: Record<PartName, RunningPart>;
  /**
   * Where each part serves its metrics: a service on its own port, the gateway and the web server on their
   * metrics port (their public one refuses /metrics).
   */
  metrics: Record<PartName, string>;
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

const PARTS: PartName[] = [
  'auth',
  'notifications',
  'catalog',
  'itinerary',
  'billing',
  'creator',
  'assistant',
  'gateway',
];
/** With the web app: it stops before the services its pages call, after the gateway in front of it. */
const WITH_WEB: PartName[] = [...PARTS.filter((name) => name !== 'gateway'), 'web', 'gateway'];

/** Where a stack's parts live: their ports and databases, and the prefixes of its run. */
interface StackLayout {
  run: string;
  ports: Record<PartName, number>;
  /** The gateway's and the web server's metrics ports. */
  metricsPorts: Record<'gateway' | 'web', number>;
  databases: Record<PartName, string>;
  topicPrefix: string;
}

const urlOf = (layout: StackLayout, name: PartName) => `http://127.0.0.1:${layout.ports[name]}`;

export async function startStack(infra: StackInfra, options: StackOptions = {}): Promise<Stack> {
  const run = options.run ?? `stack_${randomUUID().slice(0, 8)}`;
  const names = options.web ? WITH_WEB : PARTS;
  // Every port of the stack picked before any part starts, none twice (freePort remembers what it handed out).
  const picked = await distinctFreePorts(names.length + 2);
  const layout: StackLayout = {
    run,
    ports: Object.fromEntries(names.map((n, i) => [n, picked[i]!])) as Record<PartName, number>,
    metricsPorts: { gateway: picked[names.length]!, web: picked[names.length + 1]! },
    databases: Object.fromEntries(names.map((n) => [n, `${run}_${n}`])) as Record<PartName, string>,
    topicPrefix: `${run}.`,
  };
  const settings = partSettings(infra, options, layout);
  const start = (name: PartName) => startPart(name, settings.of(name));
  // The build (when needed) before any process starts, so no part waits on it with its clock running.
  if (options.web) await buildWeb();
  const parts = await startParts(names, start, options.allAtOnce ?? false);

  return {
    gateway: urlOf(layout, 'gateway'),
    run,
    parts,
    metrics: Object.fromEntries(
      names.map((name) => [
        name,
        name === 'gateway' || name === 'web'
          ? `http://127.0.0.1:${layout.metricsPorts[name]}/metrics`
          : `${urlOf(layout, name)}/metrics`,
      ]),
    ) as Record<PartName, string>,
    databases: layout.databases,
    kafkaBrokers: settings.kafkaBrokers,
    topicPrefix: layout.topicPrefix,
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

/** The settings of each part: those every part shares, its own, then the ones `options` adds. */
function partSettings(infra: StackInfra, options: StackOptions, layout: StackLayout) {
  const { run, topicPrefix } = layout;
  const url = (name: PartName) => urlOf(layout, name);
  // With the web app, the gateway is the site: links in mails and answers must open there.
  const site = options.web ? url('gateway') : undefined;
  const shared = {
    MONGO_URL: infra.mongoUrl,
    KAFKA_BROKERS: infra.kafkaBrokers,
    REDIS_URL: infra.redisUrl,
    KAFKA_TOPIC_PREFIX: topicPrefix,
    QUEUE_PREFIX: run,
    // One per stack: the services' identities on internal routes (docs/identity.md).
    SERVICE_TOKEN_SECRET: randomBytes(32).toString('base64url'),
    JWKS_URL: `${url('auth')}/.well-known/jwks.json`,
    WEB_URL: site ?? 'http://web.travelclub.test',
    AUTH_URL: url('auth'),
    NOTIFICATIONS_URL: url('notifications'),
    CATALOG_URL: url('catalog'),
    ITINERARY_URL: url('itinerary'),
    BILLING_URL: url('billing'),
    CREATOR_URL: url('creator'),
    ASSISTANT_URL: url('assistant'),
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
      IMAGES_BASE_URL: site ?? 'http://travelclub.test',
    },
    itinerary: {},
    billing: {},
    // Uploaded images are linked through the gateway, which routes /api/v1/media to the creator service.
    creator: { RATE_LIMIT_PREFIX: `${run}-creator-rl`, PUBLIC_MEDIA_URL: url('gateway') },
    // Taylor with the offline engine (no LLM_* settings), its limits and token counts under the run's prefix.
    assistant: { REDIS_PREFIX: `${run}-assistant` },
    // Every traveller of a test or benchmark comes from this one address: the edge limits are not what is measured.
    gateway: {
      METRICS_PORT: String(layout.metricsPorts.gateway),
      RATE_LIMIT_PREFIX: `${run}-gw:`,
      RATE_LIMIT_MAX: '1000000000',
      AUTH_RATE_LIMIT_MAX: '1000000000',
      ...(options.web ? { WEB_SERVER_URL: url('web') } : {}),
    },
    // Its loaders call the services at their *_URL (shared); the payment page shows the sandbox's test cards.
    web: {
      METRICS_PORT: String(layout.metricsPorts.web),
      NODE_ENV: 'production',
      PUBLIC_URL: url('gateway'),
      IMAGES_BASE_URL: url('gateway'),
      SHOW_TEST_CARDS: 'true',
    },
  };
  return {
    kafkaBrokers: shared.KAFKA_BROKERS,
    of: (name: PartName) => ({
      ...shared,
      MONGO_DB: layout.databases[name],
      ...own[name],
      ...options.partEnv?.[name],
      PORT: String(layout.ports[name]),
    }),
  };
}

/** Starts every part: auth first (the others fetch its keys), then the rest at once; or every part at once. */
async function startParts(names: PartName[], start: (name: PartName) => Promise<RunningPart>, allAtOnce: boolean) {
  const parts = {} as Record<PartName, RunningPart>;
  try {
    const first = allAtOnce ? [] : names.slice(0, 1);
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
  return parts;
}
