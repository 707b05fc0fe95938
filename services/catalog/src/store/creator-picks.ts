// Creators' recommended hotels, one document per creator (by user id) with every slug they have been known by,
// so a page asking with a creator's slug finds them in one read. Filled by the creator service's events only.
import { indexedCollection } from '@travelclub/kit';
import type { Connection } from 'mongoose';
import { activeInOrder, isCatalogHotelId, type CreatorPick } from '../domain/creator-picks.js';

interface CreatorPicks {
  /** The creator's user id. */
  _id: string;
  /** Every slug heard for them: a link with an old slug keeps working (slugs are never given to another creator). */
  slugs: string[];
  /** By hotel id; a withdrawn pick stays as inactive, with its time, so a late older change cannot revive it. */
  picks: Record<string, CreatorPick>;
}

export interface PickChange {
  userId: string;
  slug: string;
  hotelId: string;
  isActive: boolean;
  position?: number | undefined;
}

export type CreatorPickStore = Awaited<ReturnType<typeof creatorPickStore>>;

export async function creatorPickStore(connection: Connection) {
  const creators = await indexedCollection<CreatorPicks>(connection, 'creator_picks', [[{ slugs: 1 }]]);

  /** Makes the creator's document if it is new, and remembers the slug. */
  const know = (userId: string, slug: string) =>
    creators.updateOne({ _id: userId }, { $setOnInsert: { picks: {} }, $addToSet: { slugs: slug } }, { upsert: true });

  return {
    know,

    /**
     * Applies a creator's change to one pick, unless a later change of that pick was applied already (events
     * of different recommendations may arrive out of order). Answers whether it was applied.
     */
    async change({ userId, slug, hotelId, isActive, position }: PickChange, at: string): Promise<boolean> {
      // Not a hotel id the catalog makes: nothing it could rank.
      if (!isCatalogHotelId(hotelId)) return false;
      await know(userId, slug);
      const path = `picks.${hotelId}`;
      const pick: CreatorPick = { active: isActive, at, ...(position === undefined ? {} : { position }) };
      const { modifiedCount } = await creators.updateOne(
        { _id: userId, $or: [{ [`${path}.at`]: { $exists: false } }, { [`${path}.at`]: { $lte: at } }] },
        { $set: { [path]: pick } },
      );
      return modifiedCount === 1;
    },

    /** The creator's active recommended hotel ids, in their order; none for a slug nobody has. */
    async activeBySlug(slug: string): Promise<string[]> {
      const doc = await creators.findOne({ slugs: slug }, { projection: { picks: 1 } });
      return doc ? activeInOrder(doc.picks) : [];
    },
  };
}
