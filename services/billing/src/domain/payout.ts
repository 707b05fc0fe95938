// A creator's payout view from the commission records of paid invoices: balances per currency, newest first.
import type { Money, PayoutAnswer } from '@travelclub/contracts';

export interface CommissionRecord {
  invoiceId: string;
  itineraryId: string;
  amount: Money;
  /** The stay's last check-out (YYYY-MM-DD): pending until then. */
  availableFrom: string;
  at: Date;
  reversal?: { amount: Money; at: Date };
}

/**
 * Entries on stays over by `today` (YYYY-MM-DD, UTC) count in the balance, the others are pending. A reversal
 * is an entry of its own with a negative amount, in the same bucket as the commission it reverses. Nothing has
 * been paid out yet: `paid` is zero until payouts exist.
 */
export function payoutOf(records: CommissionRecord[], today: string): Pick<PayoutAnswer, 'balances' | 'entries'> {
  const entries: (PayoutAnswer['entries'][number] & { time: number })[] = [];
  const balances = new Map<string, { currency: string; balance: number; pending: number; paid: number }>();
  for (const record of records) {
    const bucket = balances.get(record.amount.currency) ?? {
      currency: record.amount.currency,
      balance: 0,
      pending: 0,
      paid: 0,
    };
    balances.set(record.amount.currency, bucket);
    const over = record.availableFrom <= today;
    const reversed = record.reversal?.amount.amount ?? 0;
    if (over) bucket.balance += record.amount.amount - reversed;
    else bucket.pending += record.amount.amount - reversed;
    const common = {
      invoiceId: record.invoiceId,
      itineraryId: record.itineraryId,
      availableFrom: record.availableFrom,
    };
    entries.push({
      ...common,
      kind: 'commission',
      amount: record.amount,
      at: record.at.toISOString(),
      time: +record.at,
    });
    if (record.reversal) {
      entries.push({
        ...common,
        kind: 'reversal',
        amount: { amount: -record.reversal.amount.amount, currency: record.reversal.amount.currency },
        at: record.reversal.at.toISOString(),
        time: +record.reversal.at,
      });
    }
  }
  return {
    balances: [...balances.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    entries: entries.sort((a, b) => b.time - a.time).map(({ time: _time, ...entry }) => entry),
  };
}
