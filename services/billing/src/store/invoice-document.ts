// The invoice document's shape (one document per invoice: its state, attempts, lease, commission, refunds and
// outbox) and the writes every change goes through: shared by the invoice store and the parts of it that change
// attempts (payment-attempts.ts) and refunds (refunds.ts), which invoices.ts puts together.
import type {
  CancellationTerms,
  ErrorCode,
  InvoiceLine,
  InvoiceStatus,
  Money,
  PaymentAnswer,
} from '@travelclub/contracts';
import type { OutboxDocument, OutboxEvent } from '@travelclub/kit';
import type { mongo } from 'mongoose';
import type { CardSummary } from '../domain/card.js';
import type { VoidReason } from '../domain/invoices.js';
import type { RefundRecord } from '../domain/refunds.js';

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
  /** The cancellation's refund's reversal. */
  reversal?: { amount: Money; at: Date };
  /** Support staff's refunds' reversals, one each. */
  reversals?: { refundId: string; amount: Money; at: Date }[];
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
  /** When the first of the cart's holds lapses (the draft's): no lease may outlive it. */
  holdsUntil?: Date;
  createdAt: Date;
  dueAt: Date;
  /**
   * The payment working on this invoice, until its outcome is recorded: no other payment may start while it
   * is there, and the itinerary cannot take the invoice back. Past `until` its outcome is unknown, and it is settled by
   * asking the provider (its own key again, or the reconciliation job).
   */
  lease: { paymentId: string; until: Date } | null;
  /** Keyed by payment id (from the idempotency key), so each is reached by a plain dotted path. */
  attempts: Record<string, AttemptRecord>;
  payment?: { id: string; chargeId: string; amount: Money; card: CardSummary; paidAt: Date };
  /** The cancellation's refund, once issued (the invoice is `refunded` then). */
  refund?: { id: string; amount: Money; charge: Money; reason: string; issuedAt: Date };
  /**
   * Every refund, reserved or issued, by key (`cancellation`, or a staff refund's id): none may take the
   * payment past what is left of it (domain/refunds.ts).
   */
  refunds?: Record<string, RefundRecord>;
  /**
   * Goes up with every refund reserved or let go: a refund is reserved only if no other was since its amount
   * was worked out, so refunds at once never exceed the payment together.
   */
  refundSeq?: number;
  commission?: CommissionRecordDoc;
  voidedAt?: Date;
  /** Counted up by every change; set once the revisions record knows the invoice (store/invoices.ts). */
  seq?: number;
  outbox: OutboxEvent[];
}

/** The raw collection and the two helpers every change of an invoice goes through. */
export interface InvoiceWrites {
  invoices: mongo.Collection<InvoiceDocument>;
  /** One conditional update; the document after it (without its outbox), its events handed to the relay if it got some. */
  changed(
    filter: mongo.Filter<InvoiceDocument>,
    update: mongo.UpdateFilter<InvoiceDocument>,
    hasEvents: boolean,
  ): Promise<InvoiceDocument | null>;
  /** Lets go of the lease if it is still this payment's (a lapsed one may have been taken by another). */
  releaseLease(id: string, paymentId: string): Promise<void>;
  /** Hands the relay an invoice's outbox as its write answered it (`Outbox.kickWritten`). */
  kickWritten(written: OutboxDocument): void;
}
