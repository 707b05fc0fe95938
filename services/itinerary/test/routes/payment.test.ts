// Paying and cancelling against the real catalog and a billing stand-in: the invoice of a revision, taken back
// from billing before the cart changes (routes/invoice-withdrawal.test.ts has the rest of that), and
// cancellation with its terms and refund on Kafka.
import type { Itinerary } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { addHotelBody, expectError, guestDetails, itineraryUrl, useWorld } from '../helpers.js';

const world = useWorld();
const { call } = world;

const revisionsAsked = (id: string) =>
  world.billing.calls.filter((c) => c.body.itineraryId === id).map((c) => c.body.revision);

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

    // Again: the same draft to billing, which answers the same invoice; nothing changes.
    const again = await call('POST', itineraryUrl(pending.id, 'createInvoice'), me);
    expect(again.json()).toEqual(pending);
    expect(revisionsAsked(pending.id)).toEqual([1, 1]);
    expect(world.billing.invoices.get(pending.invoiceId!)?.status).toBe('open');

    // Guest details may change while awaiting payment.
    const contact = await call('POST', itineraryUrl(pending.id, 'updateCustomerData'), me, {
      leadGuest: { phone: '+1 555 0199' },
      title: 'Paid soon',
    });
    expect(contact.json()).toMatchObject({ status: 'pending_payment', invoiceId: pending.invoiceId });

    // A cart change takes the invoice back from billing (a revision), then changes the cart (another), as a
    // draft again; the next invoice is of the revision after both.
    const offer = await world.findOffer();
    const added = await call('POST', itineraryUrl(pending.id, 'addHotel'), me, addHotelBody(offer));
    expect(added.json().status).toBe('draft');
    expect(added.json().invoiceId).toBeUndefined();
    expect(world.billing.withdrawals.map((w) => w.invoiceId)).toContain(pending.invoiceId);
    expect(world.billing.invoices.get(pending.invoiceId!)?.status).toBe('void');
    await call('POST', itineraryUrl(pending.id, 'setGuestDetails'), me, guestDetails(added.json<Itinerary>()));
    const next = await call('POST', itineraryUrl(pending.id, 'createInvoice'), me);
    expect(next.json().status).toBe('pending_payment');
    expect(next.json().invoiceId).not.toBe(pending.invoiceId);
    expect(revisionsAsked(pending.id)).toEqual([1, 1, 3]);
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
      // Never paid: nothing to give back.
      refund: { amount: 0, currency: 'USD' },
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
    // Refused before anything changed: the cart still awaits its invoice, which billing still has open.
    const refused = await world.store.get(pending.id);
    expect(refused).toMatchObject({ status: 'pending_payment', invoiceId: pending.invoiceId, staffActions: [] });
    expect(world.billing.invoices.get(pending.invoiceId!)?.status).toBe('open');
    const res = await call('PUT', itineraryUrl(pending.id, 'cancel'), staff, { note: 'asked by phone' });
    expect(res.statusCode).toBe(200);
    expect(res.json().cancellation.by).toEqual({ userId: staff.id, role: 'role/support' });
    const stored = await world.store.get(pending.id);
    expect(stored?.staffActions).toMatchObject([{ userId: staff.id, action: 'cancel' }]);

    // Billing took the unpaid invoice back first: the event names none, and gives nothing back.
    expect(world.billing.invoices.get(pending.invoiceId!)?.status).toBe('void');
    const events = await world.eventsAbout(pending.id, 'itinerary.cancelled', 1, 500);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      cancelledBy: { role: 'role/support' },
      refund: { amount: 0, currency: 'USD' },
    });
    expect(events[0]!.payload.invoiceId).toBeUndefined();

    // Never paid: the lead guest's address was never more than what someone typed (services/itinerary/src/flows/mails.ts).
    expect(await world.emailJobs(pending.id)).toEqual([]);
  });
});
