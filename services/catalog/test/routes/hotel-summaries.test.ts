// POST /internal/v1/hotels/summaries: many hotels in one call for the creator service and the gateway (their
// service identities only), each with a price to start from, through app.inject against the real servers.
import { HotelSummariesAnswerSchema, MAX_HOTEL_SUMMARIES, type HotelSummariesAnswer } from '@travelclub/contracts';
import { recordMongoCommands, serviceHeaders } from '@travelclub/kit/testing';
import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, inDays, search, useCatalog } from '../helpers.js';

const world = useCatalog();
const URL = '/internal/v1/hotels/summaries';

const summaries = async (payload: Record<string, unknown>, headers?: Record<string, string>) =>
  world.app.inject({
    method: 'POST',
    url: URL,
    headers: headers ?? (await serviceHeaders('creator', 'catalog')),
    payload,
  });

async function answer(payload: Record<string, unknown>): Promise<HotelSummariesAnswer> {
  const res = await summaries(payload);
  expect(res.statusCode, res.body).toBe(200);
  // The route writes its answer without parsing it (routes/json.ts): the shape is checked here.
  return HotelSummariesAnswerSchema.parse(res.json());
}

const ids = (n: number, from = 0) =>
  world.app.catalog
    .index()
    .hotels.slice(from, from + n)
    .map((h) => h._id);

describe('POST /internal/v1/hotels/summaries', () => {
  it('answers the hotels that exist, once each, in the order asked, with their lead price', async () => {
    const [a, b, c] = ids(3) as [string, string, string];
    const body = await answer({ ids: [c, 'hnothere', a, c, b], currency: 'EUR' });
    expect(body.hotels.map((h) => h.id)).toEqual([c, a, b]);
    const hotel = world.app.catalog.index().hotel(c)!;
    expect(body.hotels[0]).toMatchObject({
      id: c,
      name: hotel.name,
      slug: hotel.slug,
      address: { city: hotel.address.city, countryCode: hotel.address.countryCode },
      addressLine: expect.any(String),
      starRating: hotel.starRating,
      titleImage: { links: { '600px': expect.stringContaining('https://travelclub.test/') } },
      cheapestRate: null,
      fromPrice: { currency: 'EUR', amount: expect.any(Number) },
    });
    for (const h of body.hotels) expect(h.fromPrice!.amount).toBeGreaterThan(0);
    expect((await answer({ ids: [] })).hotels).toEqual([]);
  });

  it("prices the dates as search cards do: the cheapest free rate, and its average night as the 'from' price", async () => {
    const days = await world.pricedStayIn(50);
    const checkIn = inDays(days);
    const checkOut = inDays(days + 3);
    const page = await search(world.app, { destination: world.city, checkIn, checkOut, guests: 2, currency: 'GBP' });
    const priced = page.hotels.filter((h) => h.cheapestRate).slice(0, 5);
    expect(priced.length).toBeGreaterThan(0);
    const body = await answer({ ids: priced.map((h) => h.id), checkIn, checkOut, guests: 2, currency: 'GBP' });
    expect(body.hotels.map((h) => h.cheapestRate)).toEqual(priced.map((h) => h.cheapestRate));
    for (const h of body.hotels)
      expect(h.fromPrice).toEqual({ amount: Math.round(h.cheapestRate!.totalPrice.amount / 3), currency: 'GBP' });
    expectInvalid(await summaries({ ids: [], checkIn }), 'checkOut');
    expectInvalid(await summaries({ ids: [], checkIn: inDays(-3), checkOut }), 'checkIn');
  });

  it(`takes at most ${MAX_HOTEL_SUMMARIES} ids`, async () => {
    const all = ids(MAX_HOTEL_SUMMARIES);
    expect((await answer({ ids: all })).hotels).toHaveLength(MAX_HOTEL_SUMMARIES);
    expectInvalid(await summaries({ ids: [...all, 'one-more'] }), 'ids');
  });

  it('answers the creator service only, refusing users and other services', async () => {
    const [a] = ids(1);
    expect((await summaries({ ids: [a] }, await serviceHeaders('creator', 'catalog'))).statusCode).toBe(200);
    expectError(await summaries({ ids: [a] }, await serviceHeaders('gateway', 'catalog')), 'forbidden');
    const user = await world.traveller(['role/creator']);
    expectError(await summaries({ ids: [a] }, user.headers), 'unauthenticated');
    expectError(await world.app.inject({ method: 'POST', url: URL, payload: { ids: [a] } }), 'unauthenticated');
    expectError(await summaries({ ids: [a] }, await serviceHeaders('itinerary', 'catalog')), 'forbidden');
  });

  it('answers a page of 50 hotels in a few milliseconds of CPU', async () => {
    const page = ids(50, 100);
    const headers = await serviceHeaders('creator', 'catalog');
    const costs: number[] = [];
    const { commands } = recordMongoCommands();
    for (let i = 0; i < 30; i++) {
      // CPU time, not the wall clock: the suite shares two cores with the broker, the database and other test
      // files, and a call that waits for a core says nothing about the work it does (a wall-clock median of
      // 38 ms failed CI once). The process's CPU also counts its clients' background work and V8's own
      // threads, which the median leaves out; a read per hotel would wait rather than spend, so the reads are
      // counted apart.
      const started = process.cpuUsage();
      const res = await world.app.inject({ method: 'POST', url: URL, headers, payload: { ids: page } });
      const used = process.cpuUsage(started);
      costs.push((used.user + used.system) / 1000);
      expect(res.statusCode).toBe(200);
    }
    // From the index: no MongoDB read per hotel, nor per call (the app's own background work may read meanwhile).
    expect(commands.length, commands.join(', ')).toBeLessThan(30);
    costs.sort((x, y) => x - y);
    // The median through the whole Fastify stack, built from the in-memory index: generous.
    expect(costs[15]).toBeLessThan(20);
  });
});
