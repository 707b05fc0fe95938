// The availability projection's own changes: set from their write's answer, and their events, when they come
// back, heard once without a re-read; an old state never replaces a newer one.
import { describe, expect, it } from 'vitest';
import { AvailabilityProjection } from '../../src/search/availability.js';

describe('the availability projection', () => {
  it('knows its own change once when its event comes back, and any other change not at all', () => {
    const projection = new AvailabilityProjection();
    projection.setOwn('h1|double', { taken: { '2027-03-10': 2 }, version: 4 }, 'catalog.hold.placed/hold-1');
    expect(projection.takenOn('h1|double', '2027-03-10')).toBe(2);
    expect(projection.heardOwn('catalog.hold.placed/hold-2')).toBe(false);
    expect(projection.heardOwn('catalog.booking.confirmed/hold-1')).toBe(false);
    expect(projection.heardOwn('catalog.hold.placed/hold-1')).toBe(true);
    expect(projection.heardOwn('catalog.hold.placed/hold-1')).toBe(false);
  });

  it('keeps the newer state whichever comes last', () => {
    const projection = new AvailabilityProjection();
    projection.set('h1|double', { taken: { '2027-03-10': 3 }, version: 5 });
    projection.setOwn('h1|double', { taken: { '2027-03-10': 2 }, version: 4 }, 'catalog.hold.released/hold-1');
    expect(projection.takenOn('h1|double', '2027-03-10')).toBe(3);
    expect(projection.heardOwn('catalog.hold.released/hold-1')).toBe(true);
  });

  it('forgets the oldest own changes past ten thousand, which are then read again', () => {
    const projection = new AvailabilityProjection();
    for (let i = 0; i <= 10_000; i += 1)
      projection.setOwn('h1|double', { taken: {}, version: i }, `catalog.hold.placed/hold-${i}`);
    expect(projection.heardOwn('catalog.hold.placed/hold-0')).toBe(false);
    expect(projection.heardOwn('catalog.hold.placed/hold-1')).toBe(true);
    expect(projection.heardOwn('catalog.hold.placed/hold-10000')).toBe(true);
  });
});
