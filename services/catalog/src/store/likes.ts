// Travellers' likes of hotels and destinations: one document per user and thing liked, so a like is
// idempotent and a recommendation can start from them. A like taken back stays as `liked: false`, because its
// document carries the like's events (the outbox) in the same write as the change.
import type { LocationType } from '@travelclub/contracts';
import type { Outbox, OutboxEvent } from '@travelclub/kit';
import { defineModel, isDuplicateKeyError, outboxPlugin, pendingEvents, withEvents } from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';

interface Like {
  /** `<userId>|<destination id>`: hotels are liked as `hotel-<id>`. */
  _id: string;
  userId: string;
  destinationId: string;
  locationType: LocationType;
  /** When it was last liked. */
  createdAt: Date;
  /** False once taken back; likes from before events were published have no such field and are on. */
  liked?: boolean;
  outbox: OutboxEvent[];
}

/** Likes that are on (a missing `liked` is on). */
const ON = { liked: { $ne: false } } as const;

export type LikeStore = Awaited<ReturnType<typeof likeStore>>;

/** The like's id, which its events name as their aggregate. */
export const likeId = (userId: string, destinationId: string) => `${userId}|${destinationId}`;

export async function likeStore(connection: Connection, outbox: Outbox) {
  const schema = new Schema({}, { versionKey: false, strict: false });
  schema.index({ userId: 1 });
  outboxPlugin(schema);
  const model = await defineModel(connection, 'likes', schema, 'likes');
  outbox.addModel(model);
  // Driver calls: the documents are written as they are, with nothing for mongoose to cast.
  const likes = model.collection as unknown as mongo.Collection<Like>;

  async function likeOn(userId: string, destinationId: string, locationType: LocationType, event: OutboxEvent) {
    const _id = likeId(userId, destinationId);
    const createdAt = new Date();
    try {
      await likes.insertOne({
        _id,
        userId,
        destinationId,
        locationType,
        createdAt,
        liked: true,
        ...pendingEvents(event),
      });
      return true;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
    // Liked before: it changes only if it was taken back since.
    const { modifiedCount } = await likes.updateOne(
      { _id, liked: false },
      withEvents({ $set: { liked: true, createdAt } }, event),
    );
    return modifiedCount === 1;
  }

  return {
    /**
     * Sets a like on or off, with `event` in the same write when it changed (liking twice writes it once);
     * answers whether anything changed.
     */
    async set(
      userId: string,
      destinationId: string,
      locationType: LocationType,
      like: boolean,
      event: OutboxEvent,
    ): Promise<boolean> {
      const changed = like
        ? await likeOn(userId, destinationId, locationType, event)
        : (
            await likes.updateOne(
              { _id: likeId(userId, destinationId), ...ON },
              withEvents({ $set: { liked: false } }, event),
            )
          ).modifiedCount === 1;
      if (changed) outbox.kick(likeId(userId, destinationId));
      return changed;
    },
    async isLiked(userId: string, destinationId: string): Promise<boolean> {
      return (await likes.findOne({ _id: likeId(userId, destinationId), ...ON }, { projection: { _id: 1 } })) !== null;
    },
    /** The user's likes, newest first. */
    async of(userId: string, limit = 50): Promise<{ destinationId: string; locationType: LocationType }[]> {
      return likes
        .find({ userId, ...ON }, { projection: { destinationId: 1, locationType: 1 } })
        .sort({ createdAt: -1 })
        .limit(limit)
        .toArray();
    },
  };
}
