// The hotel cache (src/search/hotel-cache.ts): a hotel page and its rates read the hotel's document once while it
// is kept, an unknown hotel never reaches MongoDB, the page's like count is current at once on the instance that
// took the like and within seconds on every other, and an import starts a new cache. Each page carries an ETag of
// its content and like count: a caller holding it (the web server) is answered 304 with no body.
import { HotelViewSchema, type HotelView } from '@travelclub/contracts';
import { demoSupplier } from '@travelclub/demo-catalog';
import { readMetric } from '@travelclub/kit/testing';
import { describe, expect, it } from 'vitest';
import type { CatalogApp } from '../../src/app.js';
import { importHotels } from '../../src/flows/seeding.js';
import { createSearch, expectError, startCatalog, useCatalog } from '../helpers.js';

const world = useCatalog();

const requests = (outcome: 'hit' | 'miss', app: CatalogApp = world.app) =>
  readMetric(app, 'catalog_hotel_cache_requests_total', { outcome });

async function page(app: CatalogApp, id: string): Promise<HotelView> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/hotel/${id}` });
  expect(res.statusCode).toBe(200);
  // The route writes its answer without parsing it (sendTaggedJson): the shape is checked here, and that it holds
  // nothing the schema would have dropped.
  const hotel = HotelViewSchema.parse(res.json()) as HotelView;
  expect(hotel).toEqual(res.json());
  return hotel;
}

/** A like of the hotel by a traveller of their own, on the world's instance. */
async function likeByNewTraveller(id: string) {
  const traveller = await world.traveller();
  return world.app.inject({
    method: 'PUT',
    url: `/api/v1/hotel/${id}/like`,
    headers: traveller.headers,
    payload: { like: true },
  });
}

describe('the hotel cache', () => {
  it('reads a hotel once for its page, its page by slug and its rates', async () => {
    const days = await world.pricedStayIn(30);
    const stay = world.freshStay(1, { startInDays: days, nights: 3 });
    const id = stay.hotel._id;
    const [hits, misses] = [await requests('hit'), await requests('miss')];

    const first = await page(world.app, id);
    expect(await requests('miss')).toBe(misses + 1);
    expect(await page(world.app, id)).toEqual(first);
    const bySlug = await world.app.inject({ method: 'GET', url: `/api/v1/hotel/by-slug/${first.slug}` });
    expect(bySlug.json()).toEqual(first);

    const searchId = await createSearch(world.app, {
      destination: stay.hotel.destinationId,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guests: 1,
    });
    const rates = await world.app.inject({
      method: 'POST',
      url: `/api/v1/hotel/${id}/checkAvailability`,
      payload: { hotelId: id, hotelSearchId: searchId },
    });
    expect(rates.statusCode).toBe(200);
    expect(
      rates
        .json()
        .roomTypes.map((rt: { type: string }) => rt.type)
        .sort(),
    ).toEqual(first.roomTypes.map((rt) => rt.type).sort());
    expect(await requests('miss')).toBe(misses + 1);
    expect(await requests('hit')).toBe(hits + 3);
  });

  it('never reads MongoDB for a hotel the index does not know', async () => {
    const misses = await requests('miss');
    expectError(await world.app.inject({ method: 'GET', url: '/api/v1/hotel/hnothere' }), 'hotel-not-found');
    expectError(
      await world.app.inject({ method: 'GET', url: '/api/v1/hotel/by-slug/no-such-hotel' }),
      'hotel-not-found',
    );
    expect(await requests('miss')).toBe(misses);
  });

  it('tags a page by its content and like count: the holder of the tag gets 304, a like makes a new tag', async () => {
    const id = world.app.catalog.index().hotels[11]!._id;
    const first = await world.app.inject({ method: 'GET', url: `/api/v1/hotel/${id}` });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+\.\d+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const slug = (first.json() as HotelView).slug;

    const held = await world.app.inject({
      method: 'GET',
      url: `/api/v1/hotel/by-slug/${slug}`,
      headers: { 'if-none-match': etag },
    });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');
    expect(held.headers.etag).toBe(etag);
    expect(held.headers['cache-control']).toBe('public, no-cache');
    const other = await world.app.inject({
      method: 'GET',
      url: `/api/v1/hotel/${id}`,
      headers: { 'if-none-match': 'W/"another"' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(first.json());

    const liked = await likeByNewTraveller(id);
    expect(liked.statusCode).toBe(200);
    const after = await world.app.inject({
      method: 'GET',
      url: `/api/v1/hotel/${id}`,
      headers: { 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect((after.json() as HotelView).likes).toBe((first.json() as HotelView).likes + 1);
  });

  it('shows a like at once on the instance that took it, and within seconds on another', async () => {
    // A second instance of the same catalog: its database and topics.
    const { MONGO_DB, KAFKA_TOPIC_PREFIX, SEARCH_PREFIX } = world.app.catalog.config;
    const other = await startCatalog(world.jwks, {
      MONGO_DB: MONGO_DB!,
      KAFKA_TOPIC_PREFIX,
      SEARCH_PREFIX,
      LIKES_REFRESH_S: '2',
    });
    try {
      const id = world.app.catalog.index().hotels[7]!._id;
      // Both instances keep the page before the like.
      const before = (await page(world.app, id)).likes;
      expect((await page(other, id)).likes).toBe(before);
      // With the same tag: a caller may ask either instance with the tag one of them gave.
      const tagOf = async (app: CatalogApp) =>
        (await app.inject({ method: 'GET', url: `/api/v1/hotel/${id}` })).headers.etag;
      expect(await tagOf(other)).toBe(await tagOf(world.app));

      const answer = await likeByNewTraveller(id);
      expect(answer.json()).toEqual({ hotelId: id, liked: true, likes: before + 1 });
      expect((await page(world.app, id)).likes).toBe(before + 1);

      // The other instance shows the count it kept until that is LIKES_REFRESH_S old, then reads it again.
      const liked = Date.now();
      expect((await page(other, id)).likes).toBe(before);
      while ((await page(other, id)).likes !== before + 1 && Date.now() < liked + 10_000)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await page(other, id)).likes).toBe(before + 1);
      expect(Date.now() - liked).toBeLessThan(2_000 + 3_000);
    } finally {
      await other.close();
    }
  });

  it('starts anew with the index an import builds', async () => {
    const other = await startCatalog(world.jwks, { SEED_HOTELS: '0' });
    try {
      await importHotels(other.catalog.hotels, demoSupplier({ count: 20, seed: 5 }));
      await other.catalog.refreshIndex();
      const id = other.catalog.index().hotels[0]!._id;
      const misses = await requests('miss', other);
      await page(other, id);
      await page(other, id);
      expect(await requests('miss', other)).toBe(misses + 1);

      await importHotels(other.catalog.hotels, demoSupplier({ count: 40, seed: 6 }));
      expect(await other.catalog.refreshIndex()).toBe(true);
      await page(other, id);
      expect(await requests('miss', other)).toBe(misses + 2);
    } finally {
      await other.close();
    }
  });
});
