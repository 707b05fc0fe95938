// The gateway's shared cache: the answer of a route whose definition says it is the same for everyone
// (`cacheSeconds`, as autocomplete's) is answered again from memory while the answer itself says it may be kept;
// nothing personal is ever kept (a protected route, `private`, `no-store`, a cookie set, web pages), nor the
// answer of a route that does not say so; the limits still count every request; the memory is bounded.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { allEndpoints, endpoint } from '@travelclub/contracts';
import { metricsText } from '@travelclub/kit';
import { parsePrometheusText, startTestJwks, sumOf, type TestJwks } from '@travelclub/kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app.js';
import { sharedCacheStore } from '../src/shared-cache.js';
import { gatewayConfig } from './helpers.js';

/** A public route whose answers the definition says are the same for everyone. */
const card = endpoint({ service: 'catalog', access: 'public' }, 'GET', '/api/v1/hotel/:kind/card', {
  responses: { 200: z.object({ seen: z.number() }) },
  errors: [],
  cacheSeconds: 60,
});
/** A protected route whose (wrong) answer says anyone may keep it: the gateway must not. */
const myCards = endpoint({ service: 'catalog', access: 'user' }, 'GET', '/api/v1/hotel/cards/mine', {
  responses: { 200: z.object({ seen: z.number() }) },
  errors: ['unauthenticated'],
});

/** What each path's answer says about keeping it. */
const CACHE_CONTROL: Record<string, string | undefined> = {
  kept: 'public, max-age=60',
  // Dated by the whole second of the service's `Date`: fresh for between one and two seconds from its arrival.
  brief: 'public, max-age=2',
  private: 'private, max-age=60',
  'no-store': 'no-store',
  none: undefined,
};

let catalog: FastifyInstance;
let web: Server;
let jwks: TestJwks;
let gateway: FastifyInstance;
/** Requests each stand-in received, by path and query. */
const served = new Map<string, number>();
const count = (url: string) => served.set(url, (served.get(url) ?? 0) + 1).get(url)!;

beforeAll(async () => {
  jwks = await startTestJwks();
  catalog = Fastify();
  catalog.get('/api/v1/destinations/autocomplete', async (req, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { query: (req.query as { query: string }).query, seen: count(req.url) };
  });
  catalog.get('/api/v1/hotel/:kind/card', async (req, reply) => {
    const { kind } = req.params as { kind: string };
    if (kind === 'cookie') reply.header('set-cookie', 'visitor=1').header('cache-control', 'public, max-age=60');
    else if (CACHE_CONTROL[kind]) reply.header('cache-control', CACHE_CONTROL[kind]);
    return { kind, seen: count(req.url), user: req.headers.authorization ?? null };
  });
  // A hotel, the catalog's public route with no cacheSeconds in its definition, whose answer says otherwise.
  catalog.get('/api/v1/hotel/:id', async (req, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { seen: count(req.url) };
  });
  catalog.get('/api/v1/hotel/cards/mine', async (req, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { seen: count(req.url), user: req.headers.authorization };
  });
  const catalogUrl = await catalog.listen({ port: 0, host: '127.0.0.1' });
  // A web server whose page says it may be shared: it differs with the visitor's cookies, so the gateway never
  // keeps it (the web server's own page cache knows the cookies).
  web = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'public, s-maxage=60' });
    res.end(`<p>${count(`web ${req.url}`)} ${req.headers.cookie ?? ''}</p>`);
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  gateway = await buildApp(gatewayConfig({ CATALOG_URL: catalogUrl, WEB_SERVER_URL: webUrl, JWKS_URL: jwks.jwksUrl }), {
    endpoints: [...allEndpoints(), card, myCards],
  });
});
afterAll(async () => {
  await gateway?.close();
  await catalog?.close();
  await new Promise((resolve) => web?.close(resolve));
  await jwks?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => gateway.inject({ method: 'GET', url, headers });
const sharedAnswers = async (outcome: 'hit' | 'miss') =>
  sumOf(parsePrometheusText(await metricsText(gateway.metrics)), 'gateway_shared_cache_requests_total', { outcome });

describe('a public answer anyone may keep', () => {
  it('is answered again from memory, with its age, until it is stale', async () => {
    const [hits, misses] = [await sharedAnswers('hit'), await sharedAnswers('miss')];
    const first = await get('/api/v1/destinations/autocomplete?query=lis');
    const again = await get('/api/v1/destinations/autocomplete?query=lis');
    expect(first.json()).toEqual({ query: 'lis', seen: 1 });
    expect(again.json()).toEqual({ query: 'lis', seen: 1 });
    expect(first.headers.age).toBeUndefined();
    expect(again.headers.age).toMatch(/^\d+$/);
    expect(again.headers['cache-control']).toBe('public, max-age=60');
    // Still the gateway's own answer: its request id, its security headers.
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharedAnswers('hit')).toBe(hits + 1);
    expect(await sharedAnswers('miss')).toBe(misses + 1);

    // Another query is another answer.
    expect((await get('/api/v1/destinations/autocomplete?query=par')).json()).toEqual({ query: 'par', seen: 1 });
  });

  it('goes back to the service once it is stale', async () => {
    expect((await get('/api/v1/hotel/brief/card')).json()).toMatchObject({ seen: 1 });
    expect((await get('/api/v1/hotel/brief/card')).json()).toMatchObject({ seen: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await get('/api/v1/hotel/brief/card')).json()).toMatchObject({ seen: 2 });
  });

  it('is the same for a signed-in traveller, whose token still reaches nobody else', async () => {
    const token = await jwks.sign({ sub: 'user-7' });
    const signedIn = await get('/api/v1/hotel/kept/card', { authorization: `Bearer ${token}` });
    expect(signedIn.json()).toMatchObject({ seen: 1 });
    const anonymous = await get('/api/v1/hotel/kept/card');
    expect(anonymous.json()).toMatchObject({ seen: 1 });
    expect(anonymous.headers.age).toMatch(/^\d+$/);
  });
});

describe('nothing personal is kept', () => {
  it.each(['private', 'no-store', 'none', 'cookie'])(
    'an answer marked %s goes to the service every time',
    async (kind) => {
      expect((await get(`/api/v1/hotel/${kind}/card`)).json()).toMatchObject({ seen: 1 });
      const again = await get(`/api/v1/hotel/${kind}/card`);
      expect(again.json()).toMatchObject({ seen: 2 });
      expect(again.headers.age).toBeUndefined();
    },
  );

  it('a route whose definition does not say so goes to the service every time, whatever its answer says', async () => {
    expect((await get('/api/v1/hotel/h-1')).json()).toEqual({ seen: 1 });
    expect((await get('/api/v1/hotel/h-1')).json()).toEqual({ seen: 2 });
  });

  it("a protected route's answer, whatever it says, is each traveller's own", async () => {
    const [ana, ben] = [`Bearer ${await jwks.sign({ sub: 'ana' })}`, `Bearer ${await jwks.sign({ sub: 'ben' })}`];
    expect((await get('/api/v1/hotel/cards/mine', { authorization: ana })).json()).toEqual({ seen: 1, user: ana });
    expect((await get('/api/v1/hotel/cards/mine', { authorization: ben })).json()).toEqual({ seen: 2, user: ben });
  });

  it('web pages go to the web server every time: they differ with the visitor', async () => {
    expect((await get('/clubs/cara')).body).toBe('<p>1 </p>');
    expect((await get('/clubs/cara', { cookie: 'tc_session=s1' })).body).toBe('<p>2 tc_session=s1</p>');
  });
});

it('every answer from memory still counts against the rate limit', async () => {
  const limited = await buildApp(
    gatewayConfig({
      CATALOG_URL: `http://127.0.0.1:${(catalog.server.address() as AddressInfo).port}`,
      RATE_LIMIT_MAX: '2',
    }),
  );
  try {
    const ask = () =>
      limited.inject({
        method: 'GET',
        url: '/api/v1/destinations/autocomplete?query=rome',
        remoteAddress: '203.0.113.4',
      });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).headers.age).toMatch(/^\d+$/);
    expect((await ask()).statusCode).toBe(429);
  } finally {
    await limited.close();
  }
});

