// What billing's and the catalog's events do to itineraries, through real Kafka: paid → confirmed once
// (one event, one mail, whatever the redeliveries), a lapsed hold → expired, a failed booking → cancelled,
// support staff's refund → a smaller refund on cancelling; and the refund itinerary.cancelled tells billing.
// A payment's decline or refund is no news to the itinerary any more.
import { formatMoney, type CancellationTerms, type Itinerary, type Money } from '@travelclub/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { termsChargeAt } from '../../src/domain/cancellation.js';
import { expectError, itineraryUrl, useWorld, type Traveller } from '../helpers.js';

const world = useWorld();
const { call } = world;

const statusOf = async (id: string, who: Traveller) =>
  (await call('GET', itineraryUrl(id), who)).json<Itinerary>().status;

/** What cancelling a paid itinerary gives back under `terms` at `at`, without staff refunds: total less charge. */
const termsRefund = (terms: CancellationTerms, at: string, total: Money): Money => ({
  amount: total.amount - termsChargeAt(terms, new Date(at), total).amount,
  currency: total.currency,
});

function paid(itinerary: Itinerary, invoiceId = itinerary.invoiceId!) {
  return {
    invoiceId,
    itineraryId: itinerary.id,
    userId: itinerary.ownerId,
    paymentId: `pay_${randomUUID()}`,
    amount: itinerary.total,
    paidAt: new Date().toISOString(),
  };
}

describe('billing.invoice.paid', () => {
  it('names the creator an itinerary is attributed to on itinerary.confirmed and itinerary.cancelled', async () => {
    const me = await world.traveller();
    const pending = await world.pendingCart(me, undefined, { creator: 'ana-travels' });
    await world.publish('billing.invoice.paid', pending.invoiceId!, paid(pending));
    await expect.poll(() => statusOf(pending.id, me), { timeout: 15_000 }).toBe('confirmed');
    const [confirmed] = await world.eventsAbout(pending.id, 'itinerary.confirmed', 1);
    expect(confirmed!.payload).toMatchObject({ itineraryId: pending.id, creator: 'ana-travels' });

    expect((await call('PUT', itineraryUrl(pending.id, 'cancel'), me)).statusCode).toBe(200);
    const [cancelled] = await world.eventsAbout(pending.id, 'itinerary.cancelled', 1);
    expect(cancelled!.payload).toMatchObject({ itineraryId: pending.id, creator: 'ana-travels', reason: 'requested' });
    const { terms, cancelledAt } = cancelled!.payload as { terms: CancellationTerms; cancelledAt: string };
    expect(cancelled!.payload.refund).toEqual(termsRefund(terms, cancelledAt, pending.total));
  });

  it('confirms once, with one itinerary.confirmed and one confirmation mail, whatever the redeliveries', async () => {
    const { me, pending } = await world.newPendingCart('confirmed@example.test');
    // Another invoice of the same itinerary (an outdated one) changes nothing.
    await world.publish('billing.invoice.paid', 'inv_outdated', paid(pending, 'inv_outdated'));
    const event = await world.publish('billing.invoice.paid', pending.invoiceId!, paid(pending));
    await world.publish('billing.invoice.paid', pending.invoiceId!, paid(pending), event); // the same, redelivered
    await world.publish('billing.invoice.paid', pending.invoiceId!, paid(pending)); // a second event of it
    await expect.poll(() => statusOf(pending.id, me), { timeout: 15_000 }).toBe('confirmed');

    const confirmed = (await call('GET', itineraryUrl(pending.id), me)).json<Itinerary>();
    expect(confirmed.invoiceId).toBe(pending.invoiceId);
    expect(confirmed.confirmedAt).toBeDefined();
    expect(confirmed.lineItems[0]!.hotelBooking.rooms[0]!.holdStatus).toBe('booked');

    const events = await world.eventsAbout(pending.id, 'itinerary.confirmed', 1, 1_500);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      itineraryId: pending.id,
      userId: me.id,
      invoiceId: pending.invoiceId,
      total: pending.total,
    });

    const jobs = await world.emailJobs(pending.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toMatchObject({
      to: 'confirmed@example.test',
      template: 'booking-confirmation',
      idempotencyKey: `booking-confirmation:${pending.id}`,
      data: {
        link: `https://travelclub.test/itinerary/${pending.id}/confirmation`,
        itineraryId: pending.id,
        leadGuestName: 'Ada Lovelace',
        total: formatMoney(pending.total),
      },
    });
    // The catalog heard the same payment and booked the room.
    const holdId = pending.lineItems[0]!.hotelBooking.rooms[0]!.holdId;
    await expect.poll(async () => (await world.catalog.catalog.inventory.get(holdId))?.status).toBe('booked');

    // Paid: the cart is closed, and what cancelling now gives back is the total less the charge in force.
    const offerless = await call('POST', itineraryUrl(pending.id, 'removeHotel'), me, {
      lineItemId: pending.lineItems[0]!.identity,
    });
    expectError(offerless, 'itinerary-not-editable');
    const terms = await call('GET', itineraryUrl(pending.id, 'cancellationTerms'), me);
    const body = terms.json();
    const charge = termsChargeAt(body.terms, new Date(), pending.total);
    expect(body.chargeNow).toEqual(charge);
    expect(body.refundNow).toEqual({ amount: pending.total.amount - charge.amount, currency: 'USD' });

    // Cancelling a paid itinerary tells billing what to give back of the paid invoice, under the terms frozen
    // with it at the instant of cancelling, and mails what is charged and given back. Billing is not asked to
    // take a paid invoice back.
    const cancelled = await call('PUT', itineraryUrl(pending.id, 'cancel'), me);
    expect(cancelled.statusCode).toBe(200);
    const [cancelledEvent] = await world.eventsAbout(pending.id, 'itinerary.cancelled', 1);
    expect(cancelledEvent!.payload).toMatchObject({
      invoiceId: pending.invoiceId,
      reason: 'requested',
      terms: body.terms,
    });
    const refund = termsRefund(body.terms, cancelled.json<Itinerary>().cancellation!.at, pending.total);
    expect(cancelledEvent!.payload.refund).toEqual(refund);
    expect(world.billing.withdrawals.map((w) => w.invoiceId)).not.toContain(pending.invoiceId);
    const mails = (await world.emailJobs(pending.id)).filter((j) => j.data.template === 'booking-cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.data).toMatchObject({
      charge: formatMoney({ amount: pending.total.amount - refund.amount, currency: 'USD' }),
      refund: formatMoney(refund),
    });
  });
});

