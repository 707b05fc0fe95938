// The itinerary's rules as plain functions: status and revision on cart changes, totals, frozen terms,
// what cancelling costs, and money as people read it.
import type { BookedRoom } from '@travelclub/contracts';
import type { AppError } from '@travelclub/kit';
import { describe, expect, it } from 'vitest';
import { cancel, cancellationMoney, recordGoodwillRefund, termsOf } from '../../src/domain/cancellation.js';
import { addRoom, holdKey, removeRooms } from '../../src/domain/cart.js';
import { confirm, holdReleased, newItinerary, totalOf, type ItineraryRecord } from '../../src/domain/itinerary.js';
import { formatMoney } from '../../src/domain/mails.js';
import { setGuestDetails, updateCustomerData } from '../../src/domain/guests.js';
import { assertPayable } from '../../src/domain/invoice.js';
import { releaseEndedLock, releasePaymentLock, takePaymentLock } from '../../src/domain/payment-lock.js';

const now = new Date('2030-01-10T12:00:00Z');

function room(holdId: string, amount: number, extra: Partial<BookedRoom> = {}): BookedRoom {
  return {
    roomType: { type: 'double', name: 'Double room' },
    rateId: `rate-${holdId}`,
    rateName: 'Flexible',
    rooms: 1,
    totalPrice: { amount, currency: 'USD' },
    cancellationPolicyText: 'Free until 3 days before',
    cancellationCharges: [
      { from: '2030-01-01T00:00:00Z', amount: { amount: 0, currency: 'USD' } },
      { from: '2030-01-20T00:00:00Z', amount: { amount, currency: 'USD' } },
    ],
    holdId,
    holdStatus: 'held',
    holdExpiresAt: '2030-01-10T12:15:00Z',
    ...extra,
  };
}

const itinerary = (extra: Partial<ItineraryRecord> = {}): ItineraryRecord => ({
  ...newItinerary('it-1', 'user-1', { currency: 'USD' }, now),
  ...extra,
});

const placement = (holdId: string, amount: number, lineItemId = 'li-1') => ({
  lineItemId,
  hotelId: 'h1',
  hotelName: 'Hotel One',
  checkInDate: '2030-02-01',
  checkOutDate: '2030-02-03',
  room: room(holdId, amount),
});

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as AppError).code;
  }
  return undefined;
};

describe('cart changes', () => {
  it('adds rooms, totals them, and takes a pending cart back to draft without its invoice', () => {
    const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
    expect(one.lineItems).toHaveLength(1);
    expect(one.revision).toBe(1);
    const pending = { ...one, status: 'pending_payment' as const, invoiceId: 'inv-1' };
    const two = addRoom(pending, placement('hold-b', 5_000), now)!;
    expect(two.lineItems[0]!.hotelBooking.rooms).toHaveLength(2);
    expect(two).toMatchObject({ status: 'draft', invoiceId: undefined, revision: 2 });
    expect(totalOf(two)).toEqual({ amount: 15_000, currency: 'USD' });
    // The same hold again changes nothing.
    expect(addRoom(two, placement('hold-b', 5_000), now)).toBeNull();
  });

  it('keeps a line item to its hotel and dates, and refuses closed or locked carts', () => {
    const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
    expect(codeOf(() => addRoom(one, { ...placement('hold-b', 1), hotelId: 'h2' }, now))).toBe(
      'hotel-booking-not-found',
    );
    expect(codeOf(() => addRoom({ ...one, status: 'confirmed' }, placement('hold-c', 1), now))).toBe(
      'itinerary-not-editable',
    );
    const locked = { ...one, paymentLock: { invoiceId: 'inv', until: new Date(now.getTime() + 1_000) } };
    expect(codeOf(() => addRoom(locked, placement('hold-c', 1), now))).toBe('payment-in-progress');
    // A lapsed lock still holds the cart: its payment may have charged without billing saying so yet.
    const lapsed = { ...one, paymentLock: { invoiceId: 'inv', until: new Date(now.getTime() - 1) } };
    expect(codeOf(() => addRoom(lapsed, placement('hold-c', 1), now))).toBe('payment-in-progress');
    expect(codeOf(() => removeRooms(lapsed, 'li-1', undefined, now))).toBe('payment-in-progress');
    expect(codeOf(() => cancel(lapsed, { userId: 'u', role: 'role/customer' }, 'requested', now))).toBe(
      'payment-in-progress',
    );
    // Once billing says its payment ended, it goes; a lock taken again since (live) stays.
    const ended = releaseEndedLock(lapsed, lapsed.paymentLock, now)!;
    expect(addRoom(ended, placement('hold-c', 1), now)?.paymentLock).toBeUndefined();
    expect(releaseEndedLock(locked, locked.paymentLock, now)).toBeNull();
  });

  it('removes a line item’s rooms, then has no booking left to remove', () => {
    const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
    const { record, removed } = removeRooms(one, 'li-1', undefined, now);
    expect(removed.map((r) => r.holdId)).toEqual(['hold-a']);
    expect(record.lineItems[0]!.hotelBooking.rooms).toEqual([]);
    expect(codeOf(() => removeRooms(record, 'li-1', undefined, now))).toBe('booking-not-found');
    expect(codeOf(() => removeRooms(record, 'li-x', undefined, now))).toBe('hotel-booking-not-found');
  });
});

