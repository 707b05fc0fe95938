// Invoices. One document per invoice holds its state, its payment attempts (by payment id), the payment
// lease, the commission and its reversal, and the events of each change (outbox), so every state change and
// its events are one conditional single-document update: no transactions needed. The lease names the one
// payment not yet settled; it is let go only when that payment's outcome is known and recorded.
import type {
  CancellationTerms,
  ErrorCode,
  InvoiceLine,
  InvoiceStatus,
  Money,
  PaymentAnswer,
} from '@travelclub/contracts';
import { defineModel, outboxPlugin, withEvents, type Outbox, type OutboxEvent } from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';
import type { CardSummary } from '../domain/card.js';

export type VoidReason = 'outdated' | 'cancelled' | 'expired';
/** `refunded`: the charge went through but could not be kept (the invoice was paid otherwise, or void). */
export type AttemptStatus = 'processing' | 'succeeded' | 'declined' | 'refused' | 'refunded';

/** One idempotency key's payment attempt. Never the card number: its brand and last four digits only. */
export interface AttemptRecord {
  key: string;
  requestHash: string;
  paymentId: string;
  status: AttemptStatus;
  card: CardSummary;
  /** The stored answer of a successful attempt, replayed for the same key. */
  answer?: PaymentAnswer;
  /** The error code of a declined, refused or refunded attempt, replayed for the same key. */
  code?: ErrorCode;
  /** The refund of a charge that could not be kept. */
  refund?: { id: string; amount: Money };
  startedAt: Date;
  at: Date;
}

export interface CommissionRecordDoc {
  creator: string;
  amount: Money;
  availableFrom: string;
  at: Date;
  reversal?: { amount: Money; at: Date };
}

export interface InvoiceDocument {
  _id: string;
  itineraryId: string;
  revision: number;
  ownerId: string;
  status: InvoiceStatus;
  voidReason?: VoidReason;
  currency: string;
  lines: InvoiceLine[];
  total: Money;
  terms: CancellationTerms;
  creator?: string;
  contactEmail: string;
  createdAt: Date;
  dueAt: Date;
  /**
   * The payment working on this invoice, until its outcome is recorded: no other payment may start while it
   * is there. Past `until` (the itinerary's lock ends then too) its outcome is unknown, and it is settled by
   * asking the provider (its own key again, or the reconciliation job).
   */
  lease: { paymentId: string; until: Date } | null;
  /** Keyed by payment id (from the idempotency key), so each is reached by a plain dotted path. */
  attempts: Record<string, AttemptRecord>;
  payment?: { id: string; chargeId: string; amount: Money; card: CardSummary; paidAt: Date };
  refund?: { id: string; amount: Money; charge: Money; reason: string; issuedAt: Date };
  commission?: CommissionRecordDoc;
  voidedAt?: Date;
  outbox: OutboxEvent[];
}

