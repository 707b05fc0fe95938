// Rules of an invoice's state: why one that is not open cannot be paid, and whether a payment still holds it.
import type { InvoiceStatus } from '@travelclub/contracts';
import { appError, type AppError } from '@travelclub/kit';

/**
 * Why an open invoice became void: a newer revision replaced it, the itinerary took it back before its cart
 * changed or it was cancelled (withdrawn), the itinerary was cancelled or expired.
 */
export type VoidReason = 'outdated' | 'withdrawn' | 'cancelled' | 'expired';

/** Why an invoice that is not open cannot be paid. */
export function notPayable(invoice: { status: InvoiceStatus; voidReason?: VoidReason | undefined }): AppError {
  if (invoice.status === 'void')
    return appError(
      invoice.voidReason === 'outdated' || invoice.voidReason === 'withdrawn' ? 'invoice-outdated' : 'invoice-void',
    );
  return appError('invoice-already-paid');
}

/** Whether the payment that holds the invoice may still be running at `now` (its lease has not lapsed). */
export const leaseLive = (invoice: { lease?: { until: Date } | null }, now: Date) =>
  !!invoice.lease && new Date(invoice.lease.until) > now;

/**
 * Whether a payment leased until `until` may start: never one that would outlive a hold of the cart (the draft
 * said when the first lapses), so nothing is charged for rooms no longer held. Invoices made before drafts said
 * so carry no limit.
 */
export const outlivesHolds = (invoice: { holdsUntil?: Date | undefined }, until: Date) =>
  !!invoice.holdsUntil && new Date(invoice.holdsUntil).getTime() < until.getTime();
