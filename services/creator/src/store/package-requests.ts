// Travellers' requests for packages, kept for the creator's dashboard whether or not they were mailed: a creator
// whose address is not proven reads them only here.
import { indexedCollection } from '@travelclub/kit';
import type { TravelPackageRequest } from '@travelclub/contracts';
import type { Connection } from 'mongoose';

interface PackageRequestDocument {
  _id: string;
  creatorId: string;
  travellerEmail: string;
  message: string;
  packageId?: string;
  packageTitle?: string;
  dates?: { from: string; to: string };
  party?: { adults: number; children: number };
  mailed: boolean;
  createdAt: Date;
}
export type PackageRequestRecord = PackageRequestDocument;

/** The most a creator's list answers (the newest). */
export const PACKAGE_REQUESTS_LISTED = 100;

export type PackageRequestStore = Awaited<ReturnType<typeof packageRequestStore>>;

export async function packageRequestStore(connection: Connection) {
  const requests = await indexedCollection<PackageRequestDocument>(connection, 'package_requests', [
    [{ creatorId: 1, createdAt: -1 }],
  ]);
  return {
    add: async (request: PackageRequestRecord): Promise<void> => {
      await requests.insertOne(request);
    },
    async newestOf(creatorId: string): Promise<TravelPackageRequest[]> {
      const found = await requests
        .find({ creatorId })
        .sort({ createdAt: -1, _id: 1 })
        .limit(PACKAGE_REQUESTS_LISTED)
        .toArray();
      return found.map(({ _id, creatorId: _creator, createdAt, ...rest }) => ({
        id: _id,
        ...rest,
        createdAt: createdAt.toISOString(),
      }));
    },
  };
}
