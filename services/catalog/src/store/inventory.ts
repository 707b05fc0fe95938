// Room inventory and holds. One document per hotel room type keeps the rooms taken each night, the live
// holds on that type, and the events of each change, so placing, booking or releasing a hold over all its
// nights is one conditional single-document update: all or nothing, no overbooking, no transactions needed.
// Settled holds (released, or booked for a stay that is over) move to `settled_holds`, so the document
// stays far below MongoDB's 16 MiB whatever the number of holds ever placed.
import {
  defineModel,
  withEvents,
  type CausalContext,
  type Logger,
  type Outbox,
  type OutboxEvent,
} from '@travelclub/kit';
import type { Connection, mongo } from 'mongoose';
import type { HoldRecord, HoldStatus, ReleaseReason } from '../domain/holds.js';
import {
  afterFor,
  bookSet,
  directorySchema,
  incNights,
  inventoryId,
  inventorySchema,
  stateOf,
  roomFor,
  stateOfHold,
  whole,
  type HoldDirectoryEntry,
  type InventoryDocument,
  type TakenState,
} from './inventory-documents.js';
import { settleAll, settledHoldStore } from './settled-holds.js';

// Where the store's callers have always found them.
export { inventoryId, type HoldRecord, type HoldStatus, type ReleaseReason, type TakenState };

/**
 * The event each change writes with it, in the same update: built by the flows (flows/hold-events.ts), only
 * written here.
 */
export interface HoldEvents {
  placed(hold: HoldRecord, ctx: CausalContext): OutboxEvent;
  released(hold: HoldRecord, reason: ReleaseReason, ctx: CausalContext): OutboxEvent;
  confirmed(hold: HoldRecord, invoiceId: string, ctx: CausalContext): OutboxEvent;
  failed(hold: HoldRecord, invoiceId: string, ctx: CausalContext): OutboxEvent;
}

export interface PlaceRequest {
  hold: Omit<HoldRecord, 'status' | 'createdAt'>;
  /** Rooms of the type sellable each night before our own holds (count less other channels' share). */
  capacity: Record<string, number>;
}

export type PlaceOutcome =
  | { outcome: 'placed' | 'existing'; hold: HoldRecord; taken: TakenState }
  | { outcome: 'refused' }
  | { outcome: 'conflict' };

/** Where a hold was found: in its inventory document (live), or moved out (settled). */
type FoundHold = { hold: HoldRecord; live: boolean; taken: TakenState };

type BookOutcome = { outcome: 'booked' | 'already' | 'failed' | 'unknown'; taken?: TakenState };

type SettledHolds = Awaited<ReturnType<typeof settledHoldStore>>;

/** Tries of a booking whose hold changes under it (released, moved out) before the event is retried instead. */
const BOOK_ATTEMPTS = 5;

/**
 * The room types' documents carry their events (`events` builds them), and so do the settled holds; `outbox`
 * hears which documents just got some, so the relay publishes them at once. `log` hears the moves of settled
 * holds that failed (the availability-refresh sweep does them later).
 */
export async function inventoryStore(
  connection: Connection,
  outbox: Outbox,
  events: HoldEvents,
  log?: Pick<Logger, 'warn'>,
): Promise<InventoryStore> {
  const Inventory = await defineModel(connection, 'RoomInventory', inventorySchema, 'room_inventory');
  outbox.addModel(Inventory);
  const Directory = await defineModel(connection, 'HoldDirectory', directorySchema, 'holds');
  // The raw collections: dotted paths built from dates and hold ids are not for mongoose to cast.
  const inventory = Inventory.collection as unknown as mongo.Collection<InventoryDocument>;
  const directory = Directory.collection as unknown as mongo.Collection<HoldDirectoryEntry>;
  const settled = await settledHoldStore(connection, inventory, outbox, log);
  return new InventoryStore(inventory, directory, settled, outbox, events);
}

export class InventoryStore {
  constructor(
    private readonly inventory: mongo.Collection<InventoryDocument>,
    private readonly directory: mongo.Collection<HoldDirectoryEntry>,
    private readonly settled: SettledHolds,
    private readonly outbox: Outbox,
    private readonly events: HoldEvents,
  ) {}

