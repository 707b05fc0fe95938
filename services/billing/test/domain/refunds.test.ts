import { describe, expect, it } from 'vitest';
import {
  commissionShare,
  committedAmount,
  refundableAmount,
  refundedAmount,
  refundRecords,
  type RefundRecord,
} from '../../src/domain/refunds.js';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const at = (minute: number) => new Date(Date.UTC(2030, 0, 1, 10, minute));

const staffRefund = (amount: number, status: RefundRecord['status'], minute: number): RefundRecord => ({
  key: `goodwill:${minute}`,
  amount: usd(amount),
  reason: 'goodwill',
  status,
  refundId: `rfd_${minute}`,
  staffId: 'staff-1',
  reservedAt: at(minute),
  ...(status === 'issued' ? { issuedAt: at(minute) } : {}),
});

describe('what is left of a payment', () => {
  it('counts refunds under way against the payment, but only issued ones as refunded', () => {
    const invoice = {
      payment: { amount: usd(100_00) },
      refunds: { a: staffRefund(30_00, 'issued', 1), b: staffRefund(20_00, 'reserved', 2) },
    };
    expect(refundedAmount(invoice)).toBe(30_00);
    expect(committedAmount(invoice)).toBe(50_00);
    expect(refundableAmount(invoice)).toBe(50_00);
    expect(refundableAmount(invoice, 'b')).toBe(70_00);
  });

  it('leaves nothing to refund of an invoice never paid', () => {
    expect(refundableAmount({})).toBe(0);
  });

  it('counts a cancellation kept only as the invoice’s refund (before staff refunds existed)', () => {
    const invoice = {
      payment: { amount: usd(100_00) },
      refund: { id: 're_1', amount: usd(60_00), reason: 'cancelled', issuedAt: at(5) },
      refunds: { a: staffRefund(10_00, 'issued', 1) },
    };
    expect(refundRecords(invoice).map((r) => [r.reason, r.amount.amount])).toEqual([
      ['goodwill', 10_00],
      ['cancelled', 60_00],
    ]);
    expect(refundableAmount(invoice)).toBe(30_00);
  });
});

describe('commissionShare', () => {
  it('takes back the refund’s share, so shares of a whole refund add up to the commission', () => {
    const commission = usd(50_00);
    const paid = usd(333_33);
    const shares = [0, 111_11, 222_22].map((before) => commissionShare(commission, paid, before, 111_11).amount);
    expect(shares).toEqual([16_67, 16_66, 16_67]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(50_00);
  });

  it('is nothing of a payment of nothing', () => {
    expect(commissionShare(usd(10_00), usd(0), 0, 0)).toEqual(usd(0));
  });
});
