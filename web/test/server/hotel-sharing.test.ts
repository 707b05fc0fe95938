// What the real web server (web/server/server.ts on the built app) shares of a hotel page, with a stand-in
// catalog that counts its calls: visitors without a session get one render for two seconds at most, compressed
// whole, and after that the same render again only while the catalog answers the same hotel; a visitor with our
// cookies gets a page rendered for them, marked private, never the shared one.
// @vitest-environment node
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotel } from '../hotel/fixtures';
import { startWebServer, type WebServer } from './web-server';

let web: WebServer;
let catalog: Server;
let site: string;
/** The catalog's calls for the hotel, by slug. */
let hotelCalls = 0;
/** The hotel's name as the stand-in catalog answers it. */
let hotelName = 'Harbour House';
let metricsSite: string;

beforeAll(async () => {
  catalog = createServer((req, res) => {
    if (req.url === '/api/v1/hotel/by-slug/harbour-house') hotelCalls++;
    const found = req.url === '/api/v1/hotel/by-slug/harbour-house';
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        found ? { ...hotel(), name: hotelName } : { error: { code: 'hotel-not-found', message: 'Hotel not found' } },
      ),
    );
  });
  await new Promise<void>((resolve) => catalog.listen(0, '127.0.0.1', resolve));
  web = startWebServer({
    LOG_LEVEL: 'info',
    CATALOG_URL: `http://127.0.0.1:${(catalog.address() as AddressInfo).port}`,
  });
  site = `http://127.0.0.1:${await web.portFrom('web app listening at')}`;
  metricsSite = `http://127.0.0.1:${await web.portFrom('metrics at')}`;
}, 180_000);

/** The web server's count of shared-page requests by outcome (hit, reused, rendered). */
async function sharedOutcomes(): Promise<Record<string, number>> {
  const text = await (await fetch(`${metricsSite}/metrics`)).text();
  const counts: Record<string, number> = { hit: 0, reused: 0, rendered: 0 };
  for (const [, outcome, value] of text.matchAll(/^web_shared_pages_total\{outcome="(\w+)"\} (\d+)$/gm))
    counts[outcome!] = Number(value);
  return counts;
}

afterAll(async () => {
  await web?.stop();
  catalog?.close();
});

const open = (headers: Record<string, string> = {}) => fetch(`${site}/hotel/harbour-house`, { headers });

describe('a hotel page', () => {
  it('is rendered once for visitors without a session, for two seconds at most', async () => {
    const before = hotelCalls;
    const first = await open({ 'accept-encoding': 'br' });
    const second = await open({ 'accept-encoding': 'br' });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=2');
    expect(hotelCalls - before).toBe(1);
    const [a, b] = [await first.text(), await second.text()];
    expect(a).toContain('Harbour House');
    // The same render, each with its own visitor's trace.
    const traces = [a, b].map((html) => /<meta name="traceparent" content="([^"]+)"/.exec(html)?.[1]);
    expect(traces[0]).not.toBe(traces[1]);
    expect(b.replace(traces[1]!, traces[0]!)).toBe(a);

    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await (await open()).text();
    expect(hotelCalls - before).toBe(2);
  });

  it('after its two seconds, asks the catalog again and renders again only when the hotel changed', async () => {
    const wait = () => new Promise((resolve) => setTimeout(resolve, 2_100));
    await (await open()).text();
    await wait();
    const [callsBefore, before] = [hotelCalls, await sharedOutcomes()];
    const same = await open({ 'accept-encoding': 'br' });
    expect(same.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=2');
    expect(await same.text()).toContain('Harbour House');
    expect(hotelCalls - callsBefore).toBe(1);
    const after = await sharedOutcomes();
    expect(after.reused - before.reused).toBe(1);
    expect(after.rendered - before.rendered).toBe(0);

    hotelName = 'Harbour House Renewed';
    try {
      await wait();
      const changed = await (await open()).text();
      expect(changed).toContain('Harbour House Renewed');
      const last = await sharedOutcomes();
      expect(last.rendered - after.rendered).toBe(1);
      expect(last.reused - after.reused).toBe(0);
    } finally {
      hotelName = 'Harbour House';
    }
  });

  it('is the visitor’s own once they bring our cookies: rendered for them and marked private', async () => {
    await (await open()).text();
    const before = hotelCalls;
    const own = await open({ cookie: 'tc_csrf=mine' });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(await own.text()).toContain('Harbour House');
    expect(hotelCalls - before).toBe(1);
  });

  it('goes out brotli-compressed whole when the browser takes it', async () => {
    // node:http, not fetch: the bytes as sent, undecoded.
    const res = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      get(`${site}/hotel/harbour-house`, { headers: { 'accept-encoding': 'br' } }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => resolve({ encoding: answer.headers['content-encoding'], body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(res.encoding).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toContain('Harbour House');
  });
});
