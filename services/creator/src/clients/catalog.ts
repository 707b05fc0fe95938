// The catalog as the creator service needs it: whether a hotel exists, and many hotels' cards in one call for
// a club page. Called service to service with this service's identity, never through the gateway.
import { endpoints, type ExchangeRatesRef, type PricedHotelSummary } from '@travelclub/contracts';
import { appError, type CausalContext, type createServiceClient } from '@travelclub/kit';
import type { HotelDirectory } from '../flows/recommendations.js';

type CatalogClient = ReturnType<typeof createServiceClient>;

export interface SummaryRequest {
  ids: string[];
  currency?: string;
  checkIn?: string;
  checkOut?: string;
}

export interface PricedHotels {
  hotels: Map<string, PricedHotelSummary>;
  /** The snapshot the prices were converted with (none when no hotel was asked for). */
  exchangeRates?: ExchangeRatesRef;
}

export interface CatalogHotels extends HotelDirectory {
  /** The hotels that exist, by id, priced in the currency (the catalog's lead price without dates). */
  priced(request: SummaryRequest, ctx: CausalContext): Promise<PricedHotels>;
  summaries(request: SummaryRequest, ctx: CausalContext): Promise<Map<string, PricedHotelSummary>>;
}

export function catalogHotels(catalog: CatalogClient): CatalogHotels {
  async function priced({ ids, currency, checkIn, checkOut }: SummaryRequest, ctx: CausalContext) {
    if (ids.length === 0) return { hotels: new Map<string, PricedHotelSummary>() };
    const body = { ids, ...(currency && { currency }), ...(checkIn && checkOut && { checkIn, checkOut }) };
    const answer = await catalog.call(endpoints.catalog.hotelSummaries, { body }, ctx);
    return { hotels: new Map(answer.hotels.map((hotel) => [hotel.id, hotel])), exchangeRates: answer.exchangeRates };
  }
  const summaries = async (request: SummaryRequest, ctx: CausalContext) => (await priced(request, ctx)).hotels;
  return {
    priced,
    summaries,
    async assertExists(hotelId, ctx) {
      const found = await summaries({ ids: [hotelId] }, ctx);
      if (!found.has(hotelId)) throw appError('hotel-not-found');
    },
  };
}
