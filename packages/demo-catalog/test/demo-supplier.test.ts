// The demo supplier: exact, deterministic, proportional to population, and every field valid.
import {
  AddressSchema,
  catalogLimits,
  CoordinatesSchema,
  DestinationIdSchema,
  FacilityGroupSchema,
  FacilitySchema,
  ImageParamsSchema,
  ProviderReferenceSchema,
  SlugSchema,
  SupportedCurrencySchema,
  type SupplierHotel,
} from '@travelclub/contracts';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allocateHotels, demoSupplier, DEMO_MIN_POPULATION, loadDestinations, slugOf } from '../src/index.js';

async function collect(
  options: Parameters<typeof demoSupplier>[0],
): Promise<{ hotels: SupplierHotel[]; batches: number[] }> {
  const hotels: SupplierHotel[] = [];
  const batches: number[] = [];
  for await (const batch of demoSupplier(options).hotels()) {
    batches.push(batch.length);
    hotels.push(...batch);
  }
  return { hotels, batches };
}

const imageId = ImageParamsSchema.shape.publicId;
/** A stored hotel as the demo supplier must make it: every field there, nothing else, each within range. */
const StoredHotelSchema = z.strictObject({
  _id: z.string().regex(/^h[a-z0-9]+$/),
  name: z.string().min(6),
  slug: SlugSchema,
  address: AddressSchema.extend({ line1: z.string().regex(/\d/) }),
  coordinates: CoordinatesSchema,
  destinationId: DestinationIdSchema.regex(/^city-\d+$/),
  description: z.string().min(60),
  images: z.array(imageId).min(4).max(6),
  facilities: z.array(FacilitySchema),
  additionalInformation: z.string().regex(/^Check-in from/),
  childAndExtraBedPolicy: z.string().regex(/^Children/),
  importantNotice: z.string().min(10),
  ratingSummary: z.strictObject({ score: z.number(), reviewCount: z.number().int().min(1) }),
  reviewRating: z.number().min(5.5).max(9.8),
  starRating: z.number().int().min(1).max(5),
  hotelLocation: z.string().regex(/\d+\.\d km from/),
  providerReference: z.strictObject({ provider: z.literal('demo'), id: z.string().regex(/^demo-\d+$/) }),
  currency: SupportedCurrencySchema,
  basePrice: z.number().int().positive(),
  popularity: z.number().int().positive(),
  roomTypes: z
    .array(
      z.strictObject({
        type: z.string().regex(/^[a-z-]+$/),
        name: z.string().min(4),
        maxGuests: z.number().int().min(1).max(catalogLimits.maxGuestsPerRoom),
        roomDetails: z.string().regex(/^\d+ m², /),
        count: z.number().int().min(1),
        priceFactor: z.number().min(0.5).max(3),
        images: z.array(imageId).length(2),
        providerReference: ProviderReferenceSchema,
      }),
    )
    .min(2)
    .max(5),
  ratePlans: z
    .array(
      z.strictObject({
        code: z.enum(['flex', 'breakfast', 'nonref']),
        name: z.string().min(4),
        benefits: z.array(z.string()),
        priceFactor: z.number().min(0.8).max(1.2),
        freeCancellationDays: z.number().int().min(0).nullable(),
      }),
    )
    .min(2)
    .max(3),
});

/** One inventory for the tests that only read it: made once, as checking every field takes a while. */
let sample: Promise<SupplierHotel[]> | undefined;
const sampleHotels = () => (sample ??= collect({ count: 2_000, seed: 5 }).then((made) => made.hotels));

const SHANGHAI = 'city-1796236';
const PARIS = 'city-2988507';

