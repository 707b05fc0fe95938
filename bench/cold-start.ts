// Cold start and idle memory of each part, run two ways: from source through tsx (`npm start`, and the images
// before issue 30) and compiled from its deploy folder with plain `node --enable-source-maps` (`npm run
// build:deploy`, as its image runs it now). Cold start is from the process's spawn to its readiness answering
// 200 (/health/ready; the gateway's /health/live, as its /health asks every service); memory is the resident
// set (RSS) once ready and left idle. The folders are built first into a temporary folder outside the
// repository, so nothing resolves from its node_modules, and their sizes are part of the result. Parts start
// one at a time; for each part a first start of each kind is not counted (it makes the databases, topics and
// demo hotels, and fills tsx's compile cache and the file cache), then the two kinds alternate, so drift in
// the machine falls on both alike. Needs MongoDB, Kafka and Redis (the local ones when the environment names
// none). Usage: npm run bench:cold-start [-- --rounds 3 --idle 5 --parts auth,gateway]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb, freePort, serverOf, type PartName } from '@travelclub/testing';
import { buildPart, PARTS as DEPLOY_PARTS, sizeLimitOf } from '../scripts/build-deploy.mjs';
import { benchOptions, stackInfra } from './setup.js';

const ALL = Object.keys(DEPLOY_PARTS) as PartName[];
const values = benchOptions({ rounds: 3, idle: 5 }, { parts: { type: 'string', default: ALL.join(',') } });
const { rounds, idle } = values;
const PARTS = values.parts.split(',').map((name) => {
  if (!ALL.includes(name as PartName)) throw new Error(`no part ${name}; the parts: ${ALL.join(', ')}`);
  return name as PartName;
});
type Kind = 'tsx' | 'compiled';
const READY_TIMEOUT_MS = 120_000;

const { infra, catcher } = await stackInfra(10);
const run = `bench_cold_${Date.now().toString(36)}`;
const deployDir = mkdtempSync(join(tmpdir(), 'travelclub-cold-start-'));
const secret = randomBytes(32).toString('base64url');

/** The settings a part needs to become ready alone: the servers, its own database and prefixes. */
function envOf(part: PartName, port: number): Record<string, string> {
  // Nothing calls the other parts while starting: their addresses only have to be well formed.
  const nowhere = 'http://127.0.0.1:9';
  return {
    MONGO_URL: infra.mongoUrl,
    KAFKA_BROKERS: infra.kafkaBrokers,
    REDIS_URL: infra.redisUrl,
    SMTP_URL: infra.smtpUrl,
    MONGO_DB: `${run}_${part}`,
    KAFKA_TOPIC_PREFIX: `${run}.`,
    QUEUE_PREFIX: run,
    RATE_LIMIT_PREFIX: `${run}-${part}-rl`,
    SEARCH_PREFIX: `${run}-search`,
    REDIS_PREFIX: `${run}-assistant`,
    SERVICE_TOKEN_SECRET: secret,
    SEED_HOTELS: '300',
    JWKS_URL: `${nowhere}/.well-known/jwks.json`,
    WEB_URL: nowhere,
    ...Object.fromEntries(
      ['auth', 'notifications', 'catalog', 'itinerary', 'billing', 'creator', 'assistant'].map((name) => [
        `${name.toUpperCase()}_URL`,
        nowhere,
      ]),
    ),
    ...(part === 'web' ? { NODE_ENV: 'production', PUBLIC_URL: nowhere } : {}),
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    // Nothing from the repository's node_modules, whatever this shell has.
    NODE_PATH: '',
  };
}

interface Start {
  ms: number;
  /** CPU time (user and system) the process had used when ready: steadier than the clock on a shared machine. */
  cpuMs: number;
  rssMb: number;
}

