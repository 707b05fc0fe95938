// Traces: OpenTelemetry for every part, set up once per process by its entry (server.ts) with
// `startTelemetry(name)`, from the standard OTEL_* variables (docs/observability.md). The kit makes the spans
// where it owns the hop (spans.ts): the HTTP server (http-conventions.ts), the outbox's publish and the
// consumers' handling (outbox.ts, consumer-batch.ts), jobs (queues.ts), MongoDB and Redis commands and outgoing
// HTTP through undici and fetch (telemetry-clients.ts). Nothing here patches a module, so the bundled parts
// (scripts/build-deploy.mjs) trace as the source does. Without `startTelemetry` (in-process tests, tools) the
// API answers with no-ops, and nothing is traced.
import { context, propagation, trace, type Attributes } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ZipkinExporter } from '@opentelemetry/exporter-zipkin';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { SpanKind, SpanStatusCode, spanIds, useTracing } from './spans.js';
import { traceHttpRequests } from './telemetry-clients.js';

export * from './spans.js';

export interface Telemetry {
  /** Where spans go (`none`: made for ids and propagation, recorded and exported nowhere). */
  exporter: 'otlp' | 'zipkin' | 'console' | 'none';
  /** The root sampler's share of new traces (1 = every trace). */
  ratio: number;
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

let started: Telemetry | undefined;

const truthy = (value: string | undefined) => value !== undefined && /^(true|1)$/i.test(value.trim());

/** The ratio of OTEL_TRACES_SAMPLER_ARG, between 0 and 1; 1 when unset or not a number. */
function ratioOf(arg: string | undefined): number {
  const ratio = arg === undefined || arg.trim() === '' ? 1 : Number(arg);
  if (!Number.isFinite(ratio)) throw new Error(`OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, not ${arg}`);
  return Math.min(1, Math.max(0, ratio));
}

/**
 * The sampler OTEL_TRACES_SAMPLER names. The default is `parentbased_traceidratio`: a request that arrives with
 * a sampled (or unsampled) `traceparent` keeps its caller's decision, and a new trace is sampled at the ratio.
 */
export function samplerFrom(env: NodeJS.ProcessEnv): {
  sampler: Sampler;
  ratio: number;
  /** A parent-based sampler's root sampler, which decides new traces. */
  roots?: Sampler;
} {
  const name = (env.OTEL_TRACES_SAMPLER ?? 'parentbased_traceidratio').trim();
  const ratio = ratioOf(env.OTEL_TRACES_SAMPLER_ARG);
  const samplers: Record<string, [Sampler, number]> = {
    always_on: [new AlwaysOnSampler(), 1],
    always_off: [new AlwaysOffSampler(), 0],
    traceidratio: [new TraceIdRatioBasedSampler(ratio), ratio],
  };
  const [own, parentBased] = name.startsWith('parentbased_') ? [name.slice(12), true] : [name, false];
  const chosen = samplers[own];
  if (!chosen) {
    throw new Error(
      `OTEL_TRACES_SAMPLER must be always_on, always_off, traceidratio or parentbased_ one of those, not ${name}`,
    );
  }
  const [root, rootRatio] = chosen;
  return parentBased
    ? { sampler: new ParentBasedSampler({ root }), ratio: rootRatio, roots: root }
    : { sampler: root, ratio: rootRatio };
}

/**
 * The exporter the environment asks for: OTEL_TRACES_EXPORTER (`otlp`, `zipkin`, `console`, `none`), else OTLP
 * over HTTP when OTEL_EXPORTER_OTLP_ENDPOINT (or its traces variant) is set, else Zipkin when
 * OTEL_EXPORTER_ZIPKIN_ENDPOINT is, else none. Each exporter reads its own endpoint and headers variables.
 */
export function exporterFrom(env: NodeJS.ProcessEnv): { kind: Telemetry['exporter']; exporter?: SpanExporter } {
  const named = env.OTEL_TRACES_EXPORTER?.split(',')[0]?.trim();
  const kind =
    named ||
    (env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
      ? 'otlp'
      : env.OTEL_EXPORTER_ZIPKIN_ENDPOINT
        ? 'zipkin'
        : 'none');
  switch (kind) {
    case 'otlp':
      return { kind, exporter: new OTLPTraceExporter() };
    case 'zipkin':
      return { kind, exporter: new ZipkinExporter() };
    case 'console':
      return { kind, exporter: consoleExporter() };
    case 'none':
      return { kind };
    default:
      throw new Error(`OTEL_TRACES_EXPORTER must be otlp, zipkin, console or none, not ${kind}`);
  }
}

/** One JSON line per span on stdout, next to the logs: for a look without a collector. */
function consoleExporter(): SpanExporter {
  return {
    export(spans, done) {
      for (const span of spans) {
        const { traceId, spanId } = span.spanContext();
        const line = {
          span: span.name,
          trace_id: traceId,
          span_id: spanId,
          parent_span_id: span.parentSpanContext?.spanId,
          kind: SpanKind[span.kind],
          duration_ms: span.duration[0] * 1e3 + span.duration[1] / 1e6,
          status: SpanStatusCode[span.status.code],
          attributes: span.attributes,
        };
        process.stdout.write(`${JSON.stringify(line)}\n`);
      }
      done({ code: 0 });
    },
    shutdown: async () => undefined,
  };
}

/**
 * Sets up tracing for this process as `name` (OTEL_SERVICE_NAME wins), once; later calls return the first
 * setup. OTEL_SDK_DISABLED=true leaves the API's no-ops: no spans, no ids, no `traceparent` sent on.
 */
export function startTelemetry(name: string, env: NodeJS.ProcessEnv = process.env): Telemetry {
  if (started) return started;
  if (truthy(env.OTEL_SDK_DISABLED)) {
    started = { exporter: 'none', ratio: 0, shutdown: async () => undefined };
    return started;
  }
  const { sampler, ratio, roots } = samplerFrom(env);
  const { kind, exporter } = exporterFrom(env);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      ...resourceAttributesOf(env.OTEL_RESOURCE_ATTRIBUTES),
      [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || name,
    }),
    sampler,
    idGenerator: spanIds,
    spanProcessors: exporter ? [new BatchSpanProcessor({ exporter, ...batchSettingsFrom(env) })] : [],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  useTracing({
    // Kept once: asking the provider for it on each span was costly (profiled).
    tracer: provider.getTracer('@travelclub/kit'),
    roots,
    sampler,
    records: exporter !== undefined,
    mongoCommands: truthy(env.TRACE_MONGODB_COMMANDS),
  });
  const stopHttpSpans = traceHttpRequests();
  started = {
    exporter: kind,
    ratio,
    async shutdown() {
      stopHttpSpans();
      await provider.shutdown().catch(() => undefined);
    },
  };
  return started;
}

