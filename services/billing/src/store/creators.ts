// The creator directory: which account earns the commission of a creator slug, as creator.profile.updated
// tells it. A slug is one document; a creator who changed slug keeps the old one's commissions.
import { indexedCollection, isDuplicateKeyError } from '@travelclub/kit';
import type { Connection } from 'mongoose';

interface CreatorEntry {
  /** The slug. */
  _id: string;
  userId: string;
  publicName: string;
  updatedAt: Date;
}

/**
 * An account whose creator role support staff revoked (auth.role.revoked) and not granted again: its slugs earn
 * nothing, its plan is not renewed. `at` is the role event's time, so an older event arriving late changes nothing.
 */
interface CreatorRoleEntry {
  /** The account's id. */
  _id: string;
  revoked: boolean;
  at: Date;
}

export type CreatorStore = Awaited<ReturnType<typeof creatorStore>>;

export async function creatorStore(connection: Connection) {
  const creators = await indexedCollection<CreatorEntry>(connection, 'creators', [[{ userId: 1 }]]);
  const roles = connection.collection<CreatorRoleEntry>('creator_roles');
  return {
    /** Auth's word on the account's creator role (revoked or granted), kept unless a newer word is there. */
    async roleChanged(userId: string, revoked: boolean, at: Date): Promise<void> {
      const done = await roles.updateOne({ _id: userId, at: { $lte: at } }, { $set: { revoked, at } });
      if (done.matchedCount > 0) return;
      try {
        await roles.insertOne({ _id: userId, revoked, at });
      } catch (err) {
        // Already there with a word as new or newer: that one stands.
        if (!isDuplicateKeyError(err)) throw err;
      }
    },
    /** True while support staff's revoke of the account's creator role stands. */
    async isRevoked(userId: string): Promise<boolean> {
      return (await roles.findOne({ _id: userId }))?.revoked === true;
    },
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