/** Great-circle distance in km. */
function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('demoSupplier', () => {
  it('is named demo', () => {
    expect(demoSupplier({ count: 1, seed: 1 }).name).toBe('demo');
  });

  it('makes exactly the hotels asked for, in batches', async () => {
    for (const count of [0, 1, 7, 2_345]) {
      const { hotels, batches } = await collect({ count, seed: 3 });
      expect(hotels).toHaveLength(count);
      expect(batches.every((size) => size >= 1 && size <= 1_000)).toBe(true);
    }
    const { batches } = await collect({ count: 2_345, seed: 3, batchSize: 500 });
    expect(batches).toEqual([500, 500, 500, 500, 345]);
  });

  it('gives identical hotels for the same seed and count, different ones for another seed', async () => {
    const first = await collect({ count: 600, seed: 42 });
    const again = await collect({ count: 600, seed: 42 });
    expect(again.hotels).toEqual(first.hotels);
    const other = await collect({ count: 600, seed: 43 });
    expect(other.hotels.map((h) => h._id)).not.toEqual(first.hotels.map((h) => h._id));
    expect(other.hotels.map((h) => h.name)).not.toEqual(first.hotels.map((h) => h.name));
    // The same places either way: where hotels go depends on the count, not the seed.
    expect(other.hotels.map((h) => h.destinationId)).toEqual(first.hotels.map((h) => h.destinationId));
  });

  it('spreads hotels over cities by population: big cities get many, each near its city', async () => {
    const { hotels } = await collect({ count: 5_000, seed: 9 });
    const perCity = new Map<string, number>();
    for (const hotel of hotels) perCity.set(hotel.destinationId, (perCity.get(hotel.destinationId) ?? 0) + 1);
    const cities = loadDestinations().cities.filter((city) => city.population >= DEMO_MIN_POPULATION);
    const total = cities.reduce((sum, city) => sum + city.population, 0);
    const shanghai = cities.find((city) => city.id === SHANGHAI)!;
    const paris = cities.find((city) => city.id === PARIS)!;
    expect(Math.abs(perCity.get(SHANGHAI)! - (5_000 * shanghai.population) / total)).toBeLessThanOrEqual(1);
    expect(Math.abs(perCity.get(PARIS)! - (5_000 * paris.population) / total)).toBeLessThanOrEqual(1);
    expect(perCity.get(SHANGHAI)!).toBeGreaterThan(perCity.get(PARIS)!);
    const byId = new Map(cities.map((city) => [city.id, city]));
    for (const hotel of hotels) {
      const city = byId.get(hotel.destinationId);
      expect(city, hotel.destinationId).toBeDefined();
      expect(distanceKm(hotel.coordinates, city!)).toBeLessThan(12);
      expect(hotel.address.city).toBe(city!.name);
      expect(hotel.address.countryCode).toBe(city!.countryCode);
    }
  });

  it('fills every field believably and validly', async () => {
    const hotels = await sampleHotels();
    // One schema parse and a few cross-checks per hotel; thousands of single expectations would be slow.
    const problems: string[] = [];
    const stars = [0, 0, 0, 0, 0, 0];
    for (const hotel of hotels) {
      const parsed = StoredHotelSchema.safeParse(hotel);
      if (!parsed.success) problems.push(`${hotel._id}: ${parsed.error.message}`);
      const problem = (text: string) => problems.push(`${hotel._id}: ${text}`);
      stars[hotel.starRating ?? 0]! += 1;
      if (!hotel.description.includes(hotel.address.city)) problem('description does not name the city');
      if (hotel.images.some((id, n) => id !== `${hotel._id}-${n + 1}`)) problem(`images ${hotel.images}`);
      for (const group of FacilityGroupSchema.options) {
        const names = hotel.facilities.filter((f) => f.group === group).map((f) => f.name);
        if (names.length < 2 || names.length > 4 || new Set(names).size !== names.length) problem(`${group}: ${names}`);
      }
      if (hotel.ratingSummary?.score !== hotel.reviewRating) problem('rating summary differs from review rating');
      if (hotel.roomTypes.find((t) => t.type === 'standard-double')?.priceFactor !== 1) problem('no standard room');
      if (new Set(hotel.roomTypes.map((t) => t.type)).size !== hotel.roomTypes.length) problem('room type twice');
      const rooms = hotel.roomTypes.reduce((sum, t) => sum + t.count, 0);
      if (rooms < 15 || rooms > 300) problem(`${rooms} rooms`);
      for (const t of hotel.roomTypes)
        if (t.images.join() !== `${hotel._id}-${t.type}-1,${hotel._id}-${t.type}-2`) problem(`room images ${t.images}`);
      const plans = hotel.ratePlans;
      if (plans[0]?.code !== 'flex' || plans[0].freeCancellationDays !== 2 || plans[0].priceFactor !== 1)
        problem('first plan is not flex');
      for (const plan of plans) {
        if (plan.code === 'nonref' && (plan.freeCancellationDays !== null || plan.priceFactor >= 1)) problem('nonref');
        if (plan.code === 'breakfast' && plan.benefits.join() !== 'Breakfast included') problem('breakfast');
      }
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(new Set(hotels.map((h) => h._id)).size).toBe(hotels.length);
    expect(new Set(hotels.map((h) => h.slug)).size).toBe(hotels.length);
    // Three and four stars are the most common, one star the rarest.
    expect(stars[3]!).toBeGreaterThan(stars[1]!);
    expect(stars[4]!).toBeGreaterThan(stars[1]!);
    expect(stars[1]!).toBeGreaterThan(0);
    expect(stars[5]!).toBeGreaterThan(0);
  });

  it('rates better hotels higher and prices them dearer', async () => {
    const hotels = await sampleHotels();
    const usHotels = hotels.filter((h) => h.currency === 'USD' && h.address.countryCode === 'US');
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
    const of = (stars: number) => usHotels.filter((h) => h.starRating === stars);
    expect(mean(of(5).map((h) => h.reviewRating!))).toBeGreaterThan(mean(of(2).map((h) => h.reviewRating!)));
    expect(mean(of(5).map((h) => h.basePrice))).toBeGreaterThan(2 * mean(of(2).map((h) => h.basePrice)));
  });

  it('prices in the country’s currency when supported, otherwise in US dollars', async () => {
    const hotels = await sampleHotels();
    const currencyOf = (country: string) =>
      new Set(hotels.filter((h) => h.address.countryCode === country).map((h) => h.currency));
    expect(currencyOf('FR')).toEqual(new Set(['EUR']));
    expect(currencyOf('JP')).toEqual(new Set(['JPY']));
    expect(currencyOf('BR')).toEqual(new Set(['BRL']));
    // The naira is not among the supported currencies.
    expect(currencyOf('NG')).toEqual(new Set(['USD']));
    for (const hotel of hotels.filter((h) => h.currency === 'JPY')) expect(hotel.basePrice % 10).toBe(0);
  });

  it('puts an image prefix before every image id, and refuses one that is not an id', async () => {
    const { hotels } = await collect({ count: 3, seed: 1, imagesPrefix: 'v2-' });
    for (const hotel of hotels) {
      expect(hotel.images[0]).toBe(`v2-${hotel._id}-1`);
      for (const roomType of hotel.roomTypes) expect(roomType.images[0]).toMatch(/^v2-h/);
    }
    expect(() => demoSupplier({ count: 3, seed: 1, imagesPrefix: 'Bad/Prefix' })).toThrow(RangeError);
    expect(() => demoSupplier({ count: -1, seed: 1 })).toThrow(RangeError);
    expect(() => demoSupplier({ count: 1.5, seed: 1 })).toThrow(RangeError);
  });

  it('makes 200,000 hotels with unique ids and slugs in a few seconds', { timeout: 120_000 }, async () => {
    const ids = new Set<string>();
    const slugs = new Set<string>();
    const started = performance.now();
    for await (const batch of demoSupplier({ count: 200_000, seed: 42 }).hotels())
      for (const hotel of batch) {
        ids.add(hotel._id);
        slugs.add(hotel.slug);
      }
    const seconds = (performance.now() - started) / 1000;
    expect(ids.size).toBe(200_000);
    expect(slugs.size).toBe(200_000);
    // Generous: shared test machines are slow; a quiet one takes a few seconds.
    expect(seconds).toBeLessThan(60);
  });
});

describe('the demo inventory', () => {
  it('is the one it was when the supplier was split out of the catalog (same seed, same hotels)', async () => {
    const digest = createHash('sha256');
    for await (const batch of demoSupplier({ count: 500, seed: 42 }).hotels()) digest.update(JSON.stringify(batch));
    expect(digest.digest('base64url').slice(0, 16)).toBe('AuBYdCp_lueyvl4P');
  });
});

describe('allocateHotels', () => {
  it('splits exactly, in proportion, by largest remainder', () => {
    expect(allocateHotels(10, [{ population: 5 }, { population: 3 }, { population: 2 }])).toEqual([5, 3, 2]);
    // Quotas 1.5, 0.9 and 0.6: one each by floor and remainder alike, not two for the largest city.
    expect(allocateHotels(3, [{ population: 50 }, { population: 30 }, { population: 20 }])).toEqual([1, 1, 1]);
    expect(allocateHotels(4, [{ population: 1 }, { population: 1 }, { population: 1 }])).toEqual([2, 1, 1]);
    expect(allocateHotels(0, [{ population: 1 }])).toEqual([0]);
    const shares = allocateHotels(1_001, [{ population: 7 }, { population: 13 }, { population: 80 }]);
    expect(shares.reduce((sum, n) => sum + n, 0)).toBe(1_001);
  });
});

describe('slugOf', () => {
  it('strips accents and symbols, keeps single hyphens and stays within 64 characters', () => {
    expect(slugOf('Hôtel Lumière São Paulo', 'abc')).toBe('hotel-lumiere-sao-paulo-abc');
    expect(slugOf('Straße & Łódź — Øresund', 'x1')).toBe('strasse-lodz-oresund-x1');
    expect(slugOf('東京', 'x1')).toBe('hotel-x1');
    const long = slugOf('The Very Long Name Of A Grand Hotel In Some City With A Long Name Indeed', '0st5lt2');
    expect(long.length).toBeLessThanOrEqual(64);
    expect(SlugSchema.safeParse(long).success).toBe(true);
    expect(long.endsWith('-0st5lt2')).toBe(true);
  });
});
