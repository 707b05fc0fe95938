// Travel packages in MongoDB. Every change is one conditional single-document update guarded by the write
// counter (`version`), its events in the same document's outbox; a deleted package stays as a tombstone
// (hidden from every read) so its last event is always published. Photos are set by the upload routes through
// `setCover`, `addImage` and `removeImage`, each one atomic update of its own.
import { defineModel, outboxPlugin, required, withEvents, type Outbox, type OutboxEvent } from '@travelclub/kit';
import { contentLimits, type ImageAsset, type TravelPackage } from '@travelclub/contracts';
import { Schema, type Connection, type mongo } from 'mongoose';
import { packageView, type PackageRecord } from '../domain/packages.js';

interface PackageDocument extends PackageRecord {
  /** Set when the creator deleted it: hidden from every read, kept until its events went out. */
  deletedAt?: Date;
  outbox: OutboxEvent[];
}

const packageSchema = new Schema<PackageDocument>(
  {
    ...required({
      _id: String,
      userId: String,
      title: String,
      capacity: Number,
      status: String,
      createdAt: Date,
      updatedAt: Date,
    }),
    summary: { type: String, default: '' },
    cover: Schema.Types.Mixed,
    gallery: { type: Schema.Types.Mixed, default: [] },
    days: { type: Schema.Types.Mixed, default: [] },
    pricing: { type: Schema.Types.Mixed, required: true },
    offeredDates: { type: Schema.Types.Mixed, required: true },
    position: Number,
    version: { type: Number, default: 0 },
    deletedAt: Date,
  },
  { versionKey: false, minimize: false },
);
packageSchema.plugin(outboxPlugin);
// A creator's list and their active ones for the club page, both in the creator's order.
packageSchema.index({ userId: 1, position: 1, createdAt: 1 });
packageSchema.index({ userId: 1, status: 1, position: 1, createdAt: 1 });

/** The fields a change may set (never the id, the owner or the write counter). */
export type PackageChange = Partial<Omit<PackageRecord, '_id' | 'userId' | 'version' | 'createdAt'>>;

const LIVE = { deletedAt: { $exists: false } } as const;
const projection = { outbox: 0, deletedAt: 0 } as const;
/**
 * The creator's order. A package made before there were positions has none and sorts first (MongoDB puts a
 * missing field before numbers), the oldest first; a new one goes after every position there is.
 */
const inOrder = { position: 1, createdAt: 1, _id: 1 } as const;

/**
 * The photos of a package, set by the upload routes: each change one atomic update of a live package of that
 * creator (the write counter one on), answering what the caller must remove from storage.
 */
function packagePhotos(packages: mongo.Collection<PackageDocument>) {
  /** The change, on the document as it was before it. */
  const photoChange = (filter: mongo.Filter<PackageDocument>, update: mongo.UpdateFilter<PackageDocument>) =>
    packages.findOneAndUpdate(
      { ...filter, ...LIVE },
      { ...update, $set: { ...update.$set, updatedAt: new Date() }, $inc: { version: 1 } },
      { returnDocument: 'before', projection },
    ) as Promise<PackageRecord | null>;

  return {
    /**
     * Puts a cover on the creator's package. Answers the package as it was (its old cover is the caller's to
     * remove from storage), null when the creator has no such package.
     */
    async setCover(id: string, userId: string, asset: ImageAsset) {
      const before = await photoChange({ _id: id, userId }, { $set: { cover: asset } });
      return before && { record: { ...before, cover: asset }, previous: before.cover };
    },

    /** Adds a photo to the gallery; null when the creator has no such package or its gallery is full. */
    async addImage(id: string, userId: string, asset: ImageAsset): Promise<PackageRecord | null> {
      const full = `gallery.${contentLimits.packageGallery - 1}`;
      const before = await photoChange({ _id: id, userId, [full]: { $exists: false } }, { $push: { gallery: asset } });
      return before && { ...before, gallery: [...before.gallery, asset] };
    },

    /** Takes a photo (the cover or one of the gallery) off the package; answers it, or null when it had none. */
    async removeImage(id: string, userId: string, publicId: string): Promise<ImageAsset | null> {
      const cover = await photoChange({ _id: id, userId, 'cover.publicId': publicId }, { $unset: { cover: '' } });
      if (cover?.cover) return cover.cover;
      const before = await photoChange(
        { _id: id, userId, 'gallery.publicId': publicId },
        { $pull: { gallery: { publicId } } },
      );
      return before?.gallery.find((asset) => asset.publicId === publicId) ?? null;
    },
  };
}

