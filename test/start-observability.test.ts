// What `npm start` gives each part for traces and metrics (scripts/start-observability.mjs) and how the local
// infrastructure keeps Zipkin (scripts/infra.mjs): which parts send spans where, when Zipkin is started, and what
// the printout says. Zipkin itself is not started here (131 MB, 5 to 20 s): a stand-in answers its health check.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Infra from '../scripts/infra.mjs';
import {
  metricsEndpoints,
  metricsPortsOf,
  observabilityLines,
  ownTracingChoices,
  tracingEnvOf,
  zipkinWanted,
} from '../scripts/start-observability.mjs';

const zipkinUrl = 'http://127.0.0.1:9411';

describe("the parts' trace settings", () => {
  it('names each part as the kit does and sends its spans to Zipkin', () => {
    for (const part of ['auth', 'catalog', 'gateway', 'web']) {
      expect(tracingEnvOf(part, {}, zipkinUrl)).toEqual({
        OTEL_SERVICE_NAME: part,
        TRACE_MONGODB_COMMANDS: 'true',
        OTEL_TRACES_EXPORTER: 'zipkin',
        OTEL_EXPORTER_ZIPKIN_ENDPOINT: 'http://127.0.0.1:9411/api/v2/spans',
      });
    }
  });

  it('leaves the exporter to an environment that chose one, and still names each part', () => {
    const choices = [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' },
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' },
      { OTEL_TRACES_EXPORTER: 'console' },
      { OTEL_EXPORTER_ZIPKIN_ENDPOINT: 'http://zipkin.example:9411/api/v2/spans' },
      { OTEL_SDK_DISABLED: 'true' },
    ];
    for (const env of choices) {
      expect(ownTracingChoices(env)).toEqual(Object.keys(env));
      expect(tracingEnvOf('billing', env, zipkinUrl)).toEqual({
        OTEL_SERVICE_NAME: 'billing',
        TRACE_MONGODB_COMMANDS: 'true',
      });
    }
    // A part's name wins over one OTEL_SERVICE_NAME for all (it would merge nine processes into one service).
    expect(tracingEnvOf('billing', { OTEL_SERVICE_NAME: 'all' }, zipkinUrl).OTEL_SERVICE_NAME).toBe('billing');
    // MongoDB's command spans, on for a local run, stay as the environment says.
    expect(tracingEnvOf('billing', { TRACE_MONGODB_COMMANDS: 'false' }, zipkinUrl).TRACE_MONGODB_COMMANDS).toBe(
      'false',
    );
    // Settings that do not say where spans go are not a choice.
    expect(ownTracingChoices({ OTEL_SDK_DISABLED: 'false', OTEL_TRACES_SAMPLER_ARG: '0.1' })).toEqual([]);
  });

  it('sets no exporter when no Zipkin runs', () => {
    expect(tracingEnvOf('auth', {}, undefined)).toEqual({ OTEL_SERVICE_NAME: 'auth', TRACE_MONGODB_COMMANDS: 'true' });
  });
});

describe('when `npm start` runs Zipkin', () => {
  it('with the local infrastructure, unless told otherwise or the spans go elsewhere', () => {
    expect(zipkinWanted({}, { serversGiven: false })).toBe(true);
    expect(zipkinWanted({ TRAVELCLUB_ZIPKIN: 'off' }, { serversGiven: false })).toBe(false);
    expect(zipkinWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, { serversGiven: false })).toBe(false);
  });

  it('not with servers given in the environment (the tests of `npm start` among them), unless asked', () => {
    expect(zipkinWanted({}, { serversGiven: true })).toBe(false);
    expect(zipkinWanted({ TRAVELCLUB_ZIPKIN: 'on' }, { serversGiven: true })).toBe(true);
  });

  it('refuses a switch it does not know', () => {
    expect(() => zipkinWanted({ TRAVELCLUB_ZIPKIN: 'yes' }, { serversGiven: false })).toThrow(
      'TRAVELCLUB_ZIPKIN must be on or off, not "yes"',
    );
  });
});

