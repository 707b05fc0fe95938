// Zipkin, the trace viewer `npm start` runs beside the local infrastructure (infra.mjs keeps track of it like the
// others): one self-contained jar from Maven Central on Java 17, in-memory storage, a detached process with its
// log under .infra. Plain Node, no dependencies, like local-servers.mjs, whose helpers it uses.
import { spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, freePort, log, requireCommand, startDetached, waitFor } from './local-servers.mjs';

/** The Zipkin server `npm start` runs: `io.zipkin:zipkin-server`, classifier `exec`, one self-contained jar. */
export const ZIPKIN_VERSION = '3.5.1';

/**
 * The Zipkin jar, fetched once (131 MB) into the cache folder; Maven keeps its own copy in ~/.m2. Asynchronous, so
 * the download goes on while Kafka and MongoDB start. `dependency:copy` of the one artifact, not
 * `dependency:get` (which resolves the jar's dependencies too and fails on one of them) nor a pom's
 * `copy-dependencies`: the exec jar already holds everything it runs with.
 */
export async function zipkinJar() {
  const dir = join(cacheDir, `zipkin-${ZIPKIN_VERSION}`);
  const jar = join(dir, `zipkin-server-${ZIPKIN_VERSION}-exec.jar`);
  if (existsSync(join(dir, '.complete'))) return jar;
  requireCommand('mvn', 'install Maven 3.8+ to fetch Zipkin, or set TRAVELCLUB_ZIPKIN=off');
  log(`fetching Zipkin ${ZIPKIN_VERSION} with Maven (131 MB, first time only)...`);
  rmSync(dir, { recursive: true, force: true });
  const artifact = `io.zipkin:zipkin-server:${ZIPKIN_VERSION}:jar:exec`;
  const maven = spawn(
    'mvn',
    [
      '-q',
      '-B',
      'org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy',
      `-Dartifact=${artifact}`,
      `-DoutputDirectory=${dir}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  maven.stdout.on('data', (chunk) => (output += chunk));
  maven.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise((done) => {
    maven.once('error', () => done(-1));
    maven.once('close', done);
  });
  if (code !== 0 || !existsSync(jar)) {
    // Maven's first error says why (not found, no network); its lines start with colour codes even in batch mode.
    const error = output.split('\n').find((line) => line.includes('[ERROR]'));
    throw new Error(`Maven could not fetch ${artifact}: ${error?.slice(error.indexOf('[ERROR]')) ?? `exit ${code}`}`);
  }
  writeFileSync(join(dir, '.complete'), new Date().toISOString());
  return jar;
}

/** Whether a Zipkin answers on `port`: `GET /health` says `"status" : "UP"`. */
export async function zipkinAnswers(port, host = '127.0.0.1') {
  try {
    const res = await fetch(`http://${host}:${port}/health`, { signal: AbortSignal.timeout(1000) });
    return res.ok && /"status"\s*:\s*"UP"/.test(await res.text());
  } catch {
    return false;
  }
}

/**
 * Zipkin with in-memory storage on 127.0.0.1, started and NOT waited for: it takes 5 to 20 s, and the parts drop
 * their spans harmlessly until it answers (`waitForZipkin` waits, for whoever wants to). A Zipkin already
 * answering on `preferredPort` (the machine's, a container's) is used as it is, like the machine's Redis.
 * Otherwise the preferred port, or a free one when it is taken. The newest `maxSpans` are kept (oldest traces
 * go first), in a 512 MB heap.
 * @param {{ name?: string, preferredPort?: number, maxSpans?: number }} [options]
 */
export async function startZipkin({ name = 'zipkin', preferredPort = 9411, maxSpans = 100_000 } = {}) {
  if (preferredPort && (await zipkinAnswers(preferredPort))) {
    return { port: preferredPort, url: `http://127.0.0.1:${preferredPort}`, startedByUs: false };
  }
  requireCommand('java', 'install Java 17, or set TRAVELCLUB_ZIPKIN=off');
  const jar = await zipkinJar();
  const port = await freePort(preferredPort);
  const { pid, logFile } = startDetached(name, 'java', [
    '-Xms64m',
    '-Xmx512m',
    // A small server that should be up quickly: the serial collector and the first JIT tier halve its start.
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    '-Djava.awt.headless=true',
    '-jar',
    jar,
    // Armeria's port list replaces the jar's default entry: port, address and protocol all have to be given.
    `--armeria.ports[0].port=${port}`,
    '--armeria.ports[0].ip=127.0.0.1',
    '--armeria.ports[0].protocols[0]=http',
    // On the command line, so a STORAGE_TYPE or KAFKA_BOOTSTRAP_SERVERS in the environment cannot redirect it.
    '--zipkin.storage.type=mem',
    `--zipkin.storage.mem.max-spans=${maxSpans}`,
    '--zipkin.collector.kafka.bootstrap-servers=',
  ]);
  return { pid, port, url: `http://127.0.0.1:${port}`, logFile, startedByUs: true };
}

/** Waits until the Zipkin `startZipkin` gave answers its health check; throws when it exits or takes too long. */
export const waitForZipkin = (zipkin, timeoutMs = 60_000) =>
  waitFor('Zipkin', () => zipkinAnswers(zipkin.port), timeoutMs, zipkin.startedByUs ? zipkin.pid : undefined);
