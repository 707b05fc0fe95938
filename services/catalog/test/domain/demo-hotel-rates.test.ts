// The demo supplier's hotels priced by the catalog: every rate is one contracts accept.
import { RoomRateSchema, type SupplierHotel } from '@travelclub/contracts';
import { demoSupplier } from '@travelclub/demo-catalog';
import { describe, expect, it } from 'vitest';
import { buildRate } from '../../src/domain/rates.js';

describe('demo hotels', () => {
  it('makes hotels whose rates contracts accept', async () => {
    const hotels: SupplierHotel[] = [];
    for await (const batch of demoSupplier({ count: 200, seed: 11 }).hotels()) hotels.push(...batch);
    const now = new Date('2026-11-20T12:00:00Z');
    for (const hotel of hotels.slice(0, 40))
      for (const roomType of hotel.roomTypes)
        for (const plan of hotel.ratePlans) {
          const rate = buildRate({
            hotel,
            roomType,
            plan,
            checkIn: '2027-02-12',
            checkOut: '2027-02-15',
            rooms: 2,
            currency: 'GBP',
            now,
          });
          expect(RoomRateSchema.safeParse(rate).success).toBe(true);
          expect(rate.totalPrice.amount).toBeGreaterThan(0);
        }
  });
});
