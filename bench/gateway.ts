// What the gateway costs: the same small JSON route measured straight from a stand-in service and
// through the gateway (rate limit in Redis, route table, proxy over kept-alive connections). Service
// and gateway each run in their own process; autocannon runs here. Direct and gateway rounds
// alternate, so drift in the machine (other load, CPU clocks) falls on both alike.
// Needs Redis at REDIS_URL (default redis://127.0.0.1:6379); `--upstream auth` also MongoDB and Kafka.
// Usage: npm run bench:gateway [-- --rounds 4 --seconds 5 --connections 50 --upstream stand-in|auth]
import autocannon from 'autocannon';
import { freePort, processGroup, serverOf, waitFor } from '@travelclub/testing';
import { benchOptions, serverSettings } from './setup.js';

const values = benchOptions(
  { rounds: 4, seconds: 5, warmup: 3, connections: 50 },
  {
    // stand-in: a bare Fastify app answering a small JSON (the cheapest possible service, the hardest case);
    // auth: the real auth service (kit, MongoDB, Kafka, Redis) and its public GET /.well-known/jwks.json.
    upstream: { type: 'string', default: 'stand-in' },
  },
);
const realService = values.upstream === 'auth';
const { rounds, seconds, connections } = values;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ROUTE = realService ? '/.well-known/jwks.json' : '/api/v1/hotel/bench';

const { start, stopAll } = processGroup();

const [upstreamPort, gatewayPort] = await Promise.all([freePort(), freePort()]);
const direct = `http://127.0.0.1:${upstreamPort}`;
const gateway = `http://127.0.0.1:${gatewayPort}`;
const runId = Date.now().toString(36);
if (realService) {
  const infra = await serverSettings('MONGO_URL', 'KAFKA_BROKERS');
  start(serverOf('auth'), {
    ...infra,
    REDIS_URL: redisUrl,
    PORT: String(upstreamPort),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    MONGO_DB: `bench_gateway_${runId}`,
    KAFKA_TOPIC_PREFIX: `bench-${runId}.`,
  });
} else {
  start('bench/gateway-upstream.ts', { PORT: String(upstreamPort) });
}
start(serverOf('gateway'), {
  PORT: String(gatewayPort),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  REDIS_URL: redisUrl,
  CATALOG_URL: direct,
  AUTH_URL: direct,
  // The bench route is public: the key set is never fetched.
  JWKS_URL: `${direct}/.well-known/jwks.json`,
  // High enough never to refuse, but every request still counts in Redis.
  RATE_LIMIT_MAX: '1000000000',
  RATE_LIMIT_PREFIX: `bench-gateway-${runId}:`,
  UPSTREAM_CONNECTIONS: String(connections),
});

interface Round {
  requests: number;
  seconds: number;
  p99: number;
  failures: number;
}

async function measure(base: string, duration: number): Promise<Round> {
  const result = await autocannon({ url: `${base}${ROUTE}`, connections, pipelining: 1, duration });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

try {
  await Promise.all([waitFor(`${direct}/health/ready`), waitFor(`${gateway}/health/live`)]);
  const check = await fetch(`${gateway}${ROUTE}`);
  if (check.status !== 200) throw new Error(`the gateway answered ${check.status}: ${await check.text()}`);

  // Warm-up: connections, JIT, Redis script cache.
  await measure(direct, values.warmup);
  await measure(gateway, values.warmup);

  const totals = { direct: [] as Round[], gateway: [] as Round[] };
  for (let round = 1; round <= rounds; round++) {
    for (const [name, base] of [
      ['direct', direct],
      ['gateway', gateway],
    ] as const) {
      const r = await measure(base, seconds);
      totals[name].push(r);
      console.log(
        `round ${round} ${name.padEnd(7)} ${(r.requests / r.seconds).toFixed(0).padStart(6)} req/s  p99 ${r.p99} ms` +
          (r.failures ? `  failures ${r.failures}` : ''),
      );
    }
  }
  const rps = (rs: Round[]) => rs.reduce((s, r) => s + r.requests, 0) / rs.reduce((s, r) => s + r.seconds, 0);
  const p99 = (rs: Round[]) => rs.reduce((s, r) => s + r.p99, 0) / rs.length;
  const failures = [...totals.direct, ...totals.gateway].reduce((s, r) => s + r.failures, 0);
  if (failures) console.log(`failures (errors, timeouts, non-2xx): ${failures}`);
  const directRps = rps(totals.direct);
  const gatewayRps = rps(totals.gateway);
  console.log(
    `${rounds} rounds of ${seconds} s each, ${connections} connections, no pipelining; p99 is the mean of the rounds' p99`,
  );
  console.log(
    `RESULT gateway_vs_direct=${(gatewayRps / directRps).toFixed(2)} direct_rps=${directRps.toFixed(0)} ` +
      `gateway_rps=${gatewayRps.toFixed(0)} added_p99_ms=${(p99(totals.gateway) - p99(totals.direct)).toFixed(1)}`,
  );
} finally {
  await stopAll();
}
