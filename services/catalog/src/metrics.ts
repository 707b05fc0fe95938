// The catalog's counters (docs/observability.md, "Metrics" and "Business counters"), on the process's registry
// that every service's /metrics serves. Counted where the thing happens.
import { businessCounter } from '@travelclub/kit';

/** A search started: a stored search made, or the first page of a one-off search (later pages are the same search). */
export const searchesStarted = businessCounter({
  name: 'travelclub_searches_total',
  help: 'Hotel searches started: stored searches made, and first pages of one-off searches',
});

/** A hotel's content wanted for its page or its rates: kept in memory (hit), or read from MongoDB (miss). */
export const hotelCacheRequests = businessCounter({
  name: 'catalog_hotel_cache_requests_total',
  help: "Hotel content wanted for a hotel page or its rates, by outcome: from the catalog's memory (hit) or MongoDB (miss)",
  labelNames: ['outcome'] as const,
});
