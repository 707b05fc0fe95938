// Pages requested at a fixed rate, whatever the answers take: visitors opening a shared link arrive on their own
// clock, not when the previous visitor's page has come back. The n-th request is due at n / rate seconds, and
// its time is counted from then, so a request that had to wait for a free connection (or for the load generator
// itself) counts its wait too (no coordinated omission). autocannon cannot do this: its rate lets each
// connection send back to back until its share of the second is used up, then pause until the next second.
import { Pool } from 'undici';
import { ascending, percentile } from '../stats.js';
import { cpuMs, cpuPerRequest } from './cpu.js';
import type { Load } from './ssr.js';

/** One request: the path and the headers its visitor sends, and what kind of visitor it is (for the figures). */
export type Visit = () => { path: string; headers: Record<string, string>; kind?: string };

const nowMs = () => performance.now();
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

interface Counts {
  latencies: number[];
  /** The latencies again, by the visit's kind. */
  byKind: Map<string, number[]>;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** `rate` requests a second for `seconds`, through `pool`; resolves once every answer is in. */
async function paced(pool: Pool, visit: Visit, rate: number, seconds: number): Promise<Counts> {
  const counts: Counts = { latencies: [], byKind: new Map(), non2xx: 0, errors: 0, timeouts: 0 };
  const total = Math.round(rate * seconds);
  const start = nowMs();
  const dueAt = (n: number) => start + (1000 * n) / rate;
  const answers: Promise<void>[] = [];
  const send = async (due: number) => {
    const { path, headers, kind = 'all' } = visit();
    try {
      const res = await pool.request({ method: 'GET', path, headers });
      await res.body.dump({ limit: Infinity });
      if (res.statusCode >= 300) counts.non2xx++;
      else {
        const ms = nowMs() - due;
        counts.latencies.push(ms);
        if (!counts.byKind.has(kind)) counts.byKind.set(kind, []);
        counts.byKind.get(kind)!.push(ms);
      }
    } catch (err) {
      if ((err as { code?: string }).code?.includes('TIMEOUT')) counts.timeouts++;
      else counts.errors++;
    }
  };
  let n = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      // Every request due by now goes, however late the timer woke.
      while (n < total && dueAt(n) <= nowMs()) answers.push(send(dueAt(n++)));
      if (n < total) setTimeout(tick, Math.max(0, dueAt(n) - nowMs()));
      else done();
    };
    tick();
  });
  await Promise.all(answers);
  return counts;
}

/**
 * A warm-up at the same rate, then the measured run: `rps` is the rate answered (below `rate` only when answers
 * were still coming after the last was sent), p50 and p99 from each request's due time.
 */
export async function pacedRun(
  origin: string,
  visit: Visit,
  options: { rate: number; seconds: number; warmup: number; connections: number; pids: Record<string, number> },
): Promise<Load> {
  const { rate, seconds, warmup, connections, pids } = options;
  const pool = new Pool(origin, { connections, headersTimeout: 10_000, bodyTimeout: 10_000 });
  try {
    if (warmup > 0) await paced(pool, visit, rate, warmup);
    const before = cpuMs(pids);
    const from = nowUs();
    const counts = await paced(pool, visit, rate, seconds);
    const to = nowUs();
    const after = cpuMs(pids);
    const sorted = ascending(counts.latencies);
    const requests = counts.latencies.length + counts.non2xx;
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return {
      rps: requests / ((to - from) / 1e6),
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      non2xx: counts.non2xx,
      errors: counts.errors,
      timeouts: counts.timeouts,
      window: { from, to, requests },
      cpu: cpuPerRequest(before, after, requests),
      kinds: [...counts.byKind].map(([kind, ms]) => {
        const of = ascending(ms);
        return { kind, n: ms.length, p50: round(percentile(of, 50)), p99: round(percentile(of, 99)) };
      }),
    };
  } finally {
    await pool.close();
  }
}
