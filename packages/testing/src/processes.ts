// Starts TravelClub's parts as real processes on free ports, the way `npm start` does, and stops them. Each
// part is found through its package's `./server` export, never by a path into its folder. The web app is built
// first (scripts/web-build.mjs) when it is missing or stale.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** The repository's root: parts run from there, as `npm start` runs them. */
const root = resolve(import.meta.dirname, '..', '..', '..');
const require = createRequire(import.meta.url);

export type PartName =
  'auth' | 'notifications' | 'catalog' | 'itinerary' | 'billing' | 'creator' | 'assistant' | 'gateway' | 'web';

/** The file that starts `part` (its package's `./server` export). */
export const serverOf = (part: PartName): string => require.resolve(`@travelclub/${part}/server`);

/** The port when it could be listened on (and was let go again), else undefined. */
const tryListen = (port: number) =>
  new Promise<number | undefined>((done) => {
    const server = createServer();
    server.once('error', () => done(undefined));
    server.listen(port, '127.0.0.1', () => {
      const { port: got } = server.address() as { port: number };
      server.close(() => done(got));
    });
  });

const PORT_BANDS = 12;
const PORT_BAND_SIZE = 1_000;

/**
 * Where a process picks its ports: below the kernel's range for the local ends of outgoing connections (32768 and
 * up on Linux), in a band of its own. A port the kernel handed out as free (port 0) comes from that range, and
 * between its pick and the part's listen an outgoing connection could take it: CI saw a part fail with
 * EADDRINUSE that way. And vitest's workers run side by side, each starting stacks: two that picked the same free
 * port before either listened met at one address, and one stack's gateway sent its pages to the other stack's web
 * server (CI saw its images, from the other gateway, refused by the page's content policy). Each worker
 * (`VITEST_POOL_ID`, 1 to the worker count) has its own band; any other process (a benchmark, a script) band 0.
 */
export function portBand(poolId: string | undefined): { from: number; to: number } {
  const band = poolId ? 1 + ((Number(poolId) - 1) % (PORT_BANDS - 1)) : 0;
  const from = 20_000 + band * PORT_BAND_SIZE;
  return { from, to: from + PORT_BAND_SIZE - 1 };
}

/** Ports this process handed out lately, by when: one is not handed out again before the part given it listens. */
const handedOut = new Map<number, number>();
const HANDED_OUT_MS = 60_000;

/** A free port of this process's band (`portBand`), not one it handed out in the last minute. */
export async function freePort(): Promise<number> {
  const { from } = portBand(process.env.VITEST_POOL_ID);
  const now = Date.now();
  for (const [port, at] of handedOut) if (now - at > HANDED_OUT_MS) handedOut.delete(port);
  let port: number | undefined;
  for (let attempt = 0; attempt < 50 && !port; attempt++) {
    const candidate = from + Math.floor(Math.random() * PORT_BAND_SIZE);
    if (!handedOut.has(candidate)) port = await tryListen(candidate);
  }
  port ??= (await tryListen(0))!;
  handedOut.set(port, now);
  return port;
}

/** `count` free ports for parts that all listen at once: distinct, as `freePort` never repeats one so soon. */
export async function distinctFreePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) ports.push(await freePort());
  return ports;
}

let webBuild: Promise<void> | undefined;
/**
 * Builds the web app unless web/build is newer than its sources (once per process; scripts/web-build.mjs
 * also keeps two processes from building at once). Rejects with the build's output when it fails.
 */
export function buildWeb(): Promise<void> {
  webBuild ??= new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [resolve(root, 'scripts', 'web-build.mjs')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', fail);
    child.once('close', (code) => (code === 0 ? done() : fail(new Error(`the web app did not build:\n${output}`))));
  }).catch((err: unknown) => {
    webBuild = undefined;
    throw err;
  });
  return webBuild;
}

/**
 * How long a part may take to become ready. Generous: `npm test` runs several platforms at once on two cores,
 * where compiling and importing a part takes a minute at times; a part that fails still ends the wait at once.
 */
const READY_TIMEOUT_MS = 120_000;

/**
 * The images' Node flag (Dockerfile): 16 MB semi-spaces, without which Node 24's young generation made long
 * scavenge pauses under load (docs/runtime.md).
 */
const nodeOptions = `${process.env.NODE_OPTIONS ?? ''} --max-semi-space-size=16`.trim();

/** BENCH_CPU_PROFILE=<dir>: every part started writes a V8 CPU profile there when it stops. */
const profile = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];

