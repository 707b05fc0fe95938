// Rates for a stay: ids, totals, cancellation charges and policy, taxes and promotions, in contracts' shape.
import { cancellationChargeAt, convert, RoomRateSchema } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { nightlyPrice, nightsOf } from '../../src/domain/pricing.js';
import {
  buildRate,
  FREE_CANCELLATION_TAG,
  hasFreeCancellation,
  parseRateId,
  rateId,
  type RateInput,
} from '../../src/domain/rates.js';
import type { RatePlan } from '../../src/domain/types.js';

const hotel: RateInput['hotel'] = {
  _id: 'h0abc123',
  currency: 'EUR',
  basePrice: 140_00,
  coordinates: { latitude: 48.85, longitude: 2.35 },
  address: { countryCode: 'FR' },
};
const roomType: RateInput['roomType'] = { type: 'deluxe-king', name: 'Deluxe King Room', priceFactor: 1.35 };
const flex: RatePlan = { code: 'flex', name: 'Flexible rate', benefits: [], priceFactor: 1, freeCancellationDays: 2 };
const breakfast: RatePlan = {
  code: 'breakfast',
  name: 'Bed and breakfast',
  benefits: ['Breakfast included'],
  priceFactor: 1.12,
  freeCancellationDays: 7,
};
const nonref: RatePlan = {
  code: 'nonref',
  name: 'Non-refundable',
  benefits: [],
  priceFactor: 0.88,
  freeCancellationDays: null,
};

const now = new Date('2026-11-25T10:30:00.000Z');
const stay = { hotel, roomType, checkIn: '2026-12-18', checkOut: '2026-12-21', rooms: 2, currency: 'EUR', now };
const localTotal = (plan: RatePlan, checkIn = stay.checkIn, checkOut = stay.checkOut, rooms = stay.rooms) =>
  nightsOf(checkIn, checkOut).reduce((sum, night) => sum + nightlyPrice(hotel, roomType, plan, night), 0) * rooms;

describe('rate ids', () => {
  it('round-trip through parseRateId', () => {
    const id = rateId('h0abc123', 'deluxe-king', 'flex', '2026-12-18', '2026-12-21', 2);
    expect(id).toBe('h0abc123.deluxe-king.flex.2026-12-18.2026-12-21.2');
    expect(parseRateId(id)).toEqual({
      hotelId: 'h0abc123',
      roomType: 'deluxe-king',
      planCode: 'flex',
      checkIn: '2026-12-18',
      checkOut: '2026-12-21',
      rooms: 2,
    });
  });

  it('are refused when malformed', () => {
    const bad = [
      '',
      'h0abc123.deluxe-king.flex.2026-12-18.2026-12-21',
      'h0abc123.deluxe-king.flex.2026-12-18.2026-12-21.2.x',
      'h0abc123..flex.2026-12-18.2026-12-21.2',
      'h0abc123.deluxe king.flex.2026-12-18.2026-12-21.2',
      'h0abc123.deluxe-king.flex.2026-02-30.2026-03-02.2',
      'h0abc123.deluxe-king.flex.2026-12-18.2026-13-01.2',
      'h0abc123.deluxe-king.flex.2026-12-21.2026-12-18.2',
      'h0abc123.deluxe-king.flex.2026-12-18.2026-12-18.2',
      'h0abc123.deluxe-king.flex.2026-12-18.2026-12-21.0',
      'h0abc123.deluxe-king.flex.2026-12-18.2026-12-21.10',
      'h0abc123.deluxe-king.flex.2026-12-18.2026-12-21.02',
      'h0abc123.deluxe-king.flex.2026-12-18.2026-12-21.two',
      `${'h'.repeat(120)}.deluxe-king.flex.2026-12-18.2026-12-21.2`,
    ];
    for (const id of bad) expect(parseRateId(id), id).toBeNull();
  });

  it('cannot be made from parts that would not parse back, nor longer than 128 characters', () => {
    expect(() => rateId('h0.abc', 'twin', 'flex', '2026-12-18', '2026-12-21', 1)).toThrow(RangeError);
    expect(() => rateId('h'.repeat(120), 'twin', 'flex', '2026-12-18', '2026-12-21', 1)).toThrow(RangeError);
  });
});

