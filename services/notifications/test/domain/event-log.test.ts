// The event log's pure rules: what an event is about, and which records a reader may be shown yet.
import { describe, expect, it } from 'vitest';
import { refsOf, settledPrefix } from '../../src/domain/event-log.js';

describe('refsOf', () => {
  it('is the aggregate, then every id the payload names under a key ending in Id or Ids, each once', () => {
    const payload = {
      invoiceId: 'inv-1',
      itineraryId: 'it-1',
      userId: 'u-1',
      amount: { amount: 100, currency: 'USD' },
      cancelledBy: { userId: 'staff-1', role: 'role/support' },
      rooms: [{ hotelId: 'h-1', rateId: 'r-1' }, { hotelId: 'h-1' }],
      holdIds: ['hold-1', 42, 'hold-2'],
      id: 'not-a-ref',
      Id: 'nor-this',
      creator: 'ana-travels',
    };
    expect(refsOf({ aggregateId: 'inv-1', payload })).toEqual([
      'inv-1',
      'it-1',
      'u-1',
      'staff-1',
      'h-1',
      'r-1',
      'hold-1',
      'hold-2',
    ]);
  });

  it('leaves out what is not an id: numbers, empty or overlong strings, objects', () => {
    const payload = { userId: 7, invoiceId: '', paymentId: 'p'.repeat(129), requestId: { nested: 'x' }, ok: null };
    expect(refsOf({ aggregateId: 'a-1', payload })).toEqual(['a-1']);
    expect(refsOf({ aggregateId: 'a-1', payload: 'text' })).toEqual(['a-1']);
  });

  it('stops at a bounded depth and number of ids', () => {
    const deep = { a: { b: { c: { d: { e: { userId: 'too-deep' } } } } }, near: { userId: 'u-1' } };
    expect(refsOf({ aggregateId: 'a-1', payload: deep })).toEqual(['a-1', 'u-1']);
    const many = { itemIds: Array.from({ length: 200 }, (_, i) => `id-${i}`) };
    expect(refsOf({ aggregateId: 'a-1', payload: many })).toHaveLength(50);
  });
});

describe('settledPrefix', () => {
  const at = (seconds: number) => ({ recordedAt: new Date(Date.UTC(2026, 10, 24, 12, 0, seconds)) });

  it('keeps the records up to the first one recorded after the moment, and none after it', () => {
    const records = [at(1), at(2), at(9), at(3)];
    expect(settledPrefix(records, at(5).recordedAt)).toEqual([at(1), at(2)]);
    expect(settledPrefix(records, at(9).recordedAt)).toEqual(records);
    expect(settledPrefix(records, at(0).recordedAt)).toEqual([]);
  });
});
