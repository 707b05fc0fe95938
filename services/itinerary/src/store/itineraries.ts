// Itineraries in MongoDB. Every change is one conditional single-document update guarded by the write
// counter (`version`), carrying the change's events in the document's outbox: no transactions needed, and a
// change decided on a state that moved meanwhile is decided again on the new one.
import type { Outbox, OutboxEvent } from '@travelclub/kit';
import {
  apartFromOutbox,
  defineModel,
  isDuplicateKeyError,
  outboxPlugin,
  pendingEvents,
  required,
  withEvents,
  type OutboxModel,
} from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';
import { OPTIONAL_FIELDS, type ItineraryRecord, type StaffAction } from '../domain/itinerary.js';
import { bookingReference, REFERENCE_ATTEMPTS } from '../domain/reference.js';
import { supportDesk, supportKeysOf, type Stored, type SupportKeys } from './support-search.js';

interface ItineraryDocument extends ItineraryRecord, Partial<SupportKeys> {
  outbox: OutboxEvent[];
  outboxKey?: string;
}

/** The itinerary `id` as it was read at write counter `version`: the filter of every change. */
export const versionGuard = (id: string, version: number) => ({ _id: id, version });
/** The unique index that serves `versionGuard` on a server that uses an index only for exactly its fields. */
export const VERSION_GUARD_INDEX = { _id: 1, version: 1 } as const;

const itinerarySchema = new Schema<ItineraryDocument>(
  {
    ...required({ _id: String, currency: String, status: String, ownerId: String, createdAt: Date, updatedAt: Date }),
    reference: String,
    title: { type: String, default: '' },
    creator: String,
    lineItems: { type: Schema.Types.Mixed, default: [] },
    leadGuest: Schema.Types.Mixed,
    paidLeadGuest: Schema.Types.Mixed,
    invoiceId: String,
    cancellation: Schema.Types.Mixed,
    confirmedAt: Date,
    revision: { type: Number, default: 0 },
    version: { type: Number, default: 0 },
    terms: Schema.Types.Mixed,
    staffActions: { type: Schema.Types.Mixed, default: [] },
    contactKeys: { type: [String], default: undefined },
    invoiceIds: { type: [String], default: undefined },
    traceId: String,
  },
  { versionKey: false, minimize: false },
);
itinerarySchema.plugin(outboxPlugin);
// Production MongoDB serves "mine, newest first" and "the open cart" from these; the local server ignores them.
// One itinerary per booking reference; sparse, as itineraries made before references get theirs at start-up.
itinerarySchema.index({ reference: 1 }, { unique: true, sparse: true });
itinerarySchema.index({ ownerId: 1, createdAt: -1 });
itinerarySchema.index({ ownerId: 1, status: 1, createdAt: -1 });
// The support desk's list, newest change first, by each filter it has; the free text alone scans (it matches
// inside names). Both line fields index one same array, as the desk's line filter asks for one same line.
itinerarySchema.index({ updatedAt: -1, _id: -1 });
itinerarySchema.index({ status: 1, updatedAt: -1 });
itinerarySchema.index({ ownerId: 1, updatedAt: -1 });
itinerarySchema.index({ creator: 1, updatedAt: -1 });
itinerarySchema.index({ contactKeys: 1, updatedAt: -1 });
itinerarySchema.index({ 'lineItems.hotelBooking.hotelId': 1, 'lineItems.checkInDate': 1 });
itinerarySchema.index({ 'lineItems.checkInDate': 1 });
// Every change is written under `versionGuard`. mongo-java-server answers a filter from an index only when its
// fields are exactly a unique index's (`{ _id, version }` is not `_id`'s own: it scanned the whole collection,
// seconds at 100,000 itineraries); this one is. Real MongoDB finds the same document through `_id` either way.
itinerarySchema.index(VERSION_GUARD_INDEX, { unique: true });

/** A change decided on the stored state: the new state and its events, or null when nothing is to change. */
export type Change = { record: ItineraryRecord; events?: OutboxEvent[]; staffAction?: StaffAction } | null;

export type ItineraryStore = Awaited<ReturnType<typeof itineraryStore>>;

