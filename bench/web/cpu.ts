// The CPU each part of the platform spends, read from /proc around the load run: ms of CPU per request for
// the web server, the gateway and each service, and for the load itself. Exact (the kernel's count, not a
// sampler's), free (no profiler), and what bounds the throughput: one request can go no faster than its
// busiest single-threaded part allows, and all parts share this machine's cores.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux everywhere that matters). */
const HZ = 100;

/**
 * The process listening on each part's port (by `ss`). A part it cannot name (another user's process, `ss` missing)
 * is left out of the CPU figures, and said so: its share would otherwise be missing from the totals unnoticed. A
 * server in a container is seen as its port's forwarding process, whose CPU is not the server's.
 */
export function pidsOf(urls: Record<string, string>): Record<string, number> {
  let listing: string;
  try {
    listing = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' });
  } catch (err) {
    console.warn(`CPU figures leave out ${Object.keys(urls).join(', ')}: ss failed (${(err as Error).message})`);
    return {};
  }
  const pids: Record<string, number> = {};
  for (const [name, url] of Object.entries(urls)) {
    const port = new URL(url).port;
    const line = listing.split('\n').find((l) => new RegExp(`:${port}\\s`).test(l));
    const pid = line && /pid=(\d+)/.exec(line)?.[1];
    if (pid) pids[name] = Number(pid);
    else if (line)
      console.warn(`CPU figures leave out ${name}: ss cannot name the process on port ${port} (another user's)`);
    else console.warn(`CPU figures leave out ${name}: no process of this machine listens on port ${port}`);
  }
  return pids;
}

/** CPU ms (user + system) each process has used so far. */
export function cpuMs(pids: Record<string, number>): Record<string, number> {
  const used: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) {
    try {
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th there.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used[name] = ((Number(fields[11]) + Number(fields[12])) * 1000) / HZ;
    } catch {
      // The process is gone: nothing to count.
    }
  }
  const own = process.cpuUsage();
  used['load (this process)'] = (own.user + own.system) / 1000;
  return used;
}

/** Per request between two readings, the busiest first. */
export function cpuPerRequest(before: Record<string, number>, after: Record<string, number>, requests: number) {
  return Object.keys(after)
    .filter((name) => before[name] !== undefined)
    .map((name) => ({ name, ms: (after[name]! - before[name]!) / Math.max(1, requests) }))
    .sort((a, b) => b.ms - a.ms);
}

/**
 * Waits, up to `maxSeconds`, until the platform is at rest: three seconds in a row in which its parts together spent
 * under `budgetMs` of CPU a second (at rest they spend some 100–150 ms: timers, Kafka's and the drivers' polling).
 * What a start-up or an earlier step left running (a store writing out an import, consumers catching up, a JIT
 * compiling) would otherwise be counted against the requests of the next load run. Says how long it waited, or
 * which parts were still busy when it gave up.
 */
export async function quiet(pids: Record<string, number>, budgetMs = 200, maxSeconds = 60): Promise<void> {
  const top = (busy: { name: string; ms: number }[]) =>
    busy
      .slice(0, 3)
      .map(({ name, ms }) => `${name} ${ms.toFixed(0)} ms`)
      .join(', ');
  let first = '';
  let calm = 0;
  let before = cpuMs(pids);
  for (let waited = 1; waited <= maxSeconds; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuMs(pids);
    const busy = cpuPerRequest(before, after, 1).filter(({ name }) => name !== 'load (this process)');
    before = after;
    const total = busy.reduce((sum, { ms }) => sum + ms, 0);
    if (total >= budgetMs) {
      calm = 0;
      first ||= `${total.toFixed(0)} ms: ${top(busy)}`;
    } else if (++calm === 3) {
      if (first) console.log(`the platform came to rest after ${waited} s (its first busy second: ${first})`);
      return;
    }
  }
  console.warn(`the platform was still busy after ${maxSeconds} s (its first busy second: ${first}); loading anyway`);
}

/** The machine's cores and load averages: other work on it shows in every figure. */
export const machine = () => {
  const [one, five] = loadavg();
  return `${cpus().length} cores, load average ${one!.toFixed(2)} (1 min) ${five!.toFixed(2)} (5 min)`;
};
