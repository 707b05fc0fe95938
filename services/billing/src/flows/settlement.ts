// Settling a payment's outcome once, whoever learns it first: the request itself, its key retried after the
// lease, or the reconciliation job (docs/booking.md, "One payment at a time, and payments whose answer was
// lost"). A success is kept only by the payment that holds an open invoice; any other is refunded at once.
import type { ErrorCode, PaymentAnswer } from '@travelclub/contracts';
import { appError, newEvent, type CausalContext } from '@travelclub/kit';
import { notPayable } from '../domain/invoices.js';
import { commissionOf, lastCheckOut } from '../domain/money.js';
import { commissionMinorUnits, commissions, payments } from '../metrics.js';
import type { ChargeResult } from '../provider/provider.js';
import type { AttemptRecord, CommissionRecordDoc, InvoiceDocument } from '../store/invoices.js';
import type { BillingParts } from './parts.js';

export const declineCode = (charge: ChargeResult): ErrorCode =>
  charge.outcome === 'declined' ? 'card-declined' : 'insufficient-funds';

/** What a paid invoice's attribution earns: the ledger's entry, or why it earns nothing. */
interface Attribution {
  commission?: CommissionRecordDoc;
  /** The buyer is the creator the booking is attributed to: counted for them, never paid to them. */
  ownBooking?: boolean;
  /** The slug's owner lost the creator role to support staff: the booking is attributed to nobody. */
  revoked?: boolean;
}

/**
 * The commission a paid invoice credits its creator, if it has one: counted from the stay's last check-out.
 * The cart's creator is the client's word, so the slug's owner is looked up: none on their own booking, none
 * while staff's revoke of their creator role stands. A slug the directory does not know yet earns as before.
 */
async function attributionOf(
  { creators, config }: BillingParts,
  invoice: InvoiceDocument,
  at: Date,
): Promise<Attribution> {
  if (!invoice.creator) return {};
  const owner = await creators.ownerOf(invoice.creator);
  if (owner && owner === invoice.ownerId) return { ownBooking: true };
  if (owner && (await creators.isRevoked(owner))) return { revoked: true };
  const commission = {
    creator: invoice.creator,
    amount: commissionOf(invoice.total, config.COMMISSION_RATE),
    availableFrom: lastCheckOut(invoice.lines),
    at,
  };
  return { commission };
}

/** The card was declined: the attempt keeps its code (the lease goes with it), the account's count goes up. */
async function recordDecline(
  { store: invoices, declines, log }: BillingParts,
  invoice: InvoiceDocument,
  paymentId: string,
  code: ErrorCode,
  ctx: CausalContext,
): Promise<never> {
  const invoiceId = invoice._id;
  const { itineraryId, ownerId: userId } = invoice;
  const failed = newEvent(
    'billing.payment.failed',
    invoiceId,
    { invoiceId, itineraryId, userId, amount: invoice.total, reason: code, paymentId },
    ctx,
  );
  // Only the one that ended the attempt counts: the request and the reconciliation job may both get here.
  if (await invoices.markDeclined(invoiceId, paymentId, code, failed)) {
    payments.inc({ outcome: 'declined' });
    await declines
      .add(userId)
      .catch((err: unknown) => log.error({ err, invoiceId }, 'could not count a declined payment'));
  }
  throw appError(code);
}

/**
 * Records what the provider did with a charge, once, whoever learns it first (the request, its key retried,
 * or the reconciliation job). A success is kept only by the payment that still holds an open invoice;
 * otherwise its money goes back at once.
 */
export async function settlePayment(
  d: BillingParts,
  invoice: InvoiceDocument,
  attempt: AttemptRecord,
  charge: ChargeResult,
  ctx: CausalContext,
): Promise<PaymentAnswer> {
  const invoiceId = invoice._id;
  const { paymentId } = attempt;
  if (charge.outcome !== 'succeeded') return recordDecline(d, invoice, paymentId, declineCode(charge), ctx);

  const paidAt = new Date();
  const card = { brand: charge.brand, last4: charge.last4 };
  const answer: PaymentAnswer = {
    paymentId,
    invoiceId,
    itineraryId: invoice.itineraryId,
    status: 'succeeded',
    amount: charge.amount,
    card,
    paidAt: paidAt.toISOString(),
  };
  const { commission, ownBooking } = await attributionOf(d, invoice, paidAt);
  const paid = await d.store.markPaid(
    invoiceId,
    paymentId,
    { id: paymentId, chargeId: charge.chargeId, amount: charge.amount, card, paidAt },
    answer,
    commission,
    [
      newEvent(
        'billing.invoice.paid',
        invoiceId,
        {
          invoiceId,
          itineraryId: invoice.itineraryId,
          userId: invoice.ownerId,
          paymentId,
          amount: charge.amount,
          paidAt: answer.paidAt,
          // The ledger's own entry: creator analytics counts what the payout will show.
          ...(commission ? { creator: commission.creator, commission: commission.amount } : {}),
          // The creator's own booking: their analytics may count it, marked, with nothing earned.
          ...(ownBooking && invoice.creator ? { creator: invoice.creator, ownBooking: true } : {}),
        },
        ctx,
      ),
    ],
  );
  if (paid) {
    payments.inc({ outcome: 'succeeded' });
    if (commission) {
      commissions.inc();
      commissionMinorUnits.inc({ currency: commission.amount.currency }, commission.amount.amount);
    }
    return answer;
  }
  return keepOrRefund(d, invoiceId, attempt, charge, ctx);
}

/**
 * The charge went through but did not make the invoice paid: the same payment was recorded meanwhile (its
 * key retried, or reconciliation), or the invoice was paid by another payment or can no longer be paid
 * (voided: the itinerary expired, was cancelled or changed). Only in those last cases is the money given
 * back, naming the invoice and the payment, and the itinerary told (`billing.payment.refunded`).
 */
async function keepOrRefund(
  { store: invoices, provider, log }: BillingParts,
  invoiceId: string,
  attempt: AttemptRecord,
  charge: ChargeResult,
  ctx: CausalContext,
): Promise<PaymentAnswer> {
  const { paymentId } = attempt;
  const current = await invoices.get(invoiceId);
  if (!current) throw new Error(`invoice ${invoiceId} vanished`);
  const recorded = current.attempts?.[paymentId];
  if (recorded?.status === 'succeeded' && recorded.answer) return recorded.answer;
  if (recorded?.status === 'refunded') throw appError(recorded.code ?? 'payment-refunded');
  const code: ErrorCode = current.status === 'open' ? 'payment-refunded' : notPayable(current).code;
  log.warn(
    { invoiceId, paymentId, invoiceStatus: current.status },
    'a charge arrived that its invoice can no longer take; refunding it',
  );
  const refund = await provider.refund({
    idempotencyKey: `orphan:${paymentId}`,
    chargeId: charge.chargeId,
    amount: charge.amount,
  });
  const givenBack = await invoices.markChargeRefunded(
    invoiceId,
    attempt,
    code,
    { id: refund.refundId, amount: refund.amount },
    newEvent(
      'billing.payment.refunded',
      invoiceId,
      {
        invoiceId,
        itineraryId: current.itineraryId,
        userId: current.ownerId,
        paymentId,
        refundId: refund.refundId,
        amount: refund.amount,
        reason: current.status === 'paid' || current.status === 'refunded' ? 'duplicate' : 'invoice-not-payable',
      },
      ctx,
    ),
  );
  // The money went back: the payment failed, whichever of the request and the job recorded it first.
  if (givenBack) payments.inc({ outcome: 'failed' });
  throw appError(code);
}
