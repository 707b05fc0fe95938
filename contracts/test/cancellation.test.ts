// The one rule of what a cancellation gives back, used by billing (the refund) and the itinerary (the mail and
// the cancellation terms answer).
import { describe, expect, it } from 'vitest';
import { cancellationSettlement, type CancellationTerms } from '../src/index.js';

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

describe('cancellationSettlement', () => {
  const charges = [
    { from: '2030-04-20T00:00:00.000Z', amount: 50_00 },
    { from: '2030-04-30T00:00:00.000Z', amount: 200_00 },
  ];

  it('gives everything back before the first charge', () => {
    expect(cancellationSettlement(usd(200_00), terms(charges), new Date('2030-04-01T00:00:00Z'), false)).toEqual({
      refund: usd(200_00),
      charge: usd(0),
    });
  });

  it('keeps the charge in force at the instant', () => {
    expect(cancellationSettlement(usd(200_00), terms(charges), new Date('2030-04-25T00:00:00Z'), false)).toEqual({
      refund: usd(150_00),
      charge: usd(50_00),
    });
    expect(cancellationSettlement(usd(200_00), terms(charges), new Date('2030-04-30T00:00:00Z'), false).refund).toEqual(
      usd(0),
    );
  });

  it('never keeps more than was paid', () => {
    expect(cancellationSettlement(usd(100_00), terms(charges), new Date('2030-05-01T00:00:00Z'), false)).toEqual({
      refund: usd(0),
      charge: usd(100_00),
    });
  });

  it('gives everything back when the booking failed, whatever the terms', () => {
    expect(cancellationSettlement(usd(200_00), terms(charges), new Date('2030-05-01T00:00:00Z'), true)).toEqual({
      refund: usd(200_00),
      charge: usd(0),
    });
  });

  it('charges nothing and gives nothing back when nothing was paid', () => {
    for (const failed of [false, true])
      expect(cancellationSettlement(usd(0), terms(charges), new Date('2030-05-01T00:00:00Z'), failed)).toEqual({
        refund: usd(0),
        charge: usd(0),
      });
  });
});
