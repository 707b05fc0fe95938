// Traces: OpenTelemetry for every part, set up once per process by its entry (server.ts) with
// `startTelemetry(name)`, from the standard OTEL_* variables (docs/observability.md). The kit makes the spans
// where it owns the hop: the HTTP server (http-conventions.ts), the outbox's publish and the consumers'
// handling (outbox.ts, consumer-batch.ts), jobs (queues.ts), MongoDB commands (mongo.ts) and Redis commands
// (redis.ts); outgoing HTTP through undici and fetch is the undici instrumentation's. Nothing here patches a
// module, so the bundled parts (scripts/build-deploy.mjs) trace as the source does. Without `startTelemetry`
// (in-process tests, tools) the API answers with no-ops, and nothing is traced.
import {
  context,
  INVALID_SPANID,
  INVALID_TRACEID,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Span,
  type SpanOptions,
  type TextMapGetter,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { isTracingSuppressed, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ZipkinExporter } from '@opentelemetry/exporter-zipkin';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  RandomIdGenerator,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export { SpanKind, SpanStatusCode, type Span };

/** The W3C trace context as it travels in a header map, an event (`EventEnvelope.trace`) or a job's data. */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

export interface Telemetry {
  /** Where spans go (`none`: made for ids and propagation, exported nowhere). */
  exporter: 'otlp' | 'zipkin' | 'console' | 'none';
  /** The root sampler's share of new traces (1 = every trace). */
  ratio: number;
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

let started: (Telemetry & { provider?: TracerProvider }) | undefined;

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
export function samplerFrom(env: NodeJS.ProcessEnv): { sampler: Sampler; ratio: number; parentBased: boolean } {
  const name = (env.OTEL_TRACES_SAMPLER ?? 'parentbased_traceidratio').trim();
  const ratio = ratioOf(env.OTEL_TRACES_SAMPLER_ARG);
  const roots: Record<string, [Sampler, number]> = {
    always_on: [new AlwaysOnSampler(), 1],
    always_off: [new AlwaysOffSampler(), 0],
    traceidratio: [new TraceIdRatioBasedSampler(ratio), ratio],
  };
  const [own, parentBased] = name.startsWith('parentbased_') ? [name.slice(12), true] : [name, false];
  const root = roots[own];
  if (!root) {
    throw new Error(
      `OTEL_TRACES_SAMPLER must be always_on, always_off, traceidratio or parentbased_ one of those, not ${name}`,
    );
  }
  return { sampler: parentBased ? new ParentBasedSampler({ root: root[0] }) : root[0], ratio: root[1], parentBased };
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
  const { sampler, ratio, parentBased } = samplerFrom(env);
  const { kind, exporter } = exporterFrom(env);
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      ...resourceAttributesOf(env.OTEL_RESOURCE_ATTRIBUTES),
      [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME || name,
    }),
    sampler,
    spanProcessors: exporter ? [new BatchSpanProcessor({ exporter, ...batchSettingsFrom(env) })] : [],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  kitTracer = provider.getTracer('@travelclub/kit');
  // A parent-based sampler drops every child of an unsampled parent (its default for both local and remote
  // parents): `startSpan` then makes that child itself, without the SDK's sampling round.
  unsampledChildrenDropped = parentBased;
  mongoCommands = truthy(env.TRACE_MONGODB_COMMANDS);
  // Outgoing HTTP through undici (the gateway's pools, fetch): a client span and the `traceparent` header.
  // Only inside a span: the probes and key fetches a part makes on its own start no trace of their own.
  // A request that already carries its trace context (the gateway's forwards write their own) is left alone.
  const undici = new UndiciInstrumentation({ requireParentforSpans: true, ignoreRequestHook: carriesTrace });
  undici.setTracerProvider(provider);
  undici.enable();
  started = {
    exporter: kind,
    ratio,
    provider,
    async shutdown() {
      undici.disable();
      unsampledChildrenDropped = false;
      await provider.shutdown().catch(() => undefined);
    },
  };
  return started;
}

/** Whether this process traces: `startTelemetry` ran and tracing is not disabled. */
export const tracingOn = () => started?.provider !== undefined;

let mongoCommands = false;
/**
 * Whether MongoDB's commands get spans: only when asked (TRACE_MONGODB_COMMANDS=true), for the driver's command
 * events behind them cost every process, span or not, more than the rest of tracing (docs/observability.md).
 */
export const mongoCommandsTraced = () => tracingOn() && mongoCommands;

/** Whether an undici request's headers (a flat list of names and values, or one string) hold a `traceparent`. */
function carriesTrace(request: { headers: string | (string | string[])[] }): boolean {
  const { headers } = request;
  if (typeof headers === 'string') return /(^|\r\n)traceparent:/i.test(headers);
  for (let i = 0; i < headers.length; i += 2) if (headers[i] === 'traceparent') return true;
  return false;
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

let kitTracer: Tracer | undefined;
let unsampledChildrenDropped = false;
const ids = new RandomIdGenerator();

/** The kit's tracer, kept once tracing started (asking the provider each time was costly, profiled). */
const tracer = (): Tracer => kitTracer ?? trace.getTracer('@travelclub/kit');

/**
 * Starts a span, a child of `parent`'s span when it has one. Under a parent-based sampler a child of an
 * unsampled parent is never sampled, so it is made here, straight away, as the SDK would make it: the parent's
 * trace id, a span id of its own, unsampled, recording nothing. Most requests at a low ratio arrive so, and the
 * SDK's round (sampler, span metrics, attribute checks) was a third of tracing's cost on them (profiled).
 */
export function startSpan(name: string, options: SpanOptions, parent: Context): Span {
  if (unsampledChildrenDropped) {
    const from = trace.getSpanContext(parent);
    if (
      from &&
      (from.traceFlags & TraceFlags.SAMPLED) === 0 &&
      from.traceId !== INVALID_TRACEID &&
      !isTracingSuppressed(parent)
    ) {
      return trace.wrapSpanContext({
        traceId: from.traceId,
        spanId: ids.generateSpanId(),
        traceFlags: TraceFlags.NONE,
        traceState: from.traceState,
      });
    }
  }
  return tracer().startSpan(name, options, parent);
}

const headerGetter: TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  get(carrier, key) {
    const value = carrier[key];
    if (Buffer.isBuffer(value)) return value.toString();
    if (Array.isArray(value)) return value.map(String);
    return typeof value === 'string' ? value : undefined;
  },
};

/** A version-00 `traceparent`: trace id, parent span id, flags. */
const TRACEPARENT_00 = /^00-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})$/;

