// What the real web server (web/server/server.ts on the built app) shares of a hotel page, with a stand-in
// catalog that counts its calls: visitors without a session get one render for two seconds at most, compressed
// whole, and after that the same render again only while the catalog answers the same hotel; a visitor with our
// cookies gets a page rendered for them, marked private, never the shared one. The catalog tags the hotel (as the
// real one does): the web server asks again with the tag it holds, and an unchanged hotel comes back 304, unread.
// @vitest-environment node
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availability, hotel, image, rate, roomType } from '../hotel/fixtures';
import { startWebServer, type WebServer } from './web-server';

let web: WebServer;
let catalog: Server;
let site: string;
/** The catalog's calls for the hotel, by slug. */
let hotelCalls = 0;
/** The hotel's name as the stand-in catalog answers it. */
let hotelName = 'Harbour House';
/** The If-None-Match of each call for the hotel, and how many were answered 304. */
const heldTags: (string | undefined)[] = [];
let notModified = 0;
let metricsSite: string;
/** The catalog's answer: besides what the page shows, room types, a supplier's reference and a map position. */
const catalogHotel = hotel({
  roomTypes: [{ ...roomType('suite', []), roomDetails: 'Suite details the page never shows' }],
  providerReference: { provider: 'demo', id: 'supplier-ref-7781' },
  coordinates: { latitude: 38.70321, longitude: -9.13654 },
  // The page writes the address from its parts, and shows no like count.
  addressLine: 'Address line as the catalog joins it',
  likes: 987654,
});

/** A search's rates: besides what the page shows, supplier references, more photos, offers and promotions. */
const catalogRates = availability({
  roomTypes: [
    {
      ...roomType('suite', [
        { ...rate('r-suite', 52000), offers: ['Offer the page never shows'], promotions: ['Promotion it never shows'] },
      ]),
      images: [image('suite-photo-1'), image('suite-photo-2')],
      providerReference: { provider: 'demo', id: 'room-ref-5531' },
    },
  ],
});

