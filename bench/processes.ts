// What the benchmarks share: free ports, parts started as their own processes (a part that dies early
// ends the benchmark), stopped last-started first, and waiting until a URL answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** BENCH_CPU_PROFILE=<dir>: every part started writes a V8 CPU profile there when it stops. */
const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];

export function processGroup() {
  let children: ChildProcess[] = [];
  let stopping = false;
  const group = {
    /** Runs `file` with tsx and `env` over this process's environment. */
    start(file: string, env: Record<string, string>) {
      const child = spawn(process.execPath, [...profile, '--import', 'tsx', file], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.once('exit', (code) => {
        if (!stopping) {
          console.error(`${file} exited early (${code})`);
          process.exit(1);
        }
      });
      children.push(child);
    },
    /** The last started first (the gateway before the service behind it), so no request is cut off on the way. */
    async stopAll() {
      stopping = true;
      for (const child of [...children].reverse()) {
        if (child.exitCode !== null) continue;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      children = [];
      stopping = false;
    },
  };
  process.once('SIGINT', () => void group.stopAll().then(() => process.exit(130)));
  return group;
}

export async function waitFor(url: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
