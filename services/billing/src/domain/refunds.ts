// What an invoice's refunds add up to, and what is left to give back: every refund (the cancellation's and
// support staff's goodwill ones) comes out of the one payment, which none of them together may exceed. Pure.
import type { Money } from '@travelclub/contracts';

export type RefundReason = 'cancelled' | 'booking-failed' | 'goodwill';

/**
 * One refund as the invoice keeps it. It is `reserved` (counted against the payment) before the provider is
 * asked, so two refunds at once cannot together give back more than was paid; `issued` once the provider
 * gave the money back.
 */
export interface RefundRecord {
  /** The provider's idempotency key: one per staff refund, one per invoice for the cancellation. */
  key: string;
  amount: Money;
  reason: RefundReason;
  status: 'reserved' | 'issued';
  /** The refund's id: ours for a staff refund (known from the start), the provider's for a cancellation. */
  refundId?: string;
  staffId?: string;
  /** Why, in the staff member's words. */
  note?: string;
  /** The share of the creator's commission this refund takes back (with a commission only). */
  commissionReversed?: Money;
  reservedAt: Date;
  issuedAt?: Date;
}

/** The key, in an invoice's refunds, of its cancellation's refund (staff refunds are under their own ids). */
export const CANCELLATION_REFUND = 'cancellation';

/** What the refunds of an invoice need of it. `refund`: the cancellation's, as invoices before staff refunds kept it. */
export interface RefundedInvoice {
  payment?: { amount: Money } | undefined;
  refund?: { id: string; amount: Money; reason: string; issuedAt: Date } | undefined;
  refunds?: Record<string, RefundRecord> | undefined;
}

/** Every refund of the invoice, reserved or issued, oldest first (a cancellation kept only as `refund` too). */
export function refundRecords(invoice: RefundedInvoice): RefundRecord[] {
  const records = Object.values(invoice.refunds ?? {});
  const legacy = invoice.refund;
  if (legacy && !invoice.refunds?.[CANCELLATION_REFUND])
    records.push({
      key: CANCELLATION_REFUND,
      amount: legacy.amount,
      reason: legacy.reason === 'booking-failed' ? 'booking-failed' : 'cancelled',
      status: 'issued',
      refundId: legacy.id,
      reservedAt: legacy.issuedAt,
      issuedAt: legacy.issuedAt,
    });
  return records.sort((a, b) => +new Date(a.reservedAt) - +new Date(b.reservedAt));
}

const sum = (records: RefundRecord[]) => records.reduce((total, r) => total + r.amount.amount, 0);

/** What went back to the card so far (issued refunds only). */
export const refundedAmount = (invoice: RefundedInvoice) =>
  sum(refundRecords(invoice).filter((r) => r.status === 'issued'));

/** What the refunds take from the payment, those still under way included; `except` one of them by its key. */
export const committedAmount = (invoice: RefundedInvoice, except?: string) =>
  sum(Object.entries(invoice.refunds ?? {}).flatMap(([key, r]) => (key === except ? [] : [r]))) +
  (invoice.refund && !invoice.refunds?.[CANCELLATION_REFUND] ? invoice.refund.amount.amount : 0);

/** What is left of the payment to give back: nothing on an invoice that was never paid. */
export const refundableAmount = (invoice: RefundedInvoice, except?: string) =>
  invoice.payment ? Math.max(0, invoice.payment.amount.amount - committedAmount(invoice, except)) : 0;

/**
 * The share of the commission a refund of `amount` takes back, after `before` was refunded already: the
 * difference of the rounded cumulative shares, so refunds of the whole payment reverse the whole commission
 * to the minor unit, however it was split.
 */
export function commissionShare(commission: Money, paid: Money, before: number, amount: number): Money {
  if (paid.amount <= 0) return { amount: 0, currency: commission.currency };
  const upTo = (refunded: number) => Math.round((commission.amount * refunded) / paid.amount);
  return { amount: upTo(before + amount) - upTo(before), currency: commission.currency };
}
