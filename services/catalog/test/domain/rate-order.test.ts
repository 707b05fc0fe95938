import type { RoomRate } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { addressLine, orderRates, orderRoomTypes, tagRate } from '../../src/domain/rate-order.js';
import { FREE_CANCELLATION_TAG as FREE_CANCELLATION } from '../../src/domain/rates.js';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const rate = (id: string, amount: number, charges: number[] = [amount]): RoomRate => ({
  id,
  rateName: id,
  benefits: [],
  cancellationPolicyText: '',
  cancellationCharges: charges.map((charge, i) => ({
    from: new Date(Date.UTC(2030, 0, 1 + i)).toISOString(),
    amount: usd(charge),
  })),
  surcharges: [],
  totalPrice: usd(amount),
  booked: false,
  extraBeds: 0,
  roomTypeName: 'Double',
  cancellationPolicy: { charge: usd(charges[0] ?? 0), policyText: '' },
  offers: [],
  promotions: [],
});
const roomType = (name: string, ...amounts: number[]) => ({
  name,
  rooms: amounts.map((a, i) => rate(`${name}-${i}`, a)),
});

describe('rates and room types (spec section 4)', () => {
  it('sorts rates by total price ascending', () => {
    expect(orderRates([rate('a', 300), rate('b', 100), rate('c', 200)]).map((r) => r.id)).toEqual(['b', 'c', 'a']);
  });

  it('orders room types by their cheapest rate, whatever order their rates came in', () => {
    const ordered = orderRoomTypes([
      roomType('suite', 500, 450),
      roomType('twin', 300, 120),
      roomType('double', 200, 90),
    ]);
    expect(ordered.map((rt) => rt.name)).toEqual(['double', 'twin', 'suite']);
    expect(ordered[0]!.rooms.map((r) => r.totalPrice.amount)).toEqual([90, 200]);
  });

  it('puts room types without rates last', () => {
    const ordered = orderRoomTypes([
      roomType('sold-out'),
      roomType('twin', 120),
      roomType('also-sold-out'),
      roomType('double', 90),
    ]);
    expect(ordered.map((rt) => rt.name)).toEqual(['double', 'twin', 'sold-out', 'also-sold-out']);
  });

  it('tags a rate "Free Cancellation" only when a zero-amount charge exists', () => {
    expect(tagRate(rate('flex', 100, [0, 100])).tags).toEqual([FREE_CANCELLATION]);
    expect(FREE_CANCELLATION).toBe('Free Cancellation');
    expect(tagRate(rate('nonref', 100, [100])).tags).toEqual([]);
    expect(tagRate(rate('partial', 100, [50, 100])).tags).toEqual([]);
  });
});

describe('address line', () => {
  it('joins the parts that exist, in reading order', () => {
    expect(addressLine({ line1: '27 Market Street', city: 'Lisbon', postalCode: '1100-148', countryCode: 'PT' })).toBe(
      '27 Market Street, 1100-148 Lisbon, PT',
    );
    expect(
      addressLine({
        line1: '1 Main St',
        line2: 'Floor 2',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        countryCode: 'US',
      }),
    ).toBe('1 Main St, Floor 2, 78701 Austin, TX, US');
  });
});
