// Where a creator takes travellers' requests for packages: the address on their own token the last time they
// saved content (auth owns accounts; this is the creator service's copy of the one address it needs), and
// whether that token said the address is proven. Only a proven address is ever mailed.
import { indexedCollection } from '@travelclub/kit';
import type { Connection } from 'mongoose';

interface ContactDocument {
  /** The creator's account. */
  _id: string;
  email: string;
  /** The token that carried it said the address is verified (absent on addresses kept before: unproven). */
  verified?: boolean;
  updatedAt: Date;
}

export type ContactStore = Awaited<ReturnType<typeof contactStore>>;

export async function contactStore(connection: Connection) {
  const contacts = await indexedCollection<ContactDocument>(connection, 'creator_contacts', []);
  return {
    /**
     * Keeps the creator's address (the newest wins), except that an unproven address never replaces a proven
     * one: whoever holds the account must not be able to point travellers' mails at someone else's inbox.
     */
    async remember(userId: string, email: string, verified: boolean): Promise<void> {
      const set = { $set: { email, verified, updatedAt: new Date() } };
      if (verified) {
        await contacts.updateOne({ _id: userId }, set, { upsert: true });
        return;
      }
      try {
        await contacts.updateOne({ _id: userId, verified: { $ne: true } }, set, { upsert: true });
      } catch (error) {
        // A proven address is kept already: the upsert's insert collides with it, and nothing changes.
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    },
    /** The creator's address when it is proven, else null (a request then waits in their dashboard). */
    verifiedEmailOf: async (userId: string): Promise<string | null> =>
      (await contacts.findOne({ _id: userId, verified: true }))?.email ?? null,
  };
}
