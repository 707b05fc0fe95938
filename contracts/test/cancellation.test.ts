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

  it.each([
    // Before the first charge: everything back.
    [200_00, '2030-04-01', false, 200_00, 0],
    // The charge in force at the instant is kept: the first, then the last.
    [200_00, '2030-04-25', false, 150_00, 50_00],
    [200_00, '2030-04-30', false, 0, 200_00],
    // Never more than was paid.
    [100_00, '2030-05-01', false, 0, 100_00],
    // A failed booking gives everything back, whatever the terms.
    [200_00, '2030-05-01', true, 200_00, 0],
    // Nothing paid: nothing kept, nothing given back.
    [0, '2030-05-01', false, 0, 0],
    [0, '2030-05-01', true, 0, 0],
  ])(
    'of %i paid, cancelled on %s (the booking failed: %s), gives back %i and keeps %i',
    (paid, day, failed, refund, charge) => {
      const settlement = cancellationSettlement(usd(paid), terms(charges), new Date(`${day}T00:00:00Z`), failed);
      expect(settlement).toEqual({ refund: usd(refund), charge: usd(charge) });
    },
  );

  it.each([
    // Staff gave back 50 of 200: a free cancellation gives back the 150 left.
    ['2030-04-01', false, 150_00, 0],
    // The charge of 50 in force: the terms give back 150, all that is left; nothing is kept.
    ['2030-04-25', false, 150_00, 0],
    // Everything charged: nothing more back, the payment keeps what staff left.
    ['2030-04-30', false, 0, 150_00],
    // A failed booking: all that is left goes back.
    ['2030-05-01', true, 150_00, 0],
  ])(
    'of 200 paid with 50 refunded by staff, cancelled on %s (failed: %s), gives back %i and keeps %i',
    (day, failed, refund, charge) => {
      const settlement = cancellationSettlement(
        usd(200_00),
        terms(charges),
        new Date(`${day}T00:00:00Z`),
        failed,
        50_00,
      );
      expect(settlement).toEqual({ refund: usd(refund), charge: usd(charge) });
    },
  );
});
