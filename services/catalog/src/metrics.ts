// The catalog's business counters (docs/observability.md, "Business counters"), on the process's registry that
// every service's /metrics serves. Counted by the flows, where the thing happens.
import { businessCounter } from '@travelclub/kit';

/** A search started: a stored search made, or the first page of a one-off search (later pages are the same search). */
export const searchesStarted = businessCounter({
  name: 'travelclub_searches_total',
  help: 'Hotel searches started: stored searches made, and first pages of one-off searches',
});
