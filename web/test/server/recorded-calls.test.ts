// The calls of a shared render, recorded as they are answered, and asked again by their tags once its time is
// over (lib/api.server.ts, for the page cache): against a stand-in catalog that tags the hotel as the real one
// does, answers 304 to the tag it holds, and tags no search's rates.
// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoints } from '@travelclub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCall, unchangedAnswers, withCallsRecorded } from '~/lib/api.server';
import type { RecordedCall } from '~/lib/page-reuse.server';
import { availability, hotel } from '../hotel/fixtures';

let catalog: Server;
let base: string;
let name = 'Harbour House';
/** Every If-None-Match the catalog was asked with, for the hotel. */
const asked: (string | undefined)[] = [];

beforeAll(async () => {
  catalog = createServer((req, res) => {
    if (req.method === 'POST') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(availability()));
      return;
    }
    asked.push(req.headers['if-none-match']);
    const etag = `W/"${name.length}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag, 'cache-control': 'public, no-cache' }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', etag, 'cache-control': 'public, no-cache' });
    res.end(JSON.stringify({ ...hotel(), name }));
  });
  await new Promise<void>((done) => catalog.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(catalog.address() as AddressInfo).port}`;
  process.env.CATALOG_URL = base;
});
afterAll(() => catalog.close());

const request = new Request('http://web.test/hotel/harbour-house');
const hotelCall = () => serverCall(request, endpoints.catalog.hotelBySlug, { params: { slug: 'harbour-house' } });
const ratesCall = () =>
  serverCall(request, endpoints.catalog.checkAvailability, {
    params: { id: 'h1' },
    body: { hotelId: 'h1', hotelSearchId: 'search-1' },
  });

describe('a shared render’s calls', () => {
  it('are recorded with the tag each answer is kept by, and only inside the render', async () => {
    const calls: RecordedCall[] = [];
    await withCallsRecorded(calls, async () => {
      await hotelCall();
      await ratesCall();
    });
    await hotelCall();
    expect(calls).toEqual([
      { baseUrl: base, url: `${base}/api/v1/hotel/by-slug/harbour-house`, etag: 'W/"13"' },
      { baseUrl: base, url: `${base}/api/v1/hotel/h1/checkAvailability`, etag: undefined },
    ]);
  });

  it('answer unchanged while every one comes back 304 to its tag, and changed once one does not', async () => {
    const calls: RecordedCall[] = [];
    await withCallsRecorded(calls, hotelCall);
    const before = asked.length;
    expect(await unchangedAnswers(calls)).toBe(true);
    expect(asked.slice(before)).toEqual(['W/"13"']);
    name = 'Harbour House Renewed';
    try {
      expect(await unchangedAnswers(calls)).toBe(false);
    } finally {
      name = 'Harbour House';
    }
  });

  it('cannot be checked when one was not answered by a tag: nothing is asked', async () => {
    const calls: RecordedCall[] = [];
    await withCallsRecorded(calls, async () => {
      await hotelCall();
      await ratesCall();
    });
    const before = asked.length;
    expect(await unchangedAnswers(calls)).toBe(false);
    expect(await unchangedAnswers([])).toBe(false);
    expect(asked.length).toBe(before);
  });

  it('of two renders at once are each their own', async () => {
    const one: RecordedCall[] = [];
    const two: RecordedCall[] = [];
    await Promise.all([
      withCallsRecorded(one, async () => {
        await hotelCall();
        await ratesCall();
      }),
      withCallsRecorded(two, async () => {
        await ratesCall();
        await hotelCall();
      }),
    ]);
    const urls = (calls: RecordedCall[]) => calls.map((call) => call.url.replace(base, ''));
    expect(urls(one)).toEqual(['/api/v1/hotel/by-slug/harbour-house', '/api/v1/hotel/h1/checkAvailability']);
    expect(urls(two)).toEqual(['/api/v1/hotel/h1/checkAvailability', '/api/v1/hotel/by-slug/harbour-house']);
  });

  it('made with the visitor’s cookies carry no tag, tagged as the answer is', async () => {
    const calls: RecordedCall[] = [];
    const signedIn = new Request('http://web.test/hotel/harbour-house', { headers: { cookie: 'tc_session=s' } });
    await withCallsRecorded(calls, () =>
      serverCall(signedIn, endpoints.catalog.hotelBySlug, { params: { slug: 'harbour-house' } }, { cookies: true }),
    );
    expect(calls).toEqual([{ baseUrl: base, url: `${base}/api/v1/hotel/by-slug/harbour-house`, etag: undefined }]);
  });

  it('count a call that failed before it was sent, without a tag', async () => {
    const calls: RecordedCall[] = [];
    const catalogUrl = process.env.CATALOG_URL;
    delete process.env.CATALOG_URL;
    try {
      await expect(withCallsRecorded(calls, hotelCall)).rejects.toThrow('No address is set for the catalog service');
    } finally {
      process.env.CATALOG_URL = catalogUrl;
    }
    expect(calls).toEqual([{ baseUrl: '', url: endpoints.catalog.hotelBySlug.path, etag: undefined }]);
  });

  it('count as changed when a service holds its answer past the check’s second', async () => {
    const held = createServer(() => undefined);
    await new Promise<void>((done) => held.listen(0, '127.0.0.1', done));
    const heldBase = `http://127.0.0.1:${(held.address() as AddressInfo).port}`;
    try {
      const began = Date.now();
      const call = { baseUrl: heldBase, url: `${heldBase}/api/v1/hotel/by-slug/harbour-house`, etag: 'W/"13"' };
      expect(await unchangedAnswers([call])).toBe(false);
      expect(Date.now() - began).toBeLessThan(2_000);
    } finally {
      held.closeAllConnections();
      held.close();
    }
  });

  it('count as changed when the service does not answer', async () => {
    const gone = createServer();
    await new Promise<void>((done) => gone.listen(0, '127.0.0.1', done));
    const port = (gone.address() as AddressInfo).port;
    await new Promise((done) => gone.close(done));
    const url = `http://127.0.0.1:${port}/api/v1/hotel/by-slug/harbour-house`;
    expect(await unchangedAnswers([{ baseUrl: `http://127.0.0.1:${port}`, url, etag: 'W/"13"' }])).toBe(false);
  });
});
