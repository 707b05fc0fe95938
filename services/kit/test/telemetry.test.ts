// Tracing's settings from the OTEL_* variables, and what a traced process writes: log lines inside a span carry
// its ids, and an event written inside a span carries its trace context. Tracing is started once per process, so
// this file (its own process under vitest's forks) starts it with no exporter.
import { Writable } from 'node:stream';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  batchSettingsFrom,
  contextFrom,
  currentTraceId,
  exporterFrom,
  inSpan,
  newEvent,
  samplerFrom,
  startTelemetry,
  traceLogMixin,
  tracingOn,
} from '../src/index.js';
import { invoicePaid } from './helpers.js';

describe('settings', () => {
  it('samples parent-based at the ratio by default, and as OTEL_TRACES_SAMPLER names', () => {
    const byDefault = samplerFrom({});
    expect(byDefault.sampler).toBeInstanceOf(ParentBasedSampler);
    expect(byDefault.ratio).toBe(1);
    expect(samplerFrom({ OTEL_TRACES_SAMPLER_ARG: '0.1' }).ratio).toBe(0.1);
    expect(
      samplerFrom({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' }).sampler,
    ).toBeInstanceOf(TraceIdRatioBasedSampler);
    expect(samplerFrom({ OTEL_TRACES_SAMPLER: 'always_on' }).sampler).toBeInstanceOf(AlwaysOnSampler);
    expect(samplerFrom({ OTEL_TRACES_SAMPLER: 'always_off' }).sampler).toBeInstanceOf(AlwaysOffSampler);
    expect(samplerFrom({ OTEL_TRACES_SAMPLER: 'parentbased_always_off' }).sampler).toBeInstanceOf(ParentBasedSampler);
    // Out of range is brought into range; nonsense stops the start with the variable's name.
    expect(samplerFrom({ OTEL_TRACES_SAMPLER_ARG: '7' }).ratio).toBe(1);
    expect(() => samplerFrom({ OTEL_TRACES_SAMPLER_ARG: 'a tenth' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => samplerFrom({ OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(/OTEL_TRACES_SAMPLER/);
  });

  it('exports where the environment says, and nowhere without an endpoint', () => {
    expect(exporterFrom({}).kind).toBe('none');
    expect(exporterFrom({}).exporter).toBeUndefined();
    expect(exporterFrom({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).kind).toBe('otlp');
    expect(exporterFrom({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }).kind).toBe('otlp');
    expect(exporterFrom({ OTEL_EXPORTER_ZIPKIN_ENDPOINT: 'http://zipkin:9411/api/v2/spans' }).kind).toBe('zipkin');
    // An explicit choice wins over an endpoint.
    expect(
      exporterFrom({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).kind,
    ).toBe('none');
    expect(exporterFrom({ OTEL_TRACES_EXPORTER: 'console' }).exporter).toBeDefined();
    expect(() => exporterFrom({ OTEL_TRACES_EXPORTER: 'jaeger' })).toThrow(/OTEL_TRACES_EXPORTER/);
  });

  it('reads the batch processor settings, leaving out what is not a positive whole number', () => {
    expect(batchSettingsFrom({ OTEL_BSP_SCHEDULE_DELAY: '200', OTEL_BSP_MAX_QUEUE_SIZE: '4096' })).toEqual({
      scheduledDelayMillis: 200,
      maxQueueSize: 4096,
    });
    expect(batchSettingsFrom({ OTEL_BSP_SCHEDULE_DELAY: 'soon', OTEL_BSP_EXPORT_TIMEOUT: '-1' })).toEqual({});
  });
});

describe('a traced process', () => {
  beforeAll(() => {
    startTelemetry('kit-telemetry-test', { OTEL_TRACES_EXPORTER: 'none' });
  });

  it('is on once started', () => {
    expect(tracingOn()).toBe(true);
  });

  it('writes the span ids into log lines inside a span, and none outside', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const log = pino({ mixin: traceLogMixin }, sink);
    log.info('outside');
    const ids = await inSpan('work', {}, async (span) => {
      log.child({ part: 'a child' }).info('inside');
      return span.spanContext();
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines[0]).not.toHaveProperty('trace_id');
    expect(lines[1]).toMatchObject({ msg: 'inside', trace_id: ids.traceId, span_id: ids.spanId });
  });

  it("continues a caller's trace and keeps its sampling decision", async () => {
    const traceId = 'a'.repeat(32);
    const sampled = contextFrom({ traceparent: `00-${traceId}-${'b'.repeat(16)}-01` });
    const inherited = await inSpan('child', { parent: sampled }, async (span) => span.spanContext());
    expect(inherited).toMatchObject({ traceId, traceFlags: 1 });
    const unsampled = contextFrom({ traceparent: `00-${'c'.repeat(32)}-${'d'.repeat(16)}-00` });
    const skipped = await inSpan('child', { parent: unsampled }, async (span) => span.isRecording());
    expect(skipped).toBe(false);
    // A header that is no trace context starts a new trace.
    const fresh = await inSpan('root', { parent: contextFrom({ traceparent: 'nonsense' }) }, async () =>
      currentTraceId(),
    );
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(traceId);
  });

  it('writes the trace context into an event written inside a span, and none outside', async () => {
    const ctx = { correlationId: 'corr', causationId: 'cause' };
    expect(newEvent('billing.invoice.paid', 'inv-1', invoicePaid('inv-1'), ctx)).not.toHaveProperty('trace');
    const [event, traceId] = await inSpan('write', {}, async () => [
      newEvent('billing.invoice.paid', 'inv-1', invoicePaid('inv-1'), ctx),
      currentTraceId(),
    ]);
    expect(event.trace?.traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  });
});
