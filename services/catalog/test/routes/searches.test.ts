// Searches, map viewports and the availability check, through app.inject against the real servers.
import {
  AvailabilityAnswerSchema,
  errorTitles,
  exchangeRatesRef,
  MapAnswerSchema,
  type AvailabilityAnswer,
  type SearchPage,
} from '@travelclub/contracts';
import { serviceHeaders } from '@travelclub/kit/testing';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { nightsOf } from '../../src/domain/pricing.js';
import { rateId } from '../../src/domain/rates.js';
import { createSearch, expectError, expectInvalid, inDays, search, useCatalog } from '../helpers.js';

const world = useCatalog();
/** checkAvailability takes a visitor's token as well as none (a signed-in caller's is checked, not needed). */
let visitor: { headers: Record<string, string> };
/** Days from today to the stays' check-in: from 20 days on, when two of the test city's hotels have rates. */
let from = 20;
beforeAll(async () => {
  visitor = await world.traveller([]);
  from = await world.pricedStayIn(20, { guests: 3, hotels: 2 });
});

const stay = (fields: Record<string, unknown> = {}) => ({
  destination: world.city,
  checkIn: inDays(from),
  checkOut: inDays(from + 3),
  guests: 2,
  rooms: 1,
  ...fields,
});

type IndexedHotel = ReturnType<typeof world.app.catalog.index>['hotels'][number];

/** Takes every room of every type of the hotel for the stay, through holds as the itinerary places them. */
async function sellOut(hotel: IndexedHotel, checkIn: string, checkOut: string) {
  const user = await world.traveller();
  for (const roomType of hotel.roomTypes)
    for (
      let free = world.app.catalog.availability.roomsLeft(hotel._id, roomType, nightsOf(checkIn, checkOut));
      free > 0;
    ) {
      const rooms = Math.min(9, free);
      const res = await world.app.inject({
        method: 'POST',
        url: `/internal/v1/holds?ownerId=${user.id}`,
        headers: await serviceHeaders('itinerary', 'catalog'),
        payload: {
          idempotencyKey: randomUUID(),
          // A hold is for the rooms of the search it names.
          searchId: (
            await world.app.catalog.searches.create(
              { destination: hotel.destinationId, checkIn, checkOut, guests: rooms, rooms, currency: 'USD' },
              `ip:sold-out-${randomUUID()}`,
            )
          ).searchId,
          hotelId: hotel._id,
          roomType: roomType.type,
          rateId: rateId(hotel._id, roomType.type, hotel.ratePlans[0]!.code, checkIn, checkOut, rooms),
          checkIn,
          checkOut,
          itineraryId: 'it-sold-out',
          lineItemId: 'li-sold-out',
        },
      });
      expect(res.statusCode).toBe(201);
      free = world.app.catalog.availability.roomsLeft(hotel._id, roomType, nightsOf(checkIn, checkOut));
    }
}

