// New traces at a ratio (spans.ts's `startSpan`): a new trace the root sampler turns down is made without the
// SDK, and one it takes goes to the SDK with the trace id decided on; with no exporter, none goes to the SDK,
// and each carries the decision in its flag. Tracing is started once per process, hence a file of its own.
import { ROOT_CONTEXT } from '@opentelemetry/api';
import { SamplingDecision, TraceIdRatioBasedSampler, TracerProvider } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { samplerFrom, SpanKind, startSpan, startTelemetry, useTracing } from '../src/index.js';

const RATIO = { OTEL_TRACES_SAMPLER_ARG: '0.5' };

/** 2,000 new traces, each checked against the rule any process applies to its trace id; the share sampled. */
function newTraces(recordsTaken: boolean): number {
  const rule = new TraceIdRatioBasedSampler(0.5);
  const spans = Array.from({ length: 2000 }, () => startSpan('GET', { kind: SpanKind.SERVER }, ROOT_CONTEXT));
  let taken = 0;
  for (const span of spans) {
    const { traceId, spanId, traceFlags } = span.spanContext();
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(spanId).toMatch(/^[0-9a-f]{16}$/);
    // The sampled flag, recording, and the rule any other process applies to the same trace id agree.
    const sampled = rule.shouldSample(ROOT_CONTEXT, traceId).decision === SamplingDecision.RECORD_AND_SAMPLED;
    expect(traceFlags, traceId).toBe(sampled ? 1 : 0);
    expect(span.isRecording(), traceId).toBe(sampled && recordsTaken);
    if (sampled) taken++;
  }
  expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(spans.length);
  return taken / spans.length;
}

describe('a process sampling new traces at a ratio', () => {
  it('samples each new trace as the ratio sampler decides by its trace id, once', () => {
    // An exporter, for spans are recorded only where they go somewhere (these are never ended: none is printed).
    startTelemetry('kit-ratio-test', { ...RATIO, OTEL_TRACES_EXPORTER: 'console' });
    // Decided once: sampling the SDK's own fresh id a second time would keep a quarter.
    const share = newTraces(true);
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
  });

  it('with no exporter, flags each new trace as decided and records none', () => {
    const { sampler, roots } = samplerFrom(RATIO);
    const tracer = new TracerProvider({ sampler }).getTracer('kit-ratio-test');
    useTracing({ tracer, sampler, roots, records: false, mongoCommands: false });
    const share = newTraces(false);
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.6);
  });
});
