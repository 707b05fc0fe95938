// How search holds up as the catalog grows: the catalog is seeded with 20,000 and then 200,000 demo hotels,
// and each time, through the gateway, 50 connections mix destination searches (half), map viewports (a
// quarter) and autocomplete (a quarter). Catalog and gateway run in their own processes; the load comes
// from this one. Each size is measured twice: flat out (throughput; latency there is mostly queueing
// behind 50 connections) and paced at a fixed rate (latency of a request under that load, and CPU per request).
// Usage: npm run bench:search [-- --hotels 200000 --small 20000 --seconds 10 --rate 1000 --connections 50 --keep]
// Tracing (tracing.ts): BENCH_TRACING=off (default), 0.1 or 1 runs the parts so; BENCH_TRACING=all measures
// what tracing costs instead: at `--hotels` only, flat out only, off, 10 % and 100 % on three platforms side by
// side, all loaded at once (`--rounds` rounds of `--slice` seconds), and prints
// `RESULT tracing_overhead search: …`.
import { spawnSync } from 'node:child_process';
import { Pool } from 'undici';
import { distinctFreePorts, processGroup, serverOf, waitFor } from '@travelclub/testing';
import { benchOptions, serverSettings } from './setup.js';
import {
  collected,
  cpuNow,
  cpuPer,
  loadNow,
  modeName,
  overheadReport,
  collectorFor,
  together,
  tracingEnv,
  tracingFromEnv,
  type TracingMode,
} from './tracing.js';
import { ascending, percentile } from './stats.js';

const values = benchOptions(
  {
    hotels: 200000,
    small: 20000,
    seconds: 10,
    warmup: 4,
    // Seconds to wait once everything answers: seeding leaves the database's JVM collecting garbage for a while.
    settle: 15,
    rate: 1000,
    connections: 50,
    // With BENCH_TRACING=all: how many times each mode is measured, and for how many seconds each time.
    rounds: 12,
    slice: 5,
  },
  {
    // Keep the seeded databases (bench_search_<hotels>) and use them again next time, skipping the seeding.
    keep: { type: 'boolean', default: false },
  },
);
const tracing = tracingFromEnv();
const sizes = tracing.all ? [values.hotels] : [values.small, values.hotels];
const { seconds, rate, connections } = values;
const runId = Date.now().toString(36);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const infra = await serverSettings('MONGO_URL', 'KAFKA_BROKERS');

const parts = processGroup();
const start = (file: string, env: Record<string, string>): number =>
  parts.start(file, { ...infra, REDIS_URL: redisUrl, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env });
const stopAll = () => parts.stopAll();
const collector = await collectorFor(tracing);