describe('catalog.hold.released', () => {
  it('expires an unpaid cart whose hold lapsed, with itinerary.expired', async () => {
    const { me, pending } = await world.newPendingCart();
    const item = pending.lineItems[0]!;
    const room = item.hotelBooking.rooms[0]!;
    // The catalog's expiry job lets the hold go.
    const released = await world.catalog.catalog.inventory.release(room.holdId, 'expired', {
      correlationId: randomUUID(),
      causationId: randomUUID(),
    });
    expect(released).not.toBeNull();
    await expect.poll(() => statusOf(pending.id, me), { timeout: 15_000 }).toBe('expired');
    const expired = (await call('GET', itineraryUrl(pending.id), me)).json<Itinerary>();
    expect(expired.lineItems[0]!.hotelBooking.rooms[0]!.holdStatus).toBe('released');

    const [event] = await world.eventsAbout(pending.id, 'itinerary.expired', 1);
    expect(event!.payload).toEqual({ itineraryId: pending.id, userId: me.id, invoiceId: pending.invoiceId });

    // An expired itinerary cannot be invoiced again, changed or cancelled; billing is not asked for anything.
    const asked = world.billing.calls.length;
    expectError(await call('POST', itineraryUrl(pending.id, 'createInvoice'), me), 'itinerary-not-editable');
    expectError(await call('PUT', itineraryUrl(pending.id, 'cancel'), me), 'itinerary-not-cancellable');
    expectError(
      await call('POST', itineraryUrl(pending.id, 'removeHotel'), me, { lineItemId: item.identity }),
      'itinerary-not-editable',
    );
    expect(world.billing.calls.length).toBe(asked);
    expect(world.billing.withdrawals.map((w) => w.invoiceId)).not.toContain(pending.invoiceId);
    expect((await call('GET', itineraryUrl(pending.id, 'preCheck'), me)).json()).toMatchObject({
      ok: false,
      lines: [{ status: 'hold-expired' }],
    });
  });
});

