// Tracing's settings from the OTEL_* variables, and what a traced process writes: log lines inside a span carry
// its ids, and an event written inside a span carries its trace context. Tracing is started once per process, so
// this file (its own process under vitest's forks) starts it with no exporter.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { ROOT_CONTEXT } from '@opentelemetry/api';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace';
import Fastify, { type FastifyRequest } from 'fastify';
import pino from 'pino';
import { request } from 'undici';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyHttpConventions,
  batchSettingsFrom,
  contextFrom,
  currentTraceId,
  exporterFrom,
  inSpan,
  mongoCommandsTraced,
  newEvent,
  otelContext,
  otelTrace,
  samplerFrom,
  serverOptions,
  startTelemetry,
  traceCarrierOf,
  traceLogMixin,
  tracingOn,
} from '../src/index.js';
import { appLoggingTo, invoicePaid } from './helpers.js';

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

  it('is on once started, without MongoDB command spans unless asked', () => {
    expect(tracingOn()).toBe(true);
    expect(mongoCommandsTraced()).toBe(false);
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

  it("writes the request's span ids into every line about a request, its logger's children's and Fastify's own", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLoggingTo('kit-traced-log', lines);
    app.get('/work', async (req) => {
      // Inside a span of its own, a line of the request's logger still names the request's span.
      await inSpan('inner', {}, async () => req.log.child({ step: 'inner' }).info('working'));
      return { span: req.span.spanContext().spanId };
    });
    const traceId = '9'.repeat(32);
    try {
      for (const flags of ['01', '00']) {
        lines.length = 0;
        const res = await app.inject({
          url: '/work',
          headers: { traceparent: `00-${traceId}-${'8'.repeat(16)}-${flags}` },
        });
        const { span } = res.json<{ span: string }>();
        const about = (msg: string) => lines.find((line) => line.msg === msg);
        // Sampled or not, the ids are logged: a line leads to the trace whenever the trace was kept.
        for (const msg of ['working', 'request completed']) {
          expect(about(msg), `${msg} (${flags})`).toMatchObject({ trace_id: traceId, span_id: span });
        }
      }
    } finally {
      await app.close();
    }
  });

  it('runs a handler inside its request span, unless the route passes the span on itself', async () => {
    const app = Fastify(serverOptions({ name: 'kit-active-span', logLevel: 'silent' }));
    applyHttpConventions(app);
    const seen = (req: FastifyRequest) => ({
      active: otelTrace.getSpan(otelContext.active())?.spanContext().spanId ?? null,
      own: req.span.spanContext().spanId,
    });
    app.get('/inside', async (req) => seen(req));
    app.get('/outside', { config: { passesSpanOn: true } }, async (req) => seen(req));
    try {
      const inside = (await app.inject({ url: '/inside' })).json<{ active: string; own: string }>();
      expect(inside.active).toBe(inside.own);
      const outside = (await app.inject({ url: '/outside' })).json<{ active: string | null; own: string }>();
      expect(outside.own).toMatch(/^[0-9a-f]{16}$/);
      expect(outside.active).toBeNull();
    } finally {
      await app.close();
    }
  });

  it("continues a caller's trace and keeps its sampling decision", async () => {
    const traceId = 'a'.repeat(32);
    const sampled = contextFrom({ traceparent: `00-${traceId}-${'b'.repeat(16)}-01` });
    const inherited = await inSpan('child', { parent: sampled }, async (span) => span.spanContext());
    expect(inherited).toMatchObject({ traceId, traceFlags: 1 });
    expect(inherited.spanId).toMatch(/^[0-9a-f]{16}$/);
    // An unsampled caller: the child is made without the SDK's sampling round (spans.ts), but as the SDK
    // would make it: the caller's trace, a span id of its own, unsampled, recording nothing, its tracestate kept.
    const unsampled = contextFrom({ traceparent: `00-${'c'.repeat(32)}-${'d'.repeat(16)}-00`, tracestate: 'tc=1' });
    const [skipped, recording] = await inSpan(
      'child',
      { parent: unsampled },
      async (span) => [span, span.isRecording()] as const,
    );
    expect(recording).toBe(false);
    expect(skipped.spanContext()).toMatchObject({ traceId: 'c'.repeat(32), traceFlags: 0 });
    expect(skipped.spanContext().spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(skipped.spanContext().spanId).not.toBe('d'.repeat(16));
    expect(skipped.spanContext().traceState?.serialize()).toBe('tc=1');
    const siblings = await Promise.all(
      [1, 2].map(() => inSpan('child', { parent: unsampled }, async (span) => span.spanContext().spanId)),
    );
    expect(siblings[0]).not.toBe(siblings[1]);
    // A header that is no trace context starts a new trace.
    const fresh = await inSpan('root', { parent: contextFrom({ traceparent: 'nonsense' }) }, async () =>
      currentTraceId(),
    );
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(traceId);
  });

  it('records nothing with no exporter, but makes every span its ids and passes each decision on', async () => {
    const traceId = '1'.repeat(32);
    const sampled = contextFrom({ traceparent: `00-${traceId}-${'2'.repeat(16)}-01` });
    const [child, childRecords] = await inSpan(
      'child',
      { parent: sampled },
      async (span) => [span, span.isRecording()] as const,
    );
    expect(childRecords).toBe(false);
    expect(child.spanContext()).toMatchObject({ traceId, traceFlags: 1 });
    expect(child.spanContext().spanId).not.toBe('2'.repeat(16));
    expect(traceCarrierOf(child)?.traceparent).toBe(`00-${traceId}-${child.spanContext().spanId}-01`);
    // A new trace: the root sampler (ratio 1 by default) takes it, and the next hop is told so.
    const [root, rootRecords] = await inSpan(
      'root',
      { parent: ROOT_CONTEXT },
      async (span) => [span, span.isRecording()] as const,
    );
    expect(rootRecords).toBe(false);
    expect(root.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(root.spanContext().traceFlags).toBe(1);
    // A parent without a span id is no parent, as the SDK has it: a new trace.
    const broken = otelTrace.setSpanContext(ROOT_CONTEXT, { traceId, spanId: '0'.repeat(16), traceFlags: 1 });
    const fresh = await inSpan('fresh', { parent: broken }, async (span) => span.spanContext().traceId);
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(traceId);
  });

  it('reads a traceparent as the W3C propagator does, and refuses what it refuses', () => {
    const remote = (carrier: Record<string, unknown>) => otelTrace.getSpanContext(contextFrom(carrier));
    const id = 'e'.repeat(32);
    expect(remote({ traceparent: `00-${id}-${'f'.repeat(16)}-01` })).toEqual({
      traceId: id,
      spanId: 'f'.repeat(16),
      traceFlags: 1,
      isRemote: true,
    });
    // Flags beyond the sampled bit are kept, as the propagator keeps them.
    expect(remote({ traceparent: `00-${id}-${'f'.repeat(16)}-03` })?.traceFlags).toBe(3);
    // A Kafka header's bytes, and a later version's extra field, go through the propagator.
    expect(remote({ traceparent: Buffer.from(`00-${id}-${'f'.repeat(16)}-01`) })?.traceId).toBe(id);
    expect(remote({ traceparent: `01-${id}-${'f'.repeat(16)}-01-later` })?.traceId).toBe(id);
    for (const refused of [
      `00-${'0'.repeat(32)}-${'f'.repeat(16)}-01`,
      `00-${id}-${'0'.repeat(16)}-01`,
      `00-${id.toUpperCase()}-${'f'.repeat(16)}-01`,
      `00-${id}-${'f'.repeat(16)}-01-more`,
      `ff-${id}-${'f'.repeat(16)}-01`,
      `00-${id}-${'f'.repeat(15)}-01`,
    ]) {
      expect(remote({ traceparent: refused }), refused).toBeUndefined();
    }
  });

  it('sends the trace context with a call made inside a span, sampled or not, and none outside one', async () => {
    const seen: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      const header = req.headers.traceparent;
      seen.push(typeof header === 'string' ? header : undefined);
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const call = async (headers: Record<string, string> = {}) => {
        await (await request(`${base}/x`, { headers })).body.text();
        return seen.at(-1);
      };
      await call();
      expect(seen).toEqual([undefined]);
      for (const flags of ['01', '00']) {
        const traceId = flags === '01' ? '3'.repeat(32) : '4'.repeat(32);
        const caller = contextFrom({ traceparent: `00-${traceId}-${'5'.repeat(16)}-${flags}` });
        const [sent, fetched, own] = await inSpan('calling', { parent: caller }, async (span) => [
          // fetch (Node's own undici) and the undici package publish on the same channels.
          await call(),
          (await fetch(`${base}/y`).then((res) => res.text()), seen.at(-1)),
          span.spanContext().spanId,
        ]);
        // The call's own span (a child of the calling span) is the parent the server sees, with the decision kept.
        for (const header of [sent, fetched]) {
          expect(header).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-${flags}$`));
          expect(header).not.toContain(own);
        }
        expect(sent).not.toBe(fetched);
        expect(own).toMatch(/^[0-9a-f]{16}$/);
      }
      // A request that carries its own trace context (the gateway's forwards) keeps it.
      const own = `00-${'6'.repeat(32)}-${'7'.repeat(16)}-01`;
      expect(await inSpan('forwarding', {}, () => call({ traceparent: own }))).toBe(own);
    } finally {
      server.close();
    }
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
