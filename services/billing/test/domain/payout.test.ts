import { describe, expect, it } from 'vitest';
import { payoutOf, type CommissionRecord } from '../../src/domain/payout.js';

const record = (fields: Partial<CommissionRecord> & Pick<CommissionRecord, 'invoiceId'>): CommissionRecord => ({
  itineraryId: `it-${fields.invoiceId}`,
  amount: { amount: 10_00, currency: 'USD' },
  availableFrom: '2030-05-03',
  at: new Date('2030-04-01T10:00:00Z'),
  ...fields,
});

describe('payoutOf', () => {
  it('is empty without records', () => {
    expect(payoutOf([], '2030-05-01')).toEqual({ balances: [], entries: [] });
  });

  it('counts a stay over (its last check-out today or before) in the balance, a later one as pending', () => {
    const { balances } = payoutOf(
      [
        record({ invoiceId: 'a', availableFrom: '2030-05-01' }),
        record({ invoiceId: 'b', availableFrom: '2030-05-02', amount: { amount: 7_00, currency: 'USD' } }),
        record({ invoiceId: 'c', availableFrom: '2030-01-01', amount: { amount: 3_00, currency: 'EUR' } }),
      ],
      '2030-05-01',
    );
    expect(balances).toEqual([
      { currency: 'EUR', balance: 3_00, pending: 0, paid: 0 },
      { currency: 'USD', balance: 10_00, pending: 7_00, paid: 0 },
    ]);
  });

  it('lists a reversal as a negative entry of its own, newest first, and takes it off the bucket', () => {
    const { balances, entries } = payoutOf(
      [
        record({
          invoiceId: 'a',
          at: new Date('2030-04-01T10:00:00Z'),
          reversal: { amount: { amount: 4_00, currency: 'USD' }, at: new Date('2030-04-03T10:00:00Z') },
        }),
        record({ invoiceId: 'b', at: new Date('2030-04-02T10:00:00Z') }),
      ],
      '2030-04-10',
    );
    expect(balances).toEqual([{ currency: 'USD', balance: 0, pending: 16_00, paid: 0 }]);
    expect(entries.map((e) => [e.invoiceId, e.kind, e.amount.amount])).toEqual([
      ['a', 'reversal', -4_00],
      ['b', 'commission', 10_00],
      ['a', 'commission', 10_00],
    ]);
  });
});
