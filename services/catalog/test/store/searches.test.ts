// Stored searches are capped per client (a user, or an address without a token) and in total, through the
// routes against the real Redis: the least recently used search goes, and the others answer as before.
import { startTestJwks, type TestJwks } from '@travelclub/kit/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogApp } from '../../src/app.js';
import { busiestCity, expectError, inDays, startCatalog, traveller } from '../helpers.js';

let jwks: TestJwks;
let perClient: CatalogApp;
let inTotal: CatalogApp;
let redis: Redis;

beforeAll(async () => {
  jwks = await startTestJwks();
  [perClient, inTotal] = await Promise.all([
    startCatalog(jwks, { SEARCHES_PER_CLIENT: '3', SEARCHES_MAX: '1000' }),
    startCatalog(jwks, { SEARCHES_PER_CLIENT: '1000', SEARCHES_MAX: '5' }),
  ]);
  redis = new Redis(perClient.config.REDIS_URL);
}, 120_000);
afterAll(async () => {
  await perClient?.close();
  await inTotal?.close();
  await jwks?.close();
  redis?.disconnect();
});

const criteria = (app: CatalogApp) => ({
  destination: busiestCity(app),
  checkIn: inDays(20),
  checkOut: inDays(22),
  guests: 2,
});

/** Creates a search as a token holder (`headers`) or from an address (`remoteAddress`). */
async function create(app: CatalogApp, from: { headers?: Record<string, string>; remoteAddress?: string } = {}) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/hotel/search/create',
    payload: criteria(app),
    ...(from.headers ? { headers: from.headers } : {}),
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ searchId: string }>().searchId;
}

const read = (app: CatalogApp, id: string) => app.inject({ method: 'GET', url: `/api/v1/hotel/search/${id}?take=1` });

async function alive(app: CatalogApp, ids: string[]) {
  const codes = await Promise.all(ids.map(async (id) => (await read(app, id)).statusCode));
  return ids.filter((_, i) => codes[i] === 200);
}

/** The search keys an app keeps in Redis (its sorted sets aside). */
async function storedSearches(app: CatalogApp): Promise<number> {
  let count = 0;
  for await (const keys of redis.scanStream({ match: `${app.catalog.config.SEARCH_PREFIX}:*`, count: 1000 }))
    for (const key of keys as string[]) if ((await redis.type(key)) === 'string') count++;
  return count;
}

describe('stored searches per client', () => {
  it('keeps the 3 most recently used searches of a traveller, and leaves other travellers alone', async () => {
    const alice = await traveller(jwks);
    const bob = await traveller(jwks);
    const first = await create(perClient, alice);
    const second = await create(perClient, alice);
    const third = await create(perClient, alice);
    const bobs = await create(perClient, bob);
    // Read again, the first is now used more recently than the second.
    expect((await read(perClient, first)).statusCode).toBe(200);
    const fourth = await create(perClient, alice);

    expect(await alive(perClient, [first, second, third, fourth, bobs])).toEqual([first, third, fourth, bobs]);
    expectError(await read(perClient, second), 'search-not-found');
    expectError(
      await perClient.inject({
        method: 'POST',
        url: '/api/v1/hotel/1/checkAvailability',
        headers: alice.headers,
        payload: { hotelId: '1', hotelSearchId: second },
      }),
      'search-or-dates-not-found',
    );
  });

  it('counts a caller without a token by address, and a token holder by user wherever they call from', async () => {
    const address = '203.0.113.7';
    const fromAddress = [];
    for (let i = 0; i < 5; i++) fromAddress.push(await create(perClient, { remoteAddress: address }));
    const elsewhere = await create(perClient, { remoteAddress: '203.0.113.8' });
    const signedIn = await create(perClient, { ...(await traveller(jwks)), remoteAddress: address });

    expect(await alive(perClient, fromAddress)).toEqual(fromAddress.slice(2));
    expect(await alive(perClient, [elsewhere, signedIn])).toEqual([elsewhere, signedIn]);
    // A token that does not verify is no user: the address counts (reading them above used all three alike,
    // so which one goes is not asserted, only that the address keeps three).
    const forged = await create(perClient, {
      headers: { authorization: 'Bearer not.a.token' },
      remoteAddress: address,
    });
    expect(await alive(perClient, fromAddress)).toHaveLength(2);
    expect(await alive(perClient, [forged])).toEqual([forged]);
  });
});

describe('stored searches in total', () => {
  it('keeps at most SEARCHES_MAX searches, dropping the least recently used of any client', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await create(inTotal, { remoteAddress: `198.51.100.${i + 1}` }));
    expect((await read(inTotal, ids[0]!)).statusCode).toBe(200);
    const newest = await create(inTotal, await traveller(jwks));
    // The second was the least recently used: it went, the first (read just before) stayed.
    expect(await alive(inTotal, [...ids, newest])).toEqual([ids[0], ...ids.slice(2), newest]);

    // A flood from many addresses never keeps more than the cap in Redis.
    for (let i = 0; i < 30; i++) await create(inTotal, { remoteAddress: `198.51.100.${100 + i}` });
    expect(await storedSearches(inTotal)).toBe(5);
  });
});
