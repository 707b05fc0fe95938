// Room inventory and holds. One document per hotel room type keeps the rooms taken each night, the live
// holds on that type, and the events of each change, so placing, booking or releasing a hold over all its
// nights is one conditional single-document update: all or nothing, no overbooking, no transactions needed.
// Settled holds (released, or booked for a stay that is over) move to `settled_holds`, so the document
// stays far below MongoDB's 16 MiB whatever the number of holds ever placed.
import {
  apartFromOutbox,
  defineModel,
  inserted,
  withEvents,
  type CausalContext,
  type Logger,
  type Outbox,
  type OutboxEvent,
  type OutboxModel,
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
  type BookOutcome,
  type FoundHold,
  type HoldDirectoryEntry,
  type HoldEvents,
  type InventoryDocument,
  type PlaceOutcome,
  type PlaceRequest,
  type TakenState,
} from './inventory-documents.js';
import { settleAll, settledHoldStore } from './settled-holds.js';

// Where the store's callers have always found them.
export { inventoryId, type HoldEvents, type HoldRecord, type HoldStatus, type ReleaseReason, type TakenState };

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
  return new InventoryStore(Inventory, directory, settled, outbox, events);
}

export class InventoryStore {
  private readonly inventory: mongo.Collection<InventoryDocument>;

  constructor(
    private readonly model: OutboxModel,
    private readonly directory: mongo.Collection<HoldDirectoryEntry>,
    private readonly settled: SettledHolds,
    private readonly outbox: Outbox,
    private readonly events: HoldEvents,
  ) {
    this.inventory = model.collection as unknown as mongo.Collection<InventoryDocument>;
  }

  /** Hands the relay the room type's events as `doc`, the write's answer, holds them: it reads nothing back. */
  private kickWritten(doc: InventoryDocument) {
    this.outbox.kickWritten(this.model, apartFromOutbox(doc).written);
  }

