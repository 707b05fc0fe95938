// Where a creator takes travellers' requests for packages: the address on their own token the last time they
// saved content (auth owns accounts; this is the creator service's copy of the one address it needs).
import { indexedCollection } from '@travelclub/kit';
import type { Connection } from 'mongoose';

interface ContactDocument {
  /** The creator's account. */
  _id: string;
  email: string;
  updatedAt: Date;
}

export type ContactStore = Awaited<ReturnType<typeof contactStore>>;

export async function contactStore(connection: Connection) {
  const contacts = await indexedCollection<ContactDocument>(connection, 'creator_contacts', []);
  return {
    /** Keeps the creator's address (an upsert: the newest wins). */
    async remember(userId: string, email: string): Promise<void> {
      await contacts.updateOne({ _id: userId }, { $set: { email, updatedAt: new Date() } }, { upsert: true });
    },
    emailOf: async (userId: string): Promise<string | null> => (await contacts.findOne({ _id: userId }))?.email ?? null,
  };
}