describe('POST /api/v1/hotel/search', () => {
  it("lists the destination's hotels, each with its cheapest free rate in the asked currency", async () => {
    const page = await search(world.app, stay({ currency: 'EUR', take: 5 }));
    expect(page.total).toBe(world.app.catalog.index().hotelsOf(world.city)!.length);
    expect(page.hotels).toHaveLength(Math.min(5, page.total));
    expect(page.take).toBe(5);
    expect(page.exchangeRates).toEqual(exchangeRatesRef());
    const priced = page.hotels.filter((h) => h.cheapestRate);
    expect(priced.length).toBeGreaterThan(0);
    for (const hotel of priced) {
      expect(hotel.destinationId).toBe(world.city);
      expect(hotel.cheapestRate!.totalPrice.currency).toBe('EUR');
      expect(hotel.cheapestRate!.totalPrice.amount).toBeGreaterThan(0);
      expect(hotel.titleImage?.links['200px']).toContain('w=400&h=400&q=90');
    }
  });

  it('gives the same answer to the same search twice', async () => {
    const body = stay({ take: 15, currency: 'GBP' });
    const first = await search(world.app, body);
    const second = await search(world.app, body);
    expect(second).toEqual(first);
  });

  it('defaults to USD, one room, and the first 15', async () => {
    const { rooms: _r, ...body } = stay();
    const page = await search(world.app, body);
    expect(page.criteria).toMatchObject({ currency: 'USD', rooms: 1 });
    expect(page.take).toBe(15);
    expect(page.skip).toBe(0);
    expect(page.hotels.find((h) => h.cheapestRate)?.cheapestRate?.totalPrice.currency).toBe('USD');
  });

  it('pages without overlap', async () => {
    const first = await search(world.app, stay({ take: 2, skip: 0 }));
    const second = await search(world.app, stay({ take: 2, skip: 2 }));
    expect(first.hotels.map((h) => h.id)).not.toContain(second.hotels[0]?.id);
  });

  it('matches the cheapest rate to the one checkAvailability shows first', async () => {
    const page = await search(world.app, stay());
    const hotel = page.hotels.find((h) => h.cheapestRate)!;
    const searchId = await createSearch(world.app, stay());
    const res = await world.app.inject({
      method: 'POST',
      url: `/api/v1/hotel/${hotel.id}/checkAvailability`,
      headers: visitor.headers,
      payload: { hotelId: hotel.id, hotelSearchId: searchId },
    });
    const answer = res.json() as AvailabilityAnswer;
    const cheapest = Math.min(...answer.roomTypes.flatMap((rt) => rt.rooms.map((r) => r.totalPrice.amount)));
    expect(hotel.cheapestRate!.totalPrice.amount).toBe(cheapest);
  });

  it('searches a map box instead of a destination', async () => {
    const hotel = world.app.catalog.index().hotels[world.app.catalog.index().hotelsOf(world.city)![0]!]!;
    const { latitude, longitude } = hotel.coordinates;
    const page = await search(world.app, {
      ...stay({ destination: undefined }),
      boundingBox: { north: latitude + 0.5, south: latitude - 0.5, east: longitude + 0.5, west: longitude - 0.5 },
    });
    expect(page.hotels.map((h) => h.id)).toContain(hotel._id);
  });

  it.each([
    ['checkIn', { checkIn: inDays(-2), checkOut: inDays(1) }],
    ['checkOut', { checkIn: inDays(20), checkOut: inDays(20) }],
    ['checkOut', { checkIn: inDays(20), checkOut: inDays(19) }],
    ['checkOut', { checkIn: inDays(20), checkOut: inDays(60) }],
    ['guests', { guests: 20, rooms: 2 }],
    ['rooms', { guests: 1, rooms: 2 }],
    ['currency', { currency: 'XYZ' }],
    ['currency', { currency: 'usd' }],
    ['destination', { destination: undefined }],
    ['destination', { destination: 'paris' }],
    ['boundingBox.south', { destination: undefined, boundingBox: { north: 10, south: 20, east: 5, west: 0 } }],
    ['boundingBox.north', { destination: undefined, boundingBox: { north: 95, south: 20, east: 5, west: 0 } }],
    ['take', { take: 0 }],
    ['extra', { extra: true }],
  ])('names %s when it is wrong', async (field, change) => {
    expectInvalid(
      await world.app.inject({ method: 'POST', url: '/api/v1/hotel/search', payload: stay(change) }),
      field,
    );
  });

  it('puts hotels with no rooms for the dates after the others, on every page and on the map', async () => {
    const index = world.app.catalog.index();
    const listed = index.hotelsOf(world.city)!;
    const first = index.hotels[listed[0]!]!;
    // A night with two hotels free, away from the other tests' stays; then the list's first one is sold out.
    const night = await world.pricedStayIn(from + 40, { nights: 1, guests: 1, hotels: 2 });
    const checkIn = inDays(night);
    const checkOut = inDays(night + 1);
    await sellOut(first, checkIn, checkOut);
    const body = stay({ checkIn, checkOut, guests: 1 });
    const all = await search(world.app, { ...body, take: 100 });
    const ids = all.hotels.map((h) => h.id);
    const priced = all.hotels.filter((h) => h.cheapestRate);
    expect(priced.length).toBeGreaterThan(0);
    // Every hotel with a rate comes before every hotel without one; the sold-out first hotel is among the last.
    const firstSoldOut = all.hotels.findIndex((h) => !h.cheapestRate);
    expect(firstSoldOut).toBeGreaterThanOrEqual(priced.length);
    expect(ids.indexOf(first._id)).toBeGreaterThanOrEqual(priced.length);
    // Within each group the list keeps its own order (popularity).
    const rank = (id: string) => listed.findIndex((ordinal) => index.hotels[ordinal]!._id === id);
    const ranks = priced.map((h) => rank(h.id));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Pages agree with the whole list.
    const firstPage = await search(world.app, { ...body, take: 1, skip: 0 });
    expect(firstPage.hotels.map((h) => h.id)).toEqual([priced[0]!.id]);
    const lastPage = await search(world.app, { ...body, take: 1, skip: ids.length - 1 });
    expect(lastPage.hotels.map((h) => h.id)).toEqual([ids.at(-1)]);
    // The map's list too.
    const { latitude, longitude } = first.coordinates;
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/v1/hotel/boundingBox',
      payload: {
        boundingBox: { north: latitude + 1, south: latitude - 1, east: longitude + 1, west: longitude - 1 },
        checkIn,
        checkOut,
        guests: 1,
        limit: 100,
      },
    });
    expect(res.statusCode).toBe(200);
    const mapHotels = MapAnswerSchema.parse(res.json()).hotels;
    const mapFree = mapHotels.filter((h) => h.cheapestRate).length;
    expect(mapHotels.findIndex((h) => h.id === first._id)).toBeGreaterThanOrEqual(mapFree);
    expect(mapHotels.slice(0, mapFree).every((h) => h.cheapestRate)).toBe(true);
  });

  it('says so when the destination does not exist', async () => {
    expectError(
      await world.app.inject({ method: 'POST', url: '/api/v1/hotel/search', payload: stay({ destination: 'city-1' }) }),
      'destination-not-found',
    );
  });
});

