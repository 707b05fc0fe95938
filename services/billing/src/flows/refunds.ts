// What billing does when an itinerary ends: its paid invoice is refunded once, whatever the redeliveries, by what
// the itinerary says the cancellation gives back (its terms are its own rule) or in full when the booking failed,
// never more than support staff's refunds left of the payment; open ones become void. The refund always names
// the invoice that was paid.
import type { Money } from '@travelclub/contracts';
import { newEvent, PermanentEventError, type CausalContext } from '@travelclub/kit';
import { emptyRefundIdFor } from '../domain/ids.js';
import type { VoidReason } from '../domain/invoices.js';
import { CANCELLATION_REFUND, commissionShare, committedAmount, type RefundRecord } from '../domain/refunds.js';
import { countRefund } from '../metrics.js';
import type { InvoiceDocument } from '../store/invoices.js';
import type { BillingParts } from './parts.js';
import { reserveRefund, type RefundDecision } from './refund-reservation.js';

export type RefundFlows = ReturnType<typeof refundFlows>;
/** Why a refund was issued: everything goes back when the booking failed. */
type RefundReason = 'cancelled' | 'booking-failed';

/**
 * The cancellation's refund of the invoice as read: what was asked (all of the payment when nothing was), at
 * most what support staff's refunds left of the payment. One reserved already (a redelivery, or a retry after
 * the provider failed) is carried on with as it is: same amount, same key.
 */
const cancellationDecision =
  (reason: RefundReason, asked: Money | undefined) =>
  (invoice: InvoiceDocument): RefundDecision => {
    const reserved = invoice.refunds?.[CANCELLATION_REFUND];
    if (reserved) return reserved.status === 'reserved' ? { use: reserved } : null;
    const payment = invoice.payment;
    if (invoice.status !== 'paid' || !payment) return null;
    // A refund in another currency than the payment's is a broken event: dead-lettered, nothing given back.
    if (asked && asked.currency !== payment.amount.currency)
      throw new PermanentEventError(`a refund in ${asked.currency} of a payment in ${payment.amount.currency}`);
    const before = committedAmount(invoice);
    const left = payment.amount.amount - before;
    const amount = {
      amount: Math.max(0, Math.min(asked?.amount ?? payment.amount.amount, left)),
      currency: payment.amount.currency,
    };
    const record: RefundRecord = {
      key: `refund:${invoice._id}`,
      amount,
      reason,
      status: 'reserved',
      reservedAt: new Date(),
      ...(invoice.commission
        ? { commissionReversed: commissionShare(invoice.commission.amount, payment.amount, before, amount.amount) }
        : {}),
    };
    return { reserve: record };
  };

/**
 * Refunds a paid invoice once: reserved first (against staff refunds at the same time), then the provider's
 * refund, idempotent by invoice, then the update, conditional on `paid` and the reservation. A provider that
 * fails leaves the reservation: the consumer retries the same refund.
 */
async function refund(
  parts: BillingParts,
  invoice: InvoiceDocument,
  reason: RefundReason,
  asked: Money | undefined,
  ctx: CausalContext,
): Promise<boolean> {
  const { store: invoices, provider, log } = parts;
  if (invoice.status !== 'paid' || !invoice.payment) return false;
  const reserved = await reserveRefund(invoices, invoice._id, CANCELLATION_REFUND, cancellationDecision(reason, asked));
  const payment = reserved?.invoice.payment;
  if (!reserved || !payment) return false;
  const { invoice: current, record } = reserved;
  const { refundId, amount } =
    record.amount.amount > 0
      ? await provider.refund({ idempotencyKey: record.key, chargeId: payment.chargeId, amount: record.amount })
      : { refundId: emptyRefundIdFor(current._id), amount: record.amount };
  // What the payment keeps once this refund and support staff's are given back.
  const kept = payment.amount.amount - committedAmount(current, CANCELLATION_REFUND) - amount.amount;
  const charge = { amount: Math.max(0, kept), currency: payment.amount.currency };
  const issuedAt = new Date();
  const reversal =
    current.commission && record.commissionReversed ? { amount: record.commissionReversed, at: issuedAt } : undefined;
  const done = await invoices.markRefunded(
    current._id,
    { id: refundId, amount, charge, reason: record.reason, issuedAt },
    reversal,
    newEvent(
      'billing.refund.issued',
      current._id,
      {
        refundId,
        invoiceId: current._id,
        itineraryId: current.itineraryId,
        userId: current.ownerId,
        amount,
        charge,
        reason: record.reason === 'booking-failed' ? 'booking-failed' : 'cancelled',
        // The ledger's reversal, as the payout shows it.
        ...(current.commission && reversal
          ? { creator: current.commission.creator, commissionReversed: reversal.amount }
          : {}),
      },
      ctx,
    ),
  );
  if (done) {
    log.info({ invoiceId: current._id, refund: amount.amount, reason: record.reason }, 'refund issued');
    countRefund(amount);
  }
  return done !== null;
}

export function refundFlows(parts: BillingParts) {
  const { store: invoices, log } = parts;

  /**
   * Every invoice of the itinerary: the one an event names may be a newer, open one (the cart changed after
   * payment) while the money sits on an older, paid one.
   */
  async function ofItinerary(itineraryId: string, named: string | undefined): Promise<InvoiceDocument[]> {
    const docs = await invoices.ofItinerary(itineraryId);
    if (named && !docs.some((doc) => doc._id === named))
      log.warn({ invoiceId: named, itineraryId }, 'the event names an invoice this itinerary does not have');
    return docs;
  }

  async function voidIfOpen(invoice: InvoiceDocument, reason: VoidReason) {
    if (invoice.status !== 'open') return false;
    const voided = await invoices.void(invoice._id, reason);
    if (voided) log.info({ invoiceId: invoice._id, reason }, 'invoice voided');
    return voided !== null;
  }

  return {
    /**
     * itinerary.cancelled: give back what the itinerary worked out for the paid invoice it names, or void the
     * open invoice. A paid invoice it does not name (its cart no longer the one paid for) goes back whole.
     */
    async onCancelled(
      payload: {
        itineraryId: string;
        invoiceId?: string | undefined;
        reason: 'requested' | 'booking-failed';
        refund: Money;
      },
      ctx: CausalContext,
    ): Promise<void> {
      const failed = payload.reason === 'booking-failed';
      for (const invoice of await ofItinerary(payload.itineraryId, payload.invoiceId)) {
        if (invoice.status === 'open') await voidIfOpen(invoice, 'cancelled');
        else
          await refund(
            parts,
            invoice,
            failed ? 'booking-failed' : 'cancelled',
            // A failed booking gives everything back, whatever the itinerary knew of the payment when it heard.
            invoice._id === payload.invoiceId && !failed ? payload.refund : undefined,
            ctx,
          );
      }
    },

    /** catalog.booking.failed: the traveller gets nothing, so everything goes back. */
    async onBookingFailed(payload: { itineraryId: string; invoiceId: string }, ctx: CausalContext): Promise<void> {
      for (const invoice of await ofItinerary(payload.itineraryId, payload.invoiceId))
        await refund(parts, invoice, 'booking-failed', undefined, ctx);
    },

    /** itinerary.expired: a hold lapsed before payment; the open invoice can no longer be paid. */
    async onExpired(payload: { itineraryId: string; invoiceId?: string | undefined }): Promise<void> {
      for (const invoice of await ofItinerary(payload.itineraryId, payload.invoiceId))
        await voidIfOpen(invoice, 'expired');
    },
  };
}
