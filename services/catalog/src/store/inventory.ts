// Room inventory and holds. One document per hotel room type keeps the rooms taken each night, every hold
// on that type, and the events of each change, so placing, booking or releasing a hold over all its nights
// is one conditional single-document update: all or nothing, no overbooking, no transactions needed.
import type { Hold } from '@travelclub/contracts';
import { defineModel, newEvent, outboxPlugin, withEvents, type CausalContext, type OutboxEvent } from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';

export type HoldStatus = Hold['status'];
export type ReleaseReason = 'expired' | 'removed' | 'cancelled';

export interface HoldRecord {
  id: string;
  hotelId: string;
  /** Kept so the hold can be shown without the index (cart lines, invoices). */
  hotelName: string;
  roomType: string;
  rateId: string;
  rooms: number;
  checkIn: string;
  checkOut: string;
  nights: string[];
  itineraryId: string;
  lineItemId: string;
  ownerId: string;
  status: HoldStatus;
  quote: Hold['quote'];
  expiresAt: Date;
  createdAt: Date;
  /** What was asked for, so a repeated idempotency key with a different request is refused. */
  requestHash: string;
  invoiceId?: string;
  releasedReason?: ReleaseReason;
  releasedAt?: Date;
  /** Invoices for which booking this lapsed hold failed (each reported once). */
  failedFor?: string[];
}

interface InventoryDocument {
  /** `<hotelId>|<roomType>` */
  _id: string;
  hotelId: string;
  roomType: string;
  /** Rooms held or booked through us, per night (`YYYY-MM-DD`). */
  taken: Record<string, number>;
  /** Goes up with every change of `taken`, so readers can tell a newer state from an older one. */
  version: number;
  holds: Record<string, HoldRecord>;
  outbox: OutboxEvent[];
}

/** Where each hold lives, to find it by id or by itinerary; the inventory document has the truth. */
interface HoldDirectoryEntry {
  _id: string;
  inventoryId: string;
  hotelId: string;
  itineraryId: string;
  ownerId: string;
  requestHash: string;
  status: HoldStatus | 'pending';
  expiresAt: Date;
}

const inventorySchema = new Schema<InventoryDocument>(
  {
    _id: { type: String, required: true },
    hotelId: { type: String, required: true, index: true },
    roomType: { type: String, required: true },
    taken: { type: Schema.Types.Mixed, default: {} },
    version: { type: Number, default: 0 },
    holds: { type: Schema.Types.Mixed, default: {} },
  },
  { versionKey: false, minimize: false },
);
inventorySchema.plugin(outboxPlugin);

