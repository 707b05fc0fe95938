// A creator's payout view from the commission records of paid invoices: balances per currency, newest first.
import type { Money, PayoutAnswer } from '@travelclub/contracts';

export interface CommissionRecord {
  invoiceId: string;
  itineraryId: string;
  amount: Money;
  /** The stay's last check-out (YYYY-MM-DD): pending until then. */
  availableFrom: string;
  at: Date;
  /** The cancellation's reversal. */
  reversal?: { amount: Money; at: Date };
  /** Support staff's refunds' reversals, one each. */
  reversals?: { amount: Money; at: Date }[];
}

/** Every reversal of a record: the cancellation's and support staff's refunds'. */
const reversalsOf = (record: CommissionRecord) => [
  ...(record.reversal ? [record.reversal] : []),
  ...(record.reversals ?? []),
];

/**
 * Entries on stays over by `today` (YYYY-MM-DD, UTC) count in the balance, the others are pending. Each reversal
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
    const reversals = reversalsOf(record);
    const reversed = reversals.reduce((sum, reversal) => sum + reversal.amount.amount, 0);
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
    for (const reversal of reversals) {
      entries.push({
        ...common,
        kind: 'reversal',
        amount: { amount: -reversal.amount.amount, currency: reversal.amount.currency },
        at: reversal.at.toISOString(),
        time: +reversal.at,
      });
    }
  }
  return {
    balances: [...balances.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    entries: entries.sort((a, b) => b.time - a.time).map(({ time: _time, ...entry }) => entry),
  };
}
