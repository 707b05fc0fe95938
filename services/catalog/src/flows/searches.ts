// Searches: one-off or stored (then read page by page), map viewports, and a hotel's rooms and rates for a
// stored search. Pages and viewports come back as JSON text the searcher wrote (see search/searcher.ts).
import {
  exchangeRatesRef,
  type AvailabilityAnswer,
  type BoundingBox,
  type SearchCriteria,
} from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
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
  searcher,
  hotels,
  index,
}: Pick<CatalogParts, 'searches' | 'searcher' | 'hotels' | 'index'>) {
  return {
    /** A page of a search that is not stored. */
    page: ({ take, skip, ...criteria }: SearchCriteria & { take: number; skip: number }) =>
      searcher.pageJson(criteria, take, skip),

    /** Stores a search; it counts against the user, or the caller's address without a token. */
    async create(criteria: SearchCriteria, caller: { userId: string | undefined; ip: string }) {
      if (criteria.destination && !index().hotelsOf(criteria.destination)) throw appError('destination-not-found');
      const client: SearchClient = caller.userId ? `user:${caller.userId}` : `ip:${caller.ip}`;
      const { searchId, expiresAt } = await searches.create(criteria, client);
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
      const hotel = await hotels.byId(hotelId);
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
