// What the gateway costs: the same small JSON route measured straight from a stand-in service and
// through the gateway (rate limit in Redis, route table, proxy over kept-alive connections). Service
// and gateway each run in their own process; autocannon runs here. Direct and gateway rounds
// alternate, so drift in the machine (other load, CPU clocks) falls on both alike.
// Needs Redis at REDIS_URL (default redis://127.0.0.1:6379); `--upstream auth` also MongoDB and Kafka.
// Tracing as in every bench (tracing.ts): BENCH_TRACING=off (default: OTEL_SDK_DISABLED=true for the gateway and
// the stand-in alike), a ratio of new traces sampled, exported to a counting collector on this machine, or
// `unexported` (the kit's defaults with no exporter configured).
// Besides the throughput it prints the CPU each process spent per request (the kernel's count, from /proc), and
// with BENCH_CPU_PROFILE=<dir> the share of each stage of the gateway's work (gateway-profile.ts).
// `--baseline <server.ts>` also runs another build of the gateway (an older copy of gateway/src, say) in the same
// rounds, for a before-and-after on the same machine at the same time.
// Then the same rounds paced, below saturation: requests sent at `--paced` of the gateway's flat-out rate, evenly,
// whoever is still waiting (an open loop), each timed from when it was due, to the microsecond. Flat out, every
// process queues and the added p99 is mostly the queue; paced, it is what the hop adds to a request that finds
// the processes free (`paced_added_p99_ms`).
// Usage: npm run bench:gateway [-- --rounds 4 --seconds 5 --connections 50 --paced 0.5 --upstream stand-in|auth
//   --baseline <file>]
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { Pool } from 'undici';
import { freePort, processGroup, serverOf, waitFor } from '@travelclub/testing';
import { gatewayStages, type Window } from './gateway-profile.js';
import { benchOptions, serverSettings } from './setup.js';
import { ascending, percentile } from './stats.js';
import { collectorFor, modeName, tracingEnv, tracingFromEnv } from './tracing.js';
import { coreWaitMs, cpuMs, machine } from './web/cpu.js';

const values = benchOptions(
  { rounds: 4, seconds: 5, warmup: 3, connections: 50, paced: 0.5 },
  {
    // stand-in: a bare Fastify app answering a small JSON (the cheapest possible service, the hardest case);
    // auth: the real auth service (kit, MongoDB, Kafka, Redis) and its public GET /.well-known/jwks.json.
    upstream: { type: 'string', default: 'stand-in' },
    baseline: { type: 'string', default: '' },
  },
);
const realService = values.upstream === 'auth';
const { rounds, seconds, connections } = values;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROUTE = realService ? '/.well-known/jwks.json' : '/api/v1/hotel/bench';

const tracing = tracingFromEnv();
if (tracing.all)
  throw new Error('bench:gateway measures one tracing mode a run: BENCH_TRACING=off, unexported or a ratio');
const tracingMode = tracing.modes[0]!;
const collector = await collectorFor(tracing);
const traced = tracingEnv(tracingMode, collector?.url);

const { start, stopAll } = processGroup();
const began = Date.now();
const profileDir = process.env.BENCH_CPU_PROFILE ? resolve(process.env.BENCH_CPU_PROFILE) : undefined;

