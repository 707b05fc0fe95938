// Shared set-up of the catalog service tests: the real app against the run's servers with a small demo
// inventory of its own (`useCatalog` for a test file), tokens from a local key set, stays with rooms free, and
// small clients.
import { SearchPageSchema, type SearchPage } from '@travelclub/contracts';
import {
  inDays,
  readEvents,
  ServiceWorld,
  setUpForFile,
  startTestJwks,
  type SeenEvent,
  type TestJwks,
} from '@travelclub/kit/testing';
import { startCatalog as startCatalogApp } from '@travelclub/testing/catalog';
import { randomUUID } from 'node:crypto';
import type { CatalogApp } from '../src/app.js';
import { nightsOf } from '../src/domain/pricing.js';
import type { IndexedHotel } from '../src/search/catalog-index.js';

export const TEST_HOTELS = 300;

/** The app (@travelclub/testing's, as other services' tests start it) with `TEST_HOTELS` hotels. */
export const startCatalog = (jwks: TestJwks, overrides: Record<string, string> = {}): Promise<CatalogApp> =>
  startCatalogApp({ JWKS_URL: jwks.jwksUrl, SEED_HOTELS: String(TEST_HOTELS), ...overrides });

export { expectError, expectInvalid, inDays } from '@travelclub/kit/testing';

export async function traveller(jwks: TestJwks, roles: string[] = ['role/customer']) {
  const id = `user-${randomUUID().slice(0, 8)}`;
  return { id, headers: { authorization: `Bearer ${await jwks.sign({ sub: id, roles })}` } };
}

/** The biggest destination of the test inventory (its city with the most hotels). */
export function busiestCity(app: CatalogApp): string {
  const counts = new Map<string, number>();
  for (const hotel of app.catalog.index().hotels)
    counts.set(hotel.destinationId, (counts.get(hotel.destinationId) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

export async function search(app: CatalogApp, body: Record<string, unknown>): Promise<SearchPage> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/hotel/search', payload: body });
  if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body}`);
  // The route writes its answer without parsing it (routes/json.ts): the shape is checked here.
  SearchPageSchema.parse(res.json());
  return res.json() as SearchPage;
}

export async function createSearch(app: CatalogApp, body: Record<string, unknown>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/hotel/search/create', payload: body });
  if (res.statusCode !== 201) throw new Error(`search/create answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { searchId: string }).searchId;
}

/**
 * The app's catalog events until `count` distinct ones match `keep` (delivery is at least once: copies are
 * dropped by id).
 */
export async function catalogEvents(app: CatalogApp, keep: (event: SeenEvent) => boolean, count: number) {
  const log = await readEvents(app, 'catalog.events');
  try {
    return await log.wait(keep, count);
  } finally {
    await log.stop();
  }
}

/** The app's events of this type about a hold, once `count` of them arrived. */
export const holdEvents = (app: CatalogApp, type: string, holdId: string, count = 1) =>
  catalogEvents(app, (e) => e.type === type && e.payload.holdId === holdId, count);

export interface Stay {
  hotel: IndexedHotel;
  roomType: IndexedHotel['roomTypes'][number];
  checkIn: string;
  checkOut: string;
}

/** The catalog of a test file (`overrides` over the test settings): started before its tests, closed after them. */
export const useCatalog = (overrides: Record<string, string> = {}) => setUpForFile(new CatalogWorld(overrides));

/** A key set and the catalog app, and what a test file's tests do with them. Its fields are there once `start` is over. */
export class CatalogWorld extends ServiceWorld<CatalogApp> {
  /** The biggest destination of the test inventory. */
  city!: string;
  /** Where `freshStay` looks next, so tests do not take each other's rooms. */
  private hotelCursor = 0;

  constructor(private readonly overrides: Record<string, string>) {
    super();
  }

  async start(): Promise<void> {
    this.jwks = await startTestJwks();
    this.app = await startCatalog(this.jwks, this.overrides);
    this.city = busiestCity(this.app);
  }

  async close(): Promise<void> {
    await this.app?.close();
    await this.jwks?.close();
  }

  traveller(roles?: string[]) {
    return traveller(this.jwks, roles);
  }

  /**
   * Days from today to the first check-in, `from` days on or later, for which at least `hotels` of the test
   * city's hotels have a room for `guests` free on each of `nights` nights. The demo occupancy sells whole
   * hotels out on some nights, and the test city has few hotels: on some dates every one of them is full.
   */
  async pricedStayIn(from: number, { nights = 3, guests = 2, hotels = 1 } = {}): Promise<number> {
    for (let days = from; days < from + 100; days++) {
      const stay = { checkIn: inDays(days), checkOut: inDays(days + nights), guests, take: 100 };
      const page = await search(this.app, { destination: this.city, ...stay });
      if (page.hotels.filter((h) => h.cheapestRate).length >= hotels) return days;
    }
    throw new Error(`no dates in the 100 days after ${inDays(from)} with ${hotels} hotels free`);
  }

  /** A stay at a hotel the previous calls did not use, with `need` rooms of one type free for all its nights. */
  freshStay(need: number, { nights = 2, startInDays = 40 } = {}): Stay {
    const hotels = this.app.catalog.index().hotels;
    const checkIn = inDays(startInDays);
    const checkOut = inDays(startInDays + nights);
    for (; this.hotelCursor < hotels.length; this.hotelCursor++) {
      const hotel = hotels[this.hotelCursor]!;
      const roomType = hotel.roomTypes.find(
        (rt) => this.app.catalog.availability.roomsLeft(hotel._id, rt, nightsOf(checkIn, checkOut)) >= need,
      );
      if (roomType) {
        this.hotelCursor++;
        return { hotel, roomType, checkIn, checkOut };
      }
    }
    throw new Error('no hotel in the test inventory has that many rooms free');
  }

  /** The rooms of the stay's type left for all its nights (or for other dates). */
  roomsLeft(stay: Stay, checkIn = stay.checkIn, checkOut = stay.checkOut) {
    return this.app.catalog.availability.roomsLeft(stay.hotel._id, stay.roomType, nightsOf(checkIn, checkOut));
  }
}