describe('paying', () => {
  it('needs rooms, guest details and live holds', () => {
    expect(codeOf(() => assertPayable(itinerary(), now))).toBe('itinerary-empty');
    const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
    expect(codeOf(() => assertPayable(one, now))).toBe('guest-details-missing');
    const guest = { name: 'Ada', email: 'ada@example.test', phone: '+1 555 0100' };
    expect(
      codeOf(() =>
        setGuestDetails(one, guest, [{ lineItemId: 'li-1', holdId: 'hold-a', guestNames: ['A', 'B'] }], now),
      ),
    ).toBe('guest-names-mismatch');
    const ready = setGuestDetails(one, guest, [{ lineItemId: 'li-1', holdId: 'hold-a', guestNames: ['Ada'] }], now);
    expect(ready.revision).toBe(one.revision);
    expect(() => assertPayable(ready, now)).not.toThrow();
    expect(codeOf(() => assertPayable(ready, new Date('2030-01-10T12:15:00Z')))).toBe('hold-expired');
  });

  it('locks only for the awaited invoice, and confirms once', () => {
    const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
    const pending = { ...one, status: 'pending_payment' as const, invoiceId: 'inv-1' };
    const until = new Date(now.getTime() + 60_000);
    expect(codeOf(() => takePaymentLock(one, 'inv-1', until, now))).toBe('invoice-outdated');
    expect(codeOf(() => takePaymentLock(pending, 'inv-0', until, now))).toBe('invoice-outdated');
    expect(codeOf(() => takePaymentLock({ ...pending, status: 'expired' }, 'inv-1', until, now))).toBe('hold-expired');
    expect(takePaymentLock(pending, 'inv-1', until, now).paymentLock).toEqual({ invoiceId: 'inv-1', until });
    const confirmed = confirm(pending, 'inv-1', now)!;
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.lineItems[0]!.hotelBooking.rooms[0]!.holdStatus).toBe('booked');
    expect(confirm(confirmed, 'inv-1', now)).toBeNull();
    expect(confirm(pending, 'inv-2', now)).toBeNull();
  });

  it('keeps the lead guest of the paid booking, whatever the contact data says after', () => {
    const booked = { name: 'Ada', email: 'ada@example.test', phone: '+1 555 0100' };
    const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
    const pending = { ...one, status: 'pending_payment' as const, invoiceId: 'inv-1', leadGuest: booked };
    const confirmed = confirm(pending, 'inv-1', now)!;
    expect(confirmed.paidLeadGuest).toEqual(booked);
    const changed = updateCustomerData(confirmed, { leadGuest: { email: 'someone@example.test' } }, now);
    expect(changed.leadGuest?.email).toBe('someone@example.test');
    expect(changed.paidLeadGuest).toEqual(booked);
  });
});

describe('the payment lock of one payment', () => {
  const one = () => addRoom(itinerary(), placement('hold-a', 10_000), now)!;
  const pending = () => ({ ...one(), status: 'pending_payment' as const, invoiceId: 'inv-1' });
  const until = new Date(now.getTime() + 60_000);

  it('is its payment’s: taken again by it, refused to another while it lasts, given way once lapsed', () => {
    const locked = takePaymentLock(pending(), 'inv-1', until, now, 'pay-a');
    expect(locked.paymentLock).toEqual({ invoiceId: 'inv-1', paymentId: 'pay-a', until });
    expect(takePaymentLock(locked, 'inv-1', until, now, 'pay-a').paymentLock?.paymentId).toBe('pay-a');
    expect(codeOf(() => takePaymentLock(locked, 'inv-1', until, now, 'pay-b'))).toBe('payment-in-progress');
    // Billing starts another payment only once this one ended.
    const later = new Date(until.getTime() + 1);
    const next = new Date(later.getTime() + 60_000);
    expect(takePaymentLock(locked, 'inv-1', next, later, 'pay-b').paymentLock?.paymentId).toBe('pay-b');
  });

  it('is let go only by its own payment, or by a caller that names none', () => {
    const locked = takePaymentLock(pending(), 'inv-1', until, now, 'pay-a');
    expect(releasePaymentLock(locked, 'inv-1', now, 'pay-b')).toBeNull();
    expect(releasePaymentLock(locked, 'inv-0', now, 'pay-a')).toBeNull();
    expect(releasePaymentLock(locked, 'inv-1', now, 'pay-a')?.paymentLock).toBeUndefined();
    expect(releasePaymentLock(locked, 'inv-1', now)?.paymentLock).toBeUndefined();
  });
});

