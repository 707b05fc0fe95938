// The itinerary's rules as plain functions: status and revision on cart changes, totals, frozen terms, the
// invoice billing gave back, what cancelling costs and gives back, and money as people read it.
import type { BookedRoom, CancellationTerms } from '@travelclub/contracts';
import type { AppError } from '@travelclub/kit';
import { describe, expect, it } from 'vitest';
import {
  cancel,
  cancellationMoney,
  cancellationSettlement,
  recordGoodwillRefund,
  termsChargeAt,
  termsOf,
} from '../../src/domain/cancellation.js';
import { addRoom, holdKey, removeRooms, swapRooms } from '../../src/domain/cart.js';
import {
  assertCartEditable,
  confirm,
  holdReleased,
  invoiceWithdrawn,
  newItinerary,
  totalOf,
  type ItineraryRecord,
} from '../../src/domain/itinerary.js';
import { setGuestDetails, updateCustomerData } from '../../src/domain/guests.js';
import { assertPayable, awaitPayment, holdsUntil, invoiceDraftOf } from '../../src/domain/invoice.js';

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

const guest = { name: 'Ada', email: 'ada@example.test', phone: '+1 555 0100' };

/** A cart of one room, with guest details, awaiting invoice `inv-1` with its terms frozen. */
function awaiting(): ItineraryRecord {
  const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
  const ready = setGuestDetails(one, guest, [{ lineItemId: 'li-1', holdId: 'hold-a', guestNames: ['Ada'] }], now);
  return awaitPayment(ready, ready.revision, 'inv-1', termsOf(ready), now)!;
}

