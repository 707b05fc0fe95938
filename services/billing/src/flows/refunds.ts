// What billing does when an itinerary ends: its paid invoice is refunded (minus the cancellation charge, or in
// full when the booking failed) once, whatever the redeliveries; open ones become void. The refund always
// names the invoice that was paid, whichever invoice the itinerary awaited last.
import { cancellationSettlement, type CancellationTerms } from '@travelclub/contracts';
import { newEvent, type CausalContext } from '@travelclub/kit';
import { emptyRefundIdFor } from '../domain/ids.js';
import type { VoidReason } from '../domain/invoices.js';
import { commissionReversal } from '../domain/money.js';
import type { InvoiceDocument } from '../store/invoices.js';
import type { BillingParts } from './parts.js';

export type RefundFlows = ReturnType<typeof refundFlows>;
/** Why a refund was issued: everything goes back when the booking failed. */
type RefundReason = 'cancelled' | 'booking-failed';

/** Refunds a paid invoice once: the provider call is idempotent by invoice, the update conditional on `paid`. */
async function refund(
  { store: invoices, provider, log }: BillingParts,
  invoice: InvoiceDocument,
  reason: RefundReason,
  terms: CancellationTerms,
  cancelledAt: Date,
  ctx: CausalContext,
): Promise<boolean> {
  const payment = invoice.payment;
  if (invoice.status !== 'paid' || !payment) return false;
  const owed = cancellationSettlement(payment.amount, terms, cancelledAt, reason === 'booking-failed');
  const { refundId, amount } =
    owed.refund.amount > 0
      ? await provider.refund({
          idempotencyKey: `refund:${invoice._id}`,
          chargeId: payment.chargeId,
          amount: owed.refund,
        })
      : { refundId: emptyRefundIdFor(invoice._id), amount: owed.refund };
  const charge = { amount: payment.amount.amount - amount.amount, currency: payment.amount.currency };
  const issuedAt = new Date();
  const reversal = invoice.commission
    ? { amount: commissionReversal(invoice.commission.amount, amount, payment.amount), at: issuedAt }
    : undefined;
  const done = await invoices.markRefunded(
    invoice._id,
    { id: refundId, amount, charge, reason, issuedAt },
    reversal,
    newEvent(
      'billing.refund.issued',
      invoice._id,
      {
        refundId,
        invoiceId: invoice._id,
        itineraryId: invoice.itineraryId,
        userId: invoice.ownerId,
        amount,
        charge,
        reason,
        // The ledger's reversal, as the payout shows it.
        ...(invoice.commission && reversal
          ? { creator: invoice.commission.creator, commissionReversed: reversal.amount }
          : {}),
      },
      ctx,
    ),
  );
  if (done) log.info({ invoiceId: invoice._id, refund: amount.amount, reason }, 'refund issued');
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
    /** itinerary.cancelled: refund what was paid (minus the charge at `cancelledAt`), or void the open invoice. */
    async onCancelled(
      payload: {
        itineraryId: string;
        invoiceId?: string | undefined;
        reason: 'requested' | 'booking-failed';
        cancelledAt: string;
        terms: CancellationTerms;
      },
      ctx: CausalContext,
    ): Promise<void> {
      for (const invoice of await ofItinerary(payload.itineraryId, payload.invoiceId)) {
        if (invoice.status === 'open') await voidIfOpen(invoice, 'cancelled');
        else
          await refund(
            parts,
            invoice,
            payload.reason === 'booking-failed' ? 'booking-failed' : 'cancelled',
            // The event's terms are those of the invoice it names; another invoice keeps the terms it froze.
            invoice._id === payload.invoiceId ? payload.terms : invoice.terms,
            new Date(payload.cancelledAt),
            ctx,
          );
      }
    },

    /** catalog.booking.failed: the traveller gets nothing, so everything goes back. */
    async onBookingFailed(payload: { itineraryId: string; invoiceId: string }, ctx: CausalContext): Promise<void> {
      for (const invoice of await ofItinerary(payload.itineraryId, payload.invoiceId))
        await refund(parts, invoice, 'booking-failed', invoice.terms, new Date(), ctx);
    },

    /** itinerary.expired: a hold lapsed before payment; the open invoice can no longer be paid. */
    async onExpired(payload: { itineraryId: string; invoiceId?: string | undefined }): Promise<void> {
      for (const invoice of await ofItinerary(payload.itineraryId, payload.invoiceId))
        await voidIfOpen(invoice, 'expired');
    },
  };
}
