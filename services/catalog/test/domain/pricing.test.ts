// The price model (day of the week, season, hemisphere, nice amounts) and the demo occupancy model.
import { describe, expect, it } from 'vitest';
import { nicePrice } from '@travelclub/contracts';
import { baselineTaken, leadPrice, nightlyPrice, nightsOf } from '../../src/domain/pricing.js';
import type { RatePlan, StoredHotel, StoredRoomType } from '../../src/domain/types.js';

type PricedHotel = Pick<StoredHotel, 'currency' | 'basePrice' | 'coordinates'>;
const paris: PricedHotel = { currency: 'EUR', basePrice: 150_00, coordinates: { latitude: 48.85, longitude: 2.35 } };
const sydney: PricedHotel = {
  currency: 'AUD',
  basePrice: 220_00,
  coordinates: { latitude: -33.87, longitude: 151.21 },
};
const singapore: PricedHotel = {
  currency: 'SGD',
  basePrice: 200_00,
  coordinates: { latitude: 1.29, longitude: 103.85 },
};
const standard: Pick<StoredRoomType, 'priceFactor'> = { priceFactor: 1 };
const flex: Pick<RatePlan, 'priceFactor'> = { priceFactor: 1 };

// 2026-10-07 is a Wednesday.
const WED = '2026-10-07';
const FRI = '2026-10-09';
const SAT = '2026-10-10';
const SUN = '2026-10-11';

