// Local infrastructure for machines without Docker: a real Kafka broker and a MongoDB
// wire-compatible server from Maven Central jars on Java, plus Redis (started by local-servers.mjs), and Zipkin,
// the trace viewer, for `npm start` only. Plain Node, no dependencies, so it works before `npm install`.
// Usage: node scripts/infra.mjs up [server...]|down|status|reset (`up` alone: the data servers; `up zipkin`: Zipkin)
// MongoDB and Kafka keep their data under .infra (mongo-data/, kafka/) across `down` and `up`; `reset` wipes
// both together, so the databases and the topics (events, consumers' offsets) never disagree. Zipkin keeps its
// traces in memory: `down` forgets them.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  canConnect,
  classpathOf,
  endProcessGroup,
  infraDir,
  isAlive,
  log,
  redisPing,
  startKafka,
  startMongo,
  startRedis,
} from './local-servers.mjs';
import { startZipkin, waitForZipkin, zipkinAnswers } from './zipkin.mjs';

const statePath = join(infraDir, 'state.json');
const mongoDataDir = join(infraDir, 'mongo-data');
const kafkaDir = join(infraDir, 'kafka');
export const envPath = join(infraDir, 'env');

// ---------- what `up` started ----------

function readState() {
  try {
    return JSON.parse(readFileSync(statePath, 'utf8'));
  } catch {
    return {};
  }
}

function writeState(state) {
  mkdirSync(infraDir, { recursive: true });
  writeFileSync(statePath, JSON.stringify(state, null, 2));
  const env = Object.entries(settings(state)).map(([name, value]) => `${name}=${value}`);
  writeFileSync(envPath, env.join('\n') + '\n');
}

/** The connection settings of the servers `state` has. */
function settings(state) {
  return {
    ...(state.mongo ? { MONGO_URL: state.mongo.url } : {}),
    ...(state.kafka ? { KAFKA_BROKERS: state.kafka.brokers } : {}),
    ...(state.redis ? { REDIS_URL: state.redis.url } : {}),
  };
}

/** The connection settings of the local servers `up` started or found (those it has; none before it ran). */
export const localSettings = () => settings(readState());

// ---------- commands ----------

/**
 * How each server starts: with `keepData`, MongoDB on disk and Kafka on the log it already has. Zipkin on
 * ZIPKIN_PORT (9411), started and not waited for.
 */
const components = {
  mongo: ({ keepData }) => startMongo(keepData ? { dataFile: join(mongoDataDir, 'travelclub.mv') } : {}),
  kafka: ({ keepData }) => startKafka({ keep: keepData && existsSync(join(kafkaDir, 'data', 'meta.properties')) }),
  redis: () => startRedis(),
  zipkin: () => startZipkin({ preferredPort: Number(process.env.ZIPKIN_PORT || 9411) }),
};

/**
 * What `up` brings by default: the servers the parts need (and the tests, their own copy). Zipkin only when
 * asked for: `npm start` asks, the tests do not (they receive spans themselves), nor does a bare `infra:up`.
 */
export const dataServers = ['redis', 'mongo', 'kafka'];

async function isRunning(name, entry) {
  if (!entry) return false;
  if (entry.startedByUs && !isAlive(entry.pid)) return false;
  if (name === 'redis') return redisPing(entry.port);
  // Ours counts from its launch: it answers only after some seconds, and another start would just collide.
  if (name === 'zipkin') return entry.startedByUs || zipkinAnswers(entry.port);
  return canConnect(entry.port);
}

/** One `up` at a time: a second caller waits for the first, then reuses what it started. */
async function withLock(fn) {
  const lock = join(infraDir, 'lock');
  mkdirSync(infraDir, { recursive: true });
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      let holder = 0;
      try {
        holder = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        /* the holder is still writing its pid */
      }
      if (holder && !isAlive(holder)) rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`infra lock ${lock} is held by pid ${holder}`);
      else await sleep(250);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Brings the `servers` up (by default the data servers), reusing those that already run. Returns the connection
 * settings, the names of the servers this call started (so a caller can stop just those) and, when asked for,
 * Zipkin's entry (`url`; undefined when it could not be had). `keepData: false` starts what is missing empty and
 * in memory (MongoDB) or on a fresh log (Kafka): disposable servers for tests.
 */