/** Sends the buffered spans and stops tracing; for the process's own shutdown (run.ts). */
export async function stopTelemetry(): Promise<void> {
  await started?.shutdown();
}

/**
 * The batch span processor's settings from OTEL_BSP_* (the SDK's processor no longer reads them itself): how
 * often it exports, how many spans it sends at once, how many it buffers before dropping, how long an export may take.
 */
export function batchSettingsFrom(env: NodeJS.ProcessEnv) {
  const settings = {
    scheduledDelayMillis: env.OTEL_BSP_SCHEDULE_DELAY,
    maxExportBatchSize: env.OTEL_BSP_MAX_EXPORT_BATCH_SIZE,
    maxQueueSize: env.OTEL_BSP_MAX_QUEUE_SIZE,
    exportTimeoutMillis: env.OTEL_BSP_EXPORT_TIMEOUT,
  };
  return Object.fromEntries(
    Object.entries(settings).flatMap(([key, text]) => {
      const value = Number(text);
      return text !== undefined && text.trim() !== '' && Number.isInteger(value) && value > 0 ? [[key, value]] : [];
    }),
  ) as Partial<Record<keyof typeof settings, number>>;
}

/** `key=value,key=value` (OTEL_RESOURCE_ATTRIBUTES), values percent-decoded. */
function resourceAttributesOf(text: string | undefined): Attributes {
  const attributes: Attributes = {};
  for (const pair of (text ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    try {
      attributes[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      // A value that does not decode is left out rather than stopping the start.
    }
  }
  return attributes;
}