const [upstreamPort, gatewayPort, baselinePort] = await Promise.all([freePort(), freePort(), freePort()]);
const direct = `http://127.0.0.1:${upstreamPort}`;
const runId = Date.now().toString(36);
const pids: Record<string, number> = {};
if (realService) {
  const infra = await serverSettings('MONGO_URL', 'KAFKA_BROKERS');
  pids.upstream = start(serverOf('auth'), {
    ...infra,
    ...traced,
    REDIS_URL: redisUrl,
    PORT: String(upstreamPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    MONGO_DB: `bench_gateway_${runId}`,
    KAFKA_TOPIC_PREFIX: `bench-${runId}.`,
  });
} else {
  pids.upstream = start('bench/gateway-upstream.ts', { ...traced, PORT: String(upstreamPort) });
}
/** A gateway in front of the upstream, from `file` (its server.ts), on `port`; answers its URL. */
function startGateway(name: string, file: string, port: number): string {
  pids[name] = start(file, {
    ...traced,
    PORT: String(port),
    METRICS_PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    REDIS_URL: redisUrl,
    CATALOG_URL: direct,
    AUTH_URL: direct,
    // The bench route is public: the key set is never fetched.
    JWKS_URL: `${direct}/.well-known/jwks.json`,
    // High enough never to refuse, but every request still counts (and goes to Redis in the counter's batches).
    RATE_LIMIT_MAX: '1000000000',
    RATE_LIMIT_PREFIX: `bench-gateway-${runId}-${name}:`,
    UPSTREAM_CONNECTIONS: String(connections),
    // The proxy is what is measured: the key set (`--upstream auth`) may otherwise be answered from memory.
    SHARED_CACHE_BYTES: '0',
  });
  return `http://127.0.0.1:${port}`;
}
const targets: [name: string, base: string][] = [
  ['direct', direct],
  ['gateway', startGateway('gateway', serverOf('gateway'), gatewayPort)],
];
if (values.baseline) targets.push(['baseline', startGateway('baseline', resolve(values.baseline), baselinePort)]);

interface Round {
  requests: number;
  seconds: number;
  p99: number;
  failures: number;
  /** CPU ms per process (and this one, the load) over the round. */
  cpu: Record<string, number>;
  window: Window;
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

async function measure(base: string, duration: number): Promise<Round> {
  const before = cpuMs(pids);
  const from = nowUs();
  const result = await autocannon({ url: `${base}${ROUTE}`, connections, pipelining: 1, duration });
  const to = nowUs();
  const after = cpuMs(pids);
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    cpu: Object.fromEntries(Object.keys(after).map((name) => [name, after[name]! - (before[name] ?? 0)])),
    window: { from, to },
  };
}

interface PacedRound {
  /** Milliseconds from when each answered request was due to its answer's end. */
  latencies: number[];
  failures: number;
  /** The rate the requests were sent at: the one asked unless this process fell behind. */
  sentPerS: number;
  /** Milliseconds each process's event loop waited for a core during the round. */
  waited: Record<string, number>;
}

/**
 * `perS` requests a second for `duration` seconds, each sent when due (late timers are caught up at once) over
 * `connections` kept-alive connections, whether or not earlier ones have been answered.
 */
async function paced(base: string, perS: number, duration: number): Promise<PacedRound> {
  const pool = new Pool(base, { connections });
  const round: PacedRound = { latencies: [], failures: 0, sentPerS: 0, waited: {} };
  const send = (due: number) =>
    pool.request({ path: ROUTE, method: 'GET' }).then(
      async (res) => {
        await res.body.dump();
        if (res.statusCode === 200) round.latencies.push(performance.now() - due);
        else round.failures++;
      },
      () => void round.failures++,
    );
  // Every connection opened before the clock starts.
  await Promise.all(
    Array.from({ length: connections }, () => pool.request({ path: ROUTE, method: 'GET' }).then((r) => r.body.dump())),
  );
  const total = Math.round(perS * duration);
  const under: Promise<void>[] = [];
  const waitedBefore = coreWaitMs(pids);
  const started = performance.now();
  while (under.length < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) * perS) / 1000) + 1);
    while (under.length < due) under.push(send(started + (under.length * 1000) / perS));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  round.sentPerS = total / ((performance.now() - started) / 1000);
  await Promise.all(under);
  const waitedAfter = coreWaitMs(pids);
  for (const name in waitedAfter) round.waited[name] = waitedAfter[name]! - (waitedBefore[name] ?? 0);
  await pool.close();
  return round;
}

const rps = (rs: Round[]) => rs.reduce((s, r) => s + r.requests, 0) / rs.reduce((s, r) => s + r.seconds, 0);
const p99 = (rs: Round[]) => rs.reduce((s, r) => s + r.p99, 0) / rs.length;
/** µs of CPU per request of each process over `rs`, the busiest first; a gateway idle in these rounds is left out. */
function cpuPerRequest(rs: Round[], name: string): [string, number][] {
  const requests = rs.reduce((s, r) => s + r.requests, 0);
  const names = Object.keys(rs[0]!.cpu).filter((p) => p === 'upstream' || p === name || p.startsWith('load'));
  return names
    .map((p): [string, number] => [p, (1000 * rs.reduce((s, r) => s + r.cpu[p]!, 0)) / Math.max(1, requests)])
    .sort((a, b) => b[1] - a[1]);
}

