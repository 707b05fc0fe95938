// Invoices. One document per invoice holds its state, its payment attempts (by payment id), the payment
// lease, the commission and its reversal, and the events of each change (outbox), so every state change and
// its events are one conditional single-document update: no transactions needed. The lease names the one
// payment not yet settled; it is let go only when that payment's outcome is known and recorded.
import {
  defineModel,
  apartFromOutbox,
  inserted,
  outboxPlugin,
  pendingEvents,
  required,
  type Outbox,
  type OutboxEvent,
} from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';
import { invoiceIdFor } from '../domain/ids.js';
import type { VoidReason } from '../domain/invoices.js';
import type { InvoiceDocument, InvoiceWrites } from './invoice-document.js';
import { attemptClaims, chargeOutcomes } from './payment-attempts.js';
import { refundOutcomes, refundReservations } from './refunds.js';

export type { AttemptRecord, AttemptStatus, CommissionRecordDoc, InvoiceDocument } from './invoice-document.js';

const invoiceSchema = new Schema<InvoiceDocument>(
  {
    ...required({ _id: String, revision: Number, status: String }),
    itineraryId: { type: String, required: true, index: true },
    ownerId: { type: String, required: true, index: true },
    voidReason: String,
    currency: String,
    lines: Schema.Types.Mixed,
    total: Schema.Types.Mixed,
    terms: Schema.Types.Mixed,
    creator: String,
    contactEmail: String,
    createdAt: Date,
    dueAt: Date,
    lease: Schema.Types.Mixed,
    attempts: { type: Schema.Types.Mixed, default: {} },
    payment: Schema.Types.Mixed,
    refund: Schema.Types.Mixed,
    refunds: Schema.Types.Mixed,
    refundSeq: Number,
    commission: Schema.Types.Mixed,
    voidedAt: Date,
    // Counted up by every change (for instances of the version before 2026-12-02, which wrote under it); set
    // from 0 on every invoice the revisions record knows of (made since, or filed at start: fileEarlierInvoices).
    seq: Number,
  },
  { versionKey: false, minimize: false },
);
invoiceSchema.plugin(outboxPlugin);
// Production MongoDB finds a creator's commissions through this; mongo-java-server scans.
invoiceSchema.index({ 'commission.creator': 1 }, { sparse: true });
// The invoices under a lease: few (the payments in flight) among many. A payment id leases one invoice only,
// so the index can be unique, and then the local store answers `LEASED` from it too (see below).
export const LEASE_INDEX = { 'lease.paymentId': 1 } as const;
invoiceSchema.index(LEASE_INDEX, { unique: true, sparse: true });

/**
 * Every invoice under a lease. The filter names exactly the unique index's field with `$regex`: the only shape
 * besides equality and `$in` that the local MongoDB-compatible server answers from an index (it reads every
 * invoice for any other, seconds at 100,000: docs/performance-data-growth.md); `$exists` lets real MongoDB use
 * the sparse index.
 */
const LEASED = { 'lease.paymentId': { $exists: true, $regex: '^' } } as const;

export type NewInvoice = Omit<InvoiceDocument, 'outbox' | 'attempts' | 'lease'>;

export type InvoiceStore = Awaited<ReturnType<typeof invoiceStore>>;

