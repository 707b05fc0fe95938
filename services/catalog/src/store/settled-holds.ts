// Settled holds (released, or booked for a stay that is over) moved out of their room type's inventory
// document into `settled_holds`, so that document stays far below MongoDB's 16 MiB whatever the number of holds
// ever placed. A settled hold still answers reads, repeated keys and late payments from here.
import {
  defineModel,
  outboxPlugin,
  required,
  withEvents,
  type Logger,
  type Outbox,
  type OutboxEvent,
} from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';
import type { HoldRecord } from '../domain/holds.js';
import { whole, type HoldDirectoryEntry, type InventoryDocument } from './inventory-documents.js';

/**
 * A hold moved out of its inventory document once settled. The copy is written before the hold is pulled
 * from the document, so a crash in between leaves it in both (the document wins), never in neither.
 */
interface SettledHoldDocument {
  /** The hold id. */
  _id: string;
  inventoryId: string;
  hold: HoldRecord;
  settledAt: Date;
  /** A late payment for a settled hold whose rooms are gone reports `catalog.booking.failed` from here. */
  outbox: OutboxEvent[];
}

const settledSchema = new Schema<SettledHoldDocument>(
  {
    ...required({ _id: String, inventoryId: String, settledAt: Date }),
    hold: { type: Schema.Types.Mixed, required: true },
  },
  { versionKey: false, minimize: false },
);
settledSchema.plugin(outboxPlugin);

/** A booking is settled once its check-out is this far behind (stay dates are local; a day covers every zone). */
const BOOKING_SETTLES_AFTER_MS = 2 * 86_400_000;

/** A settled hold's check-out date before which a booking is settled: its stay is over everywhere. */
const settledBookingsBefore = (now: Date) =>
  new Date(now.getTime() - BOOKING_SETTLES_AFTER_MS).toISOString().slice(0, 10);

/**
 * The settled holds, and their mover out of `inventory` (the room types' documents). `log` hears the moves
 * that failed (the availability-refresh sweep does them later).
 */
export async function settledHoldStore(
  connection: Connection,
  inventory: mongo.Collection<InventoryDocument>,
  outbox: Outbox,
  log?: Pick<Logger, 'warn'>,
) {
  const Settled = await defineModel(connection, 'SettledHold', settledSchema, 'settled_holds');
  outbox.addModel(Settled);
  const settledHolds = Settled.collection as unknown as mongo.Collection<SettledHoldDocument>;

  /**
   * Moves a settled hold out of its document: copied first, pulled after. The pull is conditional on the
   * hold being as copied (status, and the invoices its failure was reported for), so a change that lands in
   * between keeps it in the document, where the next sweep finds it.
   */
  async function moveOut(docId: string, hold: HoldRecord): Promise<boolean> {
    await settledHolds.updateOne(
      { _id: hold.id },
      { $set: { inventoryId: docId, hold, settledAt: new Date() }, $setOnInsert: { outbox: [] } },
      { upsert: true },
    );
    const path = `holds.${hold.id}`;
    const pulled = await inventory.updateOne(
      {
        _id: docId,
        [`${path}.status`]: hold.status,
        [`${path}.failedFor.${hold.failedFor?.length ?? 0}`]: { $exists: false },
      },
      { $unset: { [path]: '' } },
    );
    return pulled.modifiedCount === 1;
  }

  /** Moves a hold released just now; if that fails, it is only later: the sweep moves what is left. */
  async function moveOutNow(docId: string, hold: HoldRecord) {
    try {
      await moveOut(docId, hold);
    } catch (err) {
      log?.warn({ err, holdId: hold.id }, 'could not move a released hold out of its document yet; the sweep will');
    }
  }

  return {
    moveOut,
    moveOutNow,

    /** The hold as it was when it moved out; null when it never did. */
    async get(holdId: string): Promise<HoldRecord | null> {
      const settled = await settledHolds.findOne({ _id: holdId }, { projection: { hold: 1 } });
      return settled?.hold ?? null;
    },

    /**
     * A late payment for a settled hold whose rooms are gone: `catalog.booking.failed` from here, once per
     * invoice. False when the hold is not (or no longer) released here, or was reported already.
     */
    async reportFailure(holdId: string, invoiceId: string, failed: OutboxEvent): Promise<boolean> {
      const reported = await settledHolds.updateOne(
        { _id: holdId, 'hold.status': 'released', 'hold.failedFor': { $ne: invoiceId } },
        withEvents({ $push: { 'hold.failedFor': invoiceId } }, failed),
      );
      return reported.modifiedCount > 0;
    },
  };
}

/**
 * Moves every settled hold still in a document out of it: released ones a crash or a race left behind, and
 * bookings whose stay is over by `now`. Returns how many moved.
 */
export async function settleAll(
  inventory: mongo.Collection<InventoryDocument>,
  directory: mongo.Collection<HoldDirectoryEntry>,
  moveOut: (docId: string, hold: HoldRecord) => Promise<boolean>,
  now: Date,
): Promise<number> {
  const bookingsBefore = settledBookingsBefore(now);
  let moved = 0;
  for await (const doc of inventory.find({}, { projection: { holds: 1 } })) {
    const settled = Object.entries(doc.holds ?? {}).filter(
      ([, h]) => h.status === 'released' || (h.status === 'booked' && h.checkOut < bookingsBefore),
    );
    if (!settled.length) continue;
    const entries = await directory.find({ _id: { $in: settled.map(([id]) => id) } }).toArray();
    for (const entry of entries) {
      const state = doc.holds[entry._id];
      if (state && (await moveOut(doc._id, whole(entry, state)))) moved++;
    }
  }
  return moved;
}
