// Spans and trace context, for the kit's hops (http-conventions.ts, outbox.ts, consumer-batch.ts, queues.ts,
// telemetry-clients.ts) and the web server's: starting spans, reading and writing `traceparent`, the ids in log
// lines. Set up by `startTelemetry` (telemetry.ts); before that, and with tracing off, the API's no-ops answer.
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
  type TraceState,
} from '@opentelemetry/api';
import { isTracingSuppressed } from '@opentelemetry/core';
import {
  RandomIdGenerator,
  SamplingDecision,
  type IdGenerator,
  type Sampler,
  type SamplingResult,
} from '@opentelemetry/sdk-trace';

export { SpanKind, SpanStatusCode, type Span };

/** The W3C trace context as it travels in a header map, an event (`EventEnvelope.trace`) or a job's data. */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string;
}

/** What `startTelemetry` (telemetry.ts) hands the span functions here. */
export interface Tracing {
  tracer: Tracer;
  /**
   * The root sampler of a parent-based sampler (which drops every child of an unsampled parent), for `startSpan`'s
   * own decisions; undefined for any other sampler, whose spans go through the SDK when they are recorded.
   */
  roots?: Sampler;
  /** The process's sampler, for `startSpan`'s decisions when nothing records. */
  sampler: Sampler;
  /**
   * Whether sampled spans are recorded: false when no exporter is configured, for nothing would read them. The
   * spans are still made, as ids carrying the sampler's decision: logs name them, and `traceparent` goes on.
   */
  records: boolean;
  /** TRACE_MONGODB_COMMANDS=true. */
  mongoCommands: boolean;
}

let tracing: Tracing | undefined;

/** Called once by `startTelemetry`, and with undefined by its shutdown. */
export function useTracing(settings: Tracing | undefined): void {
  tracing = settings;
}

/** Whether this process traces: `startTelemetry` ran and tracing is not disabled. */
export const tracingOn = () => tracing !== undefined;

/**
 * Whether MongoDB's commands get spans: only when asked (TRACE_MONGODB_COMMANDS=true), for the driver's command
 * events behind them cost every process, span or not, more than the rest of tracing (docs/observability.md).
 */
export const mongoCommandsTraced = () => tracing?.mongoCommands === true;

const random = new RandomIdGenerator();
/** A trace id `startSpan` has decided to sample, for the SDK to use rather than draw one of its own. */
let pinnedTraceId: string | undefined;

/** The ids the SDK gives spans (the provider's `idGenerator`): random, but for a root `startSpan` sampled. */
export const spanIds: IdGenerator = {
  generateTraceId: () => pinnedTraceId ?? random.generateTraceId(),
  generateSpanId: () => random.generateSpanId(),
};

/** A span that records nothing: a new span id in the trace it is given, with the decision it is given. */
const idsOnly = (traceId: string, traceFlags: TraceFlags, traceState?: TraceState) =>
  trace.wrapSpanContext({ traceId, spanId: random.generateSpanId(), traceFlags, traceState });

/**
 * Starts a span, a child of `parent`'s span when it has one. Under a parent-based sampler, the spans that will
 * not be sampled are made here, straight away, as the SDK would make them (ids, unsampled, recording nothing):
 * a child of an unsampled parent, and a new trace the root sampler turns down. Most requests at a low ratio are
 * one or the other, and the SDK's round (sampler, span metrics, attribute checks) was a third of tracing's cost
 * on them (profiled). A new trace the root sampler takes goes to the SDK with the trace id decided on, which its
 * sampler (the same root sampler, deciding by the trace id) takes again.
 *
 * With no exporter (`records` false) no span goes to the SDK: each is made here with the sampler's decision as
 * its flag, so the next hop, which may export, decides as it would have. Recording spans nobody exports, and
 * the attribute work that recording spans invite, were about 3% of the gateway's CPU (docs/performance-gateway.md).
 */
export function startSpan(name: string, options: SpanOptions, parent: Context): Span {
  if (!tracing) return trace.getTracer('@travelclub/kit').startSpan(name, options, parent);
  const { tracer, sampler, roots, records } = tracing;
  if (isTracingSuppressed(parent)) return tracer.startSpan(name, options, parent);
  const from = trace.getSpanContext(parent);
  const continued = from !== undefined && from.traceId !== INVALID_TRACEID && from.spanId !== INVALID_SPANID;
  const kind = options.kind ?? SpanKind.INTERNAL;
  if (!roots) {
    if (records) return tracer.startSpan(name, options, parent);
    const traceId = continued ? from.traceId : random.generateTraceId();
    const result = sampler.shouldSample(parent, traceId, name, kind, options.attributes ?? {}, options.links ?? []);
    return asDecided(traceId, result, continued ? from.traceState : undefined);
  }
  if (continued) {
    const flag = from.traceFlags & TraceFlags.SAMPLED;
    if (flag === TraceFlags.NONE || !records) return idsOnly(from.traceId, flag, from.traceState);
    return tracer.startSpan(name, options, parent);
  }
  const traceId = random.generateTraceId();
  const result = roots.shouldSample(parent, traceId, name, kind, {}, []);
  if (result.decision === SamplingDecision.NOT_RECORD || !records) return asDecided(traceId, result);
  pinnedTraceId = traceId;
  try {
    return tracer.startSpan(name, options, parent);
  } finally {
    pinnedTraceId = undefined;
  }
}

/** A span that records nothing, as the SDK would flag it for a sampler's result: its trace state, else the parent's. */
const asDecided = (traceId: string, { decision, traceState }: SamplingResult, parentState?: TraceState) =>
  idsOnly(
    traceId,
    decision === SamplingDecision.RECORD_AND_SAMPLED ? TraceFlags.SAMPLED : TraceFlags.NONE,
    traceState ?? parentState,
  );

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
  if (typeof traceparent === 'string' && carrier!.tracestate === undefined && tracing) {
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