beforeAll(async () => {
  catalog = createServer((req, res) => {
    if (req.url === '/api/v1/hotel/h1/checkAvailability') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(catalogRates));
      return;
    }
    const found = req.url === '/api/v1/hotel/by-slug/harbour-house';
    const etag = `W/"${hotelName.length}-${hotelName.replace(/\W/g, '')}"`;
    if (found) {
      hotelCalls++;
      heldTags.push(req.headers['if-none-match']);
      if (req.headers['if-none-match'] === etag) {
        notModified++;
        res.writeHead(304, { etag, 'cache-control': 'public, no-cache' }).end();
        return;
      }
    }
    res.writeHead(found ? 200 : 404, {
      'content-type': 'application/json',
      ...(found && { etag, 'cache-control': 'public, no-cache' }),
    });
    res.end(
      JSON.stringify(
        found
          ? { ...catalogHotel, name: hotelName }
          : { error: { code: 'hotel-not-found', message: 'Hotel not found' } },
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

afterAll(async () => {
  await web?.stop();
  catalog?.close();
});

/** The web server's count of shared-page requests with this outcome (hit, reused, rendered). */
async function sharedPages(outcome: string): Promise<number> {
  const text = await (await fetch(`${metricsSite}/metrics`)).text();
  return Number(new RegExp(`^web_shared_pages_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
}

/** Past the turn of the hour when it is under 10 s away: a page's fingerprint counts the hour. */
async function clearOfTheHour() {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

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
    // The same render, the same bytes, each with its own visitor's trace beside it.
    expect(b).toBe(a);
    expect(a).not.toContain('traceparent');
    const traces = [first, second].map(
      (answer) =>
        /^traceparent;desc="(00-[0-9a-f]{32}-[0-9a-f]{16}-0[01])"$/.exec(
          answer.headers.get('server-timing') ?? '',
        )?.[1],
    );
    expect(traces[0]).toBeDefined();
    expect(traces[1]).toBeDefined();
    expect(traces[0]).not.toBe(traces[1]);

    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await (await open()).text();
    expect(hotelCalls - before).toBe(2);
  });

  it('after its two seconds, asks the catalog again and renders again only when the hotel changed', async () => {
    const wait = () => new Promise((resolve) => setTimeout(resolve, 2_100));
    await clearOfTheHour();
    await (await open()).text();
    await wait();
    const outcomes = async () => ({
      revalidated: await sharedPages('revalidated'),
      reused: await sharedPages('reused'),
      rendered: await sharedPages('rendered'),
    });
    const [callsBefore, before] = [hotelCalls, await outcomes()];
    const same = await open({ 'accept-encoding': 'br' });
    expect(same.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=2');
    expect(await same.text()).toContain('Harbour House');
    // The page's one call, asked again with its tag: unchanged, so nothing else ran.
    expect(hotelCalls - callsBefore).toBe(1);
    expect(heldTags.at(-1)).toBe('W/"13-HarbourHouse"');
    expect(await outcomes()).toEqual({ ...before, revalidated: before.revalidated + 1 });

    hotelName = 'Harbour House Renewed';
    try {
      await wait();
      expect(await (await open()).text()).toContain('Harbour House Renewed');
      expect(await outcomes()).toEqual({
        ...before,
        revalidated: before.revalidated + 1,
        rendered: before.rendered + 1,
      });
    } finally {
      hotelName = 'Harbour House';
    }
  });

  it('with a search (a call no tag answers), after its two seconds runs the loaders and reuses it while the data is the same', async () => {
    const wait = () => new Promise((resolve) => setTimeout(resolve, 2_100));
    const searched = () => fetch(`${site}/hotel/harbour-house?searchId=search-reuse`);
    await clearOfTheHour();
    await (await searched()).text();
    await wait();
    const [revalidated, reused] = [await sharedPages('revalidated'), await sharedPages('reused')];
    expect(await (await searched()).text()).toContain('Rate r-suite');
    expect(await sharedPages('reused')).toBe(reused + 1);
    expect(await sharedPages('revalidated')).toBe(revalidated);
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

  it('asks the catalog with the tag it holds: an unchanged hotel comes back 304 and still shows, a changed one anew', async () => {
    const own = async () => (await open({ cookie: 'tc_csrf=mine' })).text();
    await own();
    const [calls, unread] = [hotelCalls, notModified];
    expect(await own()).toContain('Harbour House');
    expect(heldTags.at(-1)).toBe('W/"13-HarbourHouse"');
    expect(notModified).toBe(unread + 1);

    hotelName = 'Harbour House Renewed';
    try {
      expect(await own()).toContain('Harbour House Renewed');
      expect(notModified).toBe(unread + 1);
      expect(await own()).toContain('Harbour House Renewed');
      expect(heldTags.at(-1)).toBe('W/"21-HarbourHouseRenewed"');
      expect(notModified).toBe(unread + 2);
      expect(hotelCalls - calls).toBe(3);
    } finally {
      hotelName = 'Harbour House';
    }
  });

  it('carries only what it shows: without a search, no room types, supplier reference, map position or likes', async () => {
    const page = await (await open()).text();
    expect(page).toContain('A calm hotel by the river.');
    expect(page).toContain('Children of all ages are welcome.');
    const unshown = [
      'Suite details the page never shows',
      'supplier-ref-7781',
      '38.70321',
      'city-2267057',
      'Address line as the catalog joins it',
      '987654',
    ];
    for (const text of unshown) expect(page).not.toContain(text);
  });

  it('with a search, carries the rates as it shows them, without the rest of the catalog’s answer', async () => {
    const page = await (await fetch(`${site}/hotel/harbour-house?searchId=search-123`)).text();
    expect(page).toContain('Rate r-suite');
    expect(page).toContain('suite-photo-1');
    for (const text of ['Offer the page never shows', 'Promotion it never shows', 'suite-photo-2', 'room-ref-5531'])
      expect(page).not.toContain(text);
  });

  it('names the routes’ manifest file, which browsers keep, instead of writing part of it into every page', async () => {
    const page = await (await fetch(`${site}/hotel/harbour-house?searchId=search-123`)).text();
    expect(page).not.toContain('__reactRouterManifest');
    const manifest = /<link rel="modulepreload" href="(\/assets\/manifest-[0-9a-f]+\.js)"/.exec(page)?.[1];
    expect(manifest).toBeDefined();
    const file = await fetch(`${site}${manifest}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public,max-age=31536000,immutable');
    // Every page's route is in it, so a browser never asks the server which route a link leads to.
    const routes = await file.text();
    for (const route of ['routes/hotel', 'routes/club-home', 'routes/search', 'routes/dashboard'])
      expect(routes).toContain(route);
  });

  it('tells a page of an earlier build that still asks for routes to load itself again, not an error page', async () => {
    const res = await fetch(`${site}/__manifest?paths=%2F%2Chotel&version=0ld0ld00`);
    expect(res.status).toBe(204);
    expect(res.headers.get('x-remix-reload-document')).toBe('true');
    expect(res.headers.get('cache-control')).toBe('no-store');
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