  /**
   * Places a hold over every night of the stay, or none. The condition on each night is the concurrency
   * guard: of 50 requests for the last 3 rooms, exactly 3 updates match.
   */
  async place({ hold, capacity }: PlaceRequest, ctx: CausalContext): Promise<PlaceOutcome> {
    const docId = inventoryId(hold.hotelId, hold.roomType);
    const { entry, made } = await this.enter(docId, { ...hold, status: 'held', createdAt: new Date() });
    if (entry.requestHash !== hold.requestHash) return { outcome: 'conflict' };
    // The first request with this key is the hold, even when a repeat races it here.
    const record = entry.hold!;

    // A repeated key gets its hold back, live or settled. A key this call entered first has none yet: a hold is
    // written to its room type only after its directory entry.
    const existing = async (): Promise<PlaceOutcome | null> => {
      const found = await this.find(entry);
      return found ? { outcome: 'existing', hold: found.hold, taken: found.taken } : null;
    };
    const earlier = made ? null : await existing();
    if (earlier) return earlier;

    const nightsFilter = roomFor(record.nights, capacity, record.rooms);
    if (!nightsFilter) return { outcome: 'refused' };
    const take = () =>
      this.inventory.findOneAndUpdate(
        { _id: docId, [`holds.${hold.id}`]: { $exists: false }, ...nightsFilter },
        withEvents(
          { $inc: incNights(record.nights, record.rooms), $set: { [`holds.${hold.id}`]: stateOfHold(record) } },
          this.events.placed(record, ctx),
        ),
        afterFor(hold.id),
      );
    // The room type's document is made by its first hold (or by another hold placed at once): taken again once
    // it is surely there. A full night is refused by both takes.
    let doc = await take();
    if (!doc) {
      await this.ensureDocument(docId, hold.hotelId, hold.roomType);
      doc = await take();
    }
    if (doc) {
      await this.setDirectoryStatus(hold.id, 'held');
      // Kicked last: the caller notes its own change before its event can come back (flows/holds.ts, `track`).
      this.kickWritten(doc);
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
    this.kickWritten(doc);
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
    entry: HoldDirectoryEntry,
    invoiceId: string,
    capacityOf: (hold: HoldRecord) => Record<string, number>,
    ctx: CausalContext,
  ): Promise<BookOutcome> {
    // The entry's ids never change: each try reads the hold's state anew.
    for (let attempt = 0; attempt < BOOK_ATTEMPTS; attempt++) {
      const outcome = await this.bookOnce(entry, invoiceId, capacityOf, ctx);
      if (outcome) return outcome;
    }
    // Something keeps changing the hold: the event is retried, and decides again then.
    throw new Error(`hold ${entry._id} kept changing while it was booked`);
  }

  /** The directory entries of the holds placed for an itinerary (each hold's state is its document's). */
  entriesOfItinerary(itineraryId: string): Promise<HoldDirectoryEntry[]> {
    return this.directory.find({ itineraryId }).toArray();
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

  /**
   * The hold's directory entry, written once per hold id: a repeated key finds the first request's. `made`: this
   * call wrote it.
   */
  private async enter(docId: string, asked: HoldRecord): Promise<{ entry: HoldDirectoryEntry; made: boolean }> {
    const { id, hotelId, itineraryId, ownerId, requestHash, expiresAt } = asked;
    const written = await this.directory.findOneAndUpdate(
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
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    );
    const entry = written.value;
    if (!entry) throw new Error(`hold ${id} is not in the directory right after it was written`);
    if (entry.requestHash === requestHash && !entry.hold) {
      // Begun by a version that kept the whole hold in the document, and cut short: this request stands in.
      await this.directory.updateOne({ _id: id, hold: { $exists: false } }, { $set: { hold: asked } });
      entry.hold = asked;
    }
    return { entry, made: inserted(written) };
  }

  /** Makes the room type's document if it is not there yet. */
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
    entry: HoldDirectoryEntry,
    invoiceId: string,
    capacityOf: (hold: HoldRecord) => Record<string, number>,
    ctx: CausalContext,
  ): Promise<BookOutcome | null> {
    const holdId = entry._id;
    const found = await this.find(entry);
    if (!found) return { outcome: 'unknown' };
    const { hold, live, taken } = found;
    if (hold.status === 'booked' || hold.failedFor?.includes(invoiceId)) return { outcome: 'already', hold, taken };
    if (hold.status === 'released' && hold.releasedReason !== 'expired') return { outcome: 'skipped', hold, taken };
    const confirmed = this.events.confirmed(hold, invoiceId, ctx);
    if (live && hold.status === 'held') {
      const doc = await this.inventory.findOneAndUpdate(
        { _id: entry.inventoryId, [`holds.${holdId}.status`]: 'held' },
        withEvents({ $set: bookSet(holdId, invoiceId) }, confirmed),
        afterFor(holdId),
      );
      return this.booked(entry, hold, doc); // null: it changed under us, decide again
    }
    // Released before payment (expired): take the rooms again if every night still has them.
    const nightsFilter = roomFor(hold.nights, capacityOf(hold), hold.rooms);
    if (nightsFilter) {
      const doc = await this.rebook(entry, found, invoiceId, nightsFilter, confirmed);
      if (doc) return this.booked(entry, hold, doc);
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

  private async booked(
    entry: HoldDirectoryEntry,
    hold: HoldRecord,
    doc: InventoryDocument | null,
  ): Promise<BookOutcome | null> {
    if (!doc) return null;
    await this.setDirectoryStatus(entry._id, 'booked');
    this.kickWritten(doc);
    return { outcome: 'booked', hold, taken: stateOf(doc) };
  }

  /**
   * The rooms are gone: `catalog.booking.failed`, once per invoice, from wherever the hold is now. Null when it
   * moved, was booked or was reported meanwhile: decide again.
   */
  private async reportFailure(
    entry: HoldDirectoryEntry,
    { hold, live, taken }: FoundHold,
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
    return { outcome: 'failed', hold, taken };
  }
}