describe('catalog.booking.failed', () => {
  it('cancels a paid itinerary whose room could not be booked, with its terms, as the system', async () => {
    const { me, pending } = await world.newPendingCart('failed@example.test');
    await world.publish('billing.invoice.paid', pending.invoiceId!, paid(pending));
    await expect.poll(() => statusOf(pending.id, me), { timeout: 15_000 }).toBe('confirmed');
    const room = pending.lineItems[0]!.hotelBooking.rooms[0]!;
    const failure = {
      holdId: room.holdId,
      hotelId: pending.lineItems[0]!.hotelBooking.hotelId,
      roomType: room.roomType.type,
      itineraryId: pending.id,
      invoiceId: pending.invoiceId!,
      reason: 'sold meanwhile',
    };
    await world.publish('catalog.booking.failed', room.holdId, failure);
    await world.publish('catalog.booking.failed', room.holdId, failure);
    await expect.poll(() => statusOf(pending.id, me), { timeout: 15_000 }).toBe('cancelled');
    const cancelled = (await call('GET', itineraryUrl(pending.id), me)).json<Itinerary>();
    expect(cancelled.cancellation).toMatchObject({
      by: { userId: 'system', role: 'role/support' },
      reason: 'booking-failed',
    });

    const events = await world.eventsAbout(pending.id, 'itinerary.cancelled', 1, 1_000);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      invoiceId: pending.invoiceId,
      reason: 'booking-failed',
      cancelledBy: { userId: 'system', role: 'role/support' },
      terms: { lines: [{ holdId: room.holdId }] },
      // The traveller got nothing: all of it back, whatever the terms.
      refund: pending.total,
    });
    const mails = (await world.emailJobs(pending.id)).filter((j) => j.data.template === 'booking-cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.data).toMatchObject({ charge: '$0.00', refund: formatMoney(pending.total) });
  });
});

describe('billing.refund.issued by support staff', () => {
  it("caps what a later cancellation gives back at what the staff's refunds left, counted once", async () => {
    const { me, pending } = await world.newPendingCart('goodwill@example.test', { refundable: true });
    await world.publish('billing.invoice.paid', pending.invoiceId!, paid(pending));
    await expect.poll(() => statusOf(pending.id, me), { timeout: 15_000 }).toBe('confirmed');
    const before = (await call('GET', itineraryUrl(pending.id, 'cancellationTerms'), me)).json();
    const { amount: total, currency } = pending.total;
    expect(before.refundNow.amount).toBeGreaterThan(0);
    expect(before.refundedBefore).toBeUndefined();
    // Half of what the terms give back, on top of the charge: the terms alone would give back twice the rest.
    const given = before.chargeNow.amount + Math.ceil(before.refundNow.amount / 2);
    const refund = (invoiceId: string, amount: number, reason: 'goodwill' | 'cancelled' = 'goodwill') => ({
      refundId: `re_${randomUUID()}`,
      invoiceId,
      itineraryId: pending.id,
      userId: me.id,
      amount: { amount, currency },
      charge: { amount: total - amount, currency },
      reason,
      staffId: 'support-1',
    });
    const staffRefund = refund(pending.invoiceId!, given);
    const event = await world.publish('billing.refund.issued', pending.invoiceId!, staffRefund);
    await world.publish('billing.refund.issued', pending.invoiceId!, staffRefund, event); // redelivered
    await world.publish('billing.refund.issued', pending.invoiceId!, staffRefund); // published twice: one refund
    // Another invoice's refund, and a cancellation's, are not the staff's refunds of this payment.
    await world.publish('billing.refund.issued', 'inv_outdated', refund('inv_outdated', 100));
    await world.publish('billing.refund.issued', pending.invoiceId!, refund(pending.invoiceId!, 100, 'cancelled'));

    const left = { amount: total - given, currency };
    await expect
      .poll(async () => (await call('GET', itineraryUrl(pending.id, 'cancellationTerms'), me)).json().refundNow, {
        timeout: 15_000,
      })
      .toEqual(left);
    await world.eventsAbout(pending.id, 'itinerary.confirmed', 1, 1_000); // the copies have had their time
    const after = (await call('GET', itineraryUrl(pending.id, 'cancellationTerms'), me)).json();
    expect(after).toMatchObject({
      refundNow: left,
      chargeNow: { amount: 0, currency },
      refundedBefore: { amount: given, currency },
    });

    // The cancellation tells billing to give back the rest, not the terms' refund, and its mail says so.
    expect((await call('PUT', itineraryUrl(pending.id, 'cancel'), me)).statusCode).toBe(200);
    const [cancelled] = await world.eventsAbout(pending.id, 'itinerary.cancelled', 1);
    expect(cancelled!.payload).toMatchObject({ invoiceId: pending.invoiceId, refund: left });
    const { terms, cancelledAt } = cancelled!.payload as { terms: CancellationTerms; cancelledAt: string };
    // The terms alone would give back more than what the staff's refunds left.
    expect(termsRefund(terms, cancelledAt, pending.total).amount).toBeGreaterThan(left.amount);
    const mails = (await world.emailJobs(pending.id)).filter((j) => j.data.template === 'booking-cancelled');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data.data).toMatchObject({
      charge: formatMoney({ amount: 0, currency }),
      refund: formatMoney(left),
    });
  });
});

