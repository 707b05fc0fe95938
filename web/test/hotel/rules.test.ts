import { describe, expect, it } from 'vitest';
import { FACILITY_GROUPS, groupFacilities } from '~/hotel/facilities';
import { addressLine, formatMoney, stayLabel } from '~/hotel/format';
import { FREE_CANCELLATION, hasFreeCancellation, rateTags, sortRates, sortRoomTypes } from '~/hotel/rates';
import { rate, roomType, usd } from './fixtures';

describe('rates and room types (spec section 4)', () => {
  it('sorts rates by total price, ascending, keeping equal prices in order', () => {
    const sorted = sortRates([rate('a', 300), rate('b', 100), rate('c', 200), rate('d', 100)]);
    expect(sorted.map((r) => r.id)).toEqual(['b', 'd', 'c', 'a']);
  });

  it('sorts room types by their cheapest rate, those without rates last, and sorts the rates inside', () => {
    const sorted = sortRoomTypes([
      roomType('empty-1', []),
      roomType('suite', [rate('s1', 900), rate('s2', 500)]),
      roomType('single', [rate('x1', 700), rate('x2', 200)]),
      roomType('empty-2', []),
      roomType('double', [rate('d1', 300)]),
    ]);
    expect(sorted.map((rt) => rt.type)).toEqual(['single', 'double', 'suite', 'empty-1', 'empty-2']);
    expect(sorted[0]!.rooms.map((r) => r.id)).toEqual(['x2', 'x1']);
    expect(sorted[2]!.rooms.map((r) => r.id)).toEqual(['s2', 's1']);
  });

  it("tags 'Free Cancellation' only when a zero-amount cancellation charge exists", () => {
    expect(FREE_CANCELLATION).toBe('Free Cancellation');
    expect(rateTags(rate('free', 100, { free: true }))).toEqual(['Free Cancellation']);
    expect(rateTags(rate('paid', 100))).toEqual([]);
    expect(hasFreeCancellation({ cancellationCharges: [] })).toBe(false);
    expect(hasFreeCancellation({ cancellationCharges: [{ amount: usd(1) }, { amount: usd(0) }] })).toBe(true);
  });
});

describe('facilities (spec section 4)', () => {
  it('groups as check-in/out, property, getting around, parking, extras, in that order, empty groups left out', () => {
    expect(FACILITY_GROUPS.map((g) => g.label)).toEqual([
      'Check-in/out',
      'Property',
      'Getting around',
      'Parking',
      'Extras',
    ]);
    const groups = groupFacilities([
      { group: 'extras', name: 'Spa' },
      { group: 'parking', name: 'Garage' },
      { group: 'check-in-out', name: 'Late check-out' },
      { group: 'getting-around', name: 'Airport shuttle' },
      { group: 'property', name: 'Garden' },
      { group: 'property', name: 'Lift' },
      { group: 'property', name: 'Garden' },
    ]);
    expect(groups.map((g) => [g.label, g.names])).toEqual([
      ['Check-in/out', ['Late check-out']],
      ['Property', ['Garden', 'Lift']],
      ['Getting around', ['Airport shuttle']],
      ['Parking', ['Garage']],
      ['Extras', ['Spa']],
    ]);
    expect(groupFacilities([{ group: 'parking', name: 'Garage' }]).map((g) => g.key)).toEqual(['parking']);
  });

  it('puts a group it does not know under extras', () => {
    expect(groupFacilities([{ group: 'wellness', name: 'Sauna' }])).toEqual([
      { key: 'extras', label: 'Extras', names: ['Sauna'] },
    ]);
  });
});

describe('the address on one line (spec section 3)', () => {
  it('joins line1, line2, city, state, postal code and country, skipping empties', () => {
    expect(
      addressLine({
        line1: '12 Rue X',
        line2: 'Bât. B',
        city: 'Paris',
        state: 'IDF',
        postalCode: '75001',
        countryCode: 'FR',
      }),
    ).toBe('12 Rue X, Bât. B, Paris, IDF, 75001, FR');
    expect(addressLine({ line1: '1 Quay Street', line2: '', city: 'Lisbon', state: ' ', countryCode: 'PT' })).toBe(
      '1 Quay Street, Lisbon, PT',
    );
  });
});

describe('money and stays', () => {
  it('writes minor units in their currency', () => {
    expect(formatMoney(usd(129900))).toBe('$1,299.00');
    expect(formatMoney(usd(12000, 'JPY'))).toBe('¥12,000');
    expect(formatMoney(usd(5050, 'EUR'))).toBe('€50.50');
  });

  it('names a stay by its days and nights', () => {
    expect(stayLabel('2030-05-12', '2030-05-14')).toBe('Sun, May 12 – Tue, May 14 · 2 nights');
  });
});