/** A creator's order of their packages: the position a new one takes, and moving one to another place. */
function packageOrder(packages: mongo.Collection<PackageDocument>) {
  return {
    /** Every live package of a creator, in their order (to reorder them). */
    allOf: (userId: string): Promise<PackageRecord[]> =>
      packages.find({ userId, ...LIVE }, { projection, sort: inOrder }).toArray(),

    /** The position after the creator's last package (deleted ones too, so none is ever shared). */
    async nextPosition(userId: string): Promise<number> {
      const [last] = await packages
        .find(
          { userId, position: { $exists: true } },
          { projection: { position: 1 }, sort: { position: -1 }, limit: 1 },
        )
        .toArray();
      return last?.position === undefined ? 0 : last.position + 1;
    },

    /**
     * Moves a live package to a place in its creator's order, guarded by its write counter; null when it changed
     * or went meanwhile. No event: nothing listening keeps the order, and `updatedAt` stays (not news).
     */
    reposition: (id: string, version: number, position: number) =>
      packages.findOneAndUpdate(
        { _id: id, version, ...LIVE },
        { $set: { position, version: version + 1 } },
        { returnDocument: 'after', projection },
      ) as Promise<PackageRecord | null>,
  };
}

export type PackageStore = Awaited<ReturnType<typeof packageStore>>;

export async function packageStore(connection: Connection, outbox: Outbox) {
  const Package = await defineModel(connection, 'TravelPackage', packageSchema, 'packages');
  outbox.addModel(Package);
  const packages = Package.collection as unknown as mongo.Collection<PackageDocument>;

  return {
    /** A live package, whoever's. */
    get: (id: string): Promise<PackageRecord | null> => packages.findOne({ _id: id, ...LIVE }, { projection }),

    /** A creator's packages in their order, a page of them. */
    async listOf(userId: string, take: number, skip: number) {
      const filter = { userId, ...LIVE };
      const [total, records] = await Promise.all([
        packages.countDocuments(filter),
        packages.find(filter, { projection, sort: inOrder, skip, limit: take }).toArray(),
      ]);
      return { total, records: records as PackageRecord[] };
    },

    /** A creator's active packages as the club page shows them, in the creator's order. */
    async activeOf(userId: string): Promise<TravelPackage[]> {
      const records = await packages
        .find({ userId, status: 'active', ...LIVE }, { projection, sort: inOrder })
        .toArray();
      return records.map(packageView);
    },

    async insert(record: PackageRecord, events: OutboxEvent[]): Promise<PackageRecord> {
      await packages.insertOne({ ...record, outbox: events });
      outbox.kick(record._id);
      return record;
    },

    /** Changes a live package as read at `version`, with its events; null when it changed (or went) meanwhile. */
    async change(id: string, version: number, set: PackageChange, events: OutboxEvent[]) {
      const written = await packages.findOneAndUpdate(
        { _id: id, version, ...LIVE },
        withEvents({ $set: { ...set, updatedAt: new Date(), version: version + 1 } }, ...events),
        { returnDocument: 'after', projection },
      );
      if (written) outbox.kick(id);
      return written as PackageRecord | null;
    },

    /** Deletes it (a tombstone with its last event); false when it changed or went meanwhile. */
    async remove(id: string, version: number, events: OutboxEvent[]): Promise<boolean> {
      const written = await packages.updateOne(
        { _id: id, version, ...LIVE },
        withEvents({ $set: { deletedAt: new Date(), status: 'draft' as const, version: version + 1 } }, ...events),
      );
      if (written.modifiedCount > 0) outbox.kick(id);
      return written.modifiedCount > 0;
    },

    ...packagePhotos(packages),
    ...packageOrder(packages),
  };
}