/** The CPU time `pid` has used, in ms (/proc/<pid>/stat's utime and stime, in clock ticks of 10 ms). */
function cpuMsOf(pid: number) {
  // The fields after the command's name, which is in parentheses and may hold spaces.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts `part` the `kind` way, times it to readiness, measures its RSS after `idle` seconds, and stops it. */
async function coldStart(part: PartName, kind: Kind): Promise<Start> {
  const port = await freePort();
  const readyUrl = `http://127.0.0.1:${port}${part === 'gateway' ? '/health/live' : '/health/ready'}`;
  const [args, cwd] =
    kind === 'tsx'
      ? [['--import', 'tsx', serverOf(part)], process.cwd()]
      : [['--enable-source-maps', 'server.js'], join(deployDir, part)];
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...envOf(part, port) }, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${part} (${kind}) exited with ${child.exitCode}:\n${output}`);
      const res = await fetch(readyUrl).catch(() => undefined);
      if (res?.ok) break;
      if (performance.now() - started > READY_TIMEOUT_MS) throw new Error(`${part} (${kind}) not ready:\n${output}`);
      await new Promise((done) => setTimeout(done, 10));
    }
    const ms = performance.now() - started;
    const cpuMs = cpuMsOf(child.pid!);
    await new Promise((done) => setTimeout(done, idle * 1000));
    const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
    return { ms, cpuMs, rssMb: Number(rss) / 1024 };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  // The web app's own build first (web/build), which its deploy folder carries.
  await buildWeb();
  const sizes = new Map<PartName, number>();
  for (const part of PARTS) {
    const { size } = await buildPart(part, join(deployDir, part));
    sizes.set(part, size / 1024 / 1024);
  }
  console.log(`deploy folders in ${deployDir}: ${PARTS.map((p) => `${p} ${sizes.get(p)!.toFixed(1)} MB`).join(', ')}`);

  const rows: { part: PartName; tsx: Start; compiled: Start; sizeMb: number }[] = [];
  for (const part of PARTS) {
    await coldStart(part, 'tsx');
    await coldStart(part, 'compiled');
    const seen: Record<Kind, Start[]> = { tsx: [], compiled: [] };
    for (let round = 0; round < rounds; round++) {
      // Which kind goes first alternates too: neither always follows the other's stop.
      const order: Kind[] = round % 2 === 0 ? ['tsx', 'compiled'] : ['compiled', 'tsx'];
      for (const kind of order) seen[kind].push(await coldStart(part, kind));
    }
    const of = (kind: Kind) => ({
      ms: median(seen[kind].map((s) => s.ms)),
      cpuMs: median(seen[kind].map((s) => s.cpuMs)),
      rssMb: median(seen[kind].map((s) => s.rssMb)),
    });
    const row = { part, tsx: of('tsx'), compiled: of('compiled'), sizeMb: sizes.get(part)! };
    rows.push(row);
    console.log(
      `${part.padEnd(13)} start ${row.tsx.ms.toFixed(0).padStart(6)} ms → ${row.compiled.ms.toFixed(0).padStart(5)} ms ` +
        `(${(row.tsx.ms / row.compiled.ms).toFixed(1)}×)   CPU ${row.tsx.cpuMs} ms → ${row.compiled.cpuMs} ms   RSS ${row.tsx.rssMb.toFixed(0)} MB → ${row.compiled.rssMb.toFixed(0)} MB` +
        `   folder ${row.sizeMb.toFixed(1)} MB (limit ${sizeLimitOf(part)})` +
        `   [tsx ${seen.tsx.map((s) => s.ms.toFixed(0)).join(', ')}; compiled ${seen.compiled.map((s) => s.ms.toFixed(0)).join(', ')}]`,
    );
  }

  const slowest = Math.min(...rows.map((r) => r.tsx.ms / r.compiled.ms));
  const withinLimits = rows.every((r) => r.sizeMb <= sizeLimitOf(r.part));
  console.log(
    [
      `RESULT cold_start_ms(median of ${rounds}, tsx→compiled) `,
      rows.map((r) => `${r.part}=${r.tsx.ms.toFixed(0)}→${r.compiled.ms.toFixed(0)}`).join(' '),
      ` min_speedup=${slowest.toFixed(1)}x`,
      ` cpu_to_ready_ms `,
      rows.map((r) => `${r.part}=${r.tsx.cpuMs}→${r.compiled.cpuMs}`).join(' '),
      ` rss_idle_mb(tsx→compiled) `,
      rows.map((r) => `${r.part}=${r.tsx.rssMb.toFixed(0)}→${r.compiled.rssMb.toFixed(0)}`).join(' '),
      ` folder_mb `,
      rows.map((r) => `${r.part}=${r.sizeMb.toFixed(1)}`).join(' '),
      ` within_limits=${withinLimits}`,
    ].join(''),
  );
} finally {
  rmSync(deployDir, { recursive: true, force: true });
  await catcher.close();
}