  /**
   * Places a hold over every night of the stay, or none. The condition on each night is the concurrency
   * guard: of 50 requests for the last 3 rooms, exactly 3 updates match.
   */
  async place({ hold, capacity }: PlaceRequest, ctx: CausalContext): Promise<PlaceOutcome> {
    const docId = inventoryId(hold.hotelId, hold.roomType);
    const entry = await this.enter(docId, { ...hold, status: 'held', createdAt: new Date() });
    if (entry.requestHash !== hold.requestHash) return { outcome: 'conflict' };
    // The first request with this key is the hold, even when a repeat races it here.
    const record = entry.hold!;

    // A repeated key gets its hold back, live or settled.
    const existing = async (): Promise<PlaceOutcome | null> => {
      const found = await this.find(entry);
      return found ? { outcome: 'existing', hold: found.hold, taken: found.taken } : null;
    };
    const earlier = await existing();
    if (earlier) return earlier;

    const nightsFilter = roomFor(record.nights, capacity, record.rooms);
    if (!nightsFilter) return { outcome: 'refused' };
    await this.ensureDocument(docId, hold.hotelId, hold.roomType);
    const doc = await this.inventory.findOneAndUpdate(
      { _id: docId, [`holds.${hold.id}`]: { $exists: false }, ...nightsFilter },
      withEvents(
        { $inc: incNights(record.nights, record.rooms), $set: { [`holds.${hold.id}`]: stateOfHold(record) } },
        this.events.placed(record, ctx),
      ),
      afterFor(hold.id),
    );
    if (doc) {
      this.outbox.kick(docId);
      await this.setDirectoryStatus(hold.id, 'held');
      return { outcome: 'placed', hold: record, taken: stateOf(doc) };
    }
    // Either the same key won a race a moment ago, or some night is full.
    return (await existing()) ?? { outcome: 'refused' };
  }

  async get(holdId: string): Promise<HoldRecord | null> {
    const entry = await this.directory.findOne({ _id: holdId });
    if (!entry) return null;
    return (await this.find(entry))?.hold ?? null;
  }

