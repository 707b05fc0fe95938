// Paying and cancelling against the real catalog and a billing stand-in: the invoice of a revision, the
// payment lock billing takes before it charges, and cancellation with its terms on Kafka.
import type { Itinerary } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import {
  addHotelBody,
  asService,
  client,
  expectError,
  guestDetails,
  itineraryUrl,
  useWorld,
  type Traveller,
} from '../helpers.js';

const world = useWorld();
const { call } = world;

const lockUrl = (id: string) => `/internal/v1/itineraries/${id}/payment-lock`;
const lock = (id: string, invoiceId: string, who: Traveller = world.asBilling) =>
  call('POST', lockUrl(id), who, { invoiceId });

describe('creating the invoice', () => {
  it('needs rooms, a lead guest and a name for every room', async () => {
    const me = await world.traveller();
    const empty = await world.createItinerary(me);
    expectError(await call('POST', itineraryUrl(empty.id, 'createInvoice'), me), 'itinerary-empty');

    const { itinerary } = await world.cartWithRoom(me);
    expectError(await call('POST', itineraryUrl(itinerary.id, 'createInvoice'), me), 'guest-details-missing');
    // A lead guest without the room names is not enough either.
    const { leadGuest } = guestDetails(itinerary);
    await call('POST', itineraryUrl(itinerary.id, 'updateCustomerData'), me, { leadGuest });
    expectError(await call('POST', itineraryUrl(itinerary.id, 'createInvoice'), me), 'guest-details-missing');
    expect(world.billing.calls.filter((c) => c.body.itineraryId === itinerary.id)).toHaveLength(0);
  });

  it('freezes the terms, asks billing for the invoice of this revision, and awaits payment', async () => {
    const { me, pending } = await world.newPendingCart('payer@example.test');
    expect(pending.status).toBe('pending_payment');
    const calls = world.billing.calls.filter((c) => c.body.itineraryId === pending.id);
    expect(calls).toHaveLength(1);
    const room = pending.lineItems[0]!.hotelBooking.rooms[0]!;
    // Billing is asked with this service's identity, with what the revision says: its frozen prices and terms.
    expect(calls[0]!.authorization).not.toBe(me.headers.authorization);
    expect(calls[0]!.body).toMatchObject({
      itineraryId: pending.id,
      revision: 1,
      ownerId: me.id,
      currency: 'USD',
      contactEmail: 'payer@example.test',
      lines: [{ holdId: room.holdId, amount: room.totalPrice, rooms: 1 }],
      terms: { currency: 'USD', lines: [{ holdId: room.holdId, charges: room.cancellationCharges }] },
    });
    expect(pending.invoiceId).toMatch(/^inv_/);

    // Again: the same invoice, nothing new asked of billing.
    const again = await call('POST', itineraryUrl(pending.id, 'createInvoice'), me);
    expect(again.json()).toEqual(pending);
    expect(world.billing.calls.filter((c) => c.body.itineraryId === pending.id)).toHaveLength(1);

    // Guest details may change while awaiting payment.
    const contact = await call('POST', itineraryUrl(pending.id, 'updateCustomerData'), me, {
      leadGuest: { phone: '+1 555 0199' },
      title: 'Paid soon',
    });
    expect(contact.json()).toMatchObject({ status: 'pending_payment', invoiceId: pending.invoiceId });

    // A cart change drops the invoice and goes back to draft; the next invoice is of the next revision.
    const offer = await world.findOffer();
    const added = await call('POST', itineraryUrl(pending.id, 'addHotel'), me, addHotelBody(offer));
    expect(added.json().status).toBe('draft');
    expect(added.json().invoiceId).toBeUndefined();
    expectError(await lock(pending.id, pending.invoiceId!), 'invoice-outdated');
    await call('POST', itineraryUrl(pending.id, 'setGuestDetails'), me, guestDetails(added.json<Itinerary>()));
    const next = await call('POST', itineraryUrl(pending.id, 'createInvoice'), me);
    expect(next.json().status).toBe('pending_payment');
    expect(next.json().invoiceId).not.toBe(pending.invoiceId);
    expect(world.billing.calls.filter((c) => c.body.itineraryId === pending.id).map((c) => c.body.revision)).toEqual([
      1, 2,
    ]);
  });

  it('refuses a cart whose hold the catalog released (hold-expired)', async () => {
    const { me, itinerary } = await world.newCart();
    await call('POST', itineraryUrl(itinerary.id, 'setGuestDetails'), me, guestDetails(itinerary));
    const room = itinerary.lineItems[0]!.hotelBooking.rooms[0]!;
    await world.publish('catalog.hold.released', room.holdId, {
      holdId: room.holdId,
      hotelId: itinerary.lineItems[0]!.hotelBooking.hotelId,
      roomType: room.roomType.type,
      itineraryId: itinerary.id,
      reason: 'removed',
    });
    await expect
      .poll(
        async () =>
          (await call('GET', itineraryUrl(itinerary.id), me)).json().lineItems[0].hotelBooking.rooms[0].holdStatus,
      )
      .toBe('released');
    expectError(await call('POST', itineraryUrl(itinerary.id, 'createInvoice'), me), 'hold-expired');
  });

  it('answers service-unavailable when billing fails, leaving the cart as it was', async () => {
    const { me, itinerary } = await world.newCart();
    await call('POST', itineraryUrl(itinerary.id, 'setGuestDetails'), me, guestDetails(itinerary));
    const before = (await call('GET', itineraryUrl(itinerary.id), me)).body;
    world.billing.failWith = 500;
    try {
      expectError(await call('POST', itineraryUrl(itinerary.id, 'createInvoice'), me), 'service-unavailable');
    } finally {
      world.billing.failWith = 0;
    }
    expect((await call('GET', itineraryUrl(itinerary.id), me)).body).toBe(before);
  });
});