export interface RunningPart {
  name: string;
  url: string;
  /** Its process id (for the benches' CPU figures). */
  pid: number;
  output: () => string;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL): no shutdown, whatever was in flight is cut off. */
  kill(): Promise<void>;
}

/**
 * How a part's process is started: from its TypeScript through tsx, or, when `DEPLOY_DIR` (in `env` or this
 * process's environment) names a folder of deploy folders (`npm run build:deploy`), from `<DEPLOY_DIR>/<part>`
 * with plain `node --enable-source-maps server.js`, as its image runs it.
 */
function commandOf(part: PartName, env: Record<string, string>) {
  const deployDir = env.DEPLOY_DIR ?? process.env.DEPLOY_DIR;
  if (!deployDir) return { args: [...profile, '--import', 'tsx', serverOf(part)], cwd: root, compiled: false };
  return { args: [...profile, '--enable-source-maps', 'server.js'], cwd: resolve(deployDir, part), compiled: true };
}

/**
 * Runs `part`'s server with `env` (on `env.PORT`, or a free port) and waits until `readyPath` answers 200
 * (the gateway's `/health/live`, the services' and the web server's `/health/ready` unless told). The web
 * server runs the production build (NODE_ENV=production), made first when needed.
 */
export async function startPart(
  part: PartName,
  env: Record<string, string>,
  readyPath = part === 'gateway' ? '/health/live' : '/health/ready',
): Promise<RunningPart> {
  const { args, cwd, compiled } = commandOf(part, env);
  // A deploy folder carries its own build of the web app.
  if (part === 'web' && !compiled) await buildWeb();
  const port = env.PORT ? Number(env.PORT) : await freePort();
  // The readiness check below asks the port, not the process: another process already there would answer for a
  // part that then fails to listen.
  if (!(await tryListen(port))) throw new Error(`${part} cannot start: port ${port} is taken by another process`);
  const mode = part === 'web' ? { NODE_ENV: 'production' } : {};
  // The gateway and the web server serve their metrics on a second port: a free one unless told, so parts
  // started side by side never both take the default.
  const metrics =
    (part === 'gateway' || part === 'web') && !env.METRICS_PORT ? { METRICS_PORT: String(await freePort()) } : {};
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: {
      ...process.env,
      NODE_OPTIONS: nodeOptions,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ...mode,
      ...metrics,
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${part} exited with ${child.exitCode}:\n${readable(output)}`);
    if (await answers(url + readyPath)) return { name: part, url, pid: child.pid!, output: () => output, stop, kill };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${part} did not become ready:\n${readable(output)}`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
}

// A crash in a compiled part prints the bundle's source line (one line of the whole minified bundle) above its
// message, long enough that the runner's report cuts the message off: such lines are shortened.
const readable = (output: string) =>
  output
    .split('\n')
    .map((line) => (line.length > 400 ? `${line.slice(0, 200)} … (${line.length} characters)` : line))
    .join('\n');

const answers = (url: string) =>
  fetch(url).then(
    (res) => res.ok,
    () => false,
  );

/** Waits until `url` answers 200. */
export async function waitFor(url: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await answers(url)) return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Processes of a benchmark: each writes to this one's output, a part that dies early ends the benchmark,
 * and they stop last-started first. `beforeExit` stops what else the benchmark started (a stack), which a
 * dying part would otherwise leave running, busy, beside the next run.
 */
export function processGroup(options: { beforeExit?: () => Promise<void> } = {}) {
  let children: ChildProcess[] = [];
  let stopping = false;
  const group = {
    /**
     * Runs `file` (a part's server: `serverOf(part)`, or a script) with tsx and `env` over this process's
     * environment; answers its process id.
     */
    start(file: string, env: Record<string, string>): number {
      const child = spawn(process.execPath, [...profile, '--import', 'tsx', file], {
        env: { ...process.env, NODE_OPTIONS: nodeOptions, ...env },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      child.once('exit', (code) => {
        if (!stopping) {
          console.error(`${file} exited early (${code})`);
          void group
            .stopAll()
            .then(options.beforeExit)
            .finally(() => process.exit(1));
        }
      });
      children.push(child);
      return child.pid!;
    },
    /** The last started first (the gateway before the service behind it), so no request is cut off on the way. */
    async stopAll() {
      stopping = true;
      for (const child of [...children].reverse()) {
        if (child.exitCode !== null) continue;
        const exited = new Promise((done) => child.once('exit', done));
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