describe('the memory it keeps', () => {
  const key = (path: string) => ({ origin: 'http://catalog', method: 'GET', path, headers: {} });
  const value = (extra: object = {}) => {
    const now = Date.now();
    return {
      statusCode: 200,
      statusMessage: 'OK',
      headers: {},
      cachedAt: now,
      staleAt: now + 60_000,
      deleteAt: now + 60_000,
      ...extra,
    };
  };
  const put = (store: ReturnType<typeof sharedCacheStore>, path: string, bytes: number, extra?: object) =>
    new Promise<void>((resolve, reject) =>
      store
        .createWriteStream(key(path), value(extra))!
        .on('finish', resolve)
        .on('close', resolve)
        .on('error', reject)
        .end(Buffer.alloc(bytes, 1)),
    );

  it('is bounded: distinct queries push the least recently asked out', async () => {
    const store = sharedCacheStore({ maxBytes: 20_000, maxEntryBytes: 4_000 });
    for (let i = 0; i < 100; i++) await put(store, `/q?query=${i}`, 1_000);
    const kept = Array.from({ length: 100 }, (_, i) => store.get(key(`/q?query=${i}`))).filter(Boolean);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.length).toBeLessThanOrEqual(20_000 / 1_000);
    expect(store.get(key('/q?query=99'))).toBeDefined();
    expect(store.get(key('/q?query=0'))).toBeUndefined();
  });

  it('counts what a client typed: long queries fill it sooner than their small answers would', async () => {
    const store = sharedCacheStore({ maxBytes: 20_000, maxEntryBytes: 4_000 });
    const long = (i: number) => `/q?query=${i}&pad=${'x'.repeat(2_000)}`;
    for (let i = 0; i < 100; i++) await put(store, long(i), 10);
    const kept = Array.from({ length: 100 }, (_, i) => store.get(key(long(i)))).filter(Boolean);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThanOrEqual(20_000 / 2_000);
  });

  it('does not keep an answer larger than an entry may be', async () => {
    const store = sharedCacheStore({ maxBytes: 100_000, maxEntryBytes: 4_000 });
    await put(store, '/big', 5_000);
    await put(store, '/small', 1_000);
    expect(store.get(key('/big'))).toBeUndefined();
    expect(store.get(key('/small'))).toBeDefined();
  });

  it('answers a request whose varying headers differ with a miss', async () => {
    const store = sharedCacheStore({ maxBytes: 100_000, maxEntryBytes: 4_000 });
    await put(store, '/v', 10, { vary: { 'accept-language': 'pt' } });
    expect(store.get({ ...key('/v'), headers: { 'accept-language': 'pt' } })).toBeDefined();
    expect(store.get({ ...key('/v'), headers: { 'accept-language': 'en' } })).toBeUndefined();
    // Sent empty is not the same as not sent.
    await put(store, '/none', 10, { vary: { 'accept-language': null } });
    expect(store.get(key('/none'))).toBeDefined();
    expect(store.get({ ...key('/none'), headers: { 'accept-language': '' } })).toBeUndefined();
  });
});
