// Invoices. One document per invoice holds its state, its payment attempts (by payment id), the payment
// lease, the commission and its reversal, and the events of each change (outbox), so every state change and
// its events are one conditional single-document update: no transactions needed. The lease names the one
// payment not yet settled; it is let go only when that payment's outcome is known and recorded.
import { defineModel, outboxPlugin, required, type Outbox, type OutboxEvent } from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';
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
  },
  { versionKey: false, minimize: false },
);
invoiceSchema.plugin(outboxPlugin);
// Production MongoDB finds a creator's commissions through this; mongo-java-server scans.
invoiceSchema.index({ 'commission.creator': 1 }, { sparse: true });
// ... and the payments left unsettled past their lease (the reconciliation job).
invoiceSchema.index({ 'lease.until': 1 }, { sparse: true });

export type NewInvoice = Omit<InvoiceDocument, 'outbox' | 'attempts' | 'lease'>;

export type InvoiceStore = Awaited<ReturnType<typeof invoiceStore>>;

/** The invoices carry their events; `outbox` hears which just got some, so the relay publishes them at once. */
export async function invoiceStore(connection: Connection, outbox: Outbox) {
  const Invoice = await defineModel(connection, 'Invoice', invoiceSchema, 'invoices');
  outbox.addModel(Invoice);
  // The raw collection: dotted paths built from payment ids are not for mongoose to cast.
  const invoices = Invoice.collection as unknown as mongo.Collection<InvoiceDocument>;
  const after = { returnDocument: 'after', projection: { outbox: 0 } } as const;
  const w: InvoiceWrites = {
    invoices,
    outbox,
    async changed(filter, update, hasEvents) {
      const doc = await invoices.findOneAndUpdate(filter, update, after);
      if (doc && hasEvents) outbox.kick(doc._id);
      return doc;
    },
    async releaseLease(id, paymentId) {
      await invoices.updateOne({ _id: id, 'lease.paymentId': paymentId }, { $set: { lease: null } });
    },
  };
  return {
    collection: invoices,
    ...invoiceReads(invoices),
    ...invoiceChanges(w),
    ...attemptClaims(w),
    ...chargeOutcomes(w),
    ...refundReservations(w),
    ...refundOutcomes(w),
  };
}

function invoiceReads(invoices: mongo.Collection<InvoiceDocument>) {
  return {
    async get(id: string): Promise<InvoiceDocument | null> {
      return invoices.findOne({ _id: id }, { projection: { outbox: 0 } });
    },

    /** Every invoice of the itinerary (one per revision), newest first. */
    async ofItinerary(itineraryId: string): Promise<InvoiceDocument[]> {
      return invoices
        .find({ itineraryId }, { projection: { outbox: 0 } })
        .sort({ revision: -1 })
        .toArray();
    },

    /** Invoices whose payment is still unsettled past its lease, oldest lease first. */
    async unsettled(now: Date, limit: number): Promise<InvoiceDocument[]> {
      return invoices
        .find({ 'lease.until': { $lte: now } }, { projection: { outbox: 0 } })
        .sort({ 'lease.until': 1 })
        .limit(limit)
        .toArray();
    },

    /** How many payments are unsettled past their lease (the index on `lease.until` answers it). */
    async awaitingReconciliation(now: Date): Promise<number> {
      return invoices.countDocuments({ 'lease.until': { $lte: now } });
    },

    async hasNewerThan(itineraryId: string, revision: number): Promise<boolean> {
      return (await invoices.countDocuments({ itineraryId, revision: { $gt: revision } })) > 0;
    },

    /** The paid or refunded invoices that carry a commission for one of these creator slugs. */
    async withCommissionFor(slugs: string[]): Promise<InvoiceDocument[]> {
      if (slugs.length === 0) return [];
      return invoices
        .find({ 'commission.creator': { $in: slugs } }, { projection: { outbox: 0, attempts: 0 } })
        .toArray();
    },
  };
}

/** An invoice made or voided. */
function invoiceChanges({ invoices, changed, outbox }: InvoiceWrites) {
  return {
    /** Inserts the invoice with its `created` event, once: answers whether this call made it. */
    async createOnce(
      invoice: NewInvoice,
      created: OutboxEvent,
    ): Promise<{ invoice: InvoiceDocument; created: boolean }> {
      const result = await invoices.updateOne(
        { _id: invoice._id },
        { $setOnInsert: { ...invoice, lease: null, attempts: {}, outbox: [created] } },
        { upsert: true },
      );
      if (result.upsertedCount) outbox.kick(invoice._id);
      const doc = await invoices.findOne({ _id: invoice._id }, { projection: { outbox: 0 } });
      if (!doc) throw new Error(`invoice ${invoice._id} vanished`);
      return { invoice: doc, created: result.upsertedCount > 0 };
    },

    /** Voids the open invoices of the itinerary's earlier revisions: a changed cart cannot be paid at its old price. */
    async voidOlder(itineraryId: string, revision: number): Promise<number> {
      const now = new Date();
      const result = await invoices.updateMany(
        { itineraryId, revision: { $lt: revision }, status: 'open' },
        { $set: { status: 'void', voidReason: 'outdated', voidedAt: now } },
      );
      return result.modifiedCount;
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
