// The invoice store's changes are checked on the invoice read by `_id` and written under `{ _id, seq }`
// (store/guarded-writes.ts): the check must agree with MongoDB's own matching for every condition the store's
// changes use, or a change would be made (or refused) where the filter it replaced decided otherwise.
import { describe, expect, it } from 'vitest';
import { meets } from '../../src/store/guarded-writes.js';

const now = new Date('2026-05-01T10:00:00Z');
const invoice = {
  _id: 'inv_1',
  status: 'open',
  lease: { paymentId: 'pay_a', until: new Date('2026-05-01T09:59:00Z') },
  attempts: { pay_a: { status: 'processing' } },
  refunds: { cancellation: { status: 'reserved' } },
  refundSeq: 2,
};

describe('meets', () => {
  it('compares fields and dotted paths, where null also matches a missing field', () => {
    expect(meets(invoice, { _id: 'inv_1', status: 'open', 'attempts.pay_a.status': 'processing' })).toBe(true);
    expect(meets(invoice, { _id: 'inv_1', status: 'paid' })).toBe(false);
    expect(meets(invoice, { 'attempts.pay_b': null })).toBe(true);
    expect(meets(invoice, { lease: null })).toBe(false);
    expect(meets({ ...invoice, lease: null }, { lease: null })).toBe(true);
  });

  it('knows $exists, $ne, $in, $lte on dates and $or, as the store’s changes use them', () => {
    expect(meets(invoice, { 'attempts.pay_b': { $exists: false }, payment: { $exists: false } })).toBe(true);
    expect(meets(invoice, { 'attempts.pay_a': { $exists: false } })).toBe(false);
    expect(meets(invoice, { 'attempts.pay_a.status': { $ne: 'processing' } })).toBe(false);
    expect(meets(invoice, { 'attempts.pay_b.status': { $ne: 'processing' } })).toBe(true);
    expect(meets(invoice, { status: { $in: ['paid', 'refunded'] } })).toBe(false);
    expect(meets(invoice, { 'lease.until': { $lte: now } })).toBe(true);
    expect(meets(invoice, { 'lease.until': { $lte: new Date('2026-05-01T09:00:00Z') } })).toBe(false);
    expect(meets({ ...invoice, lease: null }, { 'lease.until': { $lte: now } })).toBe(false);
    const lapsedOrFree = { $or: [{ lease: null }, { 'lease.paymentId': 'pay_a', 'lease.until': { $lte: now } }] };
    expect(meets(invoice, lapsedOrFree)).toBe(true);
    expect(meets({ ...invoice, lease: { paymentId: 'pay_b', until: now } }, lapsedOrFree)).toBe(false);
    expect(meets(invoice, { refundSeq: 2, 'refunds.cancellation.status': 'reserved' })).toBe(true);
    expect(meets(invoice, { refundSeq: { $exists: false } })).toBe(false);
  });

  it('refuses an operator it does not know rather than guess', () => {
    expect(() => meets(invoice, { refundSeq: { $gt: 1 } })).toThrow(/\$gt/);
  });
});