describe('stored searches', () => {
  const storedPage = (searchId: string, query = '') =>
    world.app.inject({ method: 'GET', url: `/api/v1/hotel/search/${searchId}${query}` });

  it('keeps a search and answers it page by page', async () => {
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/v1/hotel/search/create',
      payload: stay({ currency: 'JPY' }),
    });
    expect(res.statusCode).toBe(201);
    const { searchId, expiresAt } = res.json() as { searchId: string; expiresAt: string };
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now() + 3_600_000);
    const page = (await storedPage(searchId, '?take=3&skip=1')).json() as SearchPage;
    expect(page).toMatchObject({ searchId, take: 3, skip: 1, criteria: { currency: 'JPY', destination: world.city } });
    const oneOff = await search(world.app, stay({ currency: 'JPY', take: 3, skip: 1 }));
    expect(page.hotels).toEqual(oneOff.hotels);
  });

  it('answers 404 for a search it does not have, and validates the page', async () => {
    expectError(await storedPage('AAAAAAAAAAAAAAAA'), 'search-not-found');
    expectInvalid(await storedPage('AAAAAAAAAAAAAAAA', '?take=abc'), 'take');
    expectInvalid(
      await world.app.inject({ method: 'POST', url: '/api/v1/hotel/search/create', payload: stay({ guests: 0 }) }),
      'guests',
    );
  });
});

describe('POST /api/v1/hotel/boundingBox', () => {
  it('returns the hotels inside the viewport, best first, capped, with rates when dates are given', async () => {
    const everywhere = { north: 85, south: -85, east: 180, west: -180 };
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/v1/hotel/boundingBox',
      payload: { boundingBox: everywhere, limit: 20, checkIn: inDays(10), checkOut: inDays(12), guests: 2 },
    });
    expect(res.statusCode).toBe(200);
    const answer = MapAnswerSchema.parse(res.json());
    expect(answer.hotels).toHaveLength(20);
    const popular = world.app.catalog
      .index()
      .popular.slice(0, 20)
      .map((o) => world.app.catalog.index().hotels[o]!._id);
    // The best 20, those with rooms for the dates first: each group in the order of popularity.
    const priced = new Set(answer.hotels.filter((h) => h.cheapestRate).map((h) => h.id));
    expect(answer.hotels.map((h) => h.id)).toEqual([
      ...popular.filter((id) => priced.has(id)),
      ...popular.filter((id) => !priced.has(id)),
    ]);
    expect(priced.size).toBeGreaterThan(0);
  });

  it('keeps every hotel inside the box and handles a box over the 180° meridian', async () => {
    const box = { north: 60, south: -60, east: -170, west: 170 };
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/v1/hotel/boundingBox',
      payload: { boundingBox: box },
    });
    expect(res.statusCode).toBe(200);
    for (const hotel of (res.json() as SearchPage).hotels) {
      expect(Math.abs(hotel.coordinates.longitude)).toBeGreaterThanOrEqual(170);
      expect(hotel.cheapestRate).toBeNull();
    }
  });

  it('refuses a box upside down, or one date without the other', async () => {
    expectInvalid(
      await world.app.inject({
        method: 'POST',
        url: '/api/v1/hotel/boundingBox',
        payload: { boundingBox: { north: 1, south: 2, east: 3, west: 0 } },
      }),
      'boundingBox.south',
    );
    expectInvalid(
      await world.app.inject({
        method: 'POST',
        url: '/api/v1/hotel/boundingBox',
        payload: { boundingBox: { north: 2, south: 1, east: 3, west: 0 }, checkIn: inDays(3) },
      }),
      'checkOut',
    );
  });
});

