// Travellers' likes as the catalog announces them (`catalog.hotel.liked`, `catalog.destination.liked`): this
// service's own copy, one document per user and thing liked, as the catalog keys them (a hotel is
// `hotel-<id>`). A like taken back stays as `liked: false` with its time, so an older event heard late cannot
// bring it back.
import type { LocationType } from '@travelclub/contracts';
import { indexedCollection, isDuplicateKeyError } from '@travelclub/kit';
import type { Connection } from 'mongoose';

interface LikeDocument {
  /** `<userId>|<destinationId>`, the catalog's own like id. */
  _id: string;
  userId: string;
  destinationId: string;
  locationType: LocationType;
  liked: boolean;
  at: Date;
}

export type LikeView = Pick<LikeDocument, 'destinationId' | 'locationType' | 'at'>;

/** The most likes one answer lists. */
const MAX_LIKES = 1_000;

export type LikeStore = Awaited<ReturnType<typeof likeStore>>;

export async function likeStore(connection: Connection) {
  const likes = await indexedCollection<LikeDocument>(connection, 'likes', [[{ userId: 1, at: -1 }]]);
  return {
    /** Sets a like as of `at`; a change older than the one stored changes nothing. */
    async set(like: Omit<LikeDocument, '_id'>): Promise<void> {
      const _id = `${like.userId}|${like.destinationId}`;
      try {
        await likes.updateOne({ _id, at: { $lte: like.at } }, { $set: like }, { upsert: true });
      } catch (err) {
        // The stored like is newer: this one was overtaken.
        if (!isDuplicateKeyError(err)) throw err;
      }
    },

    /** The user's likes that are on, newest first. */
    on: (userId: string): Promise<LikeView[]> =>
      likes
        .find({ userId, liked: true }, { projection: { _id: 0, destinationId: 1, locationType: 1, at: 1 } })
        .sort({ at: -1 })
        .limit(MAX_LIKES)
        .toArray(),
  };
}
