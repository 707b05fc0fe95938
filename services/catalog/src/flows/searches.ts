// Searches: one-off or stored (then read page by page), map viewports, and a hotel's rooms and rates for a
// stored search. Pages and viewports come back as JSON text the searcher wrote (see search/searcher.ts). A
// stored search, and the first page of a one-off search started from a creator's club page, publish
// `catalog.search.created` (creators' analytics count them).
import {
  exchangeRatesRef,
  type AvailabilityAnswer,
  type BoundingBox,
  type SearchCriteria,
} from '@travelclub/contracts';
import { appError, newEvent, type CausalContext } from '@travelclub/kit';
import { randomBytes } from 'node:crypto';
import { searchesStarted } from '../metrics.js';
import type { SearchClient } from '../store/searches.js';
import type { CatalogParts } from './parts.js';

interface MapRequest {
  boundingBox: BoundingBox;
  limit: number;
  checkIn?: string;
  checkOut?: string;
  guests: number;
  rooms: number;
  currency: string;
}

export function searchFlows({
  searches,
  searchEvents,
  searcher,
  hotelCache,
  index,
}: Pick<CatalogParts, 'searches' | 'searchEvents' | 'searcher' | 'hotelCache' | 'index'>) {
  /** `catalog.search.created` in a document of its own: one insert, never a wait for Kafka. */
  const published = (searchId: string, creator: string | undefined, ctx: CausalContext) =>
    searchEvents.record(
      searchId,
      newEvent('catalog.search.created', searchId, { searchId, ...(creator ? { creator } : {}) }, ctx),
    );

  return {
    /**
     * A page of a search that is not stored. Every page is a call of its own, so only the first page of a
     * search from a creator's page is an event (under an id of its own): plain one-off searches stay as fast
     * as they were.
     */
    async page(
      {
        take,
        skip,
        creator,
        ...criteria
      }: SearchCriteria & { take: number; skip: number; creator?: string | undefined },
      ctx: CausalContext,
    ): Promise<string> {
      const json = searcher.pageJson(criteria, take, skip);
      // Each page is a call of its own: the first page is the search, the rest are its reading.
      if (skip === 0) searchesStarted.inc();
      if (creator && skip === 0) await published(randomBytes(12).toString('base64url'), creator, ctx);
      return json;
    },

    /** Stores a search; it counts against the user, or the caller's address without a token. */
    async create(
      { creator, ...criteria }: SearchCriteria & { creator?: string | undefined },
      caller: { userId: string | undefined; ip: string },
      ctx: CausalContext,
    ) {
      if (criteria.destination && !index().hotelsOf(criteria.destination)) throw appError('destination-not-found');
      const client: SearchClient = caller.userId ? `user:${caller.userId}` : `ip:${caller.ip}`;
      const { searchId, expiresAt } = await searches.create(criteria, client);
      searchesStarted.inc();
      await published(searchId, creator, ctx);
      return { searchId, expiresAt };
    },

    /** A page of a stored search, which each read keeps longer. */
    async storedPage(searchId: string, take: number, skip: number): Promise<string> {
      const criteria = await searches.get(searchId);
      if (!criteria) throw appError('search-not-found');
      return searcher.pageJson(criteria, take, skip, searchId);
    },

    /** The hotels of a map viewport; with dates, each with its cheapest free rate. */
    map({ boundingBox, limit, checkIn, checkOut, guests, rooms, currency }: MapRequest): string {
      const stay = checkIn && checkOut ? { checkIn, checkOut, guests, rooms, currency } : null;
      return searcher.mapJson(boundingBox, limit, stay);
    },

    /** The hotel's room types and rates for a stored search (spec section 4): none free is `no-rooms-available`. */
    async checkAvailability(pathId: string, hotelId: string, searchId: string): Promise<AvailabilityAnswer> {
      if (hotelId !== pathId)
        throw appError('validation-failed', [{ path: 'hotelId', message: 'Must be the hotel in the path' }]);
      const criteria = await searches.get(searchId);
      if (!criteria) throw appError('search-or-dates-not-found');
      const hotel = await hotelCache.hotel(hotelId);
      if (!hotel) throw appError('hotel-not-found');
      const roomTypes = searcher.offers(hotel, criteria);
      // Spec section 5: the check fails when no rooms come back ("No rooms available").
      if (!roomTypes.some((rt) => rt.rooms.length > 0)) throw appError('no-rooms-available');
      const { checkIn, checkOut, guests, rooms, currency } = criteria;
      const stay = { checkIn, checkOut, guests, rooms, currency };
      return { hotelId, searchId, ...stay, exchangeRates: exchangeRatesRef(), roomTypes };
    },
  };
}
export type SearchFlows = ReturnType<typeof searchFlows>;
