// Reads the V8 CPU profiles the parts wrote (BENCH_CPU_PROFILE=<dir>) and says, for the load run's window
// only, how busy each part was and where its time went: by function (self time), by package, and, for the
// web app's own code, by function including what it calls (which loader call, which render step).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A V8 CPU profile's node and the profile (`--cpu-prof`), as the benches read them. */
export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Which part wrote a profile, by the code it ran. */
function partOf(profile: CpuProfile): string {
  const urls = profile.nodes.map((n) => n.callFrame.url);
  if (urls.some((u) => u.includes('/web/build/server/'))) return 'web';
  if (urls.some((u) => u.includes('/gateway/src/'))) return 'gateway';
  const service = urls.map((u) => /\/services\/(\w+)\/src\//.exec(u)?.[1]).find((s) => s && s !== 'kit');
  return service ?? 'unknown';
}

const IDLE = new Set(['(idle)', '(program)']);

/** Where a frame's code lives: a package, the web app, a part's own source, or node itself. */
function placeOf(url: string, name: string): string {
  if (!url) return name.startsWith('(') ? name : '(native)';
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.includes('/web/build/server/')) return 'web app (build/server)';
  const part = /\/(services\/\w+|gateway|contracts|packages\/\w+)\//.exec(url);
  if (part) return part[1]!;
  if (url.startsWith('node:')) return nodePart(url);
  return url.replace(/^file:\/\//, '');
}

/** Node's own code by what it does: its fetch, web streams, module loading, http and streams. */
function nodePart(url: string): string {
  if (url.includes('deps/undici')) return 'node: fetch (undici)';
  if (url.includes('webstreams')) return 'node: web streams';
  if (url.includes('modules/')) return 'node: module loading';
  if (url === 'node:zlib') return 'node: compression (zlib)';
  if (/_http_|node:net|streams\/|stream_base/.test(url)) return 'node: http, sockets, streams';
  return 'node: other';
}

const frameName = (n: ProfileNode) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const file = url ? `${url.replace(/^.*\/(node_modules\/)?/, '')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${file}`.trim();
};

function top(counts: Map<string, number>, total: number, limit: number): string[] {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, n]) => `      ${((100 * n) / total).toFixed(1).padStart(5)}%  ${name}`);
}

const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * The web server's work in steps, each known by a frame on the stack; the frame nearest the leaf decides, so
 * the loader data's serialisation inside React's render counts as serialisation, an answer parsed inside a
 * loader call as the call.
 */
const STAGES: [string, (f: ProfileNode['callFrame']) => boolean][] = [
  ['compressing answers (zlib)', (f) => f.url === 'node:zlib'],
  [
    'loader data into the page (turbo-stream)',
    (f) =>
      /react-router/.test(f.url) &&
      /^(encodeViaTurboStream|encode|flatten|flattenValue|stringify)$/.test(f.functionName),
  ],
  [
    "loaders' calls to services (fetch, answer parsing)",
    (f) => /^(serverCall|call|doFetch|bodyOf)$/.test(f.functionName) && f.url.includes('/web/build/server/'),
  ],
  // Their continuations run on their own stacks, without the loader's frames.
  ["Node's fetch and web streams (loaders' calls, answers' bodies)", (f) => /deps\/undici|webstreams/.test(f.url)],
  ['React render (react-dom/server)', (f) => f.url.includes('react-dom-server')],
  ['React Router request handling', (f) => /react-router/.test(f.url)],
  [
    'request and answer bridging (node:http <-> Fetch API)',
    (f) => /web\/server\/(fetch-bridge|handler)\.ts/.test(f.url),
  ],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
];

/** The summary of one profile over [from, to] (µs, monotonic), or its whole run when the window misses it. */
function summarise(profile: CpuProfile, window: Window, withStages: boolean): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const inWindow = window.from < profile.endTime && window.to > profile.startTime;
  const self = new Map<string, number>();
  const places = new Map<string, number>();
  const appInclusive = new Map<string, number>();
  const stages = new Map<string, number>();
  let t = profile.startTime;
  let counted = 0;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    if (inWindow && (t < window.from || t > window.to)) return;
    counted++;
    const node = byId.get(id)!;
    if (IDLE.has(node.callFrame.functionName)) return;
    busy++;
    add(self, frameName(node));
    add(places, placeOf(node.callFrame.url, node.callFrame.functionName));
    // Each web-app function on the stack once, so a loader's share includes the calls it waits on CPU for.
    const seen = new Set<string>();
    let stage: string | undefined;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!;
      stage ??= STAGES.find(([, matches]) => matches(frame.callFrame))?.[0];
      if (!frame.callFrame.url.includes('/web/build/server/')) continue;
      const name = frameName(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      add(appInclusive, name);
    }
    add(stages, stage ?? 'other (sockets, timers, the rest)');
  });
  if (!counted) return ['    no samples'];
  // CPU per request comes from /proc (cpu.ts): a sampler's count is inflated when the machine is busy.
  return [
    `    busy ${((100 * busy) / counted).toFixed(0)}% of ${inWindow ? 'the load run' : 'its whole life (window missed)'}` +
      ` (${counted} samples); of the busy time:`,
    ...(withStages ? ['    by step:', ...top(stages, busy, STAGES.length + 1)] : []),
    '    by package:',
    ...top(places, busy, 8),
    '    by function (self):',
    ...top(self, busy, 12),
    ...(appInclusive.size ? ['    web app functions (with what they call):', ...top(appInclusive, busy, 10)] : []),
  ];
}

/** The load run: its start and end (µs, monotonic clock). */
export interface Window {
  from: number;
  to: number;
}

/** Every profile written into `dir` since `since` (ms) by the parts `wanted`, in that order. */
export function profileReport(
  dir: string,
  since: number,
  window: Window,
  wanted = ['web', 'gateway', 'catalog', 'auth'],
): string[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).mtimeMs >= since);
  // A process that ended before the load run (a web server replaced at the start) has nothing to say about it.
  const parts = files.flatMap((file) => {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    if (profile.endTime < window.from) return [];
    const part = partOf(profile);
    return [{ file, part, lines: summarise(profile, window, part === 'web') }];
  });
  return parts
    .filter((p) => wanted.includes(p.part))
    .sort((a, b) => wanted.indexOf(a.part) - wanted.indexOf(b.part))
    .flatMap((p) => [`  ${p.part} (${p.file}):`, ...p.lines]);
}
