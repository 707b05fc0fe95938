// The payment attempts of an invoice, in the invoice's own document (store/invoices.ts): one taking the
// invoice under a lease, and how each ends (paid, declined, refused, refunded, dropped), each with its events
// in the same conditional update.
import type { ErrorCode, Money, PaymentAnswer } from '@travelclub/contracts';
import { withEvents, type OutboxEvent } from '@travelclub/kit';
import type {
  AttemptRecord,
  AttemptStatus,
  CommissionRecordDoc,
  InvoiceDocument,
  InvoiceWrites,
} from './invoice-document.js';

const ended = (paymentId: string, status: AttemptStatus, code: ErrorCode) => ({
  [`attempts.${paymentId}.status`]: status,
  [`attempts.${paymentId}.code`]: code,
  [`attempts.${paymentId}.at`]: new Date(),
});

/** An attempt taking the invoice (again), or ending without a charge: dropped, or refused by the itinerary. */
export function attemptClaims({ changed, releaseLease }: InvoiceWrites) {
  return {
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
     * Forgets an attempt that charged nothing (a passing failure, or the provider never heard of it), so its
     * key can be tried again. `lapsedBy`: only if its lease lapsed by then (not taken up again meanwhile).
     */
    async dropAttempt(id: string, paymentId: string, lapsedBy?: Date): Promise<boolean> {
      const dropped = await changed(
        {
          _id: id,
          [`attempts.${paymentId}.status`]: 'processing',
          ...(lapsedBy ? { 'lease.paymentId': paymentId, 'lease.until': { $lte: lapsedBy } } : {}),
        },
        { $unset: { [`attempts.${paymentId}`]: '' } },
        false,
      );
      if (!dropped) return false;
      await releaseLease(id, paymentId);
      return true;
    },

    /** Lets go of a lease whose attempt is settled already (a crash between the two writes left it). */
    async releaseSettledLease(id: string, paymentId: string) {
      await changed(
        { _id: id, 'lease.paymentId': paymentId, [`attempts.${paymentId}.status`]: { $ne: 'processing' } },
        { $set: { lease: null } },
        false,
      );
    },

    /** The attempt ends without a charge and its answer is final for its key (its lease would outlive a hold). */
    async markRefused(id: string, paymentId: string, code: ErrorCode) {
      const doc = await changed(
        { _id: id, [`attempts.${paymentId}.status`]: 'processing' },
        { $set: ended(paymentId, 'refused', code) },
        false,
      );
      await releaseLease(id, paymentId);
      return doc;
    },
  };
}

/** What the provider did with an attempt's charge: paid, declined, or refunded when it could not be kept. */
export function chargeOutcomes({ changed, releaseLease }: InvoiceWrites) {
  return {
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
  };
}
