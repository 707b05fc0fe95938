// Rules of an invoice's state: why one that is not open cannot be paid, and whether a payment still holds it.
import type { InvoiceStatus } from '@travelclub/contracts';
import { appError, type AppError } from '@travelclub/kit';

/** Why an open invoice became void: a newer revision replaced it, the itinerary was cancelled or expired. */
export type VoidReason = 'outdated' | 'cancelled' | 'expired';

/** Why an invoice that is not open cannot be paid. */
export function notPayable(invoice: { status: InvoiceStatus; voidReason?: VoidReason | undefined }): AppError {
  if (invoice.status === 'void')
    return appError(invoice.voidReason === 'outdated' ? 'invoice-outdated' : 'invoice-void');
  return appError('invoice-already-paid');
}

/** Whether the payment that holds the invoice may still be running at `now` (its lease has not lapsed). */
export const leaseLive = (invoice: { lease?: { until: Date } | null }, now: Date) =>
  !!invoice.lease && new Date(invoice.lease.until) > now;