/** The invoices carry their events; `outbox` hears which just got some, so the relay publishes them at once. */
export async function invoiceStore(connection: Connection, outbox: Outbox) {
  const Invoice = await defineModel(connection, 'Invoice', invoiceSchema, 'invoices');
  outbox.addModel(Invoice);
  // The raw collection: dotted paths built from payment ids are not for mongoose to cast.
  const invoices = Invoice.collection as unknown as mongo.Collection<InvoiceDocument>;
  // Each itinerary's newest invoiced revision, by `_id` (the itinerary's id): asking which invoices of an
  // itinerary are newer or older is then a lookup by `_id`, not a scan of every invoice.
  const revisions = connection.collection<RevisionEntry>('itinerary_revisions');
  await fileEarlierInvoices(invoices, revisions, connection.collection<FiledMark>('store_migrations'));
  // Every change is one conditional write, `{ _id, …condition }`: real MongoDB and our local launcher both find
  // the invoice through `_id` and match the rest on it (docs/performance-data-growth.md). It still counts `seq`
  // up: an instance of the version before, beside this one during an upgrade, writes under the `seq` it read.
  const changed: InvoiceWrites['changed'] = async (filter, update, hasEvents) => {
    const counted = { ...update, $inc: { ...update.$inc, seq: 1 } } as mongo.UpdateFilter<InvoiceDocument>;
    const doc = await invoices.findOneAndUpdate(filter, counted, {
      returnDocument: 'after',
      // With events, the outbox too: the relay publishes them from this answer, without reading the invoice back.
      projection: hasEvents ? {} : { outbox: 0, outboxKey: 0 },
    });
    if (!doc || !hasEvents) return doc;
    const { rest, written } = apartFromOutbox(doc);
    outbox.kickWritten(Invoice, written);
    return rest as InvoiceDocument;
  };
  const w: InvoiceWrites = {
    invoices,
    kickWritten: (written) => outbox.kickWritten(Invoice, written),
    changed,
    async releaseLease(id, paymentId) {
      await changed({ _id: id, 'lease.paymentId': paymentId }, { $set: { lease: null } }, false);
    },
  };
  return {
    collection: invoices,
    ...invoiceReads(invoices),
    ...invoiceChanges(w, revisions),
    ...attemptClaims(w),
    ...chargeOutcomes(w),
    ...refundReservations(w),
    ...refundOutcomes(w),
  };
}

interface RevisionEntry {
  /** The itinerary's id. */
  _id: string;
  latest: number;
}

/** A one-time change of the stored data, done: `_id` names it. */
interface FiledMark {
  _id: string;
  doneAt: Date;
}

const FILED = 'invoices.seq';

/**
 * Files the invoices written before the revisions record: each gets its revision recorded and `seq: 0`, the mark
 * of a filed invoice. Once: a mark in `store_migrations` says it is done, so later starts read one document
 * instead of looking through every invoice (no index serves `seq: { $exists: false }`). `$max` leaves a
 * counter an older instance moved; a start that stops halfway files the rest next time.
 */
async function fileEarlierInvoices(
  invoices: mongo.Collection<InvoiceDocument>,
  revisions: mongo.Collection<RevisionEntry>,
  migrations: mongo.Collection<FiledMark>,
): Promise<number> {
  if (await migrations.findOne({ _id: FILED })) return 0;
  let filed = 0;
  const earlier = invoices.find({ seq: { $exists: false } }, { projection: { itineraryId: 1, revision: 1 } });
  for await (const { _id, itineraryId, revision } of earlier) {
    await revisions.updateOne({ _id: itineraryId }, { $max: { latest: revision } }, { upsert: true });
    await invoices.updateOne({ _id }, { $max: { seq: 0 } });
    filed += 1;
  }
  await migrations.updateOne({ _id: FILED }, { $setOnInsert: { doneAt: new Date() } }, { upsert: true });
  return filed;
}

/** The invoices whose lease lapsed by `now`, oldest lease first. */
const lapsed = <T extends Pick<InvoiceDocument, 'lease'>>(leased: T[], now: Date) =>
  leased
    .filter((doc) => doc.lease && new Date(doc.lease.until) <= now)
    .sort((a, b) => new Date(a.lease!.until).getTime() - new Date(b.lease!.until).getTime());

/** The ids of the invoices the itinerary's revisions before `revision` would have (billing names them). */
const olderIds = (itineraryId: string, revision: number) =>
  Array.from({ length: Math.max(0, revision) }, (_, r) => invoiceIdFor(itineraryId, r));

