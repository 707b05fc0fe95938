// Written guides in MongoDB: every change one conditional single-document update guarded by the write counter
// (`version`). They cause no events, so a deleted guide simply goes. The cover is set by an upload route
// through `setCover`.
import { defineModel, required } from '@travelclub/kit';
import type { Guide, ImageAsset } from '@travelclub/contracts';
import { Schema, type Connection, type mongo } from 'mongoose';
import { guideView, type GuideRecord } from '../domain/guides.js';

const guideSchema = new Schema<GuideRecord>(
  {
    ...required({ _id: String, userId: String, title: String, status: String, createdAt: Date, updatedAt: Date }),
    summary: { type: String, default: '' },
    cover: Schema.Types.Mixed,
    days: { type: Schema.Types.Mixed, default: [] },
    publishedAt: Date,
    version: { type: Number, default: 0 },
  },
  { versionKey: false, minimize: false },
);
// A creator's list (newest first) and their published ones for the club page.
guideSchema.index({ userId: 1, createdAt: -1 });
guideSchema.index({ userId: 1, status: 1, publishedAt: -1 });

export type GuideChange = Partial<Omit<GuideRecord, '_id' | 'userId' | 'version' | 'createdAt'>>;

export type GuideStore = Awaited<ReturnType<typeof guideStore>>;

export async function guideStore(connection: Connection) {
  const model = await defineModel(connection, 'Guide', guideSchema, 'guides');
  const guides = model.collection as unknown as mongo.Collection<GuideRecord>;

  return {
    get: (id: string): Promise<GuideRecord | null> => guides.findOne({ _id: id }),

    /** A creator's guides, newest first, a page of them. */
    async listOf(userId: string, take: number, skip: number) {
      const [total, records] = await Promise.all([
        guides.countDocuments({ userId }),
        guides.find({ userId }, { sort: { createdAt: -1, _id: -1 }, skip, limit: take }).toArray(),
      ]);
      return { total, records };
    },

    /** A creator's published guides as the club page shows them, the latest published first. */
    async publishedOf(userId: string): Promise<Guide[]> {
      const records = await guides
        .find({ userId, status: 'published' }, { sort: { publishedAt: -1, _id: -1 } })
        .toArray();
      return records.map(guideView);
    },

    async insert(record: GuideRecord): Promise<GuideRecord> {
      await guides.insertOne(record);
      return record;
    },

    /** Changes a guide as read at `version`; null when it changed (or went) meanwhile. */
    change: (id: string, version: number, set: GuideChange): Promise<GuideRecord | null> =>
      guides.findOneAndUpdate(
        { _id: id, version },
        { $set: { ...set, updatedAt: new Date(), version: version + 1 } },
        { returnDocument: 'after' },
      ),

    /** Deletes a guide as read at `version`; false when it changed (or went) meanwhile. */
    remove: async (id: string, version: number): Promise<boolean> =>
      (await guides.deleteOne({ _id: id, version })).deletedCount > 0,

    /**
     * Puts a cover on the creator's guide. Answers the guide with its old cover (the caller's to remove from
     * storage), null when the creator has no such guide.
     */
    async setCover(id: string, userId: string, asset: ImageAsset) {
      const before = await guides.findOneAndUpdate(
        { _id: id, userId },
        { $set: { cover: asset, updatedAt: new Date() }, $inc: { version: 1 } },
        { returnDocument: 'before' },
      );
      return before && { record: { ...before, cover: asset }, previous: before.cover };
    },
  };
}
