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
// Usage: npm run bench:gateway [-- --rounds 4 --seconds 5 --connections 50 --upstream stand-in|auth --baseline <file>]
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { freePort, processGroup, serverOf, waitFor } from '@travelclub/testing';
import { gatewayStages, type Window } from './gateway-profile.js';
import { benchOptions, serverSettings } from './setup.js';
import { collectorFor, modeName, tracingEnv, tracingFromEnv } from './tracing.js';
import { cpuMs, machine } from './web/cpu.js';

const values = benchOptions(
  { rounds: 4, seconds: 5, warmup: 3, connections: 50 },
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
      `baseline_cpu_us_per_req=${cpuOf('baseline', 'baseline')}`
    : '';
  console.log(
    `RESULT gateway_vs_direct=${ratio('gateway')} direct_rps=${directRps.toFixed(0)} ` +
      `gateway_rps=${rps(totals.gateway!).toFixed(0)} added_p99_ms=${added('gateway')} ` +
      `tracing=${modeName(tracingMode)} gateway_cpu_us_per_req=${cpuOf('gateway', 'gateway')} upstream_cpu_us_per_req=${cpuOf('gateway', 'upstream')}` +
      baseline,
  );
} finally {
  await stopAll();
  await collector?.stop();
}
