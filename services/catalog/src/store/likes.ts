// Travellers' likes of hotels and destinations: one document per user and thing liked, so a like is
// idempotent and a recommendation can start from them.
import type { LocationType } from '@travelclub/contracts';
import { indexedCollection, isDuplicateKeyError } from '@travelclub/kit';
import type { Connection } from 'mongoose';

interface Like {
  /** `<userId>|<destination id>`: hotels are liked as `hotel-<id>`. */
  _id: string;
  userId: string;
  destinationId: string;
  locationType: LocationType;
  createdAt: Date;
}

export type LikeStore = Awaited<ReturnType<typeof likeStore>>;

export async function likeStore(connection: Connection) {
  const likes = await indexedCollection<Like>(connection, 'likes', [[{ userId: 1 }]]);
  const id = (userId: string, destinationId: string) => `${userId}|${destinationId}`;
  return {
    /** Sets a like on or off; answers whether anything changed. */
    async set(userId: string, destinationId: string, locationType: LocationType, like: boolean): Promise<boolean> {
      if (!like) return (await likes.deleteOne({ _id: id(userId, destinationId) })).deletedCount === 1;
      try {
        await likes.insertOne({
          _id: id(userId, destinationId),
          userId,
          destinationId,
          locationType,
          createdAt: new Date(),
        });
        return true;
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
    },
    async isLiked(userId: string, destinationId: string): Promise<boolean> {
      return (await likes.findOne({ _id: id(userId, destinationId) }, { projection: { _id: 1 } })) !== null;
    },
    /** The user's likes, newest first. */
    async of(userId: string, limit = 50): Promise<{ destinationId: string; locationType: LocationType }[]> {
      return likes
        .find({ userId }, { projection: { destinationId: 1, locationType: 1 } })
        .sort({ createdAt: -1 })
        .limit(limit)
        .toArray();
    },
  };
}
