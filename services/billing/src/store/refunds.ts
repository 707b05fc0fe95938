// An invoice's refunds, in the invoice's own document (store/invoices.ts): each one reserved against the
// payment before the provider is asked, then issued with its event in the same conditional update, or let go
// when the provider refused it.
import type { Money } from '@travelclub/contracts';
import { withEvents, type OutboxEvent } from '@travelclub/kit';
import type { mongo } from 'mongoose';
import { CANCELLATION_REFUND, type RefundRecord } from '../domain/refunds.js';
import type { InvoiceDocument, InvoiceWrites } from './invoice-document.js';

/** The refunds as they were read: `refundSeq` has not moved since (it is missing until the first refund). */
const unchangedSince = (seq: number): mongo.Filter<InvoiceDocument> =>
  seq > 0 ? { refundSeq: seq } : { refundSeq: { $exists: false } };

/** A refund counted against the payment before the provider is asked, or let go when it refused. */
export function refundReservations({ changed }: InvoiceWrites) {
  return {
    /**
     * Counts a refund against the payment, under `key`: only if no refund was reserved or let go since the
     * invoice was read with `seq` (its amount was checked against those), and the invoice was paid.
     * `cancellation`: only while it is `paid` (once per invoice); a staff refund also after the cancellation.
     */
    async reserveRefund(id: string, seq: number, key: string, record: RefundRecord): Promise<InvoiceDocument | null> {
      const cancellation = key === CANCELLATION_REFUND;
      return changed(
        {
          _id: id,
          status: cancellation ? 'paid' : { $in: ['paid', 'refunded'] },
          payment: { $exists: true },
          [`refunds.${key}`]: { $exists: false },
          ...unchangedSince(seq),
        },
        { $set: { [`refunds.${key}`]: record }, $inc: { refundSeq: 1 } },
        false,
      );
    },

    /** Lets go of a reservation the provider refused: its amount is refundable again. */
    async releaseRefund(id: string, key: string): Promise<boolean> {
      const released = await changed(
        { _id: id, [`refunds.${key}.status`]: 'reserved' },
        { $unset: { [`refunds.${key}`]: '' }, $inc: { refundSeq: 1 } },
        false,
      );
      return released !== null;
    },
  };
}

/** A refund the provider gave back: issued, with its commission reversal and its event, in one update. */
export function refundOutcomes({ changed }: InvoiceWrites) {
  return {
    /** A staff refund went back to the card: issued, its commission reversal and its event, once. */
    async markRefundIssued(
      id: string,
      key: string,
      issuedAt: Date,
      reversal: { refundId: string; amount: Money; at: Date } | undefined,
      event: OutboxEvent,
    ): Promise<InvoiceDocument | null> {
      return changed(
        { _id: id, [`refunds.${key}.status`]: 'reserved' },
        withEvents(
          {
            $set: { [`refunds.${key}.status`]: 'issued', [`refunds.${key}.issuedAt`]: issuedAt },
            ...(reversal ? { $push: { 'commission.reversals': reversal } } : {}),
          },
          event,
        ),
        true,
      );
    },

    /**
     * The cancellation's refund went back to the card: the invoice is refunded, the commission's share
     * reversed, and the event goes out, once (only its own reservation, on a paid invoice).
     */
    async markRefunded(
      id: string,
      refund: NonNullable<InvoiceDocument['refund']>,
      reversal: { amount: Money; at: Date } | undefined,
      event: OutboxEvent,
    ): Promise<InvoiceDocument | null> {
      const key = CANCELLATION_REFUND;
      return changed(
        { _id: id, status: 'paid', [`refunds.${key}.status`]: 'reserved' },
        withEvents(
          {
            $set: {
              status: 'refunded',
              refund,
              [`refunds.${key}.status`]: 'issued',
              [`refunds.${key}.refundId`]: refund.id,
              [`refunds.${key}.issuedAt`]: refund.issuedAt,
              ...(reversal ? { 'commission.reversal': reversal } : {}),
            },
          },
          event,
        ),
        true,
      );
    },
  };
}
