// Hotels, destinations, likes and recommendations, through app.inject against the real servers.
import {
  AutocompleteAnswerSchema,
  HotelListAnswerSchema,
  HotelViewSchema,
  type HotelView,
} from '@travelclub/contracts';
import { demoSupplier } from '@travelclub/demo-catalog';
import { describe, expect, it } from 'vitest';
import { importHotels } from '../../src/flows/seeding.js';
import { TEST_HOTELS, expectError, expectInvalid, startCatalog, useCatalog } from '../helpers.js';

const world = useCatalog();

const list = (payload: Record<string, unknown>) => world.app.inject({ method: 'POST', url: '/api/v1/hotel', payload });

describe('the demo inventory', () => {
  it('is imported when the catalog starts empty, deterministic from its seed', async () => {
    expect(world.app.catalog.index().size).toBe(TEST_HOTELS);
    expect(await world.app.catalog.hotels.count()).toBe(TEST_HOTELS);
    const again = await startCatalog(world.jwks);
    try {
      expect(
        again.catalog
          .index()
          .hotels.map((h) => h._id)
          .sort(),
      ).toEqual(
        world.app.catalog
          .index()
          .hotels.map((h) => h._id)
          .sort(),
      );
      const id = world.app.catalog.index().hotels[5]!._id;
      const [a, b] = await Promise.all([world.app.catalog.hotels.byId(id), again.catalog.hotels.byId(id)]);
      expect(b).toEqual(a);
    } finally {
      await again.close();
    }
  });
});

