// Support staff's goodwill refunds (the travelclub command line): part or all of what is left of a paid
// invoice's payment goes back to the card, recorded with the staff member's id and reason. The invoice stays
// `paid` (so it can still be cancelled, and that refund settled from what is left); a cancelled one stays
// `refunded`.
import type { AuthUser, SupportRefund, SupportRefundAnswer, SupportRefundBody } from '@travelclub/contracts';
import { AppError, appError, classifyFailure, newEvent, type CausalContext } from '@travelclub/kit';
import { randomBytes } from 'node:crypto';
import { commissionShare, committedAmount, refundableAmount, type RefundRecord } from '../domain/refunds.js';
import { countRefund } from '../metrics.js';
import type { InvoiceDocument } from '../store/invoices.js';
import { invoiceView } from './invoices.js';
import type { BillingParts } from './parts.js';
import { reserveRefund, type RefundDecision } from './refund-reservation.js';

/** A staff refund's id: new for every refund, and the base of its own provider idempotency key. */
const newStaffRefundId = () => `rfd_${randomBytes(18).toString('base64url')}`;

/** The refund as support staff see it (an issued one). */
export function refundView(record: RefundRecord, fallbackId: string): SupportRefund {
  return {
    id: record.refundId ?? fallbackId,
    amount: record.amount,
    reason: record.reason,
    ...(record.staffId ? { staffId: record.staffId } : {}),
    ...(record.note ? { note: record.note } : {}),
    issuedAt: new Date(record.issuedAt ?? record.reservedAt).toISOString(),
  };
}

/** The staff refund of the invoice as read, or the refusal: not paid, or more than is left of the payment. */
const goodwillDecision =
  (refundId: string, body: SupportRefundBody, staff: AuthUser) =>
  (invoice: InvoiceDocument): RefundDecision => {
    const payment = invoice.payment;
    if (!payment || (invoice.status !== 'paid' && invoice.status !== 'refunded')) throw appError('invoice-not-paid');
    if (body.amount > refundableAmount(invoice)) throw appError('refund-exceeds-paid');
    const before = committedAmount(invoice);
    return {
      reserve: {
        key: `goodwill:${refundId}`,
        amount: { amount: body.amount, currency: payment.amount.currency },
        reason: 'goodwill',
        status: 'reserved',
        refundId,
        staffId: staff.id,
        note: body.reason,
        reservedAt: new Date(),
        ...(invoice.commission
          ? { commissionReversed: commissionShare(invoice.commission.amount, payment.amount, before, body.amount) }
          : {}),
      },
    };
  };

export type StaffRefundFlows = ReturnType<typeof staffRefundFlows>;

export function staffRefundFlows({ store: invoices, provider, log }: BillingParts) {
  /**
   * The provider gives the reserved amount back under the refund's own key. A refusal lets the reservation go.
   * An answer that did not come (a time-out, a cut connection) keeps it: the provider may have refunded, and a
   * released reservation would let that money be given back twice. The key, logged, finds it at the provider.
   */
  async function giveBack(invoice: InvoiceDocument, record: RefundRecord, refundId: string, staffId: string) {
    const chargeId = invoice.payment?.chargeId ?? '';
    try {
      return await provider.refund({ idempotencyKey: record.key, chargeId, amount: record.amount });
    } catch (err) {
      const unknown = classifyFailure(err) === 'transient';
      const released = unknown ? false : await invoices.releaseRefund(invoice._id, refundId);
      log.error({ err, staffId, invoiceId: invoice._id, refundId, key: record.key, released }, 'staff refund failed');
      throw new AppError('service-unavailable', undefined, { cause: err });
    }
  }

  return {
    /** Gives `body.amount` back to the card of a paid invoice, for `staff`, once. */
    async issue(
      invoiceId: string,
      body: SupportRefundBody,
      staff: AuthUser,
      ctx: CausalContext,
    ): Promise<SupportRefundAnswer> {
      const refundId = newStaffRefundId();
      const reserved = await reserveRefund(invoices, invoiceId, refundId, goodwillDecision(refundId, body, staff));
      if (!reserved?.invoice.payment) throw appError('invoice-not-paid');
      const { invoice, record } = reserved;
      const payment = reserved.invoice.payment;
      await giveBack(invoice, record, refundId, staff.id);
      const issuedAt = new Date();
      const reversal =
        invoice.commission && record.commissionReversed
          ? { refundId, amount: record.commissionReversed, at: issuedAt }
          : undefined;
      // What the payment keeps once every refund so far (those under way included) is given back.
      const charge = { amount: refundableAmount(invoice), currency: payment.amount.currency };
      const event = newEvent(
        'billing.refund.issued',
        invoiceId,
        {
          refundId,
          invoiceId,
          itineraryId: invoice.itineraryId,
          userId: invoice.ownerId,
          amount: record.amount,
          charge,
          reason: 'goodwill',
          staffId: staff.id,
          ...(invoice.commission && reversal
            ? { creator: invoice.commission.creator, commissionReversed: reversal.amount }
            : {}),
        },
        ctx,
      );
      const done = await invoices.markRefundIssued(invoiceId, refundId, issuedAt, reversal, event);
      if (!done) throw new AppError('internal', undefined, { cause: new Error(`refund ${refundId} vanished`) });
      countRefund(record.amount);
      log.info(
        { staffId: staff.id, invoiceId, refundId, amount: record.amount.amount, action: 'refund' },
        'support staff refunded',
      );
      return { refund: refundView({ ...record, status: 'issued', issuedAt }, refundId), invoice: invoiceView(done) };
    },
  };
}
