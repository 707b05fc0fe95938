// The order of a creator's recommended hotels, and which ids can be the catalog's hotels.
import { describe, expect, it } from 'vitest';
import { activeInOrder, isCatalogHotelId } from '../../src/domain/creator-picks.js';

const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('activeInOrder', () => {
  it('keeps the active picks, by position, then those without one by when they were recommended', () => {
    expect(
      activeInOrder({
        late: { active: true, at: at(9) },
        second: { active: true, position: 1, at: at(1) },
        off: { active: false, position: 0, at: at(2) },
        first: { active: true, position: 0, at: at(5) },
        early: { active: true, at: at(3) },
      }),
    ).toEqual(['first', 'second', 'early', 'late']);
  });

  it('breaks a tie of position and time by hotel id, so the order never depends on storage', () => {
    const same = { active: true, position: 2, at: at(0) };
    expect(activeInOrder({ hB: same, hA: same })).toEqual(['hA', 'hB']);
    expect(activeInOrder({})).toEqual([]);
  });
});

describe('isCatalogHotelId', () => {
  it('takes the ids hotels have, and nothing that could be a field path', () => {
    expect(isCatalogHotelId('h0a1B2_c-3')).toBe(true);
    for (const id of ['', 'a.b', '$set', 'a b', 'x'.repeat(129)]) expect(isCatalogHotelId(id)).toBe(false);
  });
});