describe('an import while running', () => {
  it('is picked up by the running instance, which rebuilds its index', async () => {
    const other = await startCatalog(world.jwks, { SEED_HOTELS: '0' });
    try {
      expect(other.catalog.index().size).toBe(0);
      expect(await other.catalog.refreshIndex()).toBe(false);
      const added = await importHotels(other.catalog.hotels, demoSupplier({ count: 50, seed: 99 }));
      expect(added).toBe(50);
      expect(await other.catalog.refreshIndex()).toBe(true);
      expect(other.catalog.index().size).toBe(50);
      const hotel = other.catalog.index().hotels[0]!;
      const res = await other.inject({
        method: 'POST',
        url: '/api/v1/hotel',
        payload: { destination: hotel.destinationId },
      });
      expect(res.json().hotels.map((h: { id: string }) => h.id)).toContain(hotel._id);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/v1/hotel (list by destination)', () => {
  it('lists 15 from the start by default, most popular first', async () => {
    const res = await list({ destination: world.city });
    expect(res.statusCode).toBe(200);
    HotelListAnswerSchema.parse(res.json());
    const body = res.json() as {
      total: number;
      take: number;
      skip: number;
      hotels: { id: string; destinationId: string }[];
      destination: { id: string };
    };
    expect(body).toMatchObject({ take: 15, skip: 0, destination: { id: world.city } });
    expect(body.hotels.length).toBe(Math.min(15, body.total));
    expect(body.hotels.every((h) => h.destinationId === world.city)).toBe(true);
    const order = world.app.catalog
      .index()
      .hotelsOf(world.city)!
      .slice(0, body.hotels.length)
      .map((o) => world.app.catalog.index().hotels[o]!._id);
    expect(body.hotels.map((h) => h.id)).toEqual(order);
  });

  it('lists a whole country', async () => {
    const countryCode = world.app.catalog.index().hotels[0]!.address.countryCode;
    const res = await list({ destination: `country-${countryCode}`, take: 100 });
    const hotels = res.json().hotels as { address: { countryCode: string } }[];
    expect(hotels.length).toBeGreaterThan(0);
    expect(hotels.every((h) => h.address.countryCode === countryCode)).toBe(true);
  });

  it('requires a destination (spec section 5) and names it', async () => {
    const res = await list({});
    expectInvalid(res, 'destination');
    expect(res.json().error.details[0].message).toBe('Destination is required');
    expectInvalid(await list({ destination: world.city, take: 500 }), 'take');
    expectInvalid(await list({ destination: world.city, skip: -1 }), 'skip');
    expectInvalid(await list({ destination: { $ne: null } }), 'destination');
    expectError(await list({ destination: 'city-1' }), 'destination-not-found');
  });
});

describe('GET /api/v1/hotel/{id} and by slug', () => {
  it('shows every field of the hotel page, with image links in the three sizes', async () => {
    const id = world.app.catalog.index().hotels[0]!._id;
    const res = await world.app.inject({ method: 'GET', url: `/api/v1/hotel/${id}` });
    expect(res.statusCode).toBe(200);
    const hotel = HotelViewSchema.parse(res.json()) as HotelView;
    expect(hotel.id).toBe(id);
    expect(hotel.addressLine).toContain(hotel.address.city);
    expect(hotel.description.length).toBeGreaterThan(40);
    expect(new Set(hotel.facilities.map((f) => f.group))).toEqual(
      new Set(['check-in-out', 'property', 'getting-around', 'parking', 'extras']),
    );
    expect(hotel.roomTypes.length).toBeGreaterThan(0);
    expect(hotel.providerReference.provider).toBe('demo');
    const links = hotel.titleImage!.links;
    expect(links.original).toContain('w=3000&h=3000&q=90');
    expect(links['200px']).toContain('w=400&h=400&q=90');
    expect(links['600px']).toContain('w=600&h=600&q=90');

    const bySlug = await world.app.inject({ method: 'GET', url: `/api/v1/hotel/by-slug/${hotel.slug}` });
    expect(bySlug.json()).toEqual(res.json());
  });

  it('answers 404 in the envelope for an unknown hotel or slug', async () => {
    expectError(await world.app.inject({ method: 'GET', url: '/api/v1/hotel/hnothere' }), 'hotel-not-found');
    expectError(
      await world.app.inject({ method: 'GET', url: '/api/v1/hotel/by-slug/no-such-hotel' }),
      'hotel-not-found',
    );
    expectInvalid(await world.app.inject({ method: 'GET', url: '/api/v1/hotel/by-slug/Not_A_Slug' }), 'slug');
  });

  it('redirects the title image to its link, which serves a JPEG', async () => {
    const hotel = world.app.catalog.index().hotels[0]!;
    const res = await world.app.inject({ method: 'GET', url: `/api/v1/hotel/${hotel._id}/titleImage` });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.pathname).toBe(`/api/v1/images/${hotel.images[0]}`);
    const image = await world.app.inject({ method: 'GET', url: `${location.pathname}${location.search}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expectError(await world.app.inject({ method: 'GET', url: '/api/v1/hotel/hnothere/titleImage' }), 'hotel-not-found');
    expectError(await world.app.inject({ method: 'GET', url: '/api/v1/images/hnothere-0' }), 'image-not-found');
  });
});

describe('likes', () => {
  it('likes a hotel once per traveller, and unlikes it', async () => {
    const a = await world.traveller();
    const b = await world.traveller();
    const id = world.app.catalog.index().hotels[1]!._id;
    const like = (who: { headers: Record<string, string> }, payload: unknown) =>
      world.app.inject({
        method: 'PUT',
        url: `/api/v1/hotel/${id}/like`,
        headers: who.headers,
        payload: payload as object,
      });
    expect((await like(a, { like: true })).json()).toEqual({ hotelId: id, liked: true, likes: 1 });
    expect((await like(a, { like: true })).json()).toEqual({ hotelId: id, liked: true, likes: 1 });
    expect((await like(b, { like: true })).json()).toEqual({ hotelId: id, liked: true, likes: 2 });
    expect((await like(a, { like: false })).json()).toEqual({ hotelId: id, liked: false, likes: 1 });
    expect((await world.app.inject({ method: 'GET', url: `/api/v1/hotel/${id}` })).json().likes).toBe(1);
    expectError(
      await world.app.inject({ method: 'PUT', url: `/api/v1/hotel/${id}/like`, payload: { like: true } }),
      'unauthenticated',
    );
    expectError(
      await world.app.inject({
        method: 'PUT',
        url: '/api/v1/hotel/hnothere/like',
        headers: a.headers,
        payload: { like: true },
      }),
      'hotel-not-found',
    );
    expectInvalid(await like(a, { like: 'yes' }), 'like');
  });

  it('likes a destination, checking what it is', async () => {
    const user = await world.traveller();
    const like = (id: string, payload: Record<string, unknown>) =>
      world.app.inject({ method: 'POST', url: `/api/v1/destinations/${id}/like`, headers: user.headers, payload });
    expect((await like(world.city, { destinationId: world.city, locationType: 'city', like: true })).json()).toEqual({
      destinationId: world.city,
      liked: true,
    });
    expectInvalid(
      await like(world.city, { destinationId: world.city, locationType: 'country', like: true }),
      'locationType',
    );
    expectInvalid(
      await like(world.city, { destinationId: 'country-FR', locationType: 'country', like: true }),
      'destinationId',
    );
    expectError(
      await like('city-1', { destinationId: 'city-1', locationType: 'city', like: true }),
      'destination-not-found',
    );
  });
});

describe('recommendations', () => {
  it('recommends the most popular hotels, one per destination, to someone without likes', async () => {
    const res = await world.app.inject({ method: 'GET', url: '/api/v1/hotel/recommended?take=5' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { basis: string; hotels: { id: string; destinationId: string }[] };
    expect(body.basis).toBe('popular');
    expect(body.hotels).toHaveLength(5);
    expect(new Set(body.hotels.map((h) => h.destinationId)).size).toBe(5);
    expect(body.hotels[0]!.id).toBe(world.app.catalog.index().hotels[world.app.catalog.index().popular[0]!]!._id);
  });

  it("recommends hotels where a traveller's likes are, never the liked hotel itself", async () => {
    const user = await world.traveller();
    const liked = world.app.catalog.index().hotels[world.app.catalog.index().hotelsOf(world.city)![0]!]!;
    await world.app.inject({
      method: 'PUT',
      url: `/api/v1/hotel/${liked._id}/like`,
      headers: user.headers,
      payload: { like: true },
    });
    const res = await world.app.inject({
      method: 'GET',
      url: '/api/v1/hotel/recommended?take=3',
      headers: user.headers,
    });
    const body = res.json() as { basis: string; hotels: { id: string; destinationId: string }[] };
    expect(body.basis).toBe('likes');
    expect(body.hotels.every((h) => h.destinationId === world.city && h.id !== liked._id)).toBe(true);
  });

  it('recommends for a destination, and validates', async () => {
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/v1/recommendation',
      payload: { destination: world.city, take: 2 },
    });
    expect(res.json()).toMatchObject({ basis: 'destination' });
    expect(res.json().hotels).toHaveLength(Math.min(2, world.app.catalog.index().hotelsOf(world.city)!.length));
    expectInvalid(await world.app.inject({ method: 'GET', url: '/api/v1/hotel/recommended?take=0' }), 'take');
    expectError(
      await world.app.inject({ method: 'POST', url: '/api/v1/recommendation', payload: { destination: 'city-1' } }),
      'destination-not-found',
    );
  });
});

describe('GET /api/v1/destinations/autocomplete', () => {
  const autocomplete = (query = '') =>
    world.app.inject({ method: 'GET', url: `/api/v1/destinations/autocomplete${query}` });
  const suggest = async (query: string) => {
    const res = await autocomplete(`?query=${encodeURIComponent(query)}`);
    expect(res.statusCode).toBe(200);
    return AutocompleteAnswerSchema.parse(res.json()).destinations;
  };

  it('finds cities ignoring case and accents', async () => {
    expect((await suggest('sao'))[0]).toMatchObject({
      name: 'São Paulo',
      locationType: 'city',
      label: 'São Paulo, Brazil',
    });
    expect((await suggest('SÃO PAU'))[0]!.name).toBe('São Paulo');
    expect((await suggest('paris')).some((d) => d.name === 'Paris' && d.label === 'Paris, France')).toBe(true);
  });

  it('finds countries and hotels', async () => {
    expect((await suggest('franc')).some((d) => d.id === 'country-FR' && d.locationType === 'country')).toBe(true);
    const hotel = world.app.catalog.index().hotels[0]!;
    const found = await suggest(hotel.name);
    expect(found.some((d) => d.id === `hotel-${hotel._id}` && d.locationType === 'hotel')).toBe(true);
  });

  it('ranks bigger places first among equal matches', async () => {
    const found = await suggest('san');
    expect(found.length).toBeGreaterThan(1);
    expect(found[0]!.locationType).not.toBe('hotel');
  });

  it('validates the query', async () => {
    expectInvalid(await autocomplete(), 'query');
    expectInvalid(await autocomplete('?query=%20'), 'query');
    expectInvalid(await autocomplete('?query=pa&take=99'), 'take');
  });
});
