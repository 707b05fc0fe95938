// A reader of Prometheus' text exposition format (version 0.0.4), strict enough to fail on what Prometheus
// would refuse: every sample belongs to the family its `# TYPE` line declared (histograms as `_bucket`, `_sum`
// and `_count`), names and labels are well formed, values are numbers (or +Inf, -Inf, NaN). For tests that
// scrape /metrics (parse-prometheus-text-format, tried first, drops the labels of labelled histograms).

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  /** The sample's own name: `x_bucket`, `x_sum` and `x_count` for a histogram `x`. */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"((?:[^"\\]|\\.)*)"\s*(,|$)/y;
const SUFFIXES: Record<MetricType, string[]> = {
  counter: [''],
  gauge: [''],
  untyped: [''],
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

const unescape = (text: string) => text.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

/** Prometheus reads values with Go's ParseFloat, which takes NaN and Inf in any case (prom-client writes `Nan`). */
function numberOf(text: string, line: string): number {
  const word = text.toLowerCase();
  if (word === '+inf' || word === 'inf') return Infinity;
  if (word === '-inf') return -Infinity;
  if (word === 'nan') return NaN;
  const value = Number(text);
  if (text === '' || Number.isNaN(value)) throw new Error(`not a number in: ${line}`);
  return value;
}

function labelsOf(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const at = LABEL.lastIndex;
    const match = LABEL.exec(text);
    if (!match || match.index !== at) throw new Error(`bad labels in: ${line}`);
    if (match[1]! in labels) throw new Error(`label ${match[1]} twice in: ${line}`);
    labels[match[1]!] = unescape(match[2]!);
    if (match[3] === '') break;
  }
  return labels;
}

/** The families of a /metrics answer, in order; throws on the first line Prometheus would refuse. */
export function parsePrometheusText(text: string): MetricFamily[] {
  const families = new Map<string, MetricFamily>();
  const familyOfSample = (name: string) => {
    for (const family of families.values()) {
      if (SUFFIXES[family.type].some((suffix) => `${family.name}${suffix}` === name)) return family;
    }
    return undefined;
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = /^#\s+(HELP|TYPE)\s+(\S+)\s*(.*)$/.exec(line);
    if (meta) {
      const [, kind, name, rest] = meta as unknown as [string, string, string, string];
      if (!NAME.test(name)) throw new Error(`bad metric name in: ${line}`);
      const family = families.get(name) ?? { name, type: 'untyped' as MetricType, help: '', samples: [] };
      families.set(name, family);
      if (kind === 'HELP') family.help = unescape(rest);
      else if (rest in SUFFIXES) family.type = rest as MetricType;
      else throw new Error(`unknown type in: ${line}`);
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/.exec(line);
    if (!sample) throw new Error(`not a sample: ${line}`);
    const [, name, labels, value] = sample as unknown as [string, string, string | undefined, string];
    const family = familyOfSample(name) ?? { name, type: 'untyped' as MetricType, help: '', samples: [] };
    if (!families.has(family.name)) families.set(family.name, family);
    family.samples.push({ name, labels: labelsOf(labels ?? '', line), value: numberOf(value, line) });
  }
  return [...families.values()];
}

const hasLabels = (sample: Sample, labels: Record<string, string>) =>
  Object.entries(labels).every(([key, value]) => sample.labels[key] === value);

/**
 * The sum of the samples named `sample` (by default the family's own name) whose labels include `labels`: a
 * counter's or gauge's value, or with `x_count` the answers a histogram counted. 0 when there are none.
 */
export function sumOf(families: MetricFamily[], sample: string, labels: Record<string, string> = {}): number {
  return families
    .flatMap((family) => family.samples)
    .filter((s) => s.name === sample && hasLabels(s, labels))
    .reduce((sum, s) => sum + s.value, 0);
}
