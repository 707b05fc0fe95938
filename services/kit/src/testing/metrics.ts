// Metrics in service tests: a figure read from the app's own `GET /metrics`, as Prometheus would scrape it, so a
// test sees what the operator's dashboards see (the counter's name, its labels, and that it is served at all).
import type { FastifyInstance } from 'fastify';

/** One line of the text format: `name{label="value",…} value`, the labels unescaped. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;
const unescape = (text: string) => text.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

function samplesOf(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    const series = line.slice(0, space);
    const brace = series.indexOf('{');
    const name = brace < 0 ? series : series.slice(0, brace);
    const labels: Record<string, string> = {};
    if (brace >= 0) for (const [, key, value] of series.slice(brace).matchAll(LABEL)) labels[key!] = unescape(value!);
    samples.push({ name, labels, value: Number(line.slice(space + 1)) });
  }
  return samples;
}

/**
 * The value of `name` with these labels (others it has are not compared) in the app's `/metrics`, summed over
 * the series that match; 0 when none does yet (a counter appears with its first increment).
 */
export async function readMetric(
  app: FastifyInstance,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}: ${res.body}`);
  return samplesOf(res.body)
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);
}
