// Recommended stays in MongoDB: one per creator and hotel. A change and its event are one single-document
// write (the outbox rides in the recommendation); a deleted recommendation leaves a tombstone until its
// withdrawal event is published, so the catalog always hears it.
import type { Outbox, OutboxEvent } from '@travelclub/kit';
import { defineModel, isDuplicateKeyError, outboxPlugin, required, withEvents } from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';
import type { RecommendationRecord } from '../domain/recommendation.js';

interface RecommendationDocument extends RecommendationRecord {
  /** Set when the creator deleted it: hidden from every read, kept until its events went out. */
  deletedAt?: Date;
  outbox: OutboxEvent[];
}

const recommendationSchema = new Schema<RecommendationDocument>(
  {
    ...required({ _id: String, userId: String, hotelId: String, title: String, createdAt: Date, updatedAt: Date }),
    text: { type: String, default: '' },
    cover: Schema.Types.Mixed,
    tile: Schema.Types.Mixed,
    images: { type: Schema.Types.Mixed, default: [] },
    isActive: { type: Boolean, default: true },
    position: { type: Number, default: 0 },
    version: { type: Number, default: 0 },
    deletedAt: Date,
  },
  { versionKey: false, minimize: false },
);
recommendationSchema.plugin(outboxPlugin);
recommendationSchema.index({ userId: 1, hotelId: 1 }, { unique: true });
recommendationSchema.index({ userId: 1, position: 1 });

export type RecommendationStore = Awaited<ReturnType<typeof recommendationStore>>;

const LIVE = { deletedAt: { $exists: false } } as const;

type Collection = mongo.Collection<RecommendationDocument>;
const projection = { outbox: 0, deletedAt: 0 } as const;

/** The writes: each one document, its events in the same update, the relay told at once. */
function writes(collection: Collection, outbox: Outbox) {
  return {
    /** Stores a new recommendation with its events; false when one of that creator and hotel exists. */
    async insert(record: RecommendationRecord, events: OutboxEvent[]): Promise<boolean> {
      try {
        await collection.insertOne({ ...record, outbox: events });
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
      outbox.kick(record._id);
      return true;
    },

    /** Writes a whole recommendation over the stored one (a tombstone comes back), guarded by its version. */
    async replace(record: RecommendationRecord, expectedVersion: number, events: OutboxEvent[]) {
      const { _id, ...fields } = record;
      const written = await collection.findOneAndUpdate(
        { _id, version: expectedVersion },
        withEvents({ $set: fields, $unset: { deletedAt: '' as const } }, ...events),
        { returnDocument: 'after', projection },
      );
      if (written) outbox.kick(_id);
      return written;
    },

    /** Changes fields of a live recommendation, guarded by its version, with its events. */
    async change(id: string, version: number, set: Partial<RecommendationRecord>, events: OutboxEvent[]) {
      const written = await collection.findOneAndUpdate(
        { _id: id, version, ...LIVE },
        withEvents({ $set: { ...set, updatedAt: new Date(), version: version + 1 } }, ...events),
        { returnDocument: 'after', projection },
      );
      if (written) outbox.kick(id);
      return written;
    },

    /**
     * Moves a live recommendation to a place in its creator's order, guarded by its version, with its events.
     * Its `updatedAt` stays: a new place is not news (the traveller's home lists the latest changes first).
     */
    async reposition(id: string, version: number, position: number, events: OutboxEvent[]) {
      const written = await collection.findOneAndUpdate(
        { _id: id, version, ...LIVE },
        withEvents({ $set: { position, version: version + 1 } }, ...events),
        { returnDocument: 'after', projection },
      );
      if (written) outbox.kick(id);
      return written;
    },

    /** Deletes it (a tombstone with its withdrawal event); false when it was gone already. */
    async remove(id: string, version: number, events: OutboxEvent[]): Promise<boolean> {
      const written = await collection.updateOne(
        { _id: id, version, ...LIVE },
        // The tombstone keeps no photos: they are removed from storage once it is written.
        withEvents(
          {
            $set: { deletedAt: new Date(), isActive: false, images: [], version: version + 1 },
            $unset: { cover: '' as const, tile: '' as const },
          },
          ...events,
        ),
      );
      if (written.modifiedCount > 0) outbox.kick(id);
      return written.modifiedCount > 0;
    },
  };
}

export async function recommendationStore(connection: Connection, outbox: Outbox) {
  const Recommendation = await defineModel(connection, 'Recommendation', recommendationSchema, 'recommendations');
  outbox.addModel(Recommendation);
  const collection = Recommendation.collection as unknown as Collection;

  return {
    /** The creator's recommendation of a hotel (deleted ones too, so a new one can take the tombstone's place). */
    ofHotel: (userId: string, hotelId: string) =>
      collection.findOne({ userId, hotelId }, { projection: { outbox: 0 } }) as Promise<
        (RecommendationRecord & { deletedAt?: Date }) | null
      >,

    byId: (id: string): Promise<RecommendationRecord | null> =>
      collection.findOne({ _id: id, ...LIVE }, { projection }),

    /** A creator's recommendations in their order; only the switched-on ones with `activeOnly`. */
    listOf: (userId: string, activeOnly = false): Promise<RecommendationRecord[]> =>
      collection
        .find({ userId, ...LIVE, ...(activeOnly && { isActive: true }) }, { projection, sort: { position: 1, _id: 1 } })
        .toArray(),

    /** The latest switched-on recommendations of these creators, newest change first. */
    latestOf: (userIds: string[], limit: number): Promise<RecommendationRecord[]> =>
      collection
        .find(
          { userId: { $in: userIds }, isActive: true, ...LIVE },
          { projection, sort: { updatedAt: -1, _id: 1 }, limit },
        )
        .toArray(),

    /** How many recommendations a creator has (switched off ones too). */
    countOf: (userId: string): Promise<number> => collection.countDocuments({ userId, ...LIVE }),

    /** The position after the creator's last recommendation. */
    async nextPosition(userId: string): Promise<number> {
      const [last] = await collection
        .find({ userId }, { projection: { position: 1 }, sort: { position: -1 }, limit: 1 })
        .toArray();
      return last ? last.position + 1 : 0;
    },

    ...writes(collection, outbox),
  };
}