const directorySchema = new Schema<HoldDirectoryEntry>(
  {
    _id: { type: String, required: true },
    inventoryId: { type: String, required: true },
    hotelId: { type: String, required: true },
    itineraryId: { type: String, required: true, index: true },
    ownerId: { type: String, required: true },
    requestHash: { type: String, required: true },
    status: { type: String, required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { versionKey: false },
);

export const inventoryId = (hotelId: string, roomType: string) => `${hotelId}|${roomType}`;

export interface PlaceRequest {
  hold: Omit<HoldRecord, 'status' | 'createdAt'>;
  /** Rooms of the type sellable each night before our own holds (count less other channels' share). */
  capacity: Record<string, number>;
}

/** A room type's taken rooms per night at one version of its document. */
export interface TakenState {
  taken: Record<string, number>;
  version: number;
}
const stateOf = (doc: Pick<InventoryDocument, 'taken' | 'version'>): TakenState => ({
  taken: doc.taken ?? {},
  version: doc.version ?? 0,
});

export type PlaceOutcome =
  | { outcome: 'placed' | 'existing'; hold: HoldRecord; taken: TakenState }
  | { outcome: 'refused' }
  | { outcome: 'conflict' };

export type InventoryStore = Awaited<ReturnType<typeof inventoryStore>>;

/** `onEvents` hears which documents just got events, so the relay can publish them at once. */
export async function inventoryStore(connection: Connection, onEvents: (id: string) => void) {
  const Inventory = await defineModel(connection, 'RoomInventory', inventorySchema, 'room_inventory');
  const Directory = await defineModel(connection, 'HoldDirectory', directorySchema, 'holds');
  // The raw collections: dotted paths built from dates and hold ids are not for mongoose to cast.
  const inventory = Inventory.collection as unknown as mongo.Collection<InventoryDocument>;
  const directory = Directory.collection as unknown as mongo.Collection<HoldDirectoryEntry>;
  const after = { returnDocument: 'after', projection: { outbox: 0 } } as const;

  /** Only nights that would still have a free room after adding `rooms`. */
  function roomFor(nights: string[], capacity: Record<string, number>, rooms: number) {
    const filter: Record<string, unknown> = {};
    for (const night of nights) {
      const limit = (capacity[night] ?? 0) - rooms;
      if (limit < 0) return null;
      filter[`taken.${night}`] = { $not: { $gt: limit } };
    }
    return filter;
  }
  const incNights = (nights: string[], by: number) => ({
    version: 1,
    ...Object.fromEntries(nights.map((n) => [`taken.${n}`, by])),
  });

  async function ensureDocument(id: string, hotelId: string, roomType: string) {
    await inventory.updateOne(
      { _id: id },
      { $setOnInsert: { hotelId, roomType, taken: {}, version: 0, holds: {}, outbox: [] } },
      { upsert: true },
    );
  }

  async function setDirectoryStatus(holdId: string, status: HoldDirectoryEntry['status']) {
    await directory.updateOne({ _id: holdId }, { $set: { status } });
  }

  async function read(id: string) {
    return inventory.findOne({ _id: id }, { projection: { outbox: 0 } });
  }

  const releasedEvent = (hold: HoldRecord, reason: ReleaseReason, ctx: CausalContext) =>
    newEvent(
      'catalog.hold.released',
      hold.id,
      { holdId: hold.id, hotelId: hold.hotelId, roomType: hold.roomType, itineraryId: hold.itineraryId, reason },
      ctx,
    );

  return {
    model: Inventory,

    /**
     * Places a hold over every night of the stay, or none. The condition on each night is the concurrency
     * guard: of 50 requests for the last 3 rooms, exactly 3 updates match.
     */
    async place({ hold, capacity }: PlaceRequest, ctx: CausalContext): Promise<PlaceOutcome> {
      const docId = inventoryId(hold.hotelId, hold.roomType);
      await directory.updateOne(
        { _id: hold.id },
        {
          $setOnInsert: {
            inventoryId: docId,
            hotelId: hold.hotelId,
            itineraryId: hold.itineraryId,
            ownerId: hold.ownerId,
            requestHash: hold.requestHash,
            status: 'pending',
            expiresAt: hold.expiresAt,
          },
        },
        { upsert: true },
      );
      const entry = await directory.findOne({ _id: hold.id });
      if (entry && entry.requestHash !== hold.requestHash) return { outcome: 'conflict' };

      const existing = async (): Promise<PlaceOutcome | null> => {
        const doc = await read(docId);
        const found = doc?.holds[hold.id];
        return found && doc ? { outcome: 'existing', hold: found, taken: stateOf(doc) } : null;
      };
      const earlier = await existing();
      if (earlier) return earlier;

      const nightsFilter = roomFor(hold.nights, capacity, hold.rooms);
      if (!nightsFilter) return { outcome: 'refused' };
      await ensureDocument(docId, hold.hotelId, hold.roomType);
      const record: HoldRecord = { ...hold, status: 'held', createdAt: new Date() };
      const placed = newEvent(
        'catalog.hold.placed',
        hold.id,
        {
          holdId: hold.id,
          hotelId: hold.hotelId,
          roomType: hold.roomType,
          rateId: hold.rateId,
          itineraryId: hold.itineraryId,
          lineItemId: hold.lineItemId,
          checkInDate: hold.checkIn,
          checkOutDate: hold.checkOut,
          expiresAt: hold.expiresAt.toISOString(),
        },
        ctx,
      );
      const doc = await inventory.findOneAndUpdate(
        { _id: docId, [`holds.${hold.id}`]: { $exists: false }, ...nightsFilter },
        withEvents({ $inc: incNights(hold.nights, hold.rooms), $set: { [`holds.${hold.id}`]: record } }, placed),
        after,
      );
      if (doc) {
        onEvents(docId);
        await setDirectoryStatus(hold.id, 'held');
        return { outcome: 'placed', hold: record, taken: stateOf(doc) };
      }
      // Either the same key won a race a moment ago, or some night is full.
      return (await existing()) ?? { outcome: 'refused' };
    },

    async get(holdId: string): Promise<HoldRecord | null> {
      const entry = await directory.findOne({ _id: holdId });
      if (!entry) return null;
      return (await read(entry.inventoryId))?.holds[holdId] ?? null;
    },

    /**
     * Releases a hold (or a booking, when cancelled) if it is in one of `from`; `dueBy` releases it only if it
     * expired by then. Gives the released hold, or null when there was nothing to release.
     */
    async release(
      holdId: string,
      reason: ReleaseReason,
      ctx: CausalContext,
      { from = ['held'] as HoldStatus[], dueBy }: { from?: HoldStatus[]; dueBy?: Date } = {},
    ): Promise<{ hold: HoldRecord; taken: TakenState } | null> {
      const entry = await directory.findOne({ _id: holdId });
      if (!entry) return null;
      const hold = (await read(entry.inventoryId))?.holds[holdId];
      if (!hold || !from.includes(hold.status)) {
        if (hold && hold.status !== entry.status) await setDirectoryStatus(holdId, hold.status);
        return null;
      }
      const path = `holds.${holdId}`;
      const doc = await inventory.findOneAndUpdate(
        {
          _id: entry.inventoryId,
          [`${path}.status`]: hold.status,
          ...(dueBy ? { [`${path}.expiresAt`]: { $lte: dueBy } } : {}),
        },
        withEvents(
          {
            $inc: incNights(hold.nights, -hold.rooms),
            $set: {
              [`${path}.status`]: 'released',
              [`${path}.releasedReason`]: reason,
              [`${path}.releasedAt`]: new Date(),
            },
          },
          releasedEvent(hold, reason, ctx),
        ),
        after,
      );
      if (!doc) return null;
      onEvents(entry.inventoryId);
      await setDirectoryStatus(holdId, 'released');
      const released = doc.holds[holdId];
      return released ? { hold: released, taken: stateOf(doc) } : null;
    },

    /**
     * Turns a paid hold into a booking. A hold that lapsed before the payment arrived is booked again if its
     * rooms are still free; otherwise the failure is published once per invoice, so billing refunds.
     */
    async book(
      holdId: string,
      invoiceId: string,
      capacity: Record<string, number>,
      ctx: CausalContext,
    ): Promise<{ outcome: 'booked' | 'already' | 'failed' | 'unknown'; taken?: TakenState }> {
      const entry = await directory.findOne({ _id: holdId });
      if (!entry) return { outcome: 'unknown' };
      const hold = (await read(entry.inventoryId))?.holds[holdId];
      if (!hold) return { outcome: 'unknown' };
      if (hold.status === 'booked' || hold.failedFor?.includes(invoiceId)) return { outcome: 'already' };
      const path = `holds.${holdId}`;
      const confirmed = newEvent(
        'catalog.booking.confirmed',
        holdId,
        { holdId, hotelId: hold.hotelId, roomType: hold.roomType, itineraryId: hold.itineraryId, invoiceId },
        ctx,
      );
      const bookSet = { [`${path}.status`]: 'booked', [`${path}.invoiceId`]: invoiceId };
      if (hold.status === 'held') {
        const doc = await inventory.findOneAndUpdate(
          { _id: entry.inventoryId, [`${path}.status`]: 'held' },
          withEvents({ $set: bookSet }, confirmed),
          after,
        );
        if (doc) {
          onEvents(entry.inventoryId);
          await setDirectoryStatus(holdId, 'booked');
          return { outcome: 'booked', taken: stateOf(doc) };
        }
        return this.book(holdId, invoiceId, capacity, ctx); // it changed under us: decide again
      }
      // Released before payment (expired): take the rooms again if every night still has them.
      const nightsFilter = roomFor(hold.nights, capacity, hold.rooms);
      const doc = nightsFilter
        ? await inventory.findOneAndUpdate(
            { _id: entry.inventoryId, [`${path}.status`]: 'released', ...nightsFilter },
            withEvents({ $inc: incNights(hold.nights, hold.rooms), $set: bookSet }, confirmed),
            after,
          )
        : null;
      if (doc) {
        onEvents(entry.inventoryId);
        await setDirectoryStatus(holdId, 'booked');
        return { outcome: 'booked', taken: stateOf(doc) };
      }
      const failed = newEvent(
        'catalog.booking.failed',
        holdId,
        {
          holdId,
          hotelId: hold.hotelId,
          roomType: hold.roomType,
          itineraryId: hold.itineraryId,
          invoiceId,
          reason: 'The hold lapsed before payment and the rooms are no longer free',
        },
        ctx,
      );
      const reported = await inventory.updateOne(
        { _id: entry.inventoryId, [`${path}.status`]: 'released', [`${path}.failedFor`]: { $ne: invoiceId } },
        withEvents({ $push: { [`${path}.failedFor`]: invoiceId } }, failed),
      );
      if (reported.modifiedCount) onEvents(entry.inventoryId);
      return { outcome: 'failed' };
    },

    /** The holds placed for an itinerary (from the directory; read each for its state). */
    async idsOfItinerary(itineraryId: string): Promise<string[]> {
      const entries = await directory.find({ itineraryId }, { projection: { _id: 1 } }).toArray();
      return entries.map((e) => e._id);
    },

    /** Holds the directory still shows as held after their expiry: a lost expiry job must not keep rooms. */
    async overdueIds(now: Date): Promise<string[]> {
      const entries = await directory
        .find({ status: { $in: ['held', 'pending'] }, expiresAt: { $lt: now } }, { projection: { _id: 1 } })
        .toArray();
      return entries.map((e) => e._id);
    },

    /** The rooms taken per night of every room type with holds: the availability projection's start. */
    async *allTaken(): AsyncGenerator<{ id: string; state: TakenState }> {
      for await (const doc of inventory.find({}, { projection: { taken: 1, version: 1 } }))
        yield { id: doc._id, state: stateOf(doc) };
    },

    async takenOf(id: string): Promise<TakenState> {
      const doc = await inventory.findOne({ _id: id }, { projection: { taken: 1, version: 1 } });
      return doc ? stateOf(doc) : { taken: {}, version: 0 };
    },

    /** Drops released holds older than `before` from their documents, so they stay small. */
    async prune(before: Date): Promise<number> {
      let pruned = 0;
      for await (const doc of inventory.find({}, { projection: { holds: 1 } })) {
        const old = Object.values(doc.holds ?? {}).filter(
          (h) => h.status === 'released' && h.releasedAt && new Date(h.releasedAt) < before,
        );
        if (!old.length) continue;
        await inventory.updateOne(
          { _id: doc._id },
          { $unset: Object.fromEntries(old.map((h) => [`holds.${h.id}`, ''])) },
        );
        pruned += old.length;
      }
      return pruned;
    },
  };
}