describe('cancelling and expiring', () => {
  it('charges by the frozen terms only once paid', () => {
    const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
    const terms = termsOf(one);
    expect(terms.lines[0]).toMatchObject({ holdId: 'hold-a', hotelName: 'Hotel One', totalPrice: { amount: 10_000 } });
    expect(cancellationMoney(one, terms, now, false).refund.amount).toBe(0);
    expect(cancellationMoney(one, terms, now, true)).toEqual({
      charge: { amount: 0, currency: 'USD' },
      refund: { amount: 10_000, currency: 'USD' },
    });
    const late = new Date('2030-01-25T00:00:00Z');
    expect(cancellationMoney(one, terms, late, true).refund.amount).toBe(0);
  });

  it("gives back at most what support staff's refunds of the paid invoice left, each refund counted once", () => {
    const one = { ...addRoom(itinerary(), placement('hold-a', 10_000), now)!, invoiceId: 'inv-2' };
    const terms = termsOf(one);
    const usd = (amount: number) => ({ amount, currency: 'USD' });
    const staff = { refundId: 're-1', invoiceId: 'inv-2', amount: usd(2_500) };
    const refunded = recordGoodwillRefund(one, staff)!;
    expect(recordGoodwillRefund(refunded, staff)).toBeNull();
    // A refund of an earlier invoice is not of this payment.
    const both = recordGoodwillRefund(refunded, { refundId: 're-0', invoiceId: 'inv-1', amount: usd(9_000) })!;
    expect(cancellationMoney(both, terms, now, true)).toEqual({ charge: usd(0), refund: usd(7_500) });
    expect(cancellationMoney(both, terms, now, false)).toEqual({ charge: usd(0), refund: usd(0) });
    // Late, the terms keep everything: nothing more goes back, and the payment keeps what staff left.
    const late = new Date('2030-01-25T00:00:00Z');
    expect(cancellationMoney(both, terms, late, true)).toEqual({ charge: usd(7_500), refund: usd(0) });
    expect(cancellationMoney(both, terms, late, true, true)).toEqual({ charge: usd(0), refund: usd(7_500) });
  });

  it('cancels open and confirmed itineraries, not expired ones; a booking failure cancels once', () => {
    const by = { userId: 'user-1', role: 'role/customer' as const };
    const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
    const cancelled = cancel(one, by, 'requested', now)!;
    expect(cancelled).toMatchObject({ status: 'cancelled', cancellation: { reason: 'requested', by } });
    expect(cancelled.terms?.lines).toHaveLength(1);
    expect(codeOf(() => cancel(cancelled, by, 'requested', now))).toBe('itinerary-not-cancellable');
    expect(codeOf(() => cancel({ ...one, status: 'expired' }, by, 'requested', now))).toBe('itinerary-not-cancellable');
    expect(cancel(cancelled, by, 'booking-failed', now)).toBeNull();
  });

  it('expires an open cart when its hold lapses, and only marks the room otherwise', () => {
    const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
    expect(holdReleased(one, 'hold-a', 'expired', now)).toMatchObject({ expired: true, record: { status: 'expired' } });
    const removed = holdReleased(one, 'hold-a', 'removed', now)!;
    expect(removed.expired).toBe(false);
    expect(removed.record.lineItems[0]!.hotelBooking.rooms[0]!.holdStatus).toBe('released');
    expect(holdReleased(one, 'hold-x', 'expired', now)).toBeNull();
    expect(holdReleased({ ...one, status: 'confirmed' }, 'hold-a', 'expired', now)?.expired).toBe(false);
  });
});

describe('formatting and keys', () => {
  it('formats money in its currency’s minor units', () => {
    expect(formatMoney({ amount: 129_999, currency: 'USD' })).toBe('$1,299.99');
    expect(formatMoney({ amount: 1_500, currency: 'JPY' })).toBe('¥1,500');
    expect(formatMoney({ amount: 0, currency: 'EUR' })).toBe('€0.00');
  });

  it('keeps hold keys within the catalog’s 100 characters, the same parts giving the same key', () => {
    expect(holdKey('it', 'li', 'room')).toBe('it.li.room');
    const long = holdKey('x'.repeat(60), 'y'.repeat(30), 'z'.repeat(30));
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long).toBe(holdKey('x'.repeat(60), 'y'.repeat(30), 'z'.repeat(30)));
  });
});
