// Server-rendered pages under load: autocannon on one URL with a browser's headers, a warm-up first, then the
// measured run. The measured run's window is kept (on the monotonic clock the CPU profiles use) so the
// profiles can be cut down to it.
import autocannon from 'autocannon';
import { cpuMs, cpuPerRequest } from './cpu.js';

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** The measured run, in microseconds of the monotonic clock, and the requests answered in it. */
  window: { from: number; to: number; requests: number };
  /** CPU ms per request of each process in `pids`, and of the load itself, the busiest first. */
  cpu: { name: string; ms: number }[];
  /** The answers' times by the kind of visit, when the run told them apart. */
  kinds?: { kind: string; n: number; p50: number; p99: number }[];
}

export const BROWSER_HEADERS: Record<string, string> = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'en-US,en;q=0.9',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
};

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

type Run = (seconds: number) => Promise<autocannon.Result>;

/** A warm-up of `run`, then the measured run, with its window and each process's CPU per request. */
export async function measuredRun(
  run: Run,
  options: { seconds: number; warmup: number; pids: Record<string, number> },
): Promise<Load> {
  const { seconds, warmup, pids } = options;
  if (warmup > 0) await run(warmup);
  const before = cpuMs(pids);
  const from = nowUs();
  const result = await run(seconds);
  const to = nowUs();
  const after = cpuMs(pids);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    window: { from, to, requests: result.requests.total },
    cpu: cpuPerRequest(before, after, result.requests.total),
  };
}

/** autocannon on one URL, with a browser's headers and `cookie` when given (a visitor whose page is their own). */
export function loadPage(
  url: string,
  options: { connections: number; seconds: number; warmup: number; pids: Record<string, number>; cookie?: string },
): Promise<Load> {
  const headers = options.cookie ? { ...BROWSER_HEADERS, cookie: options.cookie } : BROWSER_HEADERS;
  return measuredRun((duration) => autocannon({ url, connections: options.connections, duration, headers }), options);
}