export async function up({ keepData = true, servers = dataServers } = {}) {
  const unknown = servers.filter((name) => !(name in components));
  if (unknown.length > 0)
    throw new Error(`no such server: ${unknown.join(', ')} (the servers: ${Object.keys(components).join(', ')})`);
  return withLock(async () => {
    const state = readState();
    const started = [];
    const missing = [];
    for (const name of servers) if (!(await isRunning(name, state[name]))) missing.push(name);
    // Maven runs synchronously: fetch the jars before anything waits on a timer (Zipkin's own fetch does not block).
    if (missing.includes('mongo')) classpathOf('mongo');
    if (missing.includes('kafka')) classpathOf('kafka');
    const bring = async (name) => {
      const t0 = Date.now();
      state[name] = await components[name]({ keepData });
      if (state[name].startedByUs) started.push(name);
      // Recorded at once: if a later server fails to start, `down` can still stop this one.
      writeState(state);
      log(
        name === 'zipkin'
          ? `zipkin ${state.zipkin.startedByUs ? `starting (pid ${state.zipkin.pid}), answers in some seconds` : 'already running'} at ${state.zipkin.url}/zipkin/`
          : `${name} ready in ${((Date.now() - t0) / 1000).toFixed(1)}s`,
      );
    };
    // Nothing waits on Zipkin: without it (no Maven, no network) the parts run on and drop their spans.
    const bringZipkin = async () => {
      try {
        await bring('zipkin');
      } catch (err) {
        delete state.zipkin;
        log(`no Zipkin, so no trace viewer this time: ${err.message}`);
      }
    };
    // Redis first and alone: its probe has a short timeout that the JVM launches below would stall.
    if (missing.includes('redis')) await bring('redis');
    // Kafka and MongoDB start in parallel (the two JVMs dominate the start-up time), and Zipkin's fetch beside them.
    await Promise.all(
      missing.filter((name) => name !== 'redis').map((name) => (name === 'zipkin' ? bringZipkin() : bring(name))),
    );
    writeState(state);
    return { env: settings(state), started, zipkin: servers.includes('zipkin') ? state.zipkin : undefined };
  });
}

/** Stops what `up` started (all of it, or only the named servers), and nothing else. */
export async function down(only) {
  const state = readState();
  for (const [name, entry] of Object.entries(state)) {
    if (only && !only.includes(name)) continue;
    if (entry.startedByUs && isAlive(entry.pid)) {
      await endProcessGroup(entry.pid);
      log(`${name} stopped (pid ${entry.pid})`);
    }
    delete state[name];
  }
  if (Object.keys(state).length === 0) {
    rmSync(statePath, { force: true });
    rmSync(envPath, { force: true });
  } else writeState(state);
}

/** Stops what `up` started and deletes MongoDB's and Kafka's data, both together. Redis is left alone. */
export async function reset() {
  await down();
  for (const dir of [mongoDataDir, kafkaDir]) rmSync(dir, { recursive: true, force: true });
  log(`MongoDB's and Kafka's data deleted (${mongoDataDir}, ${kafkaDir})`);
}

export async function status() {
  const state = readState();
  const lines = [];
  for (const name of Object.keys(components)) {
    const entry = state[name];
    if (!entry) {
      lines.push(`${name.padEnd(6)} not started`);
      continue;
    }
    if (name === 'zipkin' && entry.startedByUs && isAlive(entry.pid) && !(await zipkinAnswers(entry.port))) {
      lines.push(`zipkin starting ${entry.url}/zipkin/ (started by infra:up, pid ${entry.pid}, log ${entry.logFile})`);
      continue;
    }
    const where =
      name === 'zipkin'
        ? `${entry.url}/zipkin/, traces in memory`
        : `${entry.url ?? entry.brokers}${entry.dataFile ? `, data in ${entry.dataFile}` : ''}`;
    const running = await isRunning(name, entry);
    const owner = entry.startedByUs
      ? `started by infra:up, pid ${entry.pid}, log ${entry.logFile}`
      : 'already running on this machine';
    lines.push(`${name.padEnd(6)} ${running ? 'running' : 'DOWN   '} ${where} (${owner})`);
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const command = process.argv[2];
  try {
    if (command === 'up') {
      const asked = process.argv.slice(3);
      const { env, zipkin } = await up(asked.length > 0 ? { servers: asked } : {});
      console.log(
        Object.entries(env)
          .map(([k, v]) => `${k}=${v}`)
          .join('\n'),
      );
      log(`settings written to ${envPath}`);
      // Here someone waits at a prompt: say when Zipkin answers (or why it will not).
      if (zipkin) {
        await waitForZipkin(zipkin);
        log(`Zipkin answers: traces at ${zipkin.url}/zipkin/, spans to ${zipkin.url}/api/v2/spans`);
      }
    } else if (command === 'down') await down();
    else if (command === 'reset') await reset();
    else if (command === 'status') console.log(await status());
    else {
      console.error('usage: node scripts/infra.mjs up [redis|mongo|kafka|zipkin ...]|down|status|reset');
      process.exitCode = 2;
    }
  } catch (err) {
    console.error(`[infra] ${err.message}`);
    process.exitCode = 1;
  }
}