describe('cart changes', () => {
  it('adds rooms and totals them, each change a new revision of a draft', () => {
    const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
    expect(one.lineItems).toHaveLength(1);
    expect(one).toMatchObject({ status: 'draft', revision: 1 });
    const two = addRoom(one, placement('hold-b', 5_000), now)!;
    expect(two.lineItems[0]!.hotelBooking.rooms).toHaveLength(2);
    expect(two).toMatchObject({ status: 'draft', invoiceId: undefined, revision: 2 });
    expect(totalOf(two)).toEqual({ amount: 15_000, currency: 'USD' });
    // The same hold again changes nothing.
    expect(addRoom(two, placement('hold-b', 5_000), now)).toBeNull();
  });

  it('keeps a line item to its hotel and dates, and refuses closed carts', () => {
    const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
    expect(codeOf(() => addRoom(one, { ...placement('hold-b', 1), hotelId: 'h2' }, now))).toBe(
      'hotel-booking-not-found',
    );
    for (const status of ['confirmed', 'cancelled', 'expired'] as const) {
      const closed = { ...one, status };
      expect(codeOf(() => assertCartEditable(closed))).toBe('itinerary-not-editable');
      expect(codeOf(() => addRoom(closed, placement('hold-c', 1), now))).toBe('itinerary-not-editable');
      expect(codeOf(() => removeRooms(closed, 'li-1', undefined, now))).toBe('itinerary-not-editable');
    }
    expect(() => assertCartEditable(one)).not.toThrow();
  });

  it('refuses to change a cart awaiting payment: billing must give its invoice back first', () => {
    const pending = awaiting();
    expect(pending).toMatchObject({ status: 'pending_payment', invoiceId: 'inv-1' });
    expect(codeOf(() => assertCartEditable(pending))).toBe('payment-in-progress');
    expect(codeOf(() => addRoom(pending, placement('hold-b', 5_000), now))).toBe('payment-in-progress');
    expect(codeOf(() => removeRooms(pending, 'li-1', undefined, now))).toBe('payment-in-progress');
    expect(codeOf(() => swapRooms(pending, placement('hold-b', 5_000), ['hold-a'], now))).toBe('payment-in-progress');
    expect(codeOf(() => cancel(pending, { userId: 'user-1', role: 'role/customer' }, 'requested', now))).toBe(
      'payment-in-progress',
    );
    // Another checkout of the same revision that awaited another invoice meanwhile is not adopted either.
    expect(codeOf(() => awaitPayment(pending, pending.revision, 'inv-2', pending.terms!, now))).toBe(
      'payment-in-progress',
    );
    // The same invoice again: nothing to do.
    expect(awaitPayment(pending, pending.revision, 'inv-1', pending.terms!, now)).toBeNull();
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

describe('billing giving the awaited invoice back (invoiceWithdrawn)', () => {
  const later = new Date(now.getTime() + 5_000);

  it('makes the cart a draft again at a new revision, without the invoice or its terms, rooms and guests kept', () => {
    const pending = { ...awaiting(), traceId: 'trace-1' };
    const reopened = invoiceWithdrawn(pending, 'inv-1', later)!;
    expect(reopened).toMatchObject({ status: 'draft', revision: pending.revision + 1, updatedAt: later });
    expect(reopened.invoiceId).toBeUndefined();
    expect(reopened.terms).toBeUndefined();
    expect(reopened.lineItems).toEqual(pending.lineItems);
    expect(reopened.leadGuest).toEqual(guest);
    expect(reopened.traceId).toBe('trace-1');
    // Now the cart may change, and be cancelled.
    const two = addRoom(reopened, placement('hold-b', 5_000), later)!;
    expect(two).toMatchObject({ status: 'draft', revision: pending.revision + 2 });
    expect(cancel(reopened, { userId: 'user-1', role: 'role/customer' }, 'requested', later)?.status).toBe('cancelled');
  });

  it('changes nothing unless the cart awaits that very invoice', () => {
    const pending = awaiting();
    expect(invoiceWithdrawn(pending, 'inv-0', later)).toBeNull();
    const reopened = invoiceWithdrawn(pending, 'inv-1', later)!;
    // Recorded twice (a retried request): once only.
    expect(invoiceWithdrawn(reopened, 'inv-1', later)).toBeNull();
    expect(invoiceWithdrawn(confirm(pending, 'inv-1', now)!, 'inv-1', later)).toBeNull();
    expect(invoiceWithdrawn({ ...pending, status: 'cancelled' }, 'inv-1', later)).toBeNull();
  });

  it('never awaits the withdrawn invoice again: the next checkout is of the new revision', () => {
    const pending = awaiting();
    const reopened = invoiceWithdrawn(pending, 'inv-1', later)!;
    expect(codeOf(() => awaitPayment(reopened, pending.revision, 'inv-1', pending.terms!, later))).toBe(
      'invoice-outdated',
    );
    expect(codeOf(() => invoiceDraftOf(reopened, pending.revision, later))).toBe('invoice-outdated');
    const draft = invoiceDraftOf(reopened, reopened.revision, later);
    expect(draft).toMatchObject({ itineraryId: 'it-1', revision: reopened.revision, terms: termsOf(reopened) });
    const next = awaitPayment(reopened, reopened.revision, 'inv-2', draft.terms, later)!;
    expect(next).toMatchObject({ status: 'pending_payment', invoiceId: 'inv-2', revision: reopened.revision });
  });
});

describe('paying', () => {
  it('needs rooms, guest details and live holds', () => {
    expect(codeOf(() => assertPayable(itinerary(), now))).toBe('itinerary-empty');
    const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
    expect(codeOf(() => assertPayable(one, now))).toBe('guest-details-missing');
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

  it('tells billing in the draft when the first hold lapses', () => {
    const one = addRoom(itinerary(), placement('hold-a', 10_000), now)!;
    const soon = {
      ...placement('hold-b', 5_000),
      room: room('hold-b', 5_000, { holdExpiresAt: '2030-01-10T12:05:00Z' }),
    };
    const late = {
      ...placement('hold-c', 1_000),
      room: room('hold-c', 1_000, { holdExpiresAt: '2030-01-10T13:00:00Z' }),
    };
    const three = addRoom(addRoom(addRoom(itinerary(), placement('hold-a', 10_000), now)!, late, now)!, soon, now)!;
    expect(holdsUntil(one)).toBe('2030-01-10T12:15:00.000Z');
    expect(holdsUntil(three)).toBe('2030-01-10T12:05:00.000Z');
    const names = three.lineItems[0]!.hotelBooking.rooms.map((r) => ({
      lineItemId: 'li-1',
      holdId: r.holdId,
      guestNames: ['Ada'],
    }));
    const ready = setGuestDetails(three, guest, names, now);
    expect(invoiceDraftOf(ready, ready.revision, now).holdsUntil).toBe('2030-01-10T12:05:00.000Z');
  });

  it('confirms once, and only for the awaited invoice', () => {
    const pending = awaiting();
    const confirmed = confirm(pending, 'inv-1', now)!;
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.lineItems[0]!.hotelBooking.rooms[0]!.holdStatus).toBe('booked');
    expect(confirm(confirmed, 'inv-1', now)).toBeNull();
    expect(confirm(pending, 'inv-2', now)).toBeNull();
    // An invoice billing gave back is not paid later.
    expect(confirm(invoiceWithdrawn(pending, 'inv-1', now)!, 'inv-1', now)).toBeNull();
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

const usd = (amount: number) => ({ amount, currency: 'USD' });

/** Frozen terms of one room (or more, with `more`) costing 200, charged per `charges` from each instant on. */
const frozenTerms = (charges: { from: string; amount: number }[], more = 0): CancellationTerms => ({
  currency: 'USD',
  lines: Array.from({ length: 1 + more }, (_, i) => ({
    lineItemId: 'li-1',
    holdId: `h-${i + 1}`,
    hotelId: 'hotel-1',
    hotelName: 'Hotel',
    roomTypeName: 'Double',
    rateName: 'Flexible',
    checkInDate: '2030-05-01',
    checkOutDate: '2030-05-03',
    totalPrice: usd(200_00),
    policyText: '',
    charges: charges.map((c) => ({ from: c.from, amount: usd(c.amount) })),
  })),
});

describe('termsChargeAt', () => {
  const charges = [
    { from: '2030-04-20T00:00:00.000Z', amount: 50_00 },
    { from: '2030-04-30T00:00:00.000Z', amount: 200_00 },
  ];
  const at = (day: string) => new Date(`${day}T00:00:00Z`);

  it('is the charge in force at the instant, summed over every room', () => {
    expect(termsChargeAt(frozenTerms(charges), at('2030-04-01'))).toEqual(usd(0));
    expect(termsChargeAt(frozenTerms(charges), at('2030-04-20'))).toEqual(usd(50_00));
    expect(termsChargeAt(frozenTerms(charges), at('2030-04-29'))).toEqual(usd(50_00));
    expect(termsChargeAt(frozenTerms(charges), at('2030-04-30'))).toEqual(usd(200_00));
    expect(termsChargeAt(frozenTerms(charges, 1), at('2030-04-25'))).toEqual(usd(100_00));
  });

  it('is never more than was paid, when told what was', () => {
    expect(termsChargeAt(frozenTerms(charges, 1), at('2030-05-01'), usd(300_00))).toEqual(usd(300_00));
    expect(termsChargeAt(frozenTerms(charges, 1), at('2030-05-01'))).toEqual(usd(400_00));
    expect(termsChargeAt(frozenTerms(charges), at('2030-04-25'), usd(0))).toEqual(usd(0));
  });
});

describe('cancellationSettlement', () => {
  const charges = [
    { from: '2030-04-20T00:00:00.000Z', amount: 50_00 },
    { from: '2030-04-30T00:00:00.000Z', amount: 200_00 },
  ];

  it.each([
    // Before the first charge: everything back.
    [200_00, '2030-04-01', false, 200_00, 0],
    // The charge in force at the instant is kept: the first, then the last.
    [200_00, '2030-04-25', false, 150_00, 50_00],
    [200_00, '2030-04-30', false, 0, 200_00],
    // Never more than was paid.
    [100_00, '2030-05-01', false, 0, 100_00],
    // A failed booking gives everything back, whatever the terms.
    [200_00, '2030-05-01', true, 200_00, 0],
    // Nothing paid: nothing kept, nothing given back.
    [0, '2030-05-01', false, 0, 0],
    [0, '2030-05-01', true, 0, 0],
  ])(
    'of %i paid, cancelled on %s (the booking failed: %s), gives back %i and keeps %i',
    (paid, day, failed, refund, charge) => {
      const settlement = cancellationSettlement(usd(paid), frozenTerms(charges), new Date(`${day}T00:00:00Z`), failed);
      expect(settlement).toEqual({ refund: usd(refund), charge: usd(charge) });
    },
  );

  it.each([
    // Staff gave back 50 of 200: a free cancellation gives back the 150 left.
    ['2030-04-01', false, 150_00, 0],
    // The charge of 50 in force: the terms give back 150, all that is left; nothing is kept.
    ['2030-04-25', false, 150_00, 0],
    // Everything charged: nothing more back, the payment keeps what staff left.
    ['2030-04-30', false, 0, 150_00],
    // A failed booking: all that is left goes back.
    ['2030-05-01', true, 150_00, 0],
  ])(
    'of 200 paid with 50 refunded by staff, cancelled on %s (failed: %s), gives back %i and keeps %i',
    (day, failed, refund, charge) => {
      const settlement = cancellationSettlement(
        usd(200_00),
        frozenTerms(charges),
        new Date(`${day}T00:00:00Z`),
        failed,
        50_00,
      );
      expect(settlement).toEqual({ refund: usd(refund), charge: usd(charge) });
    },
  );
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

describe('keys', () => {
  it('keeps hold keys within the catalog’s 100 characters, the same parts giving the same key', () => {
    expect(holdKey('it', 'li', 'room')).toBe('it.li.room');
    const long = holdKey('x'.repeat(60), 'y'.repeat(30), 'z'.repeat(30));
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long).toBe(holdKey('x'.repeat(60), 'y'.repeat(30), 'z'.repeat(30)));
  });
});
