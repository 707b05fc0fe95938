// The creator directory: which account earns the commission of a creator slug, as creator.profile.updated
// tells it. A slug is one document; a creator who changed slug keeps the old one's commissions.
import { indexedCollection } from '@travelclub/kit';
import type { Connection } from 'mongoose';

interface CreatorEntry {
  /** The slug. */
  _id: string;
  userId: string;
  publicName: string;
  updatedAt: Date;
}

export type CreatorStore = Awaited<ReturnType<typeof creatorStore>>;

export async function creatorStore(connection: Connection) {
  const creators = await indexedCollection<CreatorEntry>(connection, 'creators', [[{ userId: 1 }]]);
  return {
    async upsert(slug: string, userId: string, publicName: string): Promise<void> {
      await creators.updateOne(
        { _id: slug },
        { $set: { userId, publicName, updatedAt: new Date() } },
        { upsert: true },
      );
    },
    /** The account that earns a slug's commissions, if the directory knows the slug. */
    async ownerOf(slug: string): Promise<string | null> {
      return (await creators.findOne({ _id: slug }))?.userId ?? null;
    },
    /** The slugs of an account, the most recently updated first. */
    async slugsOf(userId: string): Promise<string[]> {
      const entries = await creators.find({ userId }).sort({ updatedAt: -1 }).toArray();
      return entries.map((e) => e._id);
    },
  };
}