const invoiceSchema = new Schema<InvoiceDocument>(
  {
    _id: { type: String, required: true },
    itineraryId: { type: String, required: true, index: true },
    revision: { type: Number, required: true },
    ownerId: { type: String, required: true, index: true },
    status: { type: String, required: true },
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

  const ended = (paymentId: string, status: AttemptStatus, code: ErrorCode) => ({
    [`attempts.${paymentId}.status`]: status,
    [`attempts.${paymentId}.code`]: code,
    [`attempts.${paymentId}.at`]: new Date(),
  });

  /** Lets go of the lease if it is still this payment's (a lapsed one may have been taken by another). */
  async function releaseLease(id: string, paymentId: string) {
    await invoices.updateOne({ _id: id, 'lease.paymentId': paymentId }, { $set: { lease: null } });
  }

  async function changed(
    filter: mongo.Filter<InvoiceDocument>,
    update: mongo.UpdateFilter<InvoiceDocument>,
    hasEvents: boolean,
  ): Promise<InvoiceDocument | null> {
    const doc = await invoices.findOneAndUpdate(filter, update, after);
    if (doc && hasEvents) outbox.kick(doc._id);
    return doc;
  }

  return {
    collection: invoices,

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

    async hasNewerThan(itineraryId: string, revision: number): Promise<boolean> {
      return (await invoices.countDocuments({ itineraryId, revision: { $gt: revision } })) > 0;
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

    /** The lease stays: a payment still running on it is settled (and refunded, the invoice being void). */
    async void(id: string, reason: VoidReason): Promise<InvoiceDocument | null> {
      return changed(
        { _id: id, status: 'open' },
        { $set: { status: 'void', voidReason: reason, voidedAt: new Date() } },
        false,
      );
    },

    /**
     * A new attempt takes the invoice: only while it is open, has no attempt for this key and no lease, live
     * or lapsed (a lapsed lease is a payment whose outcome is not known yet).
     */
    async claim(id: string, attempt: AttemptRecord, leaseUntil: Date): Promise<InvoiceDocument | null> {
      return changed(
        { _id: id, status: 'open', [`attempts.${attempt.paymentId}`]: { $exists: false }, lease: null },
        {
          $set: {
            lease: { paymentId: attempt.paymentId, until: leaseUntil },
            [`attempts.${attempt.paymentId}`]: attempt,
          },
        },
        false,
      );
    },

    /**
     * An attempt left `processing` past its lease, that the provider never heard of, runs again under a new
     * lease (its process died, or gave up, before the charge).
     */
    async reclaim(id: string, paymentId: string, leaseUntil: Date, now: Date): Promise<InvoiceDocument | null> {
      return changed(
        {
          _id: id,
          status: 'open',
          [`attempts.${paymentId}.status`]: 'processing',
          $or: [{ lease: null }, { 'lease.paymentId': paymentId, 'lease.until': { $lte: now } }],
        },
        { $set: { lease: { paymentId, until: leaseUntil }, [`attempts.${paymentId}.at`]: now } },
        false,
      );
    },

    /**
     * The charge succeeded: paid, the answer stored, the lease let go, and the events, in one update. Only
     * the attempt that holds the lease, still unsettled, on an open invoice: the itinerary keeps its cart as
     * it is until billing says this payment has ended (docs/booking.md, "One payment at a time").
     */
    async markPaid(
      id: string,
      paymentId: string,
      payment: NonNullable<InvoiceDocument['payment']>,
      answer: PaymentAnswer,
      commission: CommissionRecordDoc | undefined,
      events: OutboxEvent[],
    ): Promise<InvoiceDocument | null> {
      return changed(
        { _id: id, status: 'open', 'lease.paymentId': paymentId, [`attempts.${paymentId}.status`]: 'processing' },
        withEvents(
          {
            $set: {
              status: 'paid',
              payment,
              lease: null,
              [`attempts.${paymentId}.status`]: 'succeeded',
              [`attempts.${paymentId}.answer`]: answer,
              [`attempts.${paymentId}.at`]: payment.paidAt,
              ...(commission ? { commission } : {}),
            },
          },
          ...events,
        ),
        true,
      );
    },

    /**
     * The card was declined: the attempt keeps its code and the event goes out with it; the invoice stays open.
     * The attempt is ended even if its lease lapsed meanwhile, and the lease let go only if it is still its own.
     */
    async markDeclined(id: string, paymentId: string, code: ErrorCode, event: OutboxEvent) {
      const doc = await changed(
        { _id: id, [`attempts.${paymentId}.status`]: 'processing' },
        withEvents({ $set: ended(paymentId, 'declined', code) }, event),
        true,
      );
      await releaseLease(id, paymentId);
      return doc;
    },

    /** The attempt ends without a charge and its answer is final for its key (the itinerary refused the lock). */
    async markRefused(id: string, paymentId: string, code: ErrorCode) {
      const doc = await changed(
        { _id: id, [`attempts.${paymentId}.status`]: 'processing' },
        { $set: ended(paymentId, 'refused', code) },
        false,
      );
      await releaseLease(id, paymentId);
      return doc;
    },

    /**
     * A charge that went through and could not be kept was refunded: the attempt keeps the refund and the
     * code its key answers with, and the event goes out; the lease is let go.
     */
    async markChargeRefunded(
      id: string,
      attempt: AttemptRecord,
      code: ErrorCode,
      refund: { id: string; amount: Money },
      event: OutboxEvent,
    ) {
      const { paymentId } = attempt;
      const doc = await changed(
        // A dropped attempt (it was thought never charged) is written back whole.
        { _id: id, $or: [{ [`attempts.${paymentId}.status`]: 'processing' }, { [`attempts.${paymentId}`]: null }] },
        withEvents(
          { $set: { [`attempts.${paymentId}`]: { ...attempt, status: 'refunded', code, refund, at: new Date() } } },
          event,
        ),
        true,
      );
      await releaseLease(id, paymentId);
      return doc;
    },

    /**
     * Forgets an attempt that charged nothing (a passing failure, or the provider never heard of it), so its
     * key can be tried again. `lapsedBy`: only if its lease lapsed by then (not taken up again meanwhile).
     */
    async dropAttempt(id: string, paymentId: string, lapsedBy?: Date): Promise<boolean> {
      const result = await invoices.updateOne(
        {
          _id: id,
          [`attempts.${paymentId}.status`]: 'processing',
          ...(lapsedBy ? { 'lease.paymentId': paymentId, 'lease.until': { $lte: lapsedBy } } : {}),
        },
        { $unset: { [`attempts.${paymentId}`]: '' } },
      );
      if (result.modifiedCount === 0) return false;
      await releaseLease(id, paymentId);
      return true;
    },

    /** Lets go of a lease whose attempt is settled already (a crash between the two writes left it). */
    async releaseSettledLease(id: string, paymentId: string) {
      await invoices.updateOne(
        { _id: id, 'lease.paymentId': paymentId, [`attempts.${paymentId}.status`]: { $ne: 'processing' } },
        { $set: { lease: null } },
      );
    },

    /** The refund went back to the card: refunded, the commission's share reversed, and the event, once. */
    async markRefunded(
      id: string,
      refund: NonNullable<InvoiceDocument['refund']>,
      reversal: { amount: Money; at: Date } | undefined,
      event: OutboxEvent,
    ) {
      return changed(
        { _id: id, status: 'paid' },
        withEvents(
          { $set: { status: 'refunded', refund, ...(reversal ? { 'commission.reversal': reversal } : {}) } },
          event,
        ),
        true,
      );
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
