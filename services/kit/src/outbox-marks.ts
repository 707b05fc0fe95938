// What the outbox relay (outbox-relay.ts) writes back into the documents it read: the events it sent pulled, and
// the key of a document with nothing pending dropped.
import type { mongo } from 'mongoose';
import type { OutboxDocument } from './outbox.js';

/**
 * Takes the sent events out of `docs` (each as the relay sent it), a write per document, all in one round trip.
 * A document whose key is still the one read and whose outbox holds exactly the events sent got nothing since:
 * its outbox is emptied and its key dropped. The others (a newer event came, with a new key;
 * events sent by an earlier round whose mark is still in flight; or written before keys) have their sent events
 * pulled by id: events appended meanwhile stay, and so does their key for the sweep. The emptying write checks the
 * outbox's content as well as the key, so a writer that appended without a new key (an older build, or a bug) loses
 * nothing. One write per document, not one for all: a write for all named every key and every event id, and the
 * local MongoDB-compatible server matched each document against those whole lists (docs/performance-events.md).
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
                // By `_id` first: the local server answers a query from another index only when it names that
                // index's fields alone, and would read the whole collection for this one.
                filter: {
                  _id: doc._id,
                  outboxKey: doc.outboxKey,
                  outbox: { $size: doc.outbox.length },
                  'outbox.id': { $all: doc.outbox.map((event) => event.id) },
                },
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