function invoiceReads(invoices: mongo.Collection<InvoiceDocument>) {
  return {
    async get(id: string): Promise<InvoiceDocument | null> {
      return invoices.findOne({ _id: id }, { projection: { outbox: 0, outboxKey: 0 } });
    },

    /** Every invoice of the itinerary (one per revision), newest first. */
    async ofItinerary(itineraryId: string): Promise<InvoiceDocument[]> {
      return invoices
        .find({ itineraryId }, { projection: { outbox: 0, outboxKey: 0 } })
        .sort({ revision: -1 })
        .toArray();
    },

    /** Invoices whose payment is still unsettled past its lease, oldest lease first. */
    async unsettled(now: Date, limit: number): Promise<InvoiceDocument[]> {
      const leased = await invoices.find(LEASED, { projection: { outbox: 0, outboxKey: 0 } }).toArray();
      return lapsed(leased, now).slice(0, limit);
    },

    /** How many payments are unsettled past their lease. */
    async awaitingReconciliation(now: Date): Promise<number> {
      return lapsed(await invoices.find(LEASED, { projection: { lease: 1 } }).toArray(), now).length;
    },

    /** The paid or refunded invoices that carry a commission for one of these creator slugs. */
    async withCommissionFor(slugs: string[]): Promise<InvoiceDocument[]> {
      if (slugs.length === 0) return [];
      return invoices
        .find({ 'commission.creator': { $in: slugs } }, { projection: { outbox: 0, outboxKey: 0, attempts: 0 } })
        .toArray();
    },
  };
}

/** An invoice made or voided. */
function invoiceChanges({ invoices, changed, kickWritten }: InvoiceWrites, revisions: mongo.Collection<RevisionEntry>) {
  return {
    /**
     * Inserts the invoice with its `created` event, once: answers the stored invoice, whether this call made
     * it, and the newest revision of its itinerary invoiced so far (this one's included).
     */
    async createOnce(
      invoice: NewInvoice,
      created: OutboxEvent,
    ): Promise<{ invoice: InvoiceDocument; created: boolean; newestRevision: number }> {
      const pending = pendingEvents(created);
      const written = await invoices.findOneAndUpdate(
        { _id: invoice._id },
        { $setOnInsert: { ...invoice, lease: null, attempts: {}, seq: 0, ...pending } },
        {
          upsert: true,
          returnDocument: 'after',
          projection: { outbox: 0, outboxKey: 0 },
          includeResultMetadata: true,
        },
      );
      if (!written.value) throw new Error(`invoice ${invoice._id} vanished`);
      const made = inserted(written);
      // Made by this write: its outbox is the one just inserted.
      if (made) kickWritten({ _id: invoice._id, ...pending });
      // Recorded after the invoice, before the creating call looks for older revisions: of two revisions invoiced
      // at once, the later recorded sees the other here, or the other's invoice when it looks.
      const entry = await revisions.findOneAndUpdate(
        { _id: invoice.itineraryId },
        { $max: { latest: invoice.revision } },
        { upsert: true, returnDocument: 'after' },
      );
      return { invoice: written.value, created: made, newestRevision: entry?.latest ?? invoice.revision };
    },

    /** Voids the open invoices of the itinerary's earlier revisions: a changed cart cannot be paid at its old price. */
    async voidOlder(itineraryId: string, revision: number): Promise<number> {
      if (revision <= 0) return 0;
      const now = new Date();
      // The older revisions' invoices by their ids (`_id $in`, from the index), each voided while open.
      // `_id $in` alone: with `status` beside it the local server would scan every invoice.
      const older = await invoices
        .find({ _id: { $in: olderIds(itineraryId, revision) } }, { projection: { _id: 1, status: 1 } })
        .toArray();
      let voided = 0;
      for (const { _id } of older.filter((invoice) => invoice.status === 'open')) {
        const done = await changed(
          { _id, status: 'open' },
          { $set: { status: 'void', voidReason: 'outdated', voidedAt: now } },
          false,
        );
        if (done) voided += 1;
      }
      return voided;
    },

    /** The itinerary takes the invoice back: only while it is open and no payment holds it (no lease). */
    async withdraw(id: string): Promise<InvoiceDocument | null> {
      return changed(
        { _id: id, status: 'open', lease: null },
        { $set: { status: 'void', voidReason: 'withdrawn', voidedAt: new Date() } },
        false,
      );
    },

    /** The lease stays: a payment still running on it is settled (and refunded, the invoice being void). */
    async void(id: string, reason: VoidReason): Promise<InvoiceDocument | null> {
      return changed(
        { _id: id, status: 'open' },
        { $set: { status: 'void', voidReason: reason, voidedAt: new Date() } },
        false,
      );
    },
  };
}
