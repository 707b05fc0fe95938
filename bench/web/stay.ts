// A real search and a real hotel for the pages measured, found through the public API as a traveller would:
// the best-stocked of a few popular cities, a two-night stay next month for two adults, the first hotel of
// its results that has rooms.
import { inDays } from '@travelclub/testing';

const CITIES = ['New York', 'Tokyo', 'London', 'Paris', 'Rome', 'Barcelona', 'Berlin', 'Sydney', 'Bangkok'];

export interface Stay {
  city: string;
  destination: string;
  searchId: string;
  slug: string;
  hotelName: string;
  results: number;
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

interface Destination {
  id: string;
  name: string;
  locationType: string;
  hotelCount: number;
}

export async function findStay(gateway: string): Promise<Stay> {
  let best: Destination | undefined;
  for (const name of CITIES) {
    const found = await json<{ destinations: Destination[] }>(
      await fetch(`${gateway}/api/v1/destinations/autocomplete?query=${encodeURIComponent(name)}`),
      'autocomplete',
    );
    const city = found.destinations.find((d) => d.locationType === 'city');
    if (city && city.hotelCount > (best?.hotelCount ?? 0)) best = city;
  }
  if (!best) throw new Error(`none of ${CITIES.join(', ')} has hotels`);
  const post = (path: string, body: unknown) =>
    fetch(`${gateway}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const { searchId } = await json<{ searchId: string }>(
    await post('/api/v1/hotel/search/create', {
      destination: best.id,
      checkIn: inDays(30),
      checkOut: inDays(32),
      guests: 2,
    }),
    'search/create',
  );
  const page = await json<{
    total: number;
    hotels: { id: string; slug: string; name: string; cheapestRate: unknown }[];
  }>(await fetch(`${gateway}/api/v1/hotel/search/${searchId}?take=20`), 'the search page');
  for (const hotel of page.hotels.filter((h) => h.cheapestRate)) {
    const rooms = await post(`/api/v1/hotel/${hotel.id}/checkAvailability`, {
      hotelId: hotel.id,
      hotelSearchId: searchId,
    });
    await rooms.body?.cancel();
    if (rooms.ok)
      return {
        city: best.name,
        destination: best.id,
        searchId,
        slug: hotel.slug,
        hotelName: hotel.name,
        results: page.total,
      };
  }
  throw new Error(`no hotel of ${best.name} has rooms in search ${searchId}`);
}
