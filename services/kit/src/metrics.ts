// Metrics in Prometheus' text format (prom-client), every name listed in docs/observability.md. Two registries
// make up what `/metrics` answers: the process's (Node's own figures: event-loop delay, heap, GC; and the
// business counters the services' flows count) and the app's (its HTTP figures, and the gauges it reads from
// MongoDB, Kafka and Redis when scraped). The app's is per app, so tests that run several services in one
// process keep them apart.
import { createServer, type Server } from 'node:http';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  register as processRegistry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';
import { restAfter } from './rest.js';

export { Counter, Gauge, Histogram, Registry };

/** HTTP answers, in seconds: from 5 ms (a cached read) to 2.5 s (past every route's goal). */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** Event handling and jobs, in seconds: from 5 ms to 10 s (a mail's delivery, a provider's answer). */
export const WORK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let defaultsOn = false;

/** The process's registry, with Node's own figures (started on the first call). */
export function processMetrics(): Registry {
  if (!defaultsOn) {
    defaultsOn = true;
    // Event-loop delay sampled every 10 ms (prom-client's default), GC pauses by kind, heap by space.
    collectDefaultMetrics({
      register: processRegistry,
      gcDurationBuckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
    });
  }
  return processRegistry;
}

/**
 * A business counter on the process's registry, made once however many times it is asked for (a module
 * loaded by two services in one test process asks twice).
 */
export function businessCounter<L extends string>(config: CounterConfiguration<L>): Counter<L> {
  const existing = processRegistry.getSingleMetric(config.name);
  return (existing as Counter<L> | undefined) ?? new Counter({ ...config, registers: [processRegistry] });
}

/** A gauge on the process's registry, made once (see `businessCounter`). */
export function businessGauge<L extends string>(config: GaugeConfiguration<L>): Gauge<L> {
  const existing = processRegistry.getSingleMetric(config.name);
  return (existing as Gauge<L> | undefined) ?? new Gauge({ ...config, registers: [processRegistry] });
}

/** A histogram on the process's registry, made once (see `businessCounter`). */
export function processHistogram<L extends string>(config: HistogramConfiguration<L>): Histogram<L> {
  const existing = processRegistry.getSingleMetric(config.name);
  return (existing as Histogram<L> | undefined) ?? new Histogram({ ...config, registers: [processRegistry] });
}

/** What an app's `/metrics` answers: the process's metrics and the app's own, in the text format. */
export async function metricsText(app: Registry): Promise<string> {
  const own = await app.metrics();
  return `${await processMetrics().metrics()}\n${own}`;
}

export const METRICS_CONTENT_TYPE = processRegistry.contentType;

/** The HTTP figures of one app: rate, errors and duration by method, route template and status. */
export function httpMetrics(registry: Registry) {
  return new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
}

/**
 * A gauge read when scraped, by `read`: once per `everyMs` at most. A read that fails or takes longer than
 * `timeoutMs` leaves the last values and counts a failure; a late read is not started again before it ends.
 * `rests`: the read looks through stored data that some stores scan for it (the outbox's backlog on the local
 * store), so after a slow read the next waits in proportion (`restAfter`).
 */
export function cachedGauge<L extends string>(
  registry: Registry,
  config: Omit<GaugeConfiguration<L>, 'collect' | 'registers'>,
  read: () => Promise<{ labels: Partial<Record<L, string | number>>; value: number }[]>,
  { everyMs = 5_000, timeoutMs = 2_000, rests = false }: { everyMs?: number; timeoutMs?: number; rests?: boolean } = {},
): Gauge<L> {
  let nextAt = 0;
  let reading: ReturnType<typeof read> | undefined;
  const failures = scrapeFailures(registry);
  const start = () => {
    const began = Date.now();
    return read().finally(() => {
      nextAt = rests ? began + restAfter(Date.now() - began, everyMs) : Date.now() + everyMs;
      reading = undefined;
    });
  };
  const gauge: Gauge<L> = new Gauge<L>({
    ...config,
    registers: [registry],
    async collect() {
      if (!reading && Date.now() < nextAt) return;
      reading ??= start();
      let timer: NodeJS.Timeout | undefined;
      try {
        const values = await Promise.race([
          reading,
          new Promise<never>((_, fail) => {
            timer = setTimeout(() => fail(new Error('timed out')), timeoutMs);
          }),
        ]);
        gauge.reset();
        for (const { labels, value } of values) gauge.set(labels, value);
      } catch {
        failures.inc({ metric: config.name });
      } finally {
        clearTimeout(timer);
      }
    },
  });
  return gauge;
}

/** Reads for scrape-time gauges that failed or timed out (MongoDB, Kafka or Redis not answering). */
function scrapeFailures(registry: Registry): Counter<'metric'> {
  const name = 'travelclub_metric_read_failures_total';
  return (
    (registry.getSingleMetric(name) as Counter<'metric'> | undefined) ??
    new Counter({
      name,
      help: 'Reads of a scrape-time gauge that failed or timed out; the gauge kept its last values',
      labelNames: ['metric'] as const,
      registers: [registry],
    })
  );
}

export interface MetricsServerOptions {
  port: number;
  host: string;
  /** The app's own registry; the process's is always added. */
  registry?: Registry;
}

/**
 * A server that answers only `GET /metrics`, on a port of its own: for the parts whose main port is public
 * (the gateway, the web server), so the figures never leave through it. Resolves once listening.
 */
export async function serveMetrics({ port, host, registry = new Registry() }: MetricsServerOptions): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?', 1)[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    metricsText(registry).then(
      (text) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      (err: Error) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(err.message),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  return server;
}
