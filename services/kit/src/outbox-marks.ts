// What the outbox relay (outbox-relay.ts) writes back into the documents it read: the events it sent pulled, and
// the key of a document with nothing pending dropped.
import type { mongo } from 'mongoose';
import type { OutboxDocument } from './outbox.js';

/**
 * Takes the sent events out of `docs` (each as the relay sent it), a write per document, all in one round trip.
 * A document whose key is still the one read got no event since: everything it holds went out (this round, or an
 * earlier one whose mark is in flight), so its outbox is emptied and its key dropped, found by that key. The
 * others (a newer event came, with a new key; or written before keys) have their sent events pulled by id: events
 * appended meanwhile stay, and so does their key for the sweep. One write per document, not one for all: a write
 * for all named every key and every event id, and the local MongoDB-compatible server matched each document
 * against the whole list (docs/performance-events.md).
 */
export async function markSent(collection: mongo.Collection<OutboxDocument>, docs: OutboxDocument[]) {
  const keyed = docs.filter((doc) => doc.outboxKey);
  const unchanged =
    keyed.length === 0
      ? 0
      : (
          await collection.bulkWrite(
            keyed.map((doc) => ({
              updateOne: {
                filter: { outboxKey: doc.outboxKey },
                update: { $set: { outbox: [] }, $unset: { outboxKey: '' } },
              },
            })),
            { ordered: false },
          )
        ).matchedCount;
  if (unchanged < docs.length)
    await collection.bulkWrite(
      docs.map((doc) => ({
        updateOne: {
          filter: { _id: doc._id },
          update: { $pull: { outbox: { id: { $in: doc.outbox.map((event) => event.id) } } } },
        },
      })),
      { ordered: false },
    );
}

/**
 * Drops the key of each document read with nothing pending (an itinerary change once wrote an old key back after
 * its mark: docs/events.md), so the sweep stops finding it. Found by that key: a write that added events since
 * set a new one, and keeps it.
 */
export async function dropEmptyKeys(collection: mongo.Collection<OutboxDocument>, found: OutboxDocument[]) {
  const keys = found.flatMap((doc) => ((doc.outbox ?? []).length === 0 && doc.outboxKey ? [doc.outboxKey] : []));
  if (keys.length > 0) await collection.updateMany({ outboxKey: { $in: keys } }, { $unset: { outboxKey: '' } });
}
