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

/** The machine's cores and load averages: other work on it shows in every figure. */
export const machine = () => {
  const [one, five] = loadavg();
  return `${cpus().length} cores, load average ${one!.toFixed(2)} (1 min) ${five!.toFixed(2)} (5 min)`;
};
