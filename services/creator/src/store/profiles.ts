// Profiles and the slug history in MongoDB. A profile's change and its events are one conditional
// single-document update guarded by the write counter (`version`); a slug is claimed by inserting it into the
// history, whose unique `_id` decides between two creators asking for the same address at once.
import {
  defineModel,
  indexedCollection,
  isDuplicateKeyError,
  outboxPlugin,
  required,
  withEvents,
} from '@travelclub/kit';
import type { Outbox, OutboxEvent } from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';
import type { ProfileRecord } from '../domain/profile.js';
import { publicNameKey } from '../domain/public-names.js';

interface ProfileDocument extends ProfileRecord {
  outbox: OutboxEvent[];
}

/** One address an account has had: `_id` is the slug, so no two accounts ever hold the same one. */
interface SlugEntry {
  _id: string;
  userId: string;
  claimedAt: Date;
}

const profileSchema = new Schema<ProfileDocument>(
  {
    ...required({
      _id: String,
      publicName: String,
      slug: String,
      currency: String,
      country: String,
      createdAt: Date,
      updatedAt: Date,
    }),
    claims: { type: [String], default: [] },
    creatorProfile: { type: Schema.Types.Mixed, default: {} },
    attribution: Schema.Types.Mixed,
    verified: { type: Boolean, default: false },
    creatorRevokedAt: Date,
    nameKey: String,
    plan: Schema.Types.Mixed,
    version: { type: Number, default: 0 },
  },
  { versionKey: false, minimize: false },
);
profileSchema.plugin(outboxPlugin);
profileSchema.index({ slug: 1 }, { unique: true });
// Whether a public name reads as a verified creator's (real MongoDB; the local server ignores it).
profileSchema.index({ nameKey: 1, verified: 1 });

/** A change decided on the stored profile: the fields to set and the events it causes, or null for none. */
export type ProfileChange = { set: Partial<Omit<ProfileRecord, '_id' | 'version'>>; events?: OutboxEvent[] } | null;

export type ProfileStore = Awaited<ReturnType<typeof profileStore>>;

/** Another account's verified profile whose public name reads as this key; null when there is none. */
const verifiedNameHolder =
  (profiles: mongo.Collection<ProfileDocument>) =>
  async (nameKey: string, exceptUserId: string): Promise<string | null> =>
    (await profiles.findOne({ nameKey, verified: true, _id: { $ne: exceptUserId } }, { projection: { _id: 1 } }))
      ?._id ?? null;

/** Verified creators from before names had keys get theirs (idempotent: instances starting together agree). */
async function keyVerifiedNames(profiles: mongo.Collection<ProfileDocument>): Promise<void> {
  const legacy = profiles.find({ verified: true, nameKey: { $exists: false } }, { projection: { publicName: 1 } });
  for await (const { _id, publicName } of legacy)
    await profiles.updateOne({ _id, nameKey: { $exists: false } }, { $set: { nameKey: publicNameKey(publicName) } });
}

const MAX_ATTEMPTS = 10;

export async function profileStore(connection: Connection, outbox: Outbox) {
  const Profile = await defineModel(connection, 'Profile', profileSchema, 'profiles');
  outbox.addModel(Profile);
  const profiles = Profile.collection as unknown as mongo.Collection<ProfileDocument>;
  const slugs = await indexedCollection<SlugEntry>(connection, 'slugs', [[{ userId: 1 }]]);
  const withoutOutbox = { projection: { outbox: 0 } } as const;

  const get = (userId: string): Promise<ProfileRecord | null> => profiles.findOne({ _id: userId }, withoutOutbox);

  await keyVerifiedNames(profiles);

  return {
    get,

    /** The profiles of these accounts (those that have one), in no particular order. */
    many: (userIds: string[]): Promise<ProfileRecord[]> =>
      profiles.find({ _id: { $in: userIds } }, withoutOutbox).toArray(),

    /** The profile whose current slug this is. */
    bySlug: (slug: string): Promise<ProfileRecord | null> => profiles.findOne({ slug }, withoutOutbox),

    /** Who has (or had) this slug. */
    slugOwner: async (slug: string): Promise<string | null> => (await slugs.findOne({ _id: slug }))?.userId ?? null,

    /** How many addresses an account has had. */
    slugCount: (userId: string): Promise<number> => slugs.countDocuments({ userId }),

    /** Claims a slug for an account: true when it is theirs now (or was already), false when another has it. */
    async claimSlug(slug: string, userId: string): Promise<boolean> {
      try {
        await slugs.insertOne({ _id: slug, userId, claimedAt: new Date() });
        return true;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        return (await slugs.findOne({ _id: slug }))?.userId === userId;
      }
    },

    verifiedNameHolder: verifiedNameHolder(profiles),

    /** Stores a new profile with its events; null when the account already has one. */
    async create(record: ProfileRecord, events: OutboxEvent[]): Promise<ProfileRecord | null> {
      try {
        await profiles.insertOne({ ...record, nameKey: publicNameKey(record.publicName), outbox: events });
      } catch (err) {
        // Only the account's own profile makes this a second copy; a slug clash is a real failure.
        if (!isDuplicateKeyError(err) || !(await get(record._id))) throw err;
        return null;
      }
      if (events.length > 0) outbox.kick(record._id);
      return record;
    },

    /**
     * Applies `decide` to the stored profile and writes the outcome, guarded by the write counter; decides
     * again when another write got in between. Answers the profile after it, null when there is none.
     */
    async mutate(userId: string, decide: (record: ProfileRecord) => ProfileChange): Promise<ProfileRecord | null> {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const current = await get(userId);
        if (!current) return null;
        const change = decide(current);
        if (!change) return current;
        const events = change.events ?? [];
        const nameKey = publicNameKey(change.set.publicName ?? current.publicName);
        const update = { $set: { ...change.set, nameKey, updatedAt: new Date(), version: current.version + 1 } };
        const updated = await profiles.findOneAndUpdate(
          { _id: userId, version: current.version },
          events.length > 0 ? withEvents(update, ...events) : update,
          { returnDocument: 'after', ...withoutOutbox },
        );
        if (updated) {
          if (events.length > 0) outbox.kick(userId);
          return updated;
        }
      }
      throw new Error(`profile ${userId} kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
    },
  };
}
