// What tracing costs a bench (issue 31). BENCH_TRACING runs the parts:
// - `off` (the default): OTEL_SDK_DISABLED=true, so figures stay comparable with those before tracing;
// - `<ratio>` (0.1, 1): that ratio of new traces sampled, exported as OTLP/HTTP JSON to a collector here;
// - `unexported`: the kit's defaults with no exporter, as a part runs where no collector is configured (ids in
//   logs, `traceparent` passed on, nothing recorded);
// - `all`: off, 10 % and 100 % in turns, for the overhead's RESULT line.
// The collector is a receiver that only counts spans and bytes (@travelclub/testing's startOtlpReceiver with
// `keep: false`), run in a child process of its own: a real collector is a process beside the parts, and its
// decoding work must not slow this process, the load generator, whose event loop sets the pace of the load.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { loadavg } from 'node:os';

/** Tracing off, on at a ratio of new traces sampled (exported), or on with no exporter. */
export type TracingMode = 'off' | 'unexported' | number;

/** Whether a mode exports (to the bench's collector). */
export const exported = (mode: TracingMode): mode is number => typeof mode === 'number';

export interface TracingChoice {
  /** `all`: every mode in turns, and the overhead's RESULT line. */
  all: boolean;
  /** The modes to measure: one, or off, 10 % and 100 % for `all`. */
  modes: TracingMode[];
}

/** BENCH_TRACING: `off` (default), a ratio from 0 (exclusive) to 1, `unexported` or `all`. */
export function tracingFromEnv(env: NodeJS.ProcessEnv = process.env): TracingChoice {
  const text = (env.BENCH_TRACING ?? 'off').trim().toLowerCase();
  if (text === '' || text === 'off') return { all: false, modes: ['off'] };
  if (text === 'all') return { all: true, modes: ['off', 0.1, 1] };
  if (text === 'unexported') return { all: false, modes: ['unexported'] };
  const ratio = Number(text);
  if (!Number.isFinite(ratio) || ratio <= 0 || ratio > 1)
    throw new Error(
      `BENCH_TRACING must be off, unexported, all or a ratio above 0 and at most 1, not ${env.BENCH_TRACING}`,
    );
  return { all: false, modes: [ratio] };
}

export const modeName = (mode: TracingMode) => (exported(mode) ? `${Number((mode * 100).toFixed(1))}%` : mode);