/**
 * The context a carrier (headers, an event's `trace`, a job's data) continues; the root one when it has none.
 * The common case, a version-00 `traceparent` alone as our parts write it, is read here in one match; anything
 * else (another version, a `tracestate`, a Kafka header's bytes) goes through the W3C propagator.
 */
export function contextFrom(carrier: Record<string, unknown> | undefined): Context {
  const traceparent = carrier?.traceparent;
  if (traceparent === undefined) return ROOT_CONTEXT;
  if (typeof traceparent === 'string' && carrier!.tracestate === undefined && tracingOn()) {
    const parts = TRACEPARENT_00.exec(traceparent);
    if (parts && parts[1] !== INVALID_TRACEID && parts[2] !== INVALID_SPANID) {
      return trace.setSpanContext(ROOT_CONTEXT, {
        traceId: parts[1]!,
        spanId: parts[2]!,
        traceFlags: parseInt(parts[3]!, 16),
        isRemote: true,
      });
    }
  }
  return propagation.extract(ROOT_CONTEXT, carrier!, headerGetter);
}

/**
 * A span's context as a W3C carrier (`traceparent`, and `tracestate` when there is one), or undefined for the
 * API's no-op span (tracing off). Written here rather than through the propagator: it runs for every request the
 * gateway forwards and every event written, and the propagator checks the ids with regular expressions first.
 */
export function traceCarrierOf(span: Span | undefined): TraceCarrier | undefined {
  const ids = span?.spanContext();
  if (!ids || ids.traceId === INVALID_TRACEID) return undefined;
  const traceparent = `00-${ids.traceId}-${ids.spanId}-0${ids.traceFlags & 1}`;
  const tracestate = ids.traceState?.serialize();
  return tracestate ? { traceparent, tracestate } : { traceparent };
}

/** The active span's trace context as a carrier, or undefined outside a span (or with tracing off). */
export function currentTraceCarrier(ctx: Context = context.active()): TraceCarrier | undefined {
  return traceCarrierOf(trace.getSpan(ctx));
}

/** The active span's trace id, or undefined outside a span. */
export function currentTraceId(): string | undefined {
  const ids = trace.getSpanContext(context.active());
  return ids && trace.isSpanContextValid(ids) ? ids.traceId : undefined;
}

/** The ids a log line inside a span carries (see `traceLogMixin`). */
export function traceIdsOf(span: Span | undefined): { trace_id: string; span_id: string } | undefined {
  const ids = span?.spanContext();
  // The SDK makes only valid ids; the API's no-op span (tracing off) has all zeros. A comparison, not the API's
  // validity check, whose regular expressions cost a request on the gateway's hot path 13 µs (profiled).
  return ids && ids.traceId !== INVALID_TRACEID ? { trace_id: ids.traceId, span_id: ids.spanId } : undefined;
}

/** Where a request's logger keeps its span (http-conventions.ts), for `traceLogMixin`. */
export const LOGGER_SPAN = Symbol('loggerSpan');

/**
 * pino's `mixin`: every line written inside a span gets `trace_id` and `span_id`: those of its logger's span
 * when it has one (a request's logger, and its children), else of the active span. Read when a line is written,
 * not bound when the logger is made: most requests write no line at a production level, and binding cost each
 * of them a serialisation (profiled).
 */
export function traceLogMixin(_merge: object, _level: number, logger?: object): object {
  const own = (logger as { [LOGGER_SPAN]?: Span } | undefined)?.[LOGGER_SPAN];
  return traceIdsOf(own ?? trace.getSpan(context.active())) ?? {};
}

/**
 * Runs `work` in a new span (a child of `parent`, by default the active context), ending it when `work`
 * settles; a throw marks the span failed. The span is made even when it will not be sampled (its ids are
 * still logged), which costs a few object allocations; with tracing off it is a no-op.
 */
export async function inSpan<T>(
  name: string,
  options: {
    kind?: SpanKind;
    attributes?: Attributes;
    parent?: Context;
    links?: { context: ReturnType<Span['spanContext']> }[];
  },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = startSpan(name, { kind: options.kind, links: options.links }, parent);
  if (options.attributes && span.isRecording()) span.setAttributes(options.attributes);
  try {
    return await context.with(trace.setSpan(parent, span), work, undefined, span);
  } catch (err) {
    failSpan(span, err);
    throw err;
  } finally {
    span.end();
  }
}

/** Records an error on a span and marks it failed. */
export function failSpan(span: Span, err: unknown): void {
  if (!span.isRecording()) return;
  span.recordException(err instanceof Error ? err : String(err));
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

export { context as otelContext, trace as otelTrace };