describe('metrics', () => {
  it("gives the gateway and the web server a metrics port each, and lists every part's endpoint", () => {
    const metricsPorts = metricsPortsOf({});
    expect(metricsPorts).toEqual({ gateway: 9464, web: 9465 });
    expect(metricsPortsOf({ GATEWAY_METRICS_PORT: '19464', WEB_METRICS_PORT: '19465', METRICS_PORT: '1' })).toEqual({
      gateway: 19464,
      web: 19465,
    });
    const ports = { gateway: 8080, auth: 3001, catalog: 3002, web: 3000 };
    expect(metricsEndpoints(['auth', 'catalog', 'gateway', 'web'], ports, metricsPorts)).toEqual([
      ['auth', 'http://127.0.0.1:3001/metrics'],
      ['catalog', 'http://127.0.0.1:3002/metrics'],
      ['gateway', 'http://127.0.0.1:9464/metrics'],
      ['web', 'http://127.0.0.1:9465/metrics'],
    ]);
  });
});

describe('the printout', () => {
  const metrics: [string, string][] = [
    ['auth', 'http://127.0.0.1:3001/metrics'],
    ['gateway', 'http://127.0.0.1:9464/metrics'],
  ];

  it("gives Zipkin's page, where a booking's trace opens, and every metrics endpoint", () => {
    expect(observabilityLines({ zipkinUrl, zipkinUp: true, metrics })).toEqual([
      'Traces: http://127.0.0.1:9411/zipkin/ (Zipkin). Book a trip, then open its trace there: "Run query" ' +
        'lists the newest traces, or paste a trace_id from the logs.',
      "Metrics (Prometheus' text format):",
      '  auth           http://127.0.0.1:3001/metrics',
      '  gateway        http://127.0.0.1:9464/metrics',
    ]);
  });

  it('says so while Zipkin is still starting, when the spans go elsewhere, and when none runs', () => {
    expect(observabilityLines({ zipkinUrl, zipkinUp: false, metrics })[0]).toBe(
      "Traces: Zipkin is still starting at http://127.0.0.1:9411/zipkin/; a booking's trace can be opened " +
        'there once it answers (spans sent before that are dropped).',
    );
    expect(observabilityLines({ tracingElsewhere: ['OTEL_EXPORTER_OTLP_ENDPOINT'], metrics })[0]).toBe(
      'Traces: where your OTEL_EXPORTER_OTLP_ENDPOINT send them (no Zipkin started).',
    );
    expect(observabilityLines({ metrics })[0]).toBe('Traces: no Zipkin this run (TRAVELCLUB_ZIPKIN=on starts one).');
  });
});

describe('Zipkin in the local infrastructure', () => {
  let folder: string;
  let standIn: Server;
  let port: number;
  let infra: typeof Infra;

  beforeAll(async () => {
    // An infrastructure folder of this file's own; infra.mjs reads it when first imported.
    folder = await mkdtemp(join(tmpdir(), 'travelclub-zipkin-'));
    process.env.TRAVELCLUB_INFRA_DIR = folder;
    standIn = createServer((req, res) => {
      if (req.url !== '/health') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end('{\n  "status" : "UP"\n}');
    });
    await new Promise<void>((done) => standIn.listen(0, '127.0.0.1', done));
    port = (standIn.address() as AddressInfo).port;
    process.env.ZIPKIN_PORT = String(port);
    infra = await import('../scripts/infra.mjs');
  });

  afterAll(async () => {
    delete process.env.ZIPKIN_PORT;
    await new Promise((done) => standIn.close(done));
    await rm(folder, { recursive: true, force: true });
  });

  it('is not among the servers `up` brings by default (the tests, `infra:up`)', () => {
    expect(infra.dataServers).toEqual(['redis', 'mongo', 'kafka']);
  });

  it('is used as it is when one already answers on ZIPKIN_PORT, shown by status, and left running by down', async () => {
    const { env, started, zipkin } = await infra.up({ servers: ['zipkin'] });
    expect(env).toEqual({});
    expect(started).toEqual([]);
    expect(zipkin).toEqual({ port, url: `http://127.0.0.1:${port}`, startedByUs: false });
    expect((await infra.status()).split('\n')).toContain(
      `zipkin running http://127.0.0.1:${port}/zipkin/, traces in memory (already running on this machine)`,
    );
    await infra.down();
    expect(standIn.listening).toBe(true);
    expect(await infra.status()).toMatch(/^zipkin not started$/m);
  });

  it('refuses a server it does not know', async () => {
    await expect(infra.up({ servers: ['zipkn'] })).rejects.toThrow('no such server: zipkn');
  });
});
