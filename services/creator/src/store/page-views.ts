// Club page views: in Redis, each day's random secret (kept two days) and, per creator and day, a HyperLogLog of
// the visitors' keyed hashes (kept two days too); in MongoDB, one small document per counted view carrying its
// `creator.club.viewed` (the outbox needs a document). Nothing here names a visitor: no address, no user agent.
// Production MongoDB drops the view documents after a week (a TTL index); the events on the topic stay.
import { defineModel, outboxPlugin, type Outbox, type OutboxEvent, type ServiceApp } from '@travelclub/kit';
import { randomBytes } from 'node:crypto';
import { Schema, type Connection, type mongo } from 'mongoose';

interface PageViewDocument {
  /** The event's id. */
  _id: string;
  creatorId: string;
  day: string;
  at: Date;
  outbox: OutboxEvent[];
}

/** Secrets and visitor sets live two days: long enough for a day's last views, never longer. */
const KEEP_IN_REDIS_SECONDS = 2 * 24 * 3600;
const KEEP_DOCUMENTS_SECONDS = 7 * 24 * 3600;

export type PageViewStore = Awaited<ReturnType<typeof pageViewStore>>;

export async function pageViewStore(
  connection: Connection,
  outbox: Outbox,
  redis: ServiceApp['redis'],
  prefix: string,
) {
  const schema = new Schema({}, { versionKey: false, strict: false });
  outboxPlugin(schema);
  schema.index({ at: 1 }, { expireAfterSeconds: KEEP_DOCUMENTS_SECONDS });
  const model = await defineModel(connection, 'page_views', schema, 'page_views');
  outbox.addModel(model);
  const views = model.collection as unknown as mongo.Collection<PageViewDocument>;
  /** The secrets of the days this instance has used (every instance reads the same one from Redis). */
  const secrets = new Map<string, string>();

  return {
    /** The day's secret: the first instance to need it makes it, everyone else reads that one. */
    async secretOf(day: string): Promise<string> {
      const known = secrets.get(day);
      if (known) return known;
      const key = `${prefix}:secret:${day}`;
      await redis.set(key, randomBytes(32).toString('base64url'), 'EX', KEEP_IN_REDIS_SECONDS, 'NX');
      const secret = await redis.get(key);
      if (!secret) throw new Error(`the visitor secret of ${day} vanished`);
      if (secrets.size >= 4) secrets.clear();
      secrets.set(day, secret);
      return secret;
    },

    /** Counts a visitor of a creator's page on a day; true when they had not been counted that day. */
    async countVisitor(creatorId: string, day: string, visitor: string): Promise<boolean> {
      const key = `${prefix}:visitors:${creatorId}:${day}`;
      const [added] = (await redis.multi().pfadd(key, visitor).expire(key, KEEP_IN_REDIS_SECONDS).exec()) ?? [];
      if (!added || added[0]) throw added?.[0] ?? new Error('the visitor count was not answered');
      return added[1] === 1;
    },

    /** Writes a counted view's event; the relay publishes it. */
    async record(event: OutboxEvent, { creatorId, day }: { creatorId: string; day: string }): Promise<void> {
      await views.insertOne({ _id: event.id, creatorId, day, at: new Date(), outbox: [event] });
      outbox.kick(event.id);
    },
  };
}
