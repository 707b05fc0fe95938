import type { CancellationTerms } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import {
  commissionOf,
  commissionReversal,
  foreignLines,
  invoiceTotal,
  lastCheckOut,
  refundFor,
} from '../../src/domain/money.js';

const usd = (amount: number) => ({ amount, currency: 'USD' });

const terms = (charges: { from: string; amount: number }[]): CancellationTerms => ({
  currency: 'USD',
  lines: [
    {
      lineItemId: 'li-1',
      holdId: 'h-1',
      hotelId: 'hotel-1',
      hotelName: 'Hotel',
      roomTypeName: 'Double',
      rateName: 'Flexible',
      checkInDate: '2030-05-01',
      checkOutDate: '2030-05-03',
      totalPrice: usd(200_00),
      policyText: '',
      charges: charges.map((c) => ({ from: c.from, amount: usd(c.amount) })),
    },
  ],
});

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

describe('refundFor', () => {
  const charges = [
    { from: '2030-04-20T00:00:00.000Z', amount: 50_00 },
    { from: '2030-04-30T00:00:00.000Z', amount: 200_00 },
  ];

  it('gives everything back before the first charge', () => {
    expect(refundFor(usd(200_00), 'cancelled', terms(charges), new Date('2030-04-01T00:00:00Z'))).toEqual({
      refund: usd(200_00),
      charge: usd(0),
    });
  });

  it('keeps the charge in force at the instant', () => {
    expect(refundFor(usd(200_00), 'cancelled', terms(charges), new Date('2030-04-25T00:00:00Z'))).toEqual({
      refund: usd(150_00),
      charge: usd(50_00),
    });
    expect(refundFor(usd(200_00), 'cancelled', terms(charges), new Date('2030-04-30T00:00:00Z')).refund).toEqual(
      usd(0),
    );
  });

  it('never keeps more than was paid', () => {
    expect(refundFor(usd(100_00), 'cancelled', terms(charges), new Date('2030-05-01T00:00:00Z'))).toEqual({
      refund: usd(0),
      charge: usd(100_00),
    });
  });

  it('gives everything back when the booking failed, whatever the terms', () => {
    expect(refundFor(usd(200_00), 'booking-failed', terms(charges), new Date('2030-05-01T00:00:00Z'))).toEqual({
      refund: usd(200_00),
      charge: usd(0),
    });
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