describe('nightsOf', () => {
  it('lists each night from check-in up to the day before check-out, across months and years', () => {
    expect(nightsOf('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(nightsOf('2028-02-28', '2028-03-01')).toEqual(['2028-02-28', '2028-02-29']);
  });

  it('is empty for no stay or a malformed date', () => {
    expect(nightsOf('2026-05-02', '2026-05-02')).toEqual([]);
    expect(nightsOf('2026-05-03', '2026-05-02')).toEqual([]);
    expect(nightsOf('2026-02-30', '2026-03-02')).toEqual([]);
    expect(nightsOf('tomorrow', '2026-03-02')).toEqual([]);
  });
});

describe('nightlyPrice', () => {
  it('gives the same price for the same inputs', () => {
    expect(nightlyPrice(paris, standard, flex, SAT)).toBe(
      nightlyPrice({ ...paris }, { ...standard }, { ...flex }, SAT),
    );
  });

  it('charges more on Friday and Saturday nights and less on Sunday night than midweek', () => {
    const wednesday = nightlyPrice(paris, standard, flex, WED);
    expect(nightlyPrice(paris, standard, flex, FRI)).toBeGreaterThan(wednesday);
    expect(nightlyPrice(paris, standard, flex, SAT)).toBeGreaterThan(wednesday);
    expect(nightlyPrice(paris, standard, flex, SUN)).toBeLessThan(wednesday);
  });

  it('makes the northern summer dear and the southern summer dear: the seasons flip south of the equator', () => {
    // Both Wednesdays.
    const january = '2026-01-14';
    const july = '2026-07-15';
    expect(nightlyPrice(paris, standard, flex, july)).toBeGreaterThan(
      nightlyPrice(paris, standard, flex, january) * 1.2,
    );
    expect(nightlyPrice(sydney, standard, flex, january)).toBeGreaterThan(
      nightlyPrice(sydney, standard, flex, july) * 1.2,
    );
  });

  it('swings less with the season near the equator', () => {
    const swing = (hotel: PricedHotel) =>
      nightlyPrice(hotel, standard, flex, '2026-07-15') / nightlyPrice(hotel, standard, flex, '2026-01-14');
    expect(swing(singapore)).toBeGreaterThan(1);
    expect(swing(singapore)).toBeLessThan(swing(paris));
  });

  it('makes the days before New Year dearer than early December in both hemispheres', () => {
    for (const hotel of [paris, sydney]) {
      // Both Wednesdays.
      expect(nightlyPrice(hotel, standard, flex, '2026-12-23')).toBeGreaterThan(
        nightlyPrice(hotel, standard, flex, '2026-12-02'),
      );
    }
  });

  it('multiplies in the room type and plan factors', () => {
    const base = nightlyPrice(paris, standard, flex, WED);
    const suite = nightlyPrice(paris, { priceFactor: 2 }, flex, WED);
    const nonref = nightlyPrice(paris, standard, { priceFactor: 0.88 }, WED);
    expect(Math.abs(suite - 2 * base)).toBeLessThanOrEqual(100);
    expect(nonref).toBeLessThan(base);
    expect(Math.abs(nonref - 0.88 * base)).toBeLessThanOrEqual(100);
  });

  it('rounds to whole currency units, coarser for large amounts', () => {
    for (const date of [WED, FRI, SAT, SUN, '2026-12-24', '2027-03-03']) {
      expect(nightlyPrice(paris, standard, flex, date) % 100).toBe(0);
    }
    const jakarta: PricedHotel = {
      currency: 'IDR',
      basePrice: 1_234_567,
      coordinates: { latitude: -6.2, longitude: 106.8 },
    };
    expect(nightlyPrice(jakarta, standard, flex, WED) % 1000).toBe(0);
    expect(nicePrice(14_949, 'EUR')).toBe(14_900);
    expect(nicePrice(3_456, 'JPY')).toBe(3_460);
    expect(nicePrice(23_456, 'JPY')).toBe(23_500);
    expect(nicePrice(1_234_567, 'IDR')).toBe(1_235_000);
    expect(nicePrice(10, 'USD')).toBe(100);
  });

  it('refuses a date that is not one', () => {
    expect(() => nightlyPrice(paris, standard, flex, '2026-02-30')).toThrow(RangeError);
  });
});

describe('baselineTaken', () => {
  const roomTypes = [
    { type: 'standard-double', count: 40 },
    { type: 'deluxe-king', count: 12 },
    { type: 'suite', count: 3 },
  ];
  const hotelIds = Array.from({ length: 60 }, (_, i) => `h${(i * 7919).toString(36)}`);
  const nights = nightsOf('2026-01-01', '2027-01-01');

  it('is a whole number of rooms between none and all, the same every time', () => {
    for (const hotelId of hotelIds.slice(0, 5))
      for (const roomType of roomTypes)
        for (const night of nights.slice(0, 60)) {
          const taken = baselineTaken(hotelId, roomType, night);
          expect(Number.isInteger(taken)).toBe(true);
          expect(taken).toBeGreaterThanOrEqual(0);
          expect(taken).toBeLessThanOrEqual(roomType.count);
          expect(baselineTaken(hotelId, { ...roomType }, night)).toBe(taken);
        }
  });

  it('sells a room type out on roughly 5 to 10% of nights, and now and then the whole hotel', () => {
    let soldOut = 0;
    let total = 0;
    let hotelFull = 0;
    for (const hotelId of hotelIds)
      for (const night of nights) {
        let full = true;
        for (const roomType of roomTypes) {
          total++;
          if (baselineTaken(hotelId, roomType, night) === roomType.count) soldOut++;
          else full = false;
        }
        if (full) hotelFull++;
      }
    expect(soldOut / total).toBeGreaterThan(0.05);
    expect(soldOut / total).toBeLessThan(0.12);
    const hotelNights = hotelIds.length * nights.length;
    expect(hotelFull / hotelNights).toBeGreaterThan(0.01);
    expect(hotelFull / hotelNights).toBeLessThan(0.08);
  });

  it('takes more rooms on weekends and in high season', () => {
    const average = (dates: string[]) => {
      let sum = 0;
      for (const hotelId of hotelIds) for (const date of dates) sum += baselineTaken(hotelId, roomTypes[0]!, date);
      return sum / (hotelIds.length * dates.length);
    };
    const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
    const weekends = nights.filter((n) => [5, 6].includes(weekday(n)));
    const midweek = nights.filter((n) => [1, 2, 3].includes(weekday(n)));
    expect(average(weekends)).toBeGreaterThan(average(midweek));
    const august = nights.filter((n) => n.startsWith('2026-08'));
    const february = nights.filter((n) => n.startsWith('2026-02'));
    expect(average(august)).toBeGreaterThan(average(february));
  });
});

describe('leadPrice', () => {
  it('is a night of the cheapest room type and plan at the base price, whatever their order', () => {
    const rooms = [{ priceFactor: 1.4 }, { priceFactor: 1 }];
    const plans = [{ priceFactor: 1 }, { priceFactor: 0.9 }];
    expect(leadPrice(paris, rooms, plans)).toBe(nicePrice(150_00 * 0.9, 'EUR'));
    expect(leadPrice(paris, rooms, plans)).toBeLessThan(leadPrice(paris, [rooms[0]!], plans)!);
  });

  it('is null for a hotel with nothing to sell', () => {
    expect(leadPrice(paris, [], [flex])).toBeNull();
    expect(leadPrice(paris, [standard], [])).toBeNull();
  });
});
