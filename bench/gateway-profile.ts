// Where the gateway's CPU goes per request, from the V8 CPU profile its process wrote (BENCH_CPU_PROFILE=<dir>),
// counting only the samples inside the gateway's measured rounds. Each busy sample goes to one stage: the socket
// writes (their syscalls, where the kernel's loopback TCP work shows), else the owner of the nearest frame on the
// stack that is not Node's own (the gateway's files, the kit's, the packages), else Node's HTTP and streams.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CpuProfile, ProfileNode } from './web/profile.js';

type Frame = ProfileNode['callFrame'];

/** A measured round: its start and end on the monotonic clock the profiles use (µs). */
export interface Window {
  from: number;
  to: number;
}

const IDLE = new Set(['(idle)', '(program)']);
const WRITES = new Set(['writev', 'writeLatin1String', 'writeUtf8String', 'writeBuffer', 'writeAsciiString']);

/** Stages by the code that owns a frame; the first that matches wins. */
const OWNERS: [stage: string, owns: (f: Frame) => boolean][] = [
  ['rate limit (counter, Redis)', (f) => /gateway\/src\/(rate-limits|shared-counter)|ioredis|rate-limit/.test(f.url)],
  ['route table, path check', (f) => /gateway\/src\/(route-table|path-trie|request-target|web-pages)/.test(f.url)],
  ['token check', (f) => /gateway\/src\/edge-auth|\/jose\//.test(f.url)],
  ['security headers, CORS', (f) => /gateway\/src\/security-headers|@fastify\/cors/.test(f.url)],
  ['metrics (prom-client)', (f) => f.url.includes('prom-client')],
  ['tracing (OpenTelemetry)', (f) => /@opentelemetry|kit\/src\/(spans|telemetry)/.test(f.url)],
  ['logging (pino)', (f) => /\/pino|kit\/src\/logger/.test(f.url)],
  ['ids, envelope (kit conventions)', (f) => /kit\/src\/(http-conventions|context|error)/.test(f.url)],
  ['proxy: the forward, header lists', (f) => f.url.includes('gateway/src/')],
  ['proxy client (undici)', (f) => f.url.includes('undici')],
  ['Fastify (routing, hooks, replies)', (f) => /fastify|find-my-way|light-my-request|avvio/.test(f.url)],
];

function stageOf(leaf: ProfileNode, up: (node: ProfileNode) => ProfileNode | undefined): string {
  if (leaf.callFrame.functionName === '(garbage collector)') return 'garbage collection';
  let throughUndici = false;
  let owner: string | undefined;
  for (let node: ProfileNode | undefined = leaf; node; node = up(node)) {
    const frame = node.callFrame;
    if (frame.url.includes('undici')) throughUndici = true;
    if (!owner && frame.url && !frame.url.startsWith('node:')) owner = OWNERS.find(([, owns]) => owns(frame))?.[0];
  }
  if (WRITES.has(leaf.callFrame.functionName)) {
    return throughUndici ? 'socket writes to the service (syscall)' : 'socket writes to the client (syscall)';
  }
  return owner ?? "Node's HTTP, sockets, streams, timers";
}

/** The gateway's profile in `dir` (written since `since`, ms) by its process id; undefined when it is not there. */
function profileOf(dir: string, pid: number, since: number): CpuProfile | undefined {
  const file = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile') && name.split('.')[3] === String(pid))
    .map((name) => join(dir, name))
    .find((path) => statSync(path).mtimeMs >= since);
  return file ? (JSON.parse(readFileSync(file, 'utf8')) as CpuProfile) : undefined;
}

/**
 * The shares of a gateway's busy time in `windows`, by stage, as printable lines; empty without a profile. `name`
 * says which gateway (the bench's `baseline` runs another build beside it).
 */
export function gatewayStages(dir: string, pid: number, since: number, windows: Window[], name = 'gateway'): string[] {
  const profile = profileOf(dir, pid, since);
  if (!profile) return [];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n);
  const stages = new Map<string, number>();
  let t = profile.startTime;
  let counted = 0;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (!windows.some((w) => t >= w.from && t <= w.to)) return;
    counted++;
    const node = byId.get(id)!;
    if (IDLE.has(node.callFrame.functionName)) return;
    busy++;
    const stage = stageOf(node, (n) => parentOf.get(n.id));
    stages.set(stage, (stages.get(stage) ?? 0) + 1);
  });
  if (!busy) return [`  the ${name} profile has no samples in its rounds`];
  return [
    `where the ${name}'s busy time went in its rounds (${busy} of ${counted} samples busy; a sampler's share, ` +
      'CPU per request above is the kernel count):',
    ...[...stages]
      .sort((a, b) => b[1] - a[1])
      .map(([stage, n]) => `  ${((100 * n) / busy).toFixed(1).padStart(5)}%  ${stage}`),
  ];
}
