// The local infrastructure's three servers, each a detached process with its log under .infra: a real Kafka
// broker and a MongoDB wire-compatible server from Maven Central jars on Java, and Redis. Plain Node, no
// dependencies, like infra.mjs, which keeps track of them. Also S3Mock, which only some tests start for themselves.
// Zipkin, the fourth, is in zipkin.mjs, on the helpers exported here.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, openSync, closeSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where the servers keep their logs and data: .infra, or TRAVELCLUB_INFRA_DIR (a test's infrastructure of its own). */
export const infraDir = process.env.TRAVELCLUB_INFRA_DIR
  ? resolve(process.env.TRAVELCLUB_INFRA_DIR)
  : join(root, '.infra');
export const cacheDir = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'travelclub');

export const log = (msg) => process.stderr.write(`[infra] ${msg}\n`);

// ---------- small helpers ----------

export function isAlive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function canConnect(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((done) => {
    const socket = createConnection({ port, host });
    const finish = (ok) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

/** A port the OS says is free now: the preferred one when possible. */
export async function freePort(preferred) {
  const tryListen = (port) =>
    new Promise((done) => {
      const server = createServer();
      server.once('error', () => done(undefined));
      server.listen(port, '127.0.0.1', () => {
        const { port: got } = server.address();
        server.close(() => done(got));
      });
    });
  return (preferred && (await tryListen(preferred))) || (await tryListen(0));
}

export function redisPing(port, host = '127.0.0.1') {
  return new Promise((done) => {
    const socket = createConnection({ port, host });
    let reply = '';
    socket.setTimeout(1000, () => {
      socket.destroy();
      done(false);
    });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) {
        socket.destroy();
        done(reply.startsWith('+PONG'));
      }
    });
    socket.once('error', () => done(false));
  });
}

export async function waitFor(what, check, timeoutMs, pid) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    if (pid && !isAlive(pid)) throw new Error(`${what} exited while starting; see its log in ${infraDir}`);
    await sleep(200);
  }
  throw new Error(`${what} was not ready after ${timeoutMs / 1000}s; see its log in ${infraDir}`);
}

/** Starts a long-lived process detached from us, its output in a log file under .infra. */
export function startDetached(name, command, args) {
  mkdirSync(infraDir, { recursive: true });
  const logFile = join(infraDir, `${name}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(command, args, { cwd: root, detached: true, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  child.unref();
  return { pid: child.pid, logFile };
}

export function requireCommand(command, hint) {
  const probe = spawnSync(command, ['-version'], { stdio: 'ignore' });
  if (probe.error) throw new Error(`${command} is not installed: ${hint}`);
}

/**
 * The jars of one pom under infra/, copied once into a cache folder keyed by the pom's
 * content; Maven keeps its own downloads in ~/.m2, so a new clone reuses both.
 */
export function classpathOf(component) {
  const pom = join(root, 'infra', component, 'pom.xml');
  const key = createHash('sha256').update(readFileSync(pom)).digest('hex').slice(0, 12);
  const libs = join(cacheDir, `${component}-${key}`);
  if (existsSync(join(libs, '.complete'))) return libs;
  requireCommand('mvn', 'install Maven 3.8+ (or run with Docker and Testcontainers instead)');
  log(`fetching the ${component} jars with Maven (first time only)...`);
  rmSync(libs, { recursive: true, force: true });
  const result = spawnSync(
    'mvn',
    ['-q', '-B', '-f', pom, 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${libs}`],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`Maven could not fetch the ${component} jars`);
  writeFileSync(join(libs, '.complete'), new Date().toISOString());
  return libs;
}

// ---------- the three servers ----------

/**
 * `name` names its log under .infra; a private server (see `privateMongo`) gets a free port and a smaller heap.
 * With `dataFile` the server keeps its databases in that file (the H2 MVStore backend) and finds them again on
 * the next start; without it, in memory only.
 * @param {{ name?: string, preferredPort?: number, maxHeap?: string, dataFile?: string }} [options]
 */
export async function startMongo({ name = 'mongo', preferredPort = 27017, maxHeap = '8g', dataFile } = {}) {
  requireCommand('java', 'install Java 17 (or run with Docker and Testcontainers instead)');
  const libs = classpathOf('mongo');
  const port = await freePort(preferredPort);
  const launcher = join(root, 'infra', 'mongo', 'MongoLauncher.java');
  if (dataFile) mkdirSync(dirname(dataFile), { recursive: true });
  // In memory the server keeps every document in the heap: 200,000 catalog hotels (bench:search) need about
  // 3 GiB. On disk the MVStore caches pages in the heap too.
  const { pid, logFile } = startDetached(name, 'java', [
    '-Xms128m',
    `-Xmx${maxHeap}`,
    '-cp',
    `${libs}/*`,
    launcher,
    String(port),
    ...(dataFile ? [dataFile] : []),
  ]);
  try {
    await waitFor('MongoDB (mongo-java-server)', () => canConnect(port), 60_000, pid);
  } catch (err) {
    const unreadable = dataFile && /MVStoreException: (.*)/.exec(readFileSync(logFile, 'utf8'));
    if (!unreadable) throw err;
    throw new Error(
      `MongoDB's data in ${dataFile} cannot be read (${unreadable[1]}): \`npm run infra:reset\` deletes it, ` +
        `and Kafka's with it, for a fresh start`,
      { cause: err },
    );
  }
  return { pid, port, url: `mongodb://127.0.0.1:${port}`, logFile, dataFile, startedByUs: true };
}