try {
  await Promise.all(
    // Two minutes, as for any part (processes.ts): on a busy 2-core machine a start can take most of one.
    targets.map(([name, base]) => waitFor(`${base}${name === 'direct' ? '/health/ready' : '/health/live'}`, 120_000)),
  );
  for (const [name, base] of targets.slice(1)) {
    const check = await fetch(`${base}${ROUTE}`);
    if (check.status !== 200) throw new Error(`the ${name} answered ${check.status}: ${await check.text()}`);
  }
  console.log(`${machine()}; tracing ${modeName(tracingMode)}`);

  // Warm-up: connections, JIT, Redis script cache.
  for (const [, base] of targets) await measure(base, values.warmup);

  const totals = Object.fromEntries(targets.map(([name]) => [name, [] as Round[]]));
  for (let round = 1; round <= rounds; round++) {
    for (const [name, base] of targets) {
      const r = await measure(base, seconds);
      totals[name]!.push(r);
      console.log(
        `round ${round} ${name.padEnd(8)} ${(r.requests / r.seconds).toFixed(0).padStart(6)} req/s  p99 ${r.p99} ms` +
          (r.failures ? `  failures ${r.failures}` : ''),
      );
    }
  }
  const failures = Object.values(totals)
    .flat()
    .reduce((s, r) => s + r.failures, 0);
  if (failures) console.log(`failures (errors, timeouts, non-2xx): ${failures}`);
  console.log(
    `${rounds} rounds of ${seconds} s each, ${connections} connections, no pipelining; p99 is the mean of the rounds' p99`,
  );
  console.log('CPU per request (µs, user + system, from /proc):');
  for (const [name] of targets) {
    const parts = cpuPerRequest(totals[name]!, name).map(([p, us]) => `${p} ${us.toFixed(0)}`);
    console.log(`  ${name.padEnd(8)} ${parts.join(', ')}`);
  }

  // Paced rounds, at the same rate for every target: a share of the gateway's flat-out rate.
  const pacedPerS = Math.round(values.paced * rps(totals.gateway!));
  const pacedTotals = Object.fromEntries(targets.map(([name]) => [name, [] as PacedRound[]]));
  for (let round = 1; round <= rounds; round++) {
    for (const [name, base] of targets) {
      const r = await paced(base, pacedPerS, seconds);
      pacedTotals[name]!.push(r);
      const sorted = ascending(r.latencies);
      console.log(
        `paced ${round} ${name.padEnd(8)} ${r.sentPerS.toFixed(0).padStart(6)} req/s  ` +
          `p50 ${percentile(sorted, 50).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms` +
          (r.failures ? `  failures ${r.failures}` : ''),
      );
    }
  }
  // The share of the flat-out rate reached: the one asked unless this process fell behind.
  const pacedSent = pacedTotals.gateway!.reduce((sum, r) => sum + r.sentPerS, 0) / rounds;
  const pacedLoad = (pacedSent / rps(totals.gateway!)).toFixed(2);
  const pacedLatencies = Object.fromEntries(
    targets.map(([name]) => [name, ascending(pacedTotals[name]!.flatMap((r) => r.latencies))]),
  );
  const pacedP = (name: string, p: number) => percentile(pacedLatencies[name]!, p);
  const pacedAdded = (name: string, p: number) => (pacedP(name, p) - pacedP('direct', p)).toFixed(2);
  const pacedFailures = Object.values(pacedTotals)
    .flat()
    .reduce((s, r) => s + r.failures, 0);
  if (pacedFailures) console.log(`paced failures: ${pacedFailures}`);
  // A request that finds its process waiting for a core waits with it: three busy processes on two cores.
  console.log('paced: ms a second each event loop waited for a core (run-queue delay, /proc/<pid>/schedstat):');
  for (const [name] of targets) {
    const rs = pacedTotals[name]!;
    const waits = Object.keys(rs[0]!.waited)
      .filter((p) => p === 'upstream' || p === name || p.startsWith('load'))
      .map((p) => `${p} ${(rs.reduce((sum, r) => sum + r.waited[p]!, 0) / (rounds * seconds)).toFixed(1)}`);
    console.log(`  ${name.padEnd(8)} ${waits.join(', ')}`);
  }
  console.log(
    `paced at ${values.paced} of the gateway's flat-out rate (${pacedPerS} req/s), all rounds together: ` +
      targets
        .map(([name]) => `${name} p50 ${pacedP(name, 50).toFixed(2)} p99 ${pacedP(name, 99).toFixed(2)} ms`)
        .join('; '),
  );

  await stopAll();
  if (profileDir) {
    for (const [name] of targets.filter(([name]) => name !== 'direct')) {
      const windows = totals[name]!.map((r) => r.window);
      gatewayStages(profileDir, pids[name]!, began, windows, name).forEach((l) => console.log(l));
    }
  }

  const directRps = rps(totals.direct!);
  const ratio = (name: string) => (rps(totals[name]!) / directRps).toFixed(2);
  const added = (name: string) => (p99(totals[name]!) - p99(totals.direct!)).toFixed(1);
  const cpuOf = (name: string, part: string) =>
    cpuPerRequest(totals[name]!, name)
      .find(([p]) => p === part)![1]
      .toFixed(0);
  const baseline = values.baseline
    ? ` baseline_vs_direct=${ratio('baseline')} baseline_added_p99_ms=${added('baseline')} ` +
      `baseline_cpu_us_per_req=${cpuOf('baseline', 'baseline')} ` +
      `baseline_paced_added_p99_ms=${pacedAdded('baseline', 99)}`
    : '';
  console.log(
    `RESULT gateway_vs_direct=${ratio('gateway')} direct_rps=${directRps.toFixed(0)} ` +
      `gateway_rps=${rps(totals.gateway!).toFixed(0)} added_p99_ms=${added('gateway')} ` +
      `tracing=${modeName(tracingMode)} gateway_cpu_us_per_req=${cpuOf('gateway', 'gateway')} upstream_cpu_us_per_req=${cpuOf('gateway', 'upstream')} ` +
      `paced_load=${pacedLoad} paced_added_p50_ms=${pacedAdded('gateway', 50)} ` +
      `paced_added_p99_ms=${pacedAdded('gateway', 99)}` +
      baseline,
  );
} finally {
  await stopAll();
  await collector?.stop();
}