// ---------- the request mix: the same for every size (a seeded generator) ----------

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Kind = 'search' | 'map' | 'autocomplete';
interface Planned {
  kind: Kind;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface Place {
  id: string;
  name: string;
  coordinates: { latitude: number; longitude: number };
}

/** Big cities, found through the API itself, as a traveller would (autocomplete by name). */
async function places(gateway: string): Promise<Place[]> {
  const names = (
    'Tokyo|Paris|London|New York|São Paulo|Mumbai|Cairo|Lagos|Istanbul|Berlin|Madrid|Rome|Sydney|Toronto|' +
    'Mexico City|Buenos Aires|Bangkok|Seoul|Lima|Nairobi|Lisbon|Vienna|Prague|Dublin|Chicago|Los Angeles|' +
    'Jakarta|Manila|Delhi|Moscow'
  ).split('|');
  const found: Place[] = [];
  for (const name of names) {
    const res = await fetch(`${gateway}/api/v1/destinations/autocomplete?query=${encodeURIComponent(name)}`);
    const body = (await res.json()) as { destinations: (Place & { locationType: string; hotelCount: number })[] };
    const city = body.destinations.find((d) => d.locationType === 'city' && d.hotelCount > 0);
    if (city?.coordinates) found.push(city);
  }
  if (found.length < 5) throw new Error(`only ${found.length} cities found through autocomplete`);
  return found;
}

function plan(cities: Place[], count: number): Planned[] {
  const random = mulberry32(20261122);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const prefixes = [
    'pa',
    'lo',
    'new',
    'sao',
    'tok',
    'ber',
    'mad',
    'ro',
    'syd',
    'to',
    'b',
    's',
    'gra',
    'hotel',
    'lis',
    'par',
    'du',
  ];
  const planned: Planned[] = [];
  for (let i = 0; i < count; i++) {
    const r = random();
    const start = 7 + Math.floor(random() * 120);
    const stay = {
      checkIn: day(start),
      checkOut: day(start + 1 + Math.floor(random() * 5)),
      guests: 1 + Math.floor(random() * 3),
      currency: pick(['USD', 'EUR', 'GBP', 'JPY']),
    };
    if (r < 0.5) {
      planned.push({
        kind: 'search',
        method: 'POST',
        path: '/api/v1/hotel/search',
        body: JSON.stringify({ destination: pick(cities).id, ...stay, skip: random() < 0.2 ? 15 : 0 }),
      });
    } else if (r < 0.75) {
      const { latitude, longitude } = pick(cities).coordinates;
      const half = 0.02 + random() * random() * 3;
      planned.push({
        kind: 'map',
        method: 'POST',
        path: '/api/v1/hotel/boundingBox',
        body: JSON.stringify({
          boundingBox: {
            north: Math.min(85, latitude + half),
            south: Math.max(-85, latitude - half),
            east: Math.min(180, longitude + half * 1.5),
            west: Math.max(-180, longitude - half * 1.5),
          },
          ...stay,
        }),
      });
    } else {
      planned.push({
        kind: 'autocomplete',
        method: 'GET',
        path: `/api/v1/destinations/autocomplete?query=${encodeURIComponent(pick(prefixes))}`,
      });
    }
  }
  return planned;
}

// ---------- load ----------

interface Measured {
  requests: number;
  seconds: number;
  failures: number;
  all: number[];
  byKind: Record<Kind, number[]>;
}

async function load(pool: Pool, mix: Planned[], durationS: number, paced?: number): Promise<Measured> {
  const measured: Measured = {
    requests: 0,
    seconds: durationS,
    failures: 0,
    all: [],
    byKind: { search: [], map: [], autocomplete: [] },
  };
  let next = 0;
  const started = performance.now();
  const end = started + durationS * 1000;
  async function one(planned: Planned) {
    const t0 = performance.now();
    try {
      const res = await pool.request({
        method: planned.method,
        path: planned.path,
        body: planned.body,
        headers: planned.body ? { 'content-type': 'application/json' } : {},
      });
      await res.body.dump({ limit: Number.MAX_SAFE_INTEGER });
      if (res.statusCode !== 200) measured.failures++;
    } catch {
      measured.failures++;
    }
    const ms = performance.now() - t0;
    measured.requests++;
    measured.all.push(ms);
    measured.byKind[planned.kind].push(ms);
  }
  if (!paced) {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) await one(mix[next++ % mix.length]!);
      }),
    );
  } else {
    // Open loop: requests leave on a fixed schedule whatever the answers do, at most `connections` at once.
    const inFlight = new Set<Promise<void>>();
    for (let i = 0; performance.now() < end; i++) {
      const due = started + (i * 1000) / paced;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (inFlight.size >= connections) await Promise.race(inFlight);
      const p = one(mix[next++ % mix.length]!).finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
  }
  measured.seconds = (performance.now() - started) / 1000;
  return measured;
}

function summary(m: Measured) {
  const all = ascending(m.all);
  const ac = ascending(m.byKind.autocomplete);
  return {
    rps: m.requests / m.seconds,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    autocompleteP99: percentile(ac, 99),
    searchP99: percentile(ascending(m.byKind.search), 99),
    mapP99: percentile(ascending(m.byKind.map), 99),
    failures: m.failures,
  };
}
type Summary = ReturnType<typeof summary>;
const line = (label: string, s: Summary) =>
  `${label}: ${s.rps.toFixed(0)} req/s  p50 ${s.p50.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  ` +
  `(search p99 ${s.searchP99.toFixed(1)}, map p99 ${s.mapP99.toFixed(1)}, autocomplete p99 ${s.autocompleteP99.toFixed(1)})` +
  (s.failures ? `  failures ${s.failures}` : '');

