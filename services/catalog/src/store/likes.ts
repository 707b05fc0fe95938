// Travellers' likes of hotels and destinations: one document per user and thing liked, so a like is
// idempotent and a recommendation can start from them.
import type { LocationType } from '@travelclub/contracts';
import { defineModel, isDuplicateKeyError } from '@travelclub/kit';
import { Schema, type Connection } from 'mongoose';

interface Like {
  /** `<userId>|<destination id>`: hotels are liked as `hotel-<id>`. */
  _id: string;
  userId: string;
  destinationId: string;
  locationType: LocationType;
  createdAt: Date;
}

const likeSchema = new Schema<Like>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    destinationId: { type: String, required: true },
    locationType: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export type LikeStore = Awaited<ReturnType<typeof likeStore>>;

export async function likeStore(connection: Connection) {
  const Likes = await defineModel(connection, 'Like', likeSchema, 'likes');
  const id = (userId: string, destinationId: string) => `${userId}|${destinationId}`;
  return {
    /** Sets a like on or off; answers whether anything changed. */
    async set(userId: string, destinationId: string, locationType: LocationType, like: boolean): Promise<boolean> {
      if (!like) return (await Likes.deleteOne({ _id: id(userId, destinationId) })).deletedCount === 1;
      try {
        await Likes.create({
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
      return (await Likes.exists({ _id: id(userId, destinationId) })) !== null;
    },
    /** The user's likes, newest first. */
    async of(userId: string, limit = 50): Promise<{ destinationId: string; locationType: LocationType }[]> {
      return Likes.find({ userId }, { destinationId: 1, locationType: 1 })
        .sort({ createdAt: -1 })
        .limit(limit)
        .lean<{ destinationId: string; locationType: LocationType }[]>();
    },
  };
}