describe('the payment lock', () => {
  it('locks the cart for the awaited invoice, refuses changes and cancellation meanwhile, and lets go', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    const lineItemId = pending.lineItems[0]!.identity;

    expectError(await lock(pending.id, 'inv_other'), 'invoice-outdated');
    const started = Date.now();
    const res = await lock(pending.id, invoiceId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ itineraryId: pending.id, invoiceId });
    const until = Date.parse(res.json().lockedUntil);
    expect(until).toBeGreaterThanOrEqual(started + 59_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 61_000);
    // The same invoice again (billing retried): the lock is its own.
    expect((await lock(pending.id, invoiceId)).statusCode).toBe(200);

    const offer = await world.findOffer();
    const before = (await call('GET', itineraryUrl(pending.id), me)).body;
    expectError(
      await call('POST', itineraryUrl(pending.id, 'addHotel'), me, addHotelBody(offer)),
      'payment-in-progress',
    );
    expectError(await call('POST', itineraryUrl(pending.id, 'removeHotel'), me, { lineItemId }), 'payment-in-progress');
    expectError(
      await call('POST', itineraryUrl(pending.id, 'updateHotel'), me, addHotelBody(offer, { lineItemId })),
      'payment-in-progress',
    );
    expectError(await call('PUT', itineraryUrl(pending.id, 'cancel'), me), 'payment-in-progress');
    expect((await call('GET', itineraryUrl(pending.id), me)).body).toBe(before);
    // The hold of the refused add was let go again.
    const holds = await world.catalog.catalog.inventory.idsOfItinerary(pending.id);
    const states = await Promise.all(holds.map((id) => world.catalog.catalog.inventory.get(id)));
    expect(states.filter((h) => h?.status === 'held')).toHaveLength(1);

    // Billing lets go (a declined card): by query, or by body.
    const released = await call('DELETE', `${lockUrl(pending.id)}?invoiceId=${invoiceId}`, world.asBilling);
    expect(released.statusCode).toBe(204);
    expect((await call('DELETE', lockUrl(pending.id), world.asBilling, { invoiceId })).statusCode).toBe(204);
    expectError(await call('DELETE', lockUrl(pending.id), world.asBilling), 'validation-failed');
    const removed = await call('POST', itineraryUrl(pending.id, 'removeHotel'), me, { lineItemId });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().status).toBe('draft');
    expectError(await lock(pending.id, invoiceId), 'invoice-outdated');
  });

  it('refuses a draft, an unknown itinerary, a caller that is not billing, and bad input', async () => {
    const { me, pending } = await world.newPendingCart();
    const { itinerary } = await world.cartWithRoom(me);
    expectError(await lock(itinerary.id, 'inv_any'), 'invoice-outdated');
    expectError(await lock('it-nobody', 'inv_any'), 'itinerary-not-found');
    // The traveller's own token, or another service's identity, never takes or lets go of the lock.
    expectError(await lock(pending.id, pending.invoiceId!, me), 'unauthenticated');
    expectError(await lock(pending.id, pending.invoiceId!, await asService('catalog')), 'forbidden');
    expectError(await call('DELETE', `${lockUrl(pending.id)}?invoiceId=${pending.invoiceId}`, me), 'unauthenticated');
    expect((await world.store.get(pending.id))?.paymentLock).toBeUndefined();
    expectError(
      await call('POST', lockUrl(itinerary.id), world.asBilling, { invoiceId: { $ne: 1 } }),
      'validation-failed',
    );
    expectError(await call('POST', lockUrl(itinerary.id), world.asBilling, {}), 'validation-failed');
  });

  it('refuses with hold-expired when a hold will not outlive the lock, and keeps the cart unlocked', async () => {
    const { me, pending } = await world.newPendingCart();
    // Catalog holds last 15 minutes; a lock of an hour outlives them.
    const longLocks = await world.sibling({ PAYMENT_LOCK_S: '3600' });
    const res = await client(longLocks)('POST', lockUrl(pending.id), world.asBilling, { invoiceId: pending.invoiceId });
    expectError(res, 'hold-expired');
    expect((await world.store.get(pending.id))?.paymentLock).toBeUndefined();
    // Not locked: the traveller may still change the cart.
    const lineItemId = pending.lineItems[0]!.identity;
    expect((await call('POST', itineraryUrl(pending.id, 'removeHotel'), me, { lineItemId })).statusCode).toBe(200);
  });
});

