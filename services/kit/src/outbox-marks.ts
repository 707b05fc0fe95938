// What the outbox relay (outbox-relay.ts) writes back into the documents it read: the events it sent pulled, and
// the key of a document with nothing pending dropped.
import type { mongo } from 'mongoose';
import type { OutboxDocument } from './outbox.js';

/**
 * Pulls the sent events (by event id: events appended meanwhile stay). A document whose key is still the one
 * read got no event since, so its events and its key go in one write, found by the key. The others (a newer
 * event came, with a new key; or written before keys) are pulled by id and keep their key for the sweep.
 */
export async function markSent(collection: mongo.Collection<OutboxDocument>, docs: OutboxDocument[], ids: string[]) {
  const pull = { $pull: { outbox: { id: { $in: ids } } } };
  const keys = docs.flatMap((doc) => (doc.outboxKey ? [doc.outboxKey] : []));
  const unchanged =
    keys.length === 0
      ? 0
      : (await collection.updateMany({ outboxKey: { $in: keys } }, { ...pull, $unset: { outboxKey: '' } }))
          .matchedCount;
  if (unchanged < docs.length) await collection.updateMany({ _id: { $in: docs.map((doc) => doc._id) } }, pull);
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