// ---------- run ----------

/** Seeds (or finds) the database of `hotels` hotels; answers its name and a connection to it. */
async function seeded(hotels: number) {
  const db = values.keep ? `bench_search_${hotels}` : `bench_search_${runId}_${hotels}`;
  const seededAt = Date.now();
  const mongoose = await import('mongoose');
  const connection = await mongoose.createConnection(infra.MONGO_URL, { dbName: db }).asPromise();
  const existing = await connection.db!.collection('hotels').estimatedDocumentCount();
  const seed =
    existing === hotels
      ? { status: 0 }
      : spawnSync(process.execPath, ['--import', 'tsx', 'services/catalog/src/seed.ts', '--hotels', String(hotels)], {
          env: { ...process.env, ...infra, MONGO_DB: db },
          stdio: 'inherit',
        });
  if (seed.status !== 0) throw new Error('seeding failed');
  console.log(`${hotels} hotels seeded in ${((Date.now() - seededAt) / 1000).toFixed(1)} s`);
  return { db, connection };
}

/**
 * Starts the catalog and the gateway on `db` with tracing `mode`, and waits until they answer and settle;
 * answers the gateway's address and the two processes.
 */
async function boot(hotels: number, db: string, mode: TracingMode, slot: string) {
  const [catalogPort, gatewayPort, metricsPort] = await distinctFreePorts(3);
  const catalog = `http://127.0.0.1:${catalogPort}`;
  const gateway = `http://127.0.0.1:${gatewayPort}`;
  const traced = tracingEnv(mode, collector?.url);
  const booted = Date.now();
  const catalogPid = start(serverOf('catalog'), {
    PORT: String(catalogPort),
    MONGO_DB: db,
    KAFKA_TOPIC_PREFIX: `bench-${runId}-${hotels}${slot}.`,
    QUEUE_PREFIX: `bench-${runId}-${hotels}${slot}`,
    SEARCH_PREFIX: `bench-${runId}-${hotels}${slot}:search`,
    SEED_HOTELS: '0',
    ...traced,
  });
  const gatewayPid = start(serverOf('gateway'), {
    PORT: String(gatewayPort),
    CATALOG_URL: catalog,
    // Every route measured is public: the key set is never fetched.
    JWKS_URL: `${catalog}/.well-known/jwks.json`,
    RATE_LIMIT_MAX: '1000000000',
    RATE_LIMIT_PREFIX: `bench-search-${runId}-${hotels}${slot}:`,
    UPSTREAM_CONNECTIONS: String(connections),
    // Its own, never the default: gateways side by side (BENCH_TRACING=all) would all want 9464.
    METRICS_PORT: String(metricsPort),
    ...traced,
  });
  await Promise.all([waitFor(`${catalog}/health/ready`, 300_000), waitFor(`${gateway}/health/live`, 60_000)]);
  console.log(
    `catalog ready with ${hotels} hotels in ${((Date.now() - booted) / 1000).toFixed(1)} s (tracing ${modeName(mode)})`,
  );
  await new Promise((resolve) => setTimeout(resolve, values.settle * 1000));
  return { gateway, pids: [catalogPid, gatewayPid] };
}

/**
 * BENCH_TRACING=all: flat-out throughput at `hotels` with tracing off, at 10 % and at 100 %, on three platforms
 * side by side, loaded at once for `--slice` seconds a round (tracing.ts's `together` says why).
 */
