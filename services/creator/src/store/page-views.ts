// Club page views: in Redis, each day's random secret (kept two days) and, per creator and day, a HyperLogLog of
// the visitors' keyed hashes (kept two days too); in MongoDB, one document per creator and day (`_id`
// `<creator>/<day>`, an upsert by `_id`) counting the day's views and carrying each counted view's
// `creator.club.viewed` until the relay has published it (the outbox needs a document). One document a view
// made the collection as large as the week's views, and the outbox relay's sweep reads the whole collection
// every second on a server that has no index for it (the local one): at 100,000 views, seconds a sweep. Nothing
// here names a visitor: no address, no user agent. Production MongoDB drops the documents after a week (a TTL
// index), the one-per-view documents written before this too; the events on the topic stay.
import {
  defineModel,
  isDuplicateKeyError,
  outboxPlugin,
  withEvents,
  type Outbox,
  type OutboxEvent,
  type ServiceApp,
} from '@travelclub/kit';
import { randomBytes } from 'node:crypto';
import { Schema, type Connection, type mongo } from 'mongoose';

interface PageViewDocument {
  /** `<creator>/<day>` (`dayKey`); the event's id on the documents of one view each, written before. */
  _id: string;
  creatorId: string;
  day: string;
  /** The day's first counted view (the TTL index's field). */
  at: Date;
  /** The day's counted views (missing on the documents of one view each). */
  views?: number;
  outbox: OutboxEvent[];
}

/** The document of a creator's day. */
export const dayKey = (creatorId: string, day: string) => `${creatorId}/${day}`;

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

    /** Counts a view on its creator's day and writes its event there; the relay publishes it. */
    async record(event: OutboxEvent, { creatorId, day }: { creatorId: string; day: string }): Promise<void> {
      const _id = dayKey(creatorId, day);
      const count = () =>
        views.updateOne(
          { _id },
          withEvents({ $inc: { views: 1 }, $setOnInsert: { creatorId, day, at: new Date() } }, event),
          { upsert: true },
        );
      // Two first views of a day at once: one inserts, the other's insert collides and it counts on that one.
      await count().catch((err: unknown) => {
        if (!isDuplicateKeyError(err)) throw err;
        return count();
      });
      outbox.kick(_id);
    },
  };
}