  /**
   * Releases a hold (or a booking, when cancelled) if it is in one of `from`; `dueBy` releases it only if it
   * expired by then. Gives the released hold, or null when there was nothing to release. The released hold
   * then moves out of its document. A settled hold has nothing left to release.
   */
  async release(
    holdId: string,
    reason: ReleaseReason,
    ctx: CausalContext,
    { from = ['held'] as HoldStatus[], dueBy }: { from?: HoldStatus[]; dueBy?: Date } = {},
  ): Promise<{ hold: HoldRecord; taken: TakenState } | null> {
    const entry = await this.directory.findOne({ _id: holdId });
    const found = entry && (await this.find(entry));
    if (!entry || !found) return null;
    const { hold } = found;
    if (!found.live || !from.includes(hold.status)) {
      if (hold.status !== entry.status) await this.setDirectoryStatus(holdId, hold.status);
      // Released, but its move was cut short: finish it now rather than at the next sweep.
      if (found.live && hold.status === 'released') await this.settled.moveOutNow(entry.inventoryId, hold);
      return null;
    }
    const path = `holds.${holdId}`;
    const doc = await this.inventory.findOneAndUpdate(
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
        this.events.released(hold, reason, ctx),
      ),
      afterFor(holdId),
    );
    if (!doc) return null;
    this.outbox.kick(entry.inventoryId);
    await this.setDirectoryStatus(holdId, 'released');
    const state = doc.holds?.[holdId];
    if (!state) return null;
    const released = whole(entry, state);
    await this.settled.moveOutNow(entry.inventoryId, released);
    return { hold: released, taken: stateOf(doc) };
  }

  /**
   * Turns a paid hold into a booking. A hold that lapsed before the payment arrived is booked again if its
   * rooms are still free; otherwise the failure is published once per invoice, so billing refunds.
   */
  async book(
    holdId: string,
    invoiceId: string,
    capacity: Record<string, number>,
    ctx: CausalContext,
  ): Promise<BookOutcome> {
    for (let attempt = 0; attempt < BOOK_ATTEMPTS; attempt++) {
      const outcome = await this.bookOnce(holdId, invoiceId, capacity, ctx);
      if (outcome) return outcome;
    }
    // Something keeps changing the hold: the event is retried, and decides again then.
    throw new Error(`hold ${holdId} kept changing while it was booked`);
  }

  /** The holds placed for an itinerary (from the directory; read each for its state). */
  async idsOfItinerary(itineraryId: string): Promise<string[]> {
    const entries = await this.directory.find({ itineraryId }, { projection: { _id: 1 } }).toArray();
    return entries.map((e) => e._id);
  }

  /** Holds the directory still shows as held after their expiry: a lost expiry job must not keep rooms. */
  async overdueIds(now: Date): Promise<string[]> {
    const entries = await this.directory
      .find({ status: { $in: ['held', 'pending'] }, expiresAt: { $lt: now } }, { projection: { _id: 1 } })
      .toArray();
    return entries.map((e) => e._id);
  }

  /** The rooms taken per night of every room type with holds: the availability projection's start. */
  async *allTaken(): AsyncGenerator<{ id: string; state: TakenState }> {
    for await (const doc of this.inventory.find({}, { projection: { taken: 1, version: 1 } }))
      yield { id: doc._id, state: stateOf(doc) };
  }

  async takenOf(id: string): Promise<TakenState> {
    const doc = await this.inventory.findOne({ _id: id }, { projection: { taken: 1, version: 1 } });
    return doc ? stateOf(doc) : { taken: {}, version: 0 };
  }

  /**
   * Moves every settled hold still in a document out of it: released ones a crash or a race left behind,
   * and bookings whose stay is over by `now`. Returns how many moved.
   */
  settle(now: Date): Promise<number> {
    return settleAll(this.inventory, this.directory, this.settled.moveOut, now);
  }

  /** The hold's directory entry, written once per hold id: a repeated key finds the first request's. */
  private async enter(docId: string, asked: HoldRecord): Promise<HoldDirectoryEntry> {
    const { id, hotelId, itineraryId, ownerId, requestHash, expiresAt } = asked;
    await this.directory.updateOne(
      { _id: id },
      {
        $setOnInsert: {
          inventoryId: docId,
          hotelId,
          itineraryId,
          ownerId,
          requestHash,
          status: 'pending',
          expiresAt,
          hold: asked,
        },
      },
      { upsert: true },
    );
    const entry = await this.directory.findOne({ _id: id });
    if (!entry) throw new Error(`hold ${id} is not in the directory right after it was written`);
    if (entry.requestHash === requestHash && !entry.hold) {
      // Begun by a version that kept the whole hold in the document, and cut short: this request stands in.
      await this.directory.updateOne({ _id: id, hold: { $exists: false } }, { $set: { hold: asked } });
      entry.hold = asked;
    }
    return entry;
  }

  private async ensureDocument(id: string, hotelId: string, roomType: string) {
    await this.inventory.updateOne(
      { _id: id },
      { $setOnInsert: { hotelId, roomType, taken: {}, version: 0, holds: {}, outbox: [] } },
      { upsert: true },
    );
  }

  private async setDirectoryStatus(holdId: string, status: HoldDirectoryEntry['status']) {
    await this.directory.updateOne({ _id: holdId }, { $set: { status } });
  }

  /** The hold as it is now: its inventory document has the truth while it is there, the settled copy after. */
  private async find(entry: HoldDirectoryEntry): Promise<FoundHold | null> {
    const holdId = entry._id;
    const doc = await this.inventory.findOne(
      { _id: entry.inventoryId },
      { projection: { taken: 1, version: 1, [`holds.${holdId}`]: 1 } },
    );
    const taken = doc ? stateOf(doc) : { taken: {}, version: 0 };
    const live = doc?.holds?.[holdId];
    if (live) return { hold: whole(entry, live), live: true, taken };
    const moved = await this.settled.get(holdId);
    return moved ? { hold: moved, live: false, taken } : null;
  }

  /** One decision of `book`; null when the hold changed under it and the decision must be made again. */
  private async bookOnce(
    holdId: string,
    invoiceId: string,
    capacity: Record<string, number>,
    ctx: CausalContext,
  ): Promise<BookOutcome | null> {
    const entry = await this.directory.findOne({ _id: holdId });
    const found = entry && (await this.find(entry));
    if (!entry || !found) return { outcome: 'unknown' };
    const { hold, live } = found;
    if (hold.status === 'booked' || hold.failedFor?.includes(invoiceId)) return { outcome: 'already' };
    const confirmed = this.events.confirmed(hold, invoiceId, ctx);
    if (live && hold.status === 'held') {
      const doc = await this.inventory.findOneAndUpdate(
        { _id: entry.inventoryId, [`holds.${holdId}.status`]: 'held' },
        withEvents({ $set: bookSet(holdId, invoiceId) }, confirmed),
        afterFor(holdId),
      );
      return this.booked(entry, doc); // null: it changed under us, decide again
    }
    // Released before payment (expired): take the rooms again if every night still has them.
    const nightsFilter = roomFor(hold.nights, capacity, hold.rooms);
    if (nightsFilter) {
      const doc = await this.rebook(entry, found, invoiceId, nightsFilter, confirmed);
      if (doc) return this.booked(entry, doc);
      // Either a night is full, or the hold moved (out, or back in) meanwhile: decide again if it moved.
      const now = await this.find(entry);
      if (!now || now.live !== live || now.hold.status !== 'released') return null;
    }
    return this.reportFailure(entry, found, invoiceId, ctx);
  }

  /**
   * A hold released before payment, booked again where every night has room. A hold already moved out goes
   * back into the document as a booking, only if it is not there again by now.
   */
  private rebook(
    entry: HoldDirectoryEntry,
    { hold, live }: FoundHold,
    invoiceId: string,
    nightsFilter: Record<string, unknown>,
    confirmed: OutboxEvent,
  ) {
    const path = `holds.${entry._id}`;
    const $inc = incNights(hold.nights, hold.rooms);
    if (live)
      return this.inventory.findOneAndUpdate(
        { _id: entry.inventoryId, [`${path}.status`]: 'released', ...nightsFilter },
        withEvents({ $inc, $set: bookSet(entry._id, invoiceId) }, confirmed),
        afterFor(entry._id),
      );
    return this.inventory.findOneAndUpdate(
      { _id: entry.inventoryId, [path]: { $exists: false }, ...nightsFilter },
      withEvents({ $inc, $set: { [path]: stateOfHold({ ...hold, status: 'booked', invoiceId }) } }, confirmed),
      afterFor(entry._id),
    );
  }

  private async booked(entry: HoldDirectoryEntry, doc: InventoryDocument | null): Promise<BookOutcome | null> {
    if (!doc) return null;
    this.outbox.kick(entry.inventoryId);
    await this.setDirectoryStatus(entry._id, 'booked');
    return { outcome: 'booked', taken: stateOf(doc) };
  }

  /**
   * The rooms are gone: `catalog.booking.failed`, once per invoice, from wherever the hold is now. Null when it
   * moved, was booked or was reported meanwhile: decide again.
   */
  private async reportFailure(
    entry: HoldDirectoryEntry,
    { hold, live }: FoundHold,
    invoiceId: string,
    ctx: CausalContext,
  ): Promise<BookOutcome | null> {
    const holdId = entry._id;
    const path = `holds.${holdId}`;
    const failed = this.events.failed(hold, invoiceId, ctx);
    const reported = live
      ? (
          await this.inventory.updateOne(
            { _id: entry.inventoryId, [`${path}.status`]: 'released', [`${path}.failedFor`]: { $ne: invoiceId } },
            withEvents({ $push: { [`${path}.failedFor`]: invoiceId } }, failed),
          )
        ).modifiedCount > 0
      : await this.settled.reportFailure(holdId, invoiceId, failed);
    if (!reported) return null;
    this.outbox.kick(live ? entry.inventoryId : holdId);
    return { outcome: 'failed' };
  }
}
