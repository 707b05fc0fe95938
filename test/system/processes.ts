// Starts TravelClub parts as real processes on free ports, the way `npm start` does, and stops them.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');

export const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

export interface RunningPart {
  name: string;
  url: string;
  output: () => string;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL): no shutdown, whatever was in flight is cut off. */
  kill(): Promise<void>;
}

/** BENCH_CPU_PROFILE=<dir>: every part started writes a V8 CPU profile there when it stops. */
const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];

/** Runs `<dir>/src/server.ts` with `env` (on `env.PORT`, or a free port) and waits until `readyPath` answers 200. */
export async function startPart(
  name: string,
  dir: string,
  env: Record<string, string>,
  readyPath = '/health/ready',
): Promise<RunningPart> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', resolve(root, dir, 'src/server.ts')],
    {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill(signal);
    await exited;
  };
  const stop = () => end('SIGTERM');
  const kill = () => end('SIGKILL');
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(url + readyPath).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { name, url, output: () => output, stop, kill };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} did not become ready:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
}
