// The web server's traces, logs and figures, from the real server (web/server/server.ts on the built app) with
// its spans on stdout (OTEL_TRACES_EXPORTER=console) and a stand-in auth service: a page continues the
// gateway's trace, its loader's call carries it on, the page hands it to the browser, the log lines carry its
// ids, and the figures are on the metrics port only.
// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer, type WebServer } from './web-server';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const GATEWAY_SPAN = 'b7ad6b7169203331';

interface Line {
  [field: string]: unknown;
}

let web: WebServer;
let auth: Server;
const authCalls: IncomingHttpHeaders[] = [];
let site: string;
let metricsSite: string;
let page: { status: number; html: string; serverTiming: string };

/** The server's stdout as JSON lines (logs and spans). */
const lines = (): Line[] =>
  web
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);

beforeAll(async () => {
  // The auth service the root loader asks about a visitor's session: it remembers the headers, and is down.
  auth = createServer((req, res) => {
    authCalls.push(req.headers);
    res.writeHead(503, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => auth.listen(0, '127.0.0.1', resolve));

  web = startWebServer({
    LOG_LEVEL: 'debug',
    OTEL_TRACES_EXPORTER: 'console',
    AUTH_URL: `http://127.0.0.1:${(auth.address() as AddressInfo).port}`,
  });
  metricsSite = `http://127.0.0.1:${await web.portFrom('metrics at')}`;
  site = `http://127.0.0.1:${await web.portFrom('web app listening at')}`;

  // A signed-in visitor's page (the root loader calls auth), through the gateway: with its span's traceparent.
  const answer = await fetch(`${site}/faq`, {
    headers: { traceparent: `00-${TRACE_ID}-${GATEWAY_SPAN}-01`, cookie: 'tc_session=s' },
  });
  page = { status: answer.status, html: await answer.text(), serverTiming: answer.headers.get('server-timing') ?? '' };
  expect((await fetch(`${site}/health/ready`)).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await web?.stop();
  auth?.close();
});

/** The page's trace context, from its `Server-Timing: traceparent;desc="…"` (none in the page itself). */
const pageTrace = () => /^traceparent;desc="00-([0-9a-f]{32})-([0-9a-f]{16})-01"$/.exec(page.serverTiming);

describe('a page rendered for a request with a traceparent', () => {
  it('carries the trace on to the browser, with the web server’s span as parent', () => {
    expect(page.status).toBe(200);
    const trace = pageTrace();
    expect(trace?.[1]).toBe(TRACE_ID);
    expect(trace?.[2]).not.toBe(GATEWAY_SPAN);
    expect(page.html).not.toContain('traceparent');
  });

  it('calls the services inside its span', () => {
    expect(authCalls).toHaveLength(1);
    const [, trace, parent] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(authCalls[0]!.traceparent)) ?? [];
    expect(trace).toBe(TRACE_ID);
    // Its parent is the loader's client span, not the gateway's nor the page's server span.
    expect([GATEWAY_SPAN, pageTrace()?.[2]]).not.toContain(parent);
  });
});

describe('the metrics', () => {
  it('are on the metrics port, counting the page and the health check by route', async () => {
    const answer = await fetch(`${metricsSite}/metrics`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    const count = (labels: string) =>
      Number(new RegExp(`^http_server_request_duration_seconds_count\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1]);
    expect(count('method="GET",route="document",status_code="200"')).toBe(1);
    expect(count('method="GET",route="health",status_code="200"')).toBe(1);
    // Node's own figures come along.
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    // Every label of the histogram is one of a small fixed set, never an address.
    for (const [, route] of text.matchAll(/http_server_request_duration_seconds_count\{[^}]*route="([^"]+)"/g)) {
      expect(['document', 'data', 'asset', 'health']).toContain(route);
    }
  });

  it('are not on the public port', async () => {
    const answer = await fetch(`${site}/metrics`);
    expect(answer.status).toBe(404);
    const text = await answer.text();
    expect(text).not.toContain('http_server_request_duration_seconds');
    expect(text).not.toContain('nodejs_');
  });
});

describe('once stopped', () => {
  let spans: Line[];
  beforeAll(async () => {
    await web.stop();
    // The batched spans are sent at the shutdown.
    spans = lines().filter((line) => 'span' in line);
  }, 60_000);

  it('has sent the page’s server span, in the gateway’s trace, and no span for a health check', () => {
    const [served] = spans.filter((span) => span.kind === 'SERVER' && span.trace_id === TRACE_ID);
    expect(served).toMatchObject({
      span: 'GET document',
      parent_span_id: GATEWAY_SPAN,
      span_id: pageTrace()?.[2],
      status: 'UNSET',
      attributes: { 'http.route': 'document', 'http.response.status_code': 200, 'url.path': '/faq' },
    });
    const call = spans.find((span) => span.kind === 'CLIENT');
    expect(call).toMatchObject({ trace_id: TRACE_ID, parent_span_id: pageTrace()?.[2] });
    expect(spans.filter((span) => JSON.stringify(span.attributes).includes('/health'))).toEqual([]);
  });

  it('wrote the page’s log line with its trace and span ids', () => {
    const answered = lines().find((line) => line.msg === 'answered' && line.route === 'document');
    expect(answered).toMatchObject({ trace_id: TRACE_ID, span_id: pageTrace()?.[2], status: 200 });
    // Lines outside a request have none.
    expect(lines().find((line) => line.msg === 'stopped')).not.toHaveProperty('trace_id');
  });
});
