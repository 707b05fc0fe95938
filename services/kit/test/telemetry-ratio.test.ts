// New traces at a ratio (spans.ts's `startSpan`): a new trace the root sampler turns down is made without the
// SDK, and one it takes goes to the SDK with the trace id decided on. Tracing is started once per process, hence
// a file of its own.
import { ROOT_CONTEXT } from '@opentelemetry/api';
import { SamplingDecision, TraceIdRatioBasedSampler } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { SpanKind, startSpan, startTelemetry } from '../src/index.js';

describe('a process sampling new traces at a ratio', () => {
  it('samples each new trace as the ratio sampler decides by its trace id, once', () => {
    // An exporter, for spans are recorded only where they go somewhere; batches this test never fills or waits for.
    startTelemetry('kit-ratio-test', {
      OTEL_TRACES_EXPORTER: 'console',
      OTEL_BSP_MAX_QUEUE_SIZE: '100000',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '100000',
      OTEL_BSP_SCHEDULE_DELAY: '3600000',
      OTEL_TRACES_SAMPLER_ARG: '0.5',
    });
    const rule = new TraceIdRatioBasedSampler(0.5);
    const spans = Array.from({ length: 2000 }, () => startSpan('GET', { kind: SpanKind.SERVER }, ROOT_CONTEXT));
    const sampled = spans.filter((span) => span.isRecording());
    for (const span of spans) {
      const { traceId, spanId, traceFlags } = span.spanContext();
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(spanId).toMatch(/^[0-9a-f]{16}$/);
      // The sampled flag, recording, and the rule any other process applies to the same trace id agree.
      const taken = rule.shouldSample(ROOT_CONTEXT, traceId).decision === SamplingDecision.RECORD_AND_SAMPLED;
      expect(traceFlags, traceId).toBe(taken ? 1 : 0);
      expect(span.isRecording(), traceId).toBe(taken);
    }
    // Decided once: sampling the SDK's own fresh id a second time would keep a quarter.
    expect(sampled.length / spans.length).toBeGreaterThan(0.4);
    expect(sampled.length / spans.length).toBeLessThan(0.6);
    expect(new Set(spans.map((span) => span.spanContext().traceId)).size).toBe(spans.length);
  });
});
