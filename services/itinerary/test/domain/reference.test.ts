import { BookingReferenceSchema, normalizeBookingReference } from '@travelclub/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bookingReference } from '../../src/domain/reference.js';

describe('bookingReference', () => {
  it('is TC- and eight symbols without 0, O, 1 or I, the same for the same itinerary and attempt', () => {
    const id = randomUUID();
    const reference = bookingReference(id);
    expect(reference).toMatch(/^TC-[2-9A-HJ-NP-Z]{8}$/);
    expect(BookingReferenceSchema.parse(reference)).toBe(reference);
    expect(bookingReference(id)).toBe(reference);
    expect(bookingReference(id, 1)).not.toBe(reference);
  });

  it('spreads over the alphabet: 20,000 itineraries, no two alike, every symbol used', () => {
    const references = Array.from({ length: 20_000 }, () => bookingReference(randomUUID()));
    expect(new Set(references).size).toBe(references.length);
    const symbols = new Set(references.flatMap((r) => [...r.slice(3)]));
    expect(symbols.size).toBe(32);
    for (const unclear of ['0', 'O', '1', 'I']) expect(symbols.has(unclear)).toBe(false);
  });
});

describe('normalizeBookingReference', () => {
  it('reads a reference as people type it: any case, blanks or dashes, with or without TC-', () => {
    for (const typed of ['TC-7K3M9QXA', 'tc-7k3m9qxa', '7K3M9QXA', 'tc 7k3m 9qxa', ' 7K3M-9QXA '])
      expect(normalizeBookingReference(typed)).toBe('TC-7K3M9QXA');
  });

  it('is null for what cannot be a reference', () => {
    for (const typed of ['TC-7K3M9QX', 'TC-0K3M9QXA', 'TC-IK3M9QXA', randomUUID(), 'itn-1', ''])
      expect(normalizeBookingReference(typed)).toBeNull();
  });
});
