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

/**
 * Milliseconds each process's main thread (its event loop) has so far spent runnable but waiting for a core: the
 * kernel's run-queue delay, the second figure of /proc/<pid>/schedstat. This process is `load (this process)`.
 */
export function coreWaitMs(pids: Record<string, number>): Record<string, number> {
  const waited: Record<string, number> = {};
  for (const [name, pid] of Object.entries({ ...pids, 'load (this process)': process.pid })) {
    try {
      waited[name] = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e6;
    } catch {
      // The process is gone, or the kernel keeps no scheduler statistics: nothing to count.
    }
  }
  return waited;
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
 * under `budgetMs` of CPU a second. At rest they spend some 100–200 ms a second (timers, Kafka's and the drivers'
 * polling; docs/booking.md, "The platform at rest"). What a start-up or an earlier step left running (a store
 * writing out an import, consumers catching up, a JIT compiling) would otherwise be counted against the requests
 * of the next load run. Says how long it waited and the busiest second it saw, or, when it gives up, the last.
 */
export async function quiet(pids: Record<string, number>, budgetMs = 250, maxSeconds = 60): Promise<void> {
  const started = Date.now();
  const describe = (busy: { name: string; ms: number }[], total: number) =>
    `${total.toFixed(0)} ms of CPU, ${busy
      .slice(0, 3)
      .map(({ name, ms }) => `${name} ${ms.toFixed(0)}`)
      .join(', ')}`;
  let busiest = { total: 0, text: '' };
  let last = '';
  let calm = 0;
  let before = { at: Date.now(), cpu: cpuMs(pids) };
  while (Date.now() - started < maxSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = { at: Date.now(), cpu: cpuMs(pids) };
    // Per second of the window as it really was (a timer fires late on a busy machine).
    const busy = cpuPerRequest(before.cpu, now.cpu, (now.at - before.at) / 1000).filter(
      ({ name }) => name !== 'load (this process)',
    );
    before = now;
    const total = busy.reduce((sum, { ms }) => sum + ms, 0);
    if (total >= budgetMs) {
      calm = 0;
      last = describe(busy, total);
      if (total > busiest.total) busiest = { total, text: last };
    } else if (++calm === 3) {
      const waited = ((Date.now() - started) / 1000).toFixed(0);
      const seen = busiest.text ? ` (its busiest second: ${busiest.text})` : '';
      console.log(`the platform was at rest after ${waited} s${seen}`);
      return;
    }
  }
  console.warn(`the platform was still busy after ${maxSeconds} s (its last busy second: ${last}); loading anyway`);
}

/** The machine's cores and load averages: other work on it shows in every figure. */
export const machine = () => {
  const [one, five] = loadavg();
  return `${cpus().length} cores, load average ${one!.toFixed(2)} (1 min) ${five!.toFixed(2)} (5 min)`;
};
