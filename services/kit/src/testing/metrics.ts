// Metrics in service tests: a figure read from the app's own `GET /metrics`, as Prometheus would scrape it, so a
// test sees what the operator's dashboards see (the counter's name, its labels, and that it is served at all).
import type { FastifyInstance } from 'fastify';
import { parsePrometheusText, sumOf } from './prometheus-text.js';

/**
 * The value of `name` with these labels (others it has are not compared) in the app's `/metrics`, summed over
 * the series that match; 0 when none does yet (a counter appears with its first increment). The answer must
 * parse as Prometheus' text format.
 */
export async function readMetric(
  app: FastifyInstance,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  if (res.statusCode !== 200) throw new Error(`/metrics answered ${res.statusCode}: ${res.body}`);
  return sumOf(parsePrometheusText(res.body), name, labels);
}
