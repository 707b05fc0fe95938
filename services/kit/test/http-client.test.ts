import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callService, ServiceCallError } from '../src/index.js';

let server: Server;
let base: string;
const seen: { method?: string; url?: string; headers: IncomingHttpHeaders }[] = [];
let failuresLeft = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ method: req.method, url: req.url, headers: req.headers });
    if (req.url === '/flaky' && failuresLeft-- > 0) return void res.writeHead(503).end();
    if (req.url === '/missing')
      return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{}}');
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 500);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => server.close());

const ctx = { correlationId: 'corr-9', causationId: 'req-9' };

describe('calls between services', () => {
  it('carries the correlation and causing ids', async () => {
    seen.length = 0;
    expect(await callService(`${base}/ok`, { ctx, token: 'abc' })).toEqual({ ok: true });
    expect(seen[0]?.headers).toMatchObject({
      'x-correlation-id': 'corr-9',
      'x-request-id': 'req-9',
      authorization: 'Bearer abc',
    });
  });

  it('retries a GET after a 5xx, but never a POST', async () => {
    seen.length = 0;
    failuresLeft = 2;
    expect(await callService(`${base}/flaky`, { ctx })).toEqual({ ok: true });
    expect(seen).toHaveLength(3);

    seen.length = 0;
    failuresLeft = 1;
    await expect(callService(`${base}/flaky`, { ctx, method: 'POST', body: {} })).rejects.toMatchObject({
      status: 503,
    });
    expect(seen).toHaveLength(1);
  });

  it('does not retry a 4xx and gives its body to the caller', async () => {
    seen.length = 0;
    const err = await callService(`${base}/missing`, { ctx }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceCallError);
    expect(err).toMatchObject({ status: 404, body: { error: {} } });
    expect(seen).toHaveLength(1);
  });

  it('gives up after its timeout', async () => {
    await expect(callService(`${base}/slow`, { ctx, timeoutMs: 100, retries: 0 })).rejects.toThrow(/failed/);
  });
});
