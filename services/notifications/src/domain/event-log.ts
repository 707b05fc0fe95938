// The event log's rules, pure: what an event is about, for the `aggregate` filter (its aggregate, and every id
// its payload names under a key ending in `Id`, such as `itineraryId`, `invoiceId`, `userId`, or in `Ids`, so an
// itinerary's history also holds billing's events about it), and which records a reader may be shown yet.
import type { EventEnvelope } from '@travelclub/contracts';

/** An event as the consumer read it: where it was read, and the envelope. */
export interface ReadEvent {
  topic: string;
  partition: number;
  offset: string;
  event: EventEnvelope;
}

/**
 * Most events recorded in one write: a batch is recorded in parts of this size, and batches joined into one
 * write stay within it. A write must land well within EVENT_LOG_SETTLE_MS, or a reader could pass a number
 * still being written.
 */
export const RECORDS_PER_WRITE = 500;

/** Payloads are flat or nearly so; a deeper one is not searched further. */
const MAX_DEPTH = 4;
/** Enough for any payload of contracts; a payload with more ids is not a reason to grow the index without end. */
const MAX_REFS = 50;
const MAX_ID_LENGTH = 128;

const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;

function collect(value: unknown, refs: Set<string>, depth: number): void {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, refs, depth + 1);
    return;
  }
  for (const [key, field] of Object.entries(value)) {
    if (refs.size >= MAX_REFS) return;
    if (/.Id$/.test(key) && isId(field)) refs.add(field);
    else if (/.Ids$/.test(key) && Array.isArray(field)) {
      for (const id of field.filter(isId).slice(0, MAX_REFS - refs.size)) refs.add(id);
    } else collect(field, refs, depth + 1);
  }
}

/** The aggregate id first, then the payload's ids in the order they appear, each once. */
export function refsOf(event: Pick<EventEnvelope, 'aggregateId' | 'payload'>): string[] {
  const refs = new Set<string>([event.aggregateId]);
  collect(event.payload, refs, 0);
  return [...refs];
}

/**
 * The records a reader may be shown: those up to the first one recorded after `settledBefore`. A record still
 * settling may have writes in flight before it (lower numbers, not visible yet); showing it, or anything after
 * it, would move a follower's cursor past them for good.
 */
export function settledPrefix<T extends { recordedAt: Date }>(records: T[], settledBefore: Date): T[] {
  const unsettled = records.findIndex((r) => r.recordedAt.getTime() > settledBefore.getTime());
  return unsettled === -1 ? records : records.slice(0, unsettled);
}
