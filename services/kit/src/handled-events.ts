// The events each consumer has handled, in the service's MongoDB (`processed_events`), so a redelivered event
// is skipped: one record per consumer and event, `_id` `<consumer>/<event id>` (every MongoDB-compatible
// server answers `_id` lookups from its index). The `_id` is the pair, so its own unique index is what keeps a
// second record of one event out; a unique index on (consumer, eventId) beside it kept out nothing more and made
// each insert 2.5 times as slow on the local server: it is no longer made. The index on `consumer` serves the
// queries by consumer on real MongoDB (a retired group's records deleted).
import type { Connection, mongo } from 'mongoose';
import { indexedCollection, isDuplicateKeyError } from './mongo.js';

interface HandledEvent {
  _id: string;
  consumer: string;
  eventId: string;
  handledAt: Date;
}

const COLLECTION = 'processed_events';
/** The key of one consumer's record of one event. */
export const handledKey = (consumer: string, eventId: string) => `${consumer}/${eventId}`;
// The raw collection: these reads and writes are hot, and there is nothing for mongoose to cast.
const records = (connection: Connection) =>
  connection.collection<HandledEvent>(COLLECTION) as mongo.Collection<HandledEvent>;

/** Of these (consumer, event id) pairs, the ones handled, as `<consumer>/<event id>`. */
export async function handledPairs(
  connection: Connection,
  pairs: { consumer: string; eventId: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const ids = pairs.map((p) => handledKey(p.consumer, p.eventId));
  const found = await records(connection)
    .find({ _id: { $in: ids } }, { projection: { _id: 1 } })
    .toArray();
  return new Set(found.map((d) => d._id));
}

/** A consumer's records: which of a batch's events it handled before, and recording the ones it handles now. */
export interface HandledEvents {
  handledOf(eventIds: string[]): Promise<Set<string>>;
  record(eventIds: string[]): Promise<void>;
  /** Told of each event the consumer is about to dead-letter. */
  deadLettered?(eventId: string): void;
}

/** One consumer's records, in `processed_events`. */
export async function handledEvents(connection: Connection, consumer: string): Promise<HandledEvents> {
  await indexedCollection<HandledEvent>(connection, COLLECTION, [[{ consumer: 1 }]]);
  return {
    async handledOf(eventIds: string[]): Promise<Set<string>> {
      const handled = await handledPairs(
        connection,
        eventIds.map((eventId) => ({ consumer, eventId })),
      );
      return new Set(eventIds.filter((eventId) => handled.has(handledKey(consumer, eventId))));
    },
    async record(eventIds: string[]): Promise<void> {
      if (eventIds.length === 0) return;
      const handledAt = new Date();
      try {
        await records(connection).insertMany(
          eventIds.map((eventId) => ({ _id: handledKey(consumer, eventId), consumer, eventId, handledAt })),
          { ordered: false },
        );
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    },
  };
}

/** The events a consumer that keeps no records remembers having dead-lettered, at most (the oldest forgotten). */
export const LETTERED_MAX = 10_000;

/**
 * The records of a consumer whose handling needs none (`recordsHandled: false`): nothing is looked up, and only
 * an event it dead-lettered is recorded once it is handled (after a replay), which is what closes its letter on
 * /health/details (`countOpenDeadLetters`). Such a group is named anew at each start, so the letters it counts
 * are the ones this process wrote and remembers.
 */
export function recordsOfLettersOnly(records: HandledEvents): HandledEvents {
  const lettered = new Set<string>();
  return {
    handledOf: async () => new Set(),
    async record(eventIds) {
      const closing = eventIds.filter((id) => lettered.has(id));
      if (closing.length === 0) return;
      await records.record(closing);
      for (const id of closing) lettered.delete(id);
    },
    deadLettered(eventId) {
      lettered.add(eventId);
      if (lettered.size > LETTERED_MAX) lettered.delete(lettered.values().next().value!);
    },
  };
}
