// The catalog index at full scale: built from 200,000 hotels, lists and maps in popularity order.
import { demoSupplier, loadDestinations } from '@travelclub/demo-catalog';
import { describe, expect, it } from 'vitest';
import { CatalogIndex, type IndexedHotel } from '../../src/search/catalog-index.js';

async function demoHotels(count: number): Promise<IndexedHotel[]> {
  const hotels: IndexedHotel[] = [];
  for await (const batch of demoSupplier({ count, seed: 3 }).hotels())
    for (const hotel of batch) hotels.push({ ...hotel, likes: 0 });
  return hotels;
}

describe('CatalogIndex', () => {
  it('builds from 200,000 hotels (no argument spreading of the whole catalog)', async () => {
    const index = new CatalogIndex(await demoHotels(200_000), loadDestinations());
    expect(index.size).toBe(200_000);
    const popularity = index.popular.slice(0, 1_000).map((o) => index.hotels[o]!.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    const first = index.hotels[index.popular[0]!]!;
    expect(index.hotelsOf(first.destinationId)![0]).toBe(index.popular[0]);
    expect(index.hotel(first._id)).toBe(first);
    expect(index.hotelBySlug(first.slug)).toBe(first);
  }, 120_000);

  it('lists a city, its country and a hotel as destinations, and knows none it does not have', async () => {
    const index = new CatalogIndex(await demoHotels(500), loadDestinations());
    const hotel = index.hotels[0]!;
    const city = index.destination(hotel.destinationId)!;
    expect(city).toMatchObject({ locationType: 'city', countryCode: hotel.address.countryCode });
    expect(city.hotelCount).toBe(index.hotelsOf(hotel.destinationId)!.length);
    const country = index.destination(`country-${hotel.address.countryCode}`)!;
    expect(country.hotelCount).toBeGreaterThanOrEqual(city.hotelCount);
    expect(index.destination(`hotel-${hotel._id}`)).toMatchObject({ name: hotel.name, hotelCount: 1 });
    expect(index.hotelsOf('city-1')).toBeUndefined();
    expect(index.hotelsOf('hotel-nothere')).toBeUndefined();
    expect(index.destination('country-ZZ')).toBeUndefined();
  });
});
