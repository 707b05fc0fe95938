import { describe, expect, it } from 'vitest';
import { commissionOf, commissionReversal, foreignLines, invoiceTotal, lastCheckOut } from '../../src/domain/money.js';

const usd = (amount: number) => ({ amount, currency: 'USD' });

describe('totals', () => {
  it('sums the lines and names those in another currency', () => {
    const lines = [{ amount: usd(100_00) }, { amount: { amount: 5, currency: 'EUR' } }, { amount: usd(1) }];
    expect(invoiceTotal([lines[0]!, lines[2]!], 'USD')).toEqual(usd(100_01));
    expect(foreignLines(lines, 'USD')).toEqual([1]);
  });

  it('takes the latest check-out of the stay', () => {
    expect(
      lastCheckOut([{ checkOutDate: '2030-05-03' }, { checkOutDate: '2030-06-01' }, { checkOutDate: '2030-04-01' }]),
    ).toBe('2030-06-01');
  });

  it('rounds the commission to whole minor units', () => {
    expect(commissionOf(usd(333_33), 0.1)).toEqual(usd(33_33));
    expect(commissionOf(usd(5), 0.1)).toEqual(usd(1)); // 0.5 rounds up
  });
});

describe('commissionReversal', () => {
  it('reverses the refunded share, rounded', () => {
    expect(commissionReversal(usd(20_00), usd(150_00), usd(200_00))).toEqual(usd(15_00));
    expect(commissionReversal(usd(20_00), usd(200_00), usd(200_00))).toEqual(usd(20_00));
    expect(commissionReversal(usd(10), usd(1_00), usd(3_00))).toEqual(usd(3));
    expect(commissionReversal(usd(10), usd(0), usd(0))).toEqual(usd(0));
  });
});
