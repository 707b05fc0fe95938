import { describe, expect, it } from 'vitest';
import { LineItemSchema, MoneySchema, StayDatesSchema } from '../src/index.js';

describe('money and stay dates', () => {
  it('keeps money in integer minor units with an ISO currency', () => {
    expect(MoneySchema.safeParse({ amount: 12999, currency: 'USD' }).success).toBe(true);
    expect(MoneySchema.safeParse({ amount: 129.99, currency: 'USD' }).success).toBe(false);
    expect(MoneySchema.safeParse({ amount: 100, currency: 'usd' }).success).toBe(false);
  });

  it('wants check-out after check-in, as plain dates', () => {
    expect(StayDatesSchema.safeParse({ checkInDate: '2026-12-01', checkOutDate: '2026-12-03' }).success).toBe(true);
    const same = StayDatesSchema.safeParse({ checkInDate: '2026-12-01', checkOutDate: '2026-12-01' });
    expect(same.error?.issues[0]?.path).toEqual(['checkOutDate']);
    expect(StayDatesSchema.safeParse({ checkInDate: '2026-12-01T00:00:00Z', checkOutDate: '2026-12-03' }).success).toBe(
      false,
    );
  });

  it('applies the same date rule to a line item', () => {
    const item = {
      identity: 'li-1',
      checkInDate: '2026-12-05',
      checkOutDate: '2026-12-03',
      hotelBooking: { hotelId: 'h-1', hotelName: 'Hotel', rooms: [] },
    };
    expect(LineItemSchema.safeParse(item).success).toBe(false);
  });
});
