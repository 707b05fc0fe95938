// Hotels as MongoDB keeps them (the source of truth the in-memory indexes are built from), their like
// counts, and the inventory marker an import bumps so running instances know to rebuild.
import { defineModel } from '@travelclub/kit';
import { randomUUID } from 'node:crypto';
import { Schema, type Connection, type mongo } from 'mongoose';
import type { StoredHotel } from '../domain/types.js';

export interface HotelDocument extends StoredHotel {
  likes: number;
}

const hotelSchema = new Schema<HotelDocument>(
  {
    _id: { type: String, required: true },
    slug: { type: String, required: true, unique: true },
    destinationId: { type: String, required: true, index: true },
    likes: { type: Number, default: 0 },
  },
  // The generated shape is checked by contracts when answering; storing it as is keeps imports fast.
  { versionKey: false, strict: false },
);

interface InventoryMarker {
  _id: string;
  version: string;
  hotels: number;
  importedAt: Date;
}
const markerSchema = new Schema<InventoryMarker>(
  { _id: String, version: String, hotels: Number, importedAt: Date },
  { versionKey: false },
);

/** What the indexes keep of a hotel: enough to list, rank, map and price it without MongoDB. */
export const INDEX_PROJECTION = {
  name: 1,
  slug: 1,
  address: 1,
  coordinates: 1,
  destinationId: 1,
  images: 1,
  ratingSummary: 1,
  reviewRating: 1,
  starRating: 1,
  hotelLocation: 1,
  currency: 1,
  basePrice: 1,
  popularity: 1,
  likes: 1,
  'roomTypes.type': 1,
  'roomTypes.name': 1,
  'roomTypes.maxGuests': 1,
  'roomTypes.count': 1,
  'roomTypes.priceFactor': 1,
  ratePlans: 1,
} as const;

export type HotelStore = Awaited<ReturnType<typeof hotelStore>>;

export async function hotelStore(connection: Connection) {
  const Hotels = await defineModel(connection, 'Hotel', hotelSchema, 'hotels');
  const Markers = await defineModel(connection, 'InventoryMarker', markerSchema, 'inventory_markers');

  return {
    model: Hotels,
    async byId(id: string): Promise<HotelDocument | null> {
      return Hotels.findById(id).lean<HotelDocument>();
    },
    async count(): Promise<number> {
      return Hotels.estimatedDocumentCount();
    },
    /** Every hotel, as the indexes keep it, in batches (a cursor: 200,000 hotels never sit in one array). */
    cursor() {
      return Hotels.collection.find({}, { projection: INDEX_PROJECTION, batchSize: 5_000 });
    },
    /** Adds a batch of new hotels; ids already there are left alone, so an import can be run again. */
    async insertBatch(hotels: StoredHotel[]): Promise<number> {
      if (!hotels.length) return 0;
      const collection = Hotels.collection as unknown as mongo.Collection<HotelDocument>;
      const result = await collection.bulkWrite(
        hotels.map(({ _id, ...hotel }) => ({
          updateOne: { filter: { _id }, update: { $setOnInsert: { ...hotel, likes: 0 } }, upsert: true },
        })),
        { ordered: false },
      );
      return result.upsertedCount;
    },
    async likesOf(id: string): Promise<number | null> {
      const doc = await Hotels.findById(id, { likes: 1 }).lean<{ likes?: number }>();
      return doc ? (doc.likes ?? 0) : null;
    },
    async addLikes(id: string, delta: number): Promise<number | null> {
      const doc = await Hotels.findOneAndUpdate(
        { _id: id },
        { $inc: { likes: delta } },
        { new: true, projection: { likes: 1 } },
      ).lean<{ likes: number }>();
      return doc?.likes ?? null;
    },
    async marker(): Promise<InventoryMarker | null> {
      return Markers.findById('inventory').lean<InventoryMarker>();
    },
    /** Tells running instances the hotel set changed, so they rebuild their indexes. */
    async bumpMarker(hotels: number): Promise<void> {
      await Markers.updateOne(
        { _id: 'inventory' },
        { $set: { version: randomUUID(), hotels, importedAt: new Date() } },
        { upsert: true },
      );
    },
  };
}