describe('billing.payment.failed and billing.payment.refunded', () => {
  it('change nothing: the cart still awaits its invoice, which a later payment confirms', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    const before = await world.store.get(pending.id);
    const base = { invoiceId, itineraryId: pending.id, userId: me.id, amount: pending.total };
    // Keyed by the invoice, as the paid event after them: heard in this order.
    await world.publish('billing.payment.failed', invoiceId, { ...base, reason: 'card-declined', paymentId: 'pay_1' });
    await world.publish('billing.payment.refunded', invoiceId, {
      ...base,
      paymentId: 'pay_2',
      refundId: 're_2',
      reason: 'duplicate',
    });
    await world.publish('billing.invoice.paid', invoiceId, paid(pending));
    await expect.poll(() => statusOf(pending.id, me), { timeout: 15_000 }).toBe('confirmed');
    const confirmed = await world.store.get(pending.id);
    expect(confirmed).toMatchObject({ invoiceId, revision: before!.revision });
    expect(world.billing.withdrawals.map((w) => w.invoiceId)).not.toContain(invoiceId);
  });
});

describe('auth.anonymous.merged', () => {
  it("gives an anonymous visitor's cart, room and all, to the account they signed in to, once", async () => {
    const visitor = await world.traveller({ isAnonymous: true, roles: [] });
    const member = await world.traveller();
    const { itinerary } = await world.cartWithRoom(visitor);
    const stranger = await world.traveller();
    const theirs = await world.createItinerary(stranger);

    const merged = { anonymousId: visitor.id, userId: member.id };
    const event = await world.publish('auth.anonymous.merged', visitor.id, merged);
    await expect
      .poll(async () => (await call('GET', itineraryUrl(itinerary.id), member)).statusCode, { timeout: 15_000 })
      .toBe(200);
    const moved = (await call('GET', itineraryUrl(itinerary.id), member)).json<Itinerary>();
    expect(moved.ownerId).toBe(member.id);
    expect(moved.lineItems).toHaveLength(1);
    // The visitor's token reaches it no more; the member changes it like any cart of theirs.
    expectError(await call('GET', itineraryUrl(itinerary.id), visitor), 'itinerary-not-found');
    const removed = await call('POST', itineraryUrl(itinerary.id, 'removeHotel'), member, {
      lineItemId: moved.lineItems[0]!.identity,
    });
    expect(removed.statusCode).toBe(200);

    // A redelivery, and someone else's cart: nothing moves.
    await world.publish('auth.anonymous.merged', visitor.id, merged, event);
    expect((await call('GET', itineraryUrl(theirs.id), stranger)).json<Itinerary>().ownerId).toBe(stranger.id);
  });
});
