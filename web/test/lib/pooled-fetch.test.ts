// The loaders' transport against a real HTTP server: what is sent, the answer's status, headers and body, a
// bodiless answer, and a call given up by its signal.
// @vitest-environment node
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, endpoints } from '@travelclub/contracts';
import { pooledFetch } from '~/lib/pooled-fetch.server';

let server: Server;
let base: string;
const seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      if (req.url === '/none') return void res.writeHead(204).end();
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2_000);
      if (req.url === '/gone') {
        res.writeHead(404, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ error: { code: 'not-found', message: 'Hotel not found' } }));
      }
      res.writeHead(201, { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
      res.end(JSON.stringify({ echo: body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('pooledFetch', () => {
  it('sends the method, path, query, headers and body, and answers with the status, headers and body', async () => {
    const res = await pooledFetch(base)(`${base}/things?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-correlation-id': 'c-1' },
      body: '{"a":1}',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('set-cookie')).toBe('a=1, b=2');
    expect(JSON.parse(await res.text())).toEqual({ echo: '{"a":1}' });
    const sent = seen.at(-1)!;
    expect([sent.method, sent.url, sent.headers['x-correlation-id'], sent.body]).toEqual([
      'POST',
      '/things?x=1',
      'c-1',
      '{"a":1}',
    ]);
  });

  it('answers a 204 without a body', async () => {
    const res = await pooledFetch(base)(`${base}/none`, { method: 'DELETE' });
    expect([res.status, await res.text()]).toEqual([204, '']);
  });

  it('gives up when its signal aborts', async () => {
    const started = Date.now();
    await expect(pooledFetch(base)(`${base}/slow`, { signal: AbortSignal.timeout(100) })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("carries the typed client's refusals as they came", async () => {
    const client = createApiClient({ baseUrl: base, fetch: pooledFetch(base) });
    // Any GET endpoint will do: the server above answers every path by its name.
    const e = { ...endpoints.catalog.hotelBySlug, path: '/gone' } as unknown as typeof endpoints.catalog.hotelBySlug;
    await expect(client.call(e, { params: { slug: 'x' } })).rejects.toMatchObject({ status: 404, code: 'not-found' });
  });
});
