// Sums and commissions in integer minor units (what a cancellation gives back is the itinerary's to say).
import type { InvoiceLine, Money } from '@travelclub/contracts';

/** The invoice total: the lines' amounts, which must all be in the invoice's currency. */
export function invoiceTotal(lines: Pick<InvoiceLine, 'amount'>[], currency: string): Money {
  return { amount: lines.reduce((sum, line) => sum + line.amount.amount, 0), currency };
}

/** The lines whose amount is in another currency than the invoice's (never mixed in). */
export const foreignLines = (lines: Pick<InvoiceLine, 'amount'>[], currency: string) =>
  lines.flatMap((line, index) => (line.amount.currency === currency ? [] : [index]));

export const commissionOf = (total: Money, rate: number): Money => ({
  amount: Math.round(total.amount * rate),
  currency: total.currency,
});

/** The last check-out of the stay: from then on a commission counts in the creator's balance. */
export const lastCheckOut = (lines: Pick<InvoiceLine, 'checkOutDate'>[]) =>
  lines.reduce((latest, line) => (line.checkOutDate > latest ? line.checkOutDate : latest), '0000-01-01');

/** The share of a commission a refund takes back: the same share as the refund is of the amount paid. */
export function commissionReversal(commission: Money, refunded: Money, paid: Money): Money {
  const amount = paid.amount > 0 ? Math.round((commission.amount * refunded.amount) / paid.amount) : 0;
  return { amount, currency: commission.currency };
}
