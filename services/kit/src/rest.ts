// How often to look through stored data for work that is usually not there: the outbox relay's sweep, the
// reconciliation of payments left unsettled, the gauges read when scraped. Real MongoDB answers those looks
// from an index in milliseconds; the local MongoDB-compatible server can use no index for them and reads the
// whole collection while holding it (seconds at 100,000 documents: docs/performance-data-growth.md), so such a
// look must not come round again before it has rested in proportion to what it cost.

/** At most this share of the time goes to such looks. */
const LOOK_SHARE = 0.05;

/**
 * The time from the start of a look that took `tookMs` to the start of the next: at least `floorMs` (the
 * schedule), and long enough that looks take at most `LOOK_SHARE` of the time.
 */
export const restAfter = (tookMs: number, floorMs: number) => Math.max(floorMs, tookMs / LOOK_SHARE);