describe('cancelling', () => {
  it('cancels a draft with its terms on Kafka, and refuses to cancel it twice', async () => {
    const { me, itinerary } = await world.newCart();
    const res = await call('PUT', itineraryUrl(itinerary.id, 'cancel'), me);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancellation: { by: { userId: me.id, role: 'role/customer' }, reason: 'requested' },
    });
    expectError(await call('PUT', itineraryUrl(itinerary.id, 'cancel'), me), 'itinerary-not-cancellable');
    expectError(await call('POST', itineraryUrl(itinerary.id, 'createInvoice'), me), 'itinerary-not-editable');
    const room = itinerary.lineItems[0]!.hotelBooking.rooms[0]!;
    const [event] = await world.eventsAbout(itinerary.id, 'itinerary.cancelled', 1);
    // Not attributed to a creator: the event names none.
    expect(event!.payload).not.toHaveProperty('creator');
    expect(event!.payload).toMatchObject({
      userId: me.id,
      cancelledBy: { userId: me.id, role: 'role/customer' },
      cancelledAt: res.json().cancellation.at,
      reason: 'requested',
      terms: { currency: 'USD', lines: [{ holdId: room.holdId, totalPrice: room.totalPrice }] },
    });
    expect(event!.payload.invoiceId).toBeUndefined();
    // The catalog heard it and gave the room back; the itinerary hears that in turn.
    await expect
      .poll(async () => (await world.catalog.catalog.inventory.get(room.holdId))?.status, { timeout: 15_000 })
      .toBe('released');
    await expect
      .poll(
        async () =>
          (await call('GET', itineraryUrl(itinerary.id), me)).json().lineItems[0].hotelBooking.rooms[0].holdStatus,
        {
          timeout: 15_000,
        },
      )
      .toBe('released');
    expect((await call('GET', itineraryUrl(itinerary.id), me)).json().status).toBe('cancelled');
  });

  it('mails a paid booking’s cancellation to the lead guest it was paid with, whatever the contact data says since', async () => {
    const { me, pending } = await world.newPendingCart('booked-guest@example.test');
    await world.publish('billing.invoice.paid', pending.invoiceId!, {
      invoiceId: pending.invoiceId!,
      itineraryId: pending.id,
      userId: me.id,
      paymentId: 'pay_booked',
      amount: pending.total,
      paidAt: new Date().toISOString(),
    });
    await expect
      .poll(async () => (await call('GET', itineraryUrl(pending.id), me)).json<Itinerary>().status, { timeout: 15_000 })
      .toBe('confirmed');
    // The contact data may still be corrected; the booking mails stay with the guest who was booked.
    const contact = await call('POST', itineraryUrl(pending.id, 'updateCustomerData'), me, {
      leadGuest: { name: 'Someone Else', email: 'never-booked@example.test' },
    });
    expect(contact.statusCode).toBe(200);
    expect(contact.json<Itinerary>().leadGuest?.email).toBe('never-booked@example.test');
    expect((await call('PUT', itineraryUrl(pending.id, 'cancel'), me)).statusCode).toBe(200);

    await expect
      .poll(async () => (await world.emailJobs(pending.id)).map((job) => job.data.template), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['booking-confirmation', 'booking-cancelled']));
    const mails = await world.emailJobs(pending.id);
    expect(mails.map((job) => job.data.to)).toEqual(['booked-guest@example.test', 'booked-guest@example.test']);
    expect(JSON.stringify(mails.map((job) => job.data))).not.toMatch(/never-booked|Someone Else/);
  });

  it('lets support cancel anyone’s itinerary, recorded with the staff id, without a mail for an unpaid cart', async () => {
    const owner = await world.traveller();
    const staff = await world.traveller({ roles: ['role/support'] });
    const pending = await world.pendingCart(owner, 'cancelled@example.test');
    // Staff give the reason; without one nothing is cancelled.
    const unexplained = await call('PUT', itineraryUrl(pending.id, 'cancel'), staff, {});
    expect(unexplained.statusCode).toBe(400);
    expect(unexplained.json().error).toMatchObject({ code: 'validation-failed', details: [{ path: 'note' }] });
    expect((await world.store.get(pending.id))?.status).toBe('pending_payment');
    const res = await call('PUT', itineraryUrl(pending.id, 'cancel'), staff, { note: 'asked by phone' });
    expect(res.statusCode).toBe(200);
    expect(res.json().cancellation.by).toEqual({ userId: staff.id, role: 'role/support' });
    const stored = await world.store.get(pending.id);
    expect(stored?.staffActions).toMatchObject([{ userId: staff.id, action: 'cancel' }]);

    const [event] = await world.eventsAbout(pending.id, 'itinerary.cancelled', 1);
    expect(event!.payload).toMatchObject({ invoiceId: pending.invoiceId, cancelledBy: { role: 'role/support' } });

    // Never paid: the lead guest's address was never more than what someone typed (services/itinerary/src/flows/mails.ts).
    expect(await world.emailJobs(pending.id)).toEqual([]);
  });
});