describe('POST /api/v1/hotel/{id}/checkAvailability', () => {
  async function check(hotelId: string, searchBody: Record<string, unknown> = stay()) {
    const hotelSearchId = await createSearch(world.app, searchBody);
    return world.app.inject({
      method: 'POST',
      url: `/api/v1/hotel/${hotelId}/checkAvailability`,
      headers: visitor.headers,
      payload: { hotelId, hotelSearchId },
    });
  }

  it('orders rates cheapest first and room types by their cheapest rate, tagging free cancellation', async () => {
    const page = await search(world.app, stay({ currency: 'EUR' }));
    const hotel = page.hotels.find((h) => h.cheapestRate)!;
    const res = await check(hotel.id, stay({ currency: 'EUR' }));
    expect(res.statusCode).toBe(200);
    const answer = AvailabilityAnswerSchema.parse(res.json());
    expect(answer).toMatchObject({ hotelId: hotel.id, currency: 'EUR', guests: 2, rooms: 1 });
    const cheapest = answer.roomTypes.map((rt) => rt.rooms[0]?.totalPrice.amount ?? Infinity);
    expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b));
    for (const rt of answer.roomTypes) {
      const prices = rt.rooms.map((r) => r.totalPrice.amount);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      for (const rate of rt.rooms) {
        expect(rate.totalPrice.currency).toBe('EUR');
        const free = rate.cancellationCharges.some((c) => c.amount.amount === 0);
        expect(rate.tags.includes('Free Cancellation')).toBe(free);
      }
    }
    expect(answer.roomTypes.flatMap((rt) => rt.rooms).some((r) => r.tags.includes('Free Cancellation'))).toBe(true);
  });

  it('shows room types too small for the guests without rates, last', async () => {
    const page = await search(world.app, stay({ guests: 3, rooms: 1 }));
    const hotel = page.hotels.find((h) => h.cheapestRate)!;
    const answer = (await check(hotel.id, stay({ guests: 3, rooms: 1 }))).json() as AvailabilityAnswer;
    const small = answer.roomTypes.filter((rt) => rt.maxGuests < 3);
    for (const rt of small) expect(rt.rooms).toEqual([]);
    const firstEmpty = answer.roomTypes.findIndex((rt) => rt.rooms.length === 0);
    if (firstEmpty >= 0) expect(answer.roomTypes.slice(firstEmpty).every((rt) => rt.rooms.length === 0)).toBe(true);
  });

  it('fails with the spec title and message when no room is left', async () => {
    const hotel = world.app.catalog.index().hotels[world.app.catalog.index().hotelsOf(world.city)![0]!]!;
    const checkIn = inDays(100);
    const checkOut = inDays(101);
    await sellOut(hotel, checkIn, checkOut);
    const res = await check(hotel._id, stay({ checkIn, checkOut, guests: 1 }));
    expectError(res, 'no-rooms-available');
    expect(res.json().error.title).toBe('No rooms available');
    expect(errorTitles['no-rooms-available']).toBe('No rooms available');
    expect(res.json().error.message).toBe(
      'No rooms available for the selected dates. Try changing your dates or number of guests.',
    );
    // The search shows the hotel as sold out, not gone.
    const page = await search(world.app, stay({ checkIn, checkOut, guests: 1, take: 100 }));
    expect(page.hotels.find((h) => h.id === hotel._id)?.cheapestRate).toBeNull();
  });

  it('needs no token: visitors see rates before any account exists', async () => {
    const page = await search(world.app, stay());
    const hotel = page.hotels.find((h) => h.cheapestRate)!;
    const hotelSearchId = await createSearch(world.app, stay());
    const url = `/api/v1/hotel/${hotel.id}/checkAvailability`;
    const res = await world.app.inject({ method: 'POST', url, payload: { hotelId: hotel.id, hotelSearchId } });
    expect(res.statusCode).toBe(200);
    expect(AvailabilityAnswerSchema.parse(res.json()).hotelId).toBe(hotel.id);
  });

  it('needs a search it knows and a hotel it has', async () => {
    const hotelId = world.app.catalog.index().hotels[0]!._id;
    const res = await world.app.inject({
      method: 'POST',
      url: `/api/v1/hotel/${hotelId}/checkAvailability`,
      headers: visitor.headers,
      payload: { hotelId, hotelSearchId: 'AAAAAAAAAAAAAAAA' },
    });
    expectError(res, 'search-or-dates-not-found');
    expectError(await check('hnothere'), 'hotel-not-found');
    expectInvalid(
      await world.app.inject({
        method: 'POST',
        url: `/api/v1/hotel/${hotelId}/checkAvailability`,
        headers: visitor.headers,
        payload: { hotelId: 'other', hotelSearchId: 'x' },
      }),
      'hotelId',
    );
    expectInvalid(
      await world.app.inject({
        method: 'POST',
        url: `/api/v1/hotel/${hotelId}/checkAvailability`,
        headers: visitor.headers,
        payload: { hotelId },
      }),
      'hotelSearchId',
    );
  });
});