/** What every local single-node broker's server.properties has: its log under `dir`, one replica of everything. */
export const singleNodeSettings = (dir) => [
  `log.dirs=${join(dir, 'data')}`,
  'num.partitions=3',
  'offsets.topic.replication.factor=1',
  'offsets.topic.num.partitions=1',
  'transaction.state.log.replication.factor=1',
  'transaction.state.log.min.isr=1',
  'group.initial.rebalance.delay.ms=0',
  'auto.create.topics.enable=true',
];

/**
 * A single-node KRaft broker from the Maven jars. By default a fresh, empty one on 9092 under .infra/kafka:
 * local data is disposable and a clean log avoids stale topics. `keep` restarts a broker on its old folder
 * and ports, with its data (the fault tests stop one and start it again).
 */
/** The JVM's arguments for a Kafka broker from `cp` with the settings file `props`, its heap as `heap` says. */
export const kafkaCommand = (cp, props, heap) => [
  ...heap,
  '-XX:+UseG1GC',
  '-Djava.awt.headless=true',
  `-Dlog4j.configuration=file:${join(root, 'infra', 'kafka', 'log4j.properties')}`,
  '-cp',
  cp,
  'kafka.Kafka',
  props,
];

export async function startKafka({ name = 'kafka', keep, port: fixedPort, controllerPort: fixedController } = {}) {
  requireCommand('java', 'install Java 17 (or run with Docker and Testcontainers instead)');
  const libs = classpathOf('kafka');
  const port = fixedPort ?? (await freePort(9092));
  const controllerPort = fixedController ?? (await freePort(port === 9092 ? 9093 : 0));
  const dir = join(infraDir, name);
  if (!keep) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const props = join(dir, 'server.properties');
  writeFileSync(
    props,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'inter.broker.listener.name=PLAINTEXT',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      ...singleNodeSettings(dir),
      '',
    ].join('\n'),
  );
  const cp = `${libs}/*`;
  // A kept broker restarts on its formatted storage; formatting it again would give it a new cluster id.
  const format = keep
    ? { status: 0 }
    : spawnSync(
        'java',
        [
          '-cp',
          cp,
          'kafka.tools.StorageTool',
          'format',
          '-t',
          randomUUID().replace(/-/g, '').slice(0, 22),
          '-c',
          props,
          '--ignore-formatted',
        ],
        { encoding: 'utf8' },
      );
  if (format.status !== 0) throw new Error(`Kafka storage format failed:\n${format.stderr}${format.stdout}`);
  const { pid, logFile } = startDetached(name, 'java', kafkaCommand(cp, props, ['-Xms256m', '-Xmx1g']));
  await waitFor(
    'Kafka',
    () => existsSync(logFile) && readFileSync(logFile, 'utf8').includes('Kafka Server started'),
    120_000,
    pid,
  );
  return { pid, port, controllerPort, brokers: `127.0.0.1:${port}`, logFile, startedByUs: true };
}

/**
 * An S3-compatible server (Adobe S3Mock, one jar from Maven Central), optional: only the tests of the creator's S3
 * store start one, each its own. Fresh and empty under `dir` (default .infra/<name>), with `buckets` made at start;
 * S3 on http `port` (a free one by default). It also opens an https port, which we give a free one too.
 * @param {{ name?: string, port?: number, dir?: string, buckets?: string[] }} [options]
 */
export async function startS3Mock({ name = 's3mock', port: fixedPort, dir, buckets = [] } = {}) {
  requireCommand('java', 'install Java 17 (or run with Docker and Testcontainers instead)');
  const libs = classpathOf('s3mock');
  // One self-contained jar: the pom says which version.
  const jar = readdirSync(libs).find((file) => /^s3mock-.*-exec\.jar$/.test(file));
  if (!jar) throw new Error(`no S3Mock jar in ${libs}`);
  const port = fixedPort ?? (await freePort(0));
  const httpsPort = await freePort(0);
  const root = dir ?? join(infraDir, name);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const { pid, logFile } = startDetached(name, 'java', [
    '-Xmx128m',
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    '-Djava.awt.headless=true',
    '-jar',
    join(libs, jar),
    `--http.port=${port}`,
    `--server.port=${httpsPort}`,
    `--com.adobe.testing.s3mock.store.root=${root}`,
    ...(buckets.length > 0 ? [`--com.adobe.testing.s3mock.store.initial-buckets=${buckets.join(',')}`] : []),
  ]);
  await waitFor(
    'S3Mock',
    () => existsSync(logFile) && readFileSync(logFile, 'utf8').includes('Started S3MockApplication'),
    60_000,
    pid,
  );
  return { pid, port, endpoint: `http://127.0.0.1:${port}`, dir: root, logFile, startedByUs: true };
}

/** Ends a process started by `startDetached` and everything it started: SIGTERM, then SIGKILL after 20 s. */
export async function endProcessGroup(pid) {
  if (!isAlive(pid)) return;
  // A paused group would never act on the SIGTERM.
  process.kill(-pid, 'SIGCONT');
  process.kill(-pid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (isAlive(pid) && Date.now() < deadline) await sleep(100);
  if (isAlive(pid)) process.kill(-pid, 'SIGKILL');
  while (isAlive(pid)) await sleep(50);
}

export async function startRedis() {
  if (await redisPing(6379)) return { port: 6379, url: 'redis://127.0.0.1:6379', startedByUs: false };
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  if (probe.error) throw new Error('No Redis answers on 127.0.0.1:6379 and redis-server is not installed');
  const port = await freePort(0);
  const { pid, logFile } = startDetached('redis', 'redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  await waitFor('Redis', () => redisPing(port), 20_000, pid);
  return { pid, port, url: `redis://127.0.0.1:${port}`, logFile, startedByUs: true };
}
