// The room inventory as stored: one document per hotel room type (the rooms taken each night and its live
// holds' state), and the hold directory that says where each hold lives and keeps its whole record.
import { outboxPlugin, required, type CausalContext, type OutboxEvent } from '@travelclub/kit';
import { Schema } from 'mongoose';
import type { HoldRecord, HoldStatus, ReleaseReason } from '../domain/holds.js';

export interface InventoryDocument {
  /** `<hotelId>|<roomType>` */
  _id: string;
  hotelId: string;
  roomType: string;
  /** Rooms held or booked through us, per night (`YYYY-MM-DD`). */
  taken: Record<string, number>;
  /** Goes up with every change of `taken`, so readers can tell a newer state from an older one. */
  version: number;
  /**
   * The live holds' state: held, released a moment ago (until moved out), or booked for a stay not yet over.
   * Only what changes and what the conditional updates need; the rest of a hold is in its directory entry.
   */
  holds: Record<string, HoldState>;
  outbox: OutboxEvent[];
  outboxKey?: string;
}

/**
 * A live hold as its inventory document keeps it: about 200 bytes instead of the 1.5 KB of the whole record
 * (the quote is most of it), so even a large room type's bookings for the next 500 days stay a few MiB.
 */
export type HoldState = Pick<
  HoldRecord,
  'status' | 'rooms' | 'nights' | 'checkOut' | 'expiresAt' | 'invoiceId' | 'releasedReason' | 'releasedAt' | 'failedFor'
>;
export const stateOfHold = (hold: HoldRecord): HoldState => {
  const { status, rooms, nights, checkOut, expiresAt, invoiceId, releasedReason, releasedAt, failedFor } = hold;
  const state: HoldState = { status, rooms, nights, checkOut, expiresAt };
  return Object.assign(
    state,
    invoiceId === undefined ? {} : { invoiceId },
    releasedReason === undefined ? {} : { releasedReason },
    releasedAt === undefined ? {} : { releasedAt },
    failedFor === undefined ? {} : { failedFor },
  );
};

/** Where each hold lives, to find it by id or by itinerary; the inventory document has its state. */
export interface HoldDirectoryEntry {
  _id: string;
  inventoryId: string;
  hotelId: string;
  itineraryId: string;
  ownerId: string;
  requestHash: string;
  status: HoldStatus | 'pending';
  expiresAt: Date;
  /** The hold as placed; its state is the inventory document's (absent from entries of older versions). */
  hold?: HoldRecord;
}

export const inventorySchema = new Schema<InventoryDocument>(
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

export const directorySchema = new Schema<HoldDirectoryEntry>(
  {
    ...required({
      _id: String,
      inventoryId: String,
      hotelId: String,
      ownerId: String,
      requestHash: String,
      status: String,
    }),
    itineraryId: { type: String, required: true, index: true },
    expiresAt: { type: Date, required: true, index: true },
    hold: { type: Schema.Types.Mixed },
  },
  { versionKey: false },
);

export const inventoryId = (hotelId: string, roomType: string) => `${hotelId}|${roomType}`;

/** A room type's taken rooms per night at one version of its document. */
export interface TakenState {
  taken: Record<string, number>;
  version: number;
}
export const stateOf = (doc: Pick<InventoryDocument, 'taken' | 'version'>): TakenState => ({
  taken: doc.taken ?? {},
  version: doc.version ?? 0,
});

// ---------- pieces of the conditional updates ----------

/** A change answers the document's taken rooms and the one hold it touched, not every hold. */
export const afterFor = (holdId: string) =>
  ({
    returnDocument: 'after',
    // The outbox too: every write that answers this carries an event, which the relay publishes from the answer.
    projection: { taken: 1, version: 1, [`holds.${holdId}`]: 1, outbox: 1, outboxKey: 1 },
  }) as const;

/** Only nights that would still have a free room after adding `rooms`. */
export function roomFor(nights: string[], capacity: Record<string, number>, rooms: number) {
  const filter: Record<string, unknown> = {};
  for (const night of nights) {
    const limit = (capacity[night] ?? 0) - rooms;
    if (limit < 0) return null;
    filter[`taken.${night}`] = { $not: { $gt: limit } };
  }
  return filter;
}

export const incNights = (nights: string[], by: number) => ({
  version: 1,
  ...Object.fromEntries(nights.map((n) => [`taken.${n}`, by])),
});

export const bookSet = (holdId: string, invoiceId: string) => ({
  [`holds.${holdId}.status`]: 'booked',
  [`holds.${holdId}.invoiceId`]: invoiceId,
});

/** A live hold whole: as placed (its directory entry), in the state its document has now. */
export const whole = (entry: HoldDirectoryEntry, state: HoldState) => ({ ...entry.hold, ...state }) as HoldRecord;

// What the store's operations take and answer (inventory.ts).

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
export type FoundHold = { hold: HoldRecord; live: boolean; taken: TakenState };

/** What booking a hold came to: `skipped` for one taken out of its cart or cancelled, never booked. */
export type BookOutcome = {
  outcome: 'booked' | 'already' | 'failed' | 'unknown' | 'skipped';
  /** The hold as found, and its room type's rooms taken after (not when unknown). */
  hold?: HoldRecord;
  taken?: TakenState;
};
