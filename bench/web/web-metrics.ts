// What the web server says of a load run through its own metrics: how its shared pages were answered (from the
// page cache, checked, reused, rendered), how long it took to answer its pages (its request histogram, so the time
// spent in the gateway and on the way is not in it), and what held its event loop (garbage collection, and the
// loop's delay as prom-client samples it). Read before and after the run: a tail in
// the visitors' times that the web server's answers also have is the web server's own.
import { parsePrometheusText } from '@travelclub/kit/testing';

export interface WebServerState {
  /** Requests for shared pages so far, by outcome (none from a build that does not count them). */
  shared: Map<string, number>;
  /** Collections so far by kind: how many, and their seconds. */
  gc: Map<string, { count: number; seconds: number }>;
  /** Pages (not build files) answered so far within each bucket's bound, by the bound (`le`). */
  answered: Map<string, number>;
  /** The event loop's delay since the metrics were last read, in ms. */
  lagP99: number;
  lagMax: number;
}

export async function webServerState(metrics: string): Promise<WebServerState> {
  const samples = parsePrometheusText(await (await fetch(metrics)).text()).flatMap((family) => family.samples);
  const gc = new Map<string, { count: number; seconds: number }>();
  const answered = new Map<string, number>();
  const shared = new Map<string, number>();
  for (const { name, labels, value } of samples) {
    if (name === 'web_shared_pages_total') shared.set(labels.outcome ?? '', value);
    if (name === 'http_server_request_duration_seconds_bucket' && labels.route !== 'asset')
      answered.set(labels.le!, (answered.get(labels.le!) ?? 0) + value);
    if (!labels.kind || !name.startsWith('nodejs_gc_duration_seconds_')) continue;
    const kind = gc.get(labels.kind) ?? { count: 0, seconds: 0 };
    if (name.endsWith('_count')) kind.count = value;
    if (name.endsWith('_sum')) kind.seconds = value;
    gc.set(labels.kind, kind);
  }
  const lag = (name: string) => 1000 * (samples.find((sample) => sample.name === name)?.value ?? NaN);
  return {
    shared,
    gc,
    answered,
    lagP99: lag('nodejs_eventloop_lag_p99_seconds'),
    lagMax: lag('nodejs_eventloop_lag_max_seconds'),
  };
}

/** The shared pages answered between two readings, by outcome. */
export const sharedSince = ({ shared: before }: WebServerState, { shared: after }: WebServerState) =>
  after.size
    ? [...after].map(([outcome, n]) => `${outcome} ${n - (before.get(outcome) ?? 0)}`).join(', ')
    : 'not counted by this build';

/** The lines that say what the web server did between two readings. */
export function webServerSince(before: WebServerState, after: WebServerState): string[] {
  const all = (after.answered.get('+Inf') ?? 0) - (before.answered.get('+Inf') ?? 0);
  const within = [...after.answered]
    .filter(([le]) => le !== '+Inf' && Number(le) <= 0.25)
    .map(([le, n]) => `${Number(le) * 1000} ms ${((100 * (n - (before.answered.get(le) ?? 0))) / all).toFixed(1)}%`);
  const gc = [...after.gc].map(([kind, { count, seconds }]) => {
    const was = before.gc.get(kind) ?? { count: 0, seconds: 0 };
    return `${kind} ${count - was.count} (${(1000 * (seconds - was.seconds)).toFixed(0)} ms)`;
  });
  return [
    `  its shared pages: ${sharedSince(before, after)}`,
    `  the web server answered its ${all} pages within ${within.join(', ')}`,
    `  its garbage collections: ${gc.join(', ')}; its event loop's delay p99 ${after.lagP99.toFixed(1)} ms, ` +
      `longest ${after.lagMax.toFixed(1)} ms`,
  ];
}