/**
 * The update that writes a change's record (the write counter one on), its staff action, and the support
 * desk's keys (the contact addresses as they are now; the invoice among those the itinerary had).
 */
function updateOf(change: NonNullable<Change>): Record<string, unknown> {
  const { _id: _key, version, staffActions: _staffActions, ...fields } = change.record;
  const $set: Record<string, unknown> = { version: version + 1, ...supportKeysOf(change.record) };
  const $unset: Record<string, ''> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) $set[key] = value;
  for (const key of OPTIONAL_FIELDS) if (change.record[key] === undefined) $unset[key] = '';
  const update: Record<string, unknown> = { $set };
  if (Object.keys($unset).length > 0) update.$unset = $unset;
  if (change.staffAction) update.$push = { staffActions: change.staffAction };
  if (change.record.invoiceId) update.$addToSet = { invoiceIds: change.record.invoiceId };
  return update;
}

const MAX_ATTEMPTS = 10;

/** An absent field stays absent: the driver would store `undefined` as null, which no rule expects. */
const withoutAbsent = (record: ItineraryRecord) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as ItineraryRecord;

/**
 * Moves an anonymous visitor's itineraries to the account they signed in to. The version moves, so a change
 * decided on the old owner is decided again. Answers how many moved; a redelivery moves none.
 */
async function handOver(collection: mongo.Collection<ItineraryDocument>, anonymousId: string, userId: string) {
  const moved = await collection.updateMany(
    { ownerId: anonymousId },
    { $set: { ownerId: userId, updatedAt: new Date() }, $inc: { version: 1 } },
  );
  return moved.modifiedCount;
}

/** A write the reference index refused: another itinerary has that reference. */
const isReferenceTaken = (err: unknown) =>
  isDuplicateKeyError(err) && /reference/.test((err as { message?: string }).message ?? '');

/**
 * Writes `attempt`'s reference with `write`, the next attempt's when another itinerary has it already (the
 * unique index says so); answers the reference written.
 */
async function withFreeReference(id: string, write: (reference: string) => Promise<unknown>): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const reference = bookingReference(id, attempt);
    try {
      await write(reference);
      return reference;
    } catch (err) {
      if (!isReferenceTaken(err) || attempt + 1 >= REFERENCE_ATTEMPTS) throw err;
    }
  }
}

/** Inserts a new itinerary with the first booking reference no other itinerary has; answers it as stored. */
async function insertWithReference(
  collection: mongo.Collection<ItineraryDocument>,
  record: ItineraryRecord,
  events: OutboxEvent[],
): Promise<ItineraryDocument> {
  let stored: ItineraryDocument | undefined;
  await withFreeReference(record._id, (reference) =>
    collection.insertOne((stored = newDocument({ ...record, reference }, events))),
  );
  return stored!;
}

/** Gives the itineraries made before booking references theirs, once (a start-up step; none the next time). */
async function backfillReferences(collection: mongo.Collection<ItineraryDocument>): Promise<number> {
  let given = 0;
  for await (const { _id } of collection.find({ reference: { $exists: false } }, { projection: { _id: 1 } })) {
    await withFreeReference(_id, async (reference) => {
      const done = await collection.updateOne({ _id, reference: { $exists: false } }, { $set: { reference } });
      given += done.modifiedCount;
    });
  }
  return given;
}

// The desk's keys stay out of the record: a change spreads what it read into what it writes.
const withoutOutbox = { projection: { outbox: 0, outboxKey: 0, contactKeys: 0, invoiceIds: 0 } } as const;
/** A change that carries events reads its outbox back too, for the relay (apart from the record it answers). */
const withOutbox = { projection: { contactKeys: 0, invoiceIds: 0 } } as const;

/** A new itinerary as stored: its events, and the support desk's keys. */
const newDocument = (record: ItineraryRecord, events: OutboxEvent[]): ItineraryDocument => ({
  ...withoutAbsent(record),
  ...supportKeysOf(record),
  invoiceIds: record.invoiceId ? [record.invoiceId] : [],
  ...(events.length > 0 ? pendingEvents(...events) : { outbox: [] }),
});

