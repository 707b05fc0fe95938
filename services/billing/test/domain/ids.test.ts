import { describe, expect, it } from 'vitest';
import { invoiceIdFor, paymentIdFor, paymentRequestHash } from '../../src/domain/ids.js';

const card = { number: '4242424242424242', expiry: '12/39', cvc: '123', holderName: 'Ada Lovelace' };

describe('ids', () => {
  it('gives an itinerary revision one invoice id, and another revision another', () => {
    expect(invoiceIdFor('it-1', 3)).toBe(invoiceIdFor('it-1', 3));
    expect(invoiceIdFor('it-1', 4)).not.toBe(invoiceIdFor('it-1', 3));
    expect(invoiceIdFor('it-1', 3)).toMatch(/^inv_[A-Za-z0-9_-]{24}$/);
  });

  it('gives a key one payment id per invoice', () => {
    expect(paymentIdFor('inv_a', 'key-12345')).toBe(paymentIdFor('inv_a', 'key-12345'));
    expect(paymentIdFor('inv_b', 'key-12345')).not.toBe(paymentIdFor('inv_a', 'key-12345'));
    expect(paymentIdFor('inv_a', 'key-12345')).toMatch(/^pay_[A-Za-z0-9_-]{24}$/);
  });
});

describe('paymentRequestHash', () => {
  it('tells another card, expiry or holder apart', () => {
    const base = paymentRequestHash('inv_a', card);
    expect(paymentRequestHash('inv_a', { ...card })).toBe(base);
    expect(paymentRequestHash('inv_a', { ...card, number: '4000000000000002' })).not.toBe(base);
    expect(paymentRequestHash('inv_a', { ...card, expiry: '11/39' })).not.toBe(base);
    expect(paymentRequestHash('inv_a', { ...card, holderName: 'Grace Hopper' })).not.toBe(base);
  });

  it('does not depend on the security code, which is never kept in any form', () => {
    expect(paymentRequestHash('inv_a', { ...card, cvc: '999' })).toBe(paymentRequestHash('inv_a', card));
  });
});