/** The settings every part gets for `mode`: all of tracing's, so none comes from this shell's environment. */
export function tracingEnv(mode: TracingMode, collectorUrl?: string): Record<string, string> {
  if (mode === 'off') return { OTEL_SDK_DISABLED: 'true' };
  if (mode === 'unexported') {
    return {
      OTEL_SDK_DISABLED: 'false',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '1',
      OTEL_TRACES_EXPORTER: 'none',
    };
  }
  if (!collectorUrl) throw new Error('tracing on needs a collector');
  return {
    OTEL_SDK_DISABLED: 'false',
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: String(mode),
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collectorUrl}/v1/traces`,
  };
}

/**
 * Measures every mode `rounds` times, all modes at once in each round (one platform per mode, side by side,
 * each under its own load), by `measureOnce` answering the throughput and the parts' CPU per unit of work; answers
 * them by mode in round order, for `overheadReport`. Measured at the same moment, the modes share the
 * machine's state, its neighbours and its scheduler alike, and the throughput each reaches says what its
 * requests cost. Measured one after another, the same mode's throughput moved by a fifth between measurements
 * seconds apart on this machine: several times the loss to be measured.
 */
export async function together(
  modes: TracingMode[],
  rounds: number,
  measureOnce: (mode: TracingMode, round: number) => Promise<{ value: number; cpu: number }>,
) {
  const measured = new Map<TracingMode, number[]>(modes.map((mode) => [mode, []]));
  const cpu = new Map<TracingMode, number[]>(modes.map((mode) => [mode, []]));
  for (let round = 1; round <= rounds; round++) {
    const once = await Promise.all(modes.map((mode) => measureOnce(mode, round)));
    modes.forEach((mode, i) => {
      measured.get(mode)!.push(once[i]!.value);
      cpu.get(mode)!.push(once[i]!.cpu);
    });
  }
  return { measured, cpu };
}

export interface CollectorCounts {
  requests: number;
  spans: number;
  bytes: number;
  cpuMs: number;
}

export interface Collector {
  url: string;
  /** What arrived, and the collector's own CPU time so far. */
  counts(): Promise<CollectorCounts>;
  stop(): Promise<void>;
}

/** The collector a bench's modes need: one when any of them exports, else none. */
export const collectorFor = async (choice: TracingChoice) =>
  choice.modes.some(exported) ? startCollector() : undefined;

/** The counting receiver in a child process (otlp-collector.ts). */
export async function startCollector(): Promise<Collector> {
  const root = resolve(import.meta.dirname, '..');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'otlp-collector.ts')],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const next = <T>() =>
    new Promise<T>((done, fail) => {
      const onExit = (code: number | null) => fail(new Error(`the collector exited (${code})`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        done(message as T);
      });
    });
  const { url } = await next<{ url: string }>();
  return {
    url,
    async counts() {
      const answer = next<CollectorCounts>();
      child.send('counts');
      return answer;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** This machine's load averages, for the figures' context (the machine is shared). */
export const loadNow = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

let ticksPerSecond: number | undefined;
/**
 * The CPU time (ms) of this process's descendants by part (from /proc: Linux only, empty elsewhere), the
 * collector left out; only the processes `only` names when given (one platform of several running side by
 * side). On a shared machine a throughput moves with the neighbours' work; CPU time per request much less, so
 * it is printed beside it.
 */
function partsCpu(only?: number[]): Map<string, number> {
  const byPart = new Map<string, number>();
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
    const stats = new Map<number, { ppid: number; ticks: number }>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
      } catch {
        // Gone meanwhile.
      }
    }
    const ours = new Set([process.pid]);
    for (let grown = true; grown;) {
      grown = false;
      for (const [pid, { ppid }] of stats) if (!ours.has(pid) && ours.has(ppid)) grown = ours.add(pid) !== undefined;
    }
    ours.delete(process.pid);
    for (const pid of ours) {
      if (only && !only.includes(pid)) continue;
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes('otlp-collector')) continue;
      const part =
        /([\w-]+)\/src\/server\.ts/.exec(cmdline)?.[1] ??
        (cmdline.includes('server.js') ? basename(readlinkSync(`/proc/${pid}/cwd`)) : `pid ${pid}`);
      byPart.set(part, (byPart.get(part) ?? 0) + (stats.get(pid)!.ticks * 1000) / ticksPerSecond);
    }
  } catch {
    // No /proc: no figures.
  }
  return byPart;
}

/** CPU per unit of work between two readings, by part, and in all (this process, the load, included). */
export function cpuPer(
  before: { parts: Map<string, number>; self: NodeJS.CpuUsage },
  after: { parts: Map<string, number>; self: NodeJS.CpuUsage },
  units: number,
) {
  const byPart = [...after.parts].map(([part, ms]) => [part, (ms - (before.parts.get(part) ?? 0)) / units] as const);
  const load = (after.self.user + after.self.system - before.self.user - before.self.system) / 1000 / units;
  const parts = byPart.reduce((sum, [, ms]) => sum + ms, 0);
  return {
    parts,
    load,
    text: `${byPart.map(([part, ms]) => `${part} ${ms.toFixed(2)}`).join(', ')}, load ${load.toFixed(2)}`,
  };
}

/** A CPU reading for `cpuPer`, of every part or of the processes `only` names. */
export const cpuNow = (only?: number[]) => ({ parts: partsCpu(only), self: process.cpuUsage() });

const zero: CollectorCounts = { requests: 0, spans: 0, bytes: 0, cpuMs: 0 };
/** What the collector took between two counts (none without a collector), for the log. */
export function collected(before: CollectorCounts = zero, after: CollectorCounts = zero) {
  const spans = after.spans - before.spans;
  const text =
    `spans ${spans} in ${after.requests - before.requests} exports, ` +
    `${((after.bytes - before.bytes) / 1e6).toFixed(1)} MB, collector CPU ${((after.cpuMs - before.cpuMs) / 1000).toFixed(1)} s`;
  return { spans, text };
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The goals of issue 31: throughput lost at 10 % and at 100 % sampling. */
const GOALS = new Map<number, number>([
  [0.1, 0.05],
  [1, 0.15],
]);

/**
 * `RESULT tracing_overhead <bench>: off=… 10%=… (loss x.x%) 100%=… (loss y.y%) rounds=… spans_received=…
 * within_goal=…`: each mode's median over its rounds, and its loss against tracing off: the median, over the
 * rounds, of the loss against tracing off in the same round (`measured` holds each mode's figures in round
 * order). Pairing by round keeps a machine getting busier or quieter out of the comparison; the median keeps
 * one disturbed round out of it.
 */
function overheadResult(
  bench: string,
  measured: Map<TracingMode, number[]>,
  spansReceived: number,
  decimals: number,
): string {
  const off = measured.get('off') ?? [];
  let within = true;
  const parts = [...measured].map(([mode, values]) => {
    const value = median(values);
    if (mode === 'off') return `off=${value.toFixed(decimals)}`;
    const loss = median(values.map((v, round) => 1 - v / off[round]!));
    const goal = exported(mode) ? GOALS.get(mode) : undefined;
    if (goal !== undefined && !(loss <= goal)) within = false;
    return `${modeName(mode)}=${value.toFixed(decimals)} (loss ${(loss * 100).toFixed(1)}%)`;
  });
  return (
    `RESULT tracing_overhead ${bench}: ${parts.join(' ')} rounds=${off.length} spans_received=${spansReceived} ` +
    `within_goal=${within}`
  );
}

/** The parts' CPU per unit of work by mode, and how much more than with tracing off. */
function cpuLine(cpu: Map<TracingMode, number[]>, unit: string): string {
  const off = median(cpu.get('off') ?? []);
  return (
    `parts' CPU ms per ${unit} (median): ` +
    [...cpu]
      .map(([mode, values]) => {
        const value = median(values);
        return mode === 'off'
          ? `off=${value.toFixed(3)}`
          : `${modeName(mode)}=${value.toFixed(3)} (+${((value / off - 1) * 100).toFixed(1)}%)`;
      })
      .join(' ')
  );
}

/** Each measurement of a mode, for the lines before the RESULT. */
function modeLines(measured: Map<TracingMode, number[]>, decimals: number, unit: string): string[] {
  return [...measured].map(
    ([mode, values]) =>
      `${modeName(mode).padEnd(4)} ${values.map((v) => v.toFixed(decimals)).join(', ')} ${unit} ` +
      `(median ${median(values).toFixed(decimals)})`,
  );
}

/**
 * The lines that end a BENCH_TRACING=all run: each mode's figures, the parts' CPU per unit, what the collector
 * took, and the RESULT line.
 */
export function overheadReport(
  bench: string,
  { measured, cpu }: Awaited<ReturnType<typeof together>>,
  received: ReturnType<typeof collected>,
  units: { rate: string; unit: string; decimals: number },
): string[] {
  return [
    ...modeLines(measured, units.decimals, units.rate),
    cpuLine(cpu, units.unit),
    `${received.text}, from the end of the warm-up to the parts' stop (${loadNow()})`,
    overheadResult(bench, measured, received.spans, units.decimals),
  ];
}