/**
 * Applies `decide` to the stored itinerary and writes the outcome, guarded by the write counter; when another
 * write got in between, reads and decides again. `decide` may throw (an AppError) to refuse. Answers the
 * itinerary after the change (or as it is, when nothing changed), null when missing. `known`: the itinerary as
 * the request read it already, decided on first; only a change is written from it (the guard refuses it if it
 * moved), while no change or a refusal is decided again on the stored itinerary.
 */
function mutation(model: OutboxModel, outbox: Outbox, get: (id: string) => Promise<ItineraryRecord | null>) {
  return async (
    id: string,
    decide: (record: ItineraryRecord) => Change,
    known?: ItineraryRecord,
  ): Promise<{ record: ItineraryRecord; changed: boolean } | null> => {
    const collection = model.collection as unknown as mongo.Collection<ItineraryDocument>;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const fromKnown = attempt === 1 && known?._id === id;
      const current = fromKnown ? known : await get(id);
      if (!current) return null;
      let change: Change;
      try {
        change = decide(current);
      } catch (err) {
        if (fromKnown) continue;
        throw err;
      }
      if (!change) {
        if (fromKnown) continue;
        return { record: current, changed: false };
      }
      const events = change.events ?? [];
      const update = updateOf(change);
      const updated = await collection.findOneAndUpdate(
        versionGuard(id, current.version),
        events.length > 0 ? withEvents(update, ...events) : update,
        { returnDocument: 'after', ...(events.length > 0 ? withOutbox : withoutOutbox) },
      );
      if (updated && events.length === 0) return { record: updated, changed: true };
      if (updated) {
        const { rest, written } = apartFromOutbox(updated);
        outbox.kickWritten(model, written);
        return { record: rest, changed: true };
      }
    }
    throw new Error(`itinerary ${id} kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
  };
}

/** The itineraries carry their events; `outbox` hears which just got some, so the relay publishes them at once. */
export async function itineraryStore(connection: Connection, outbox: Outbox) {
  const Itinerary = await defineModel(connection, 'Itinerary', itinerarySchema, 'itineraries');
  outbox.addModel(Itinerary);
  // The raw collection: the records are already in their stored shape, with nothing for mongoose to cast.
  const collection = Itinerary.collection as unknown as mongo.Collection<ItineraryDocument>;

  const get = (id: string): Promise<ItineraryRecord | null> => collection.findOne({ _id: id }, withoutOutbox);

  return {
    get,

    /** Stores a new itinerary with its booking reference, and the events of what it starts with (a package's rooms). */
    async create(record: ItineraryRecord, events: OutboxEvent[] = []): Promise<ItineraryRecord> {
      const { rest, written } = apartFromOutbox(await insertWithReference(collection, record, events));
      if (events.length > 0) outbox.kickWritten(Itinerary, written);
      return { ...record, reference: rest.reference };
    },

    backfillReferences: () => backfillReferences(collection),

    async listOf(ownerId: string, take: number, skip: number) {
      const [total, records] = await Promise.all([
        collection.countDocuments({ ownerId }),
        collection
          .find({ ownerId }, { ...withoutOutbox, sort: { createdAt: -1, _id: -1 }, skip, limit: take })
          .toArray(),
      ]);
      return { total, records: records as ItineraryRecord[] };
    },

    /** The newest cart still open (draft or awaiting payment). */
    async latestOpen(ownerId: string): Promise<ItineraryRecord | null> {
      const [found] = await collection
        .find(
          { ownerId, status: { $in: ['draft', 'pending_payment'] } },
          { ...withoutOutbox, sort: { createdAt: -1, _id: -1 }, limit: 1 },
        )
        .toArray();
      return found ?? null;
    },

    mutate: mutation(Itinerary, outbox, get),

    /** Every itinerary of an anonymous visitor becomes their account's (auth's `anonymous.merged`). */
    handOver: (anonymousId: string, userId: string) => handOver(collection, anonymousId, userId),

    // Staff reads recorded, the support desk's list and detail, older itineraries filed (support-search.ts).
    ...supportDesk(collection as unknown as mongo.Collection<Stored>),
  };
}
