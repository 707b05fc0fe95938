// Finds the servers the integration tests run against, in this order: MONGO_URL, KAFKA_BROKERS and
// REDIS_URL when all three are set; Testcontainers when Docker answers; otherwise a local infrastructure of the
// tests' own (scripts/infra.mjs under .infra/tests), which this run stops again if it was the one to start it. Mail
// always goes to a mail catcher of the run's own, so tests can read what was sent.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildWeb } from '@travelclub/testing';
import type { TestProject } from 'vitest/node';
import { buildPart, PARTS } from '../scripts/build-deploy.mjs';
import { startMailCatcher } from '../scripts/mail-catcher.mjs';
import type { InfraSettings } from '@travelclub/kit/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    infra: InfraSettings;
  }
}

/** The data servers, found before the mail catcher starts. */
type Servers = Omit<InfraSettings, 'smtpUrl' | 'mailCatcherUrl'>;

async function dockerAnswers(): Promise<boolean> {
  if (process.env.TRAVELCLUB_INFRA === 'local') return false;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function withTestcontainers(): Promise<{ settings: Servers; stop: () => Promise<void> }> {
  const [{ MongoDBContainer }, { KafkaContainer }, { RedisContainer }] = await Promise.all([
    import('@testcontainers/mongodb'),
    import('@testcontainers/kafka'),
    import('@testcontainers/redis'),
  ]);
  const [mongo, kafka, redis] = await Promise.allSettled([
    new MongoDBContainer('mongo:7').start(),
    new KafkaContainer('confluentinc/cp-kafka:7.9.2').withKraft().start(),
    new RedisContainer('redis:7').start(),
  ]);
  if (mongo.status === 'rejected' || kafka.status === 'rejected' || redis.status === 'rejected') {
    // Stop the ones that did start before giving up.
    const all = [mongo, kafka, redis];
    await Promise.all(all.map((s) => (s.status === 'fulfilled' ? s.value.stop() : Promise.resolve())));
    throw all.flatMap((s) => (s.status === 'rejected' ? [s.reason] : []))[0];
  }
  return {
    settings: {
      // A one-node replica set: connect to it directly rather than through replica-set discovery.
      mongoUrl: `${mongo.value.getConnectionString()}/?directConnection=true`,
      kafkaBrokers: `${kafka.value.getHost()}:${kafka.value.getMappedPort(9093)}`,
      redisUrl: redis.value.getConnectionUrl(),
      source: 'testcontainers',
    },
    stop: async () => {
      await Promise.all([mongo.value.stop(), kafka.value.stop(), redis.value.stop()]);
    },
  };
}

/**
 * The parts the tests start run compiled, as production runs them: every part is built once per run into its
 * deploy folder (`npm run build:deploy`, about 5 s of CPU) under .infra/tests/deploy/<run>, and `startPart` runs
 * `node --enable-source-maps server.js` there (DEPLOY_DIR, which the test files' processes inherit). Through
 * tsx, each of the some 200 parts a run starts compiled its TypeScript again at every start, on two cores
 * shared with the browser and the servers. A DEPLOY_DIR given in the environment is used as it is. Each run has
 * a folder of its own, removed when it ends: two runs at once (two terminals) never start each other's half-built
 * parts.
 */
async function buildParts() {
  if (process.env.DEPLOY_DIR) return;
  const dir = fileURLToPath(new URL(`../.infra/tests/deploy/run-${process.pid}`, import.meta.url));
  ownFolder = dir;
  await buildWeb();
  await Promise.all(Object.keys(PARTS).map((part) => buildPart(part, `${dir}/${part}`)));
  process.env.DEPLOY_DIR = dir;
  console.log(`[tests] parts compiled into ${dir}`);
}

/** The deploy folder this run built, removed at its end. */
let ownFolder: string | undefined;

/** Both Node projects run this setup in the same process, each with its own copy of this module: built once. */
const built = globalThis as { travelclubPartsBuilt?: Promise<void> };

export default async function setup(project: TestProject) {
  built.travelclubPartsBuilt ??= buildParts();
  await built.travelclubPartsBuilt;
  const { MONGO_URL, KAFKA_BROKERS, REDIS_URL } = process.env;
  let servers: Servers;
  let stop: (() => Promise<void>) | undefined;
  if (MONGO_URL && KAFKA_BROKERS && REDIS_URL) {
    servers = { mongoUrl: MONGO_URL, kafkaBrokers: KAFKA_BROKERS, redisUrl: REDIS_URL, source: 'environment' };
  } else if (await dockerAnswers()) {
    ({ settings: servers, stop } = await withTestcontainers());
  } else {
    // An infrastructure of the tests' own, in memory (MongoDB) and on a fresh log (Kafka): the tests never write
    // into the data `npm start` keeps under .infra, and on disk they ran slower (docs/local-infrastructure.md).
    process.env.TRAVELCLUB_INFRA_DIR ??= fileURLToPath(new URL('../.infra/tests', import.meta.url));
    const infra = await import('../scripts/infra.mjs');
    const { env, started } = await infra.up({ keepData: false });
    servers = { mongoUrl: env.MONGO_URL, kafkaBrokers: env.KAFKA_BROKERS, redisUrl: env.REDIS_URL, source: 'local' };
    if (started.length > 0) stop = () => infra.down(started);
  }
  const catcher = await startMailCatcher();
  const settings: InfraSettings = { ...servers, smtpUrl: catcher.smtpUrl, mailCatcherUrl: catcher.httpUrl };
  console.log(
    `[tests] servers from ${settings.source}: ${settings.mongoUrl} | kafka ${settings.kafkaBrokers} | ${settings.redisUrl} | mail ${settings.smtpUrl}`,
  );
  project.provide('infra', settings);
  return async () => {
    await catcher.close();
    await stop?.();
    if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
  };
}
