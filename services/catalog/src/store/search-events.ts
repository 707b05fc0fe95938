// The events of searches (`catalog.search.created`). Searches live in Redis, and the outbox needs a MongoDB
// document, so each event gets one small document of its own here: one insert, published by the relay in the
// background. The documents hold no criteria and no client; production MongoDB drops them after a week.
import { defineModel, outboxPlugin, pendingEvents, type Outbox, type OutboxEvent } from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';

interface SearchEventDocument {
  /** The search id. */
  _id: string;
  at: Date;
  outbox: OutboxEvent[];
}

/** How long a published search event's document stays (a TTL index: real MongoDB only). */
const KEEP_SECONDS = 7 * 24 * 3600;

export type SearchEventStore = Awaited<ReturnType<typeof searchEventStore>>;

export async function searchEventStore(connection: Connection, outbox: Outbox) {
  const schema = new Schema({}, { versionKey: false, strict: false });
  outboxPlugin(schema);
  schema.index({ at: 1 }, { expireAfterSeconds: KEEP_SECONDS });
  const model = await defineModel(connection, 'search_events', schema, 'search_events');
  outbox.addModel(model);
  // Driver calls: the document is written as it is, with nothing for mongoose to cast.
  const docs = model.collection as unknown as mongo.Collection<SearchEventDocument>;
  return {
    /** Writes the search's event; the relay publishes it without the search waiting for Kafka. */
    async record(searchId: string, event: OutboxEvent): Promise<void> {
      await docs.insertOne({ _id: searchId, at: new Date(), ...pendingEvents(event) });
      outbox.kick(searchId);
    },
  };
}