async function overhead(hotels: number) {
  const { db, connection } = await seeded(hotels);
  const platforms = new Map<TracingMode, { pool: Pool; mix: Planned[]; pids: number[] }>();
  try {
    for (const [i, mode] of tracing.modes.entries()) {
      const { gateway, pids } = await boot(hotels, db, mode, `-${i}`);
      const pool = new Pool(gateway, { connections, pipelining: 1 });
      platforms.set(mode, { pool, mix: plan(await places(gateway), 4_000), pids });
    }
    await Promise.all([...platforms.values()].map(({ pool, mix }) => load(pool, mix, values.warmup)));
    const before = await collector?.counts();
    const turns = await together(tracing.modes, values.rounds, async (mode, round) => {
      const { pool, mix, pids } = platforms.get(mode)!;
      const cpuBefore = cpuNow(pids);
      const slice = await load(pool, mix, values.slice);
      const perRequest = cpuPer(cpuBefore, cpuNow(pids), slice.requests);
      const flat = summary(slice);
      console.log(`${line(`round ${round}, tracing ${modeName(mode)}`, flat)}  (${loadNow()})`);
      console.log(`  CPU ms per request: ${perRequest.text}`);
      return { value: flat.rps, cpu: perRequest.parts };
    });
    for (const { pool } of platforms.values()) await pool.close();
    await stopAll();
    // Stopped parts have sent what they buffered.
    const received = collected(before, await collector?.counts());
    for (const text of overheadReport('search', turns, received, { rate: 'req/s', unit: 'request', decimals: 0 }))
      console.log(text);
  } finally {
    // The parts are stopped by the caller's `finally` if this ended early.
    if (!values.keep) await connection.dropDatabase();
    await connection.close();
  }
}

const results: { hotels: number; flat: Summary; paced: Summary; cpuMs: number }[] = [];
try {
  if (tracing.all) await overhead(values.hotels);
  else {
    const mode = tracing.modes[0]!;
    for (const hotels of sizes) {
      const { db, connection } = await seeded(hotels);
      const { gateway, pids } = await boot(hotels, db, mode, '');
      const pool = new Pool(gateway, { connections, pipelining: 1 });
      const mix = plan(await places(gateway), 4_000);
      await load(pool, mix, values.warmup);
      const flat = summary(await load(pool, mix, seconds));
      const cpuBefore = cpuNow(pids);
      const pacedRun = await load(pool, mix, seconds, rate);
      const cpu = cpuPer(cpuBefore, cpuNow(pids), pacedRun.requests);
      const paced = summary(pacedRun);
      console.log(line(`${hotels} hotels, flat out, ${connections} connections`, flat));
      console.log(line(`${hotels} hotels, paced at ${rate}/s`, paced));
      console.log(`  CPU ms per paced request (from /proc): ${cpu.text}  (${loadNow()})`);
      results.push({ hotels, flat, paced, cpuMs: cpu.parts });
      await pool.close();
      await stopAll();
      // Leave nothing behind in the shared server, unless asked to keep it.
      if (!values.keep) await connection.dropDatabase();
      await connection.close();
    }
    const [small, big] = [results[0]!, results[results.length - 1]!];
    console.log(
      `search_rps is flat-out throughput at ${big.hotels} hotels; p50/p99/autocomplete p99 are at the paced ${rate}/s; ` +
        `scale_p99_ratio is paced p99 at ${big.hotels} over ${small.hotels}; ` +
        `cpu_ms_per_request is the catalog's and the gateway's CPU per paced request at ${big.hotels}`,
    );
    if (collector) console.log(`tracing ${modeName(mode)}: ${(await collector.counts()).spans} spans received`);
    console.log(loadNow());
    console.log(
      `RESULT search_rps=${big.flat.rps.toFixed(0)} p50_ms=${big.paced.p50.toFixed(1)} p99_ms=${big.paced.p99.toFixed(1)} ` +
        `autocomplete_p99_ms=${big.paced.autocompleteP99.toFixed(1)} hotels=${big.hotels} ` +
        `scale_p99_ratio=${(big.paced.p99 / Math.max(0.1, small.paced.p99)).toFixed(2)} ` +
        `cpu_ms_per_request=${big.cpuMs.toFixed(3)}`,
    );
  }
} finally {
  await stopAll();
  await collector?.stop();
}