describe('buildRate', () => {
  it('fills every field contracts ask for', () => {
    for (const plan of [flex, breakfast, nonref]) {
      const rate = buildRate({ ...stay, plan });
      expect(RoomRateSchema.parse(rate)).toEqual(rate);
      expect(rate.id).toBe(rateId(hotel._id, roomType.type, plan.code, stay.checkIn, stay.checkOut, stay.rooms));
      expect(rate.rateName).toBe(plan.name);
      expect(rate.roomTypeName).toBe('Deluxe King Room');
      expect(rate.benefits).toEqual(plan.benefits);
      expect(rate.booked).toBe(false);
      expect(rate.extraBeds).toBe(0);
      expect(rate.cancellationPolicy.policyText).toBe(rate.cancellationPolicyText);
    }
  });

  it('totals the nightly prices of every room, in the hotel currency', () => {
    const rate = buildRate({ ...stay, plan: flex });
    expect(rate.totalPrice).toEqual({ amount: localTotal(flex), currency: 'EUR' });
    expect(buildRate({ ...stay, plan: nonref }).totalPrice.amount).toBeLessThan(rate.totalPrice.amount);
    expect(buildRate({ ...stay, plan: breakfast }).totalPrice.amount).toBeGreaterThan(rate.totalPrice.amount);
  });

  it('converts the total to the currency asked for, without minor units for yen', () => {
    const rate = buildRate({ ...stay, plan: flex, currency: 'JPY' });
    expect(rate.totalPrice).toEqual(convert({ amount: localTotal(flex), currency: 'EUR' }, 'JPY'));
    for (const charge of rate.cancellationCharges) expect(charge.amount.currency).toBe('JPY');
    for (const surcharge of rate.surcharges) expect(surcharge.amount.currency).toBe('JPY');
  });

  it('lets a flexible rate be cancelled free until the deadline, then charges the first night', () => {
    const rate = buildRate({ ...stay, plan: flex });
    const firstNight = nightlyPrice(hotel, roomType, flex, stay.checkIn) * stay.rooms;
    expect(rate.cancellationCharges).toEqual([
      { from: now.toISOString(), amount: { amount: 0, currency: 'EUR' } },
      { from: '2026-12-16T00:00:00.000Z', amount: { amount: firstNight, currency: 'EUR' } },
    ]);
    expect(hasFreeCancellation(rate)).toBe(true);
    expect(FREE_CANCELLATION_TAG).toBe('Free Cancellation');
    expect(rate.cancellationPolicy.charge).toEqual({ amount: 0, currency: 'EUR' });
    expect(rate.cancellationPolicyText).toBe(
      `Free cancellation until ${flex.freeCancellationDays} days before check-in. After that, the first night is charged.`,
    );
    expect(cancellationChargeAt(rate, new Date('2026-12-15T23:59:59Z')).amount).toBe(0);
    expect(cancellationChargeAt(rate, new Date('2026-12-16T00:00:00Z')).amount).toBe(firstNight);
    expect(cancellationChargeAt(rate, new Date('2026-01-01T00:00:00Z')).amount).toBe(0);
  });

  it('uses the plan’s own deadline', () => {
    const rate = buildRate({ ...stay, plan: breakfast });
    expect(rate.cancellationCharges[1]?.from).toBe('2026-12-11T00:00:00.000Z');
  });

  it('charges the first night from now once the free-cancellation deadline has passed', () => {
    const late = new Date('2026-12-17T09:00:00Z');
    const rate = buildRate({ ...stay, plan: flex, now: late });
    const firstNight = nightlyPrice(hotel, roomType, flex, stay.checkIn) * stay.rooms;
    expect(rate.cancellationCharges).toEqual([
      { from: late.toISOString(), amount: { amount: firstNight, currency: 'EUR' } },
    ]);
    expect(hasFreeCancellation(rate)).toBe(false);
    expect(rate.cancellationPolicy.charge.amount).toBe(firstNight);
  });

  it('charges the whole stay from booking for a non-refundable rate, which is never free to cancel', () => {
    const rate = buildRate({ ...stay, plan: nonref });
    expect(rate.cancellationCharges).toEqual([{ from: now.toISOString(), amount: rate.totalPrice }]);
    expect(rate.cancellationCharges.some((c) => c.amount.amount === 0)).toBe(false);
    expect(hasFreeCancellation(rate)).toBe(false);
    expect(rate.cancellationPolicy.charge).toEqual(rate.totalPrice);
    expect(rate.cancellationPolicyText).toBe('Non-refundable: the full price is charged if you cancel.');
    expect(rate.offers.join(' ')).toMatch(/Save 12%/);
  });

  it('adds the local city tax, paid at the property and not in the total', () => {
    const rate = buildRate({ ...stay, plan: flex });
    expect(rate.surcharges).toHaveLength(1);
    expect(rate.surcharges[0]).toMatchObject({ includedInTotal: false });
    // 2.60 EUR per room and night, 2 rooms, 3 nights.
    expect(rate.surcharges[0]?.amount).toEqual({ amount: 260 * 6, currency: 'EUR' });
    const nairobi = { ...hotel, address: { countryCode: 'KE' } };
    expect(buildRate({ ...stay, hotel: nairobi, plan: flex }).surcharges).toEqual([]);
  });

  it('takes 10% off stays of 7 nights or more, and says so', () => {
    const six = buildRate({ ...stay, plan: flex, checkIn: '2027-01-10', checkOut: '2027-01-16' });
    expect(six.promotions).toEqual([]);
    expect(six.totalPrice.amount).toBe(localTotal(flex, '2027-01-10', '2027-01-16'));
    const seven = buildRate({ ...stay, plan: flex, checkIn: '2027-01-10', checkOut: '2027-01-17' });
    expect(seven.promotions).toHaveLength(1);
    expect(seven.promotions[0]).toMatch(/Long stay/);
    const full = localTotal(flex, '2027-01-10', '2027-01-17');
    expect(seven.totalPrice.amount).toBe(full - Math.round(full * 0.1));
  });

  it('is the same for the same inputs', () => {
    expect(buildRate({ ...stay, plan: breakfast })).toEqual(buildRate({ ...stay, plan: breakfast }));
  });

  it('refuses an empty stay', () => {
    expect(() => buildRate({ ...stay, plan: flex, checkOut: stay.checkIn })).toThrow(RangeError);
  });
});
