// A cart awaiting payment changes or is cancelled only once billing took its invoice back (withdrawInvoice):
// refused while a payment holds it or once it is paid, and nothing changes while billing cannot be reached. An
// invoice billing withdrew without the itinerary hearing it (a crash between the two) is replaced at the next
// checkout, and the draft tells billing when the first hold lapses. Against the real catalog and a billing
// stand-in.
import type { Itinerary } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { addHotelBody, expectError, guestDetails, itineraryUrl, useWorld, type Traveller } from '../helpers.js';

const world = useWorld();
const { call } = world;

const stored = async (id: string) => (await world.store.get(id))!;
const withdrawalsOf = (invoiceId: string) => world.billing.withdrawals.filter((w) => w.invoiceId === invoiceId);
const draftsOf = (itineraryId: string) =>
  world.billing.calls.filter((c) => c.body.itineraryId === itineraryId).map((c) => c.body);
const heldRooms = async (itineraryId: string) => {
  const { inventory } = world.catalog.catalog;
  const entries = await inventory.entriesOfItinerary(itineraryId);
  const holds = await Promise.all(entries.map((entry) => inventory.get(entry._id)));
  return holds.filter((hold) => hold?.status === 'held').map((hold) => hold!.id);
};

/** Every change of the rooms, and the cancellation, of a cart (its one line item). */
async function changes(pending: Itinerary) {
  const lineItemId = pending.lineItems[0]!.identity;
  const offer = await world.findOffer();
  return {
    addHotel: (me: Traveller) => call('POST', itineraryUrl(pending.id, 'addHotel'), me, addHotelBody(offer)),
    updateHotel: (me: Traveller) =>
      call('POST', itineraryUrl(pending.id, 'updateHotel'), me, addHotelBody(offer, { lineItemId })),
    removeHotel: (me: Traveller) => call('POST', itineraryUrl(pending.id, 'removeHotel'), me, { lineItemId }),
    cancel: (me: Traveller) => call('PUT', itineraryUrl(pending.id, 'cancel'), me),
  };
}
type Change = keyof Awaited<ReturnType<typeof changes>>;
const ALL: Change[] = ['addHotel', 'updateHotel', 'removeHotel', 'cancel'];

describe('a change of a cart awaiting payment', () => {
  it.each(['addHotel', 'updateHotel'] as const)(
    '%s: billing takes the invoice back once, then the cart changes, and the next checkout asks a new invoice',
    async (change) => {
      const { me, pending } = await world.newPendingCart();
      const invoiceId = pending.invoiceId!;
      const before = await stored(pending.id);
      const res = await (await changes(pending))[change](me);
      expect(res.statusCode).toBe(200);
      const changed = res.json<Itinerary>();
      expect(changed.status).toBe('draft');
      expect(changed.invoiceId).toBeUndefined();
      // Withdrawn (a revision), then changed (another).
      expect(await stored(pending.id)).toMatchObject({ status: 'draft', revision: before.revision + 2 });
      expect((await stored(pending.id)).terms).toBeUndefined();
      // Billing was asked once, with this service's identity, for this itinerary; it voided the invoice.
      const asked = withdrawalsOf(invoiceId);
      expect(asked).toHaveLength(1);
      expect(asked[0]!.body).toEqual({ itineraryId: pending.id });
      expect(asked[0]!.authorization).not.toBe(me.headers.authorization);
      expect(world.billing.invoices.get(invoiceId)?.status).toBe('void');

      await call('POST', itineraryUrl(pending.id, 'setGuestDetails'), me, guestDetails(changed));
      const next = await call('POST', itineraryUrl(pending.id, 'createInvoice'), me);
      expect(next.statusCode).toBe(200);
      expect(next.json<Itinerary>().status).toBe('pending_payment');
      expect(next.json<Itinerary>().invoiceId).not.toBe(invoiceId);
      expect(world.billing.invoices.get(next.json<Itinerary>().invoiceId!)?.status).toBe('open');
      expect(draftsOf(pending.id).map((d) => d.revision)).toEqual([before.revision, before.revision + 2]);
    },
  );

  it('removeHotel: billing takes the invoice back once, then the room goes and its hold is let go', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    const holdId = pending.lineItems[0]!.hotelBooking.rooms[0]!.holdId;
    const before = await stored(pending.id);
    const res = await (await changes(pending)).removeHotel(me);
    expect(res.statusCode).toBe(200);
    expect(res.json<Itinerary>()).toMatchObject({ status: 'draft', total: { amount: 0 } });
    expect(res.json<Itinerary>().invoiceId).toBeUndefined();
    expect((await stored(pending.id)).revision).toBe(before.revision + 2);
    expect(withdrawalsOf(invoiceId)).toHaveLength(1);
    expect(world.billing.invoices.get(invoiceId)?.status).toBe('void');
    expect(await heldRooms(pending.id)).not.toContain(holdId);
    // Nothing left to invoice: billing is not asked again.
    expectError(await call('POST', itineraryUrl(pending.id, 'createInvoice'), me), 'itinerary-empty');
    expect(draftsOf(pending.id)).toHaveLength(1);
  });

  it('cancel: billing takes the invoice back once, then the cart is cancelled with nothing to give back', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    const res = await (await changes(pending)).cancel(me);
    expect(res.statusCode).toBe(200);
    expect(res.json<Itinerary>().status).toBe('cancelled');
    expect(res.json<Itinerary>().invoiceId).toBeUndefined();
    expect(withdrawalsOf(invoiceId)).toEqual([
      expect.objectContaining({ invoiceId, body: { itineraryId: pending.id } }),
    ]);
    expect(world.billing.invoices.get(invoiceId)?.status).toBe('void');
    // The invoice was never paid and is void: the event names none, and gives nothing back.
    const [event] = await world.eventsAbout(pending.id, 'itinerary.cancelled', 1);
    expect(event!.payload).toMatchObject({ reason: 'requested', refund: { amount: 0, currency: 'USD' } });
    expect(event!.payload.invoiceId).toBeUndefined();
    expect(await world.emailJobs(pending.id)).toEqual([]);
  });

  it('does not ask billing for a draft', async () => {
    const { me, itinerary } = await world.newCart();
    const before = world.billing.withdrawals.length;
    const res = await call('POST', itineraryUrl(itinerary.id, 'removeHotel'), me, {
      lineItemId: itinerary.lineItems[0]!.identity,
    });
    expect(res.statusCode).toBe(200);
    expect((await call('PUT', itineraryUrl(itinerary.id, 'cancel'), me)).statusCode).toBe(200);
    expect(world.billing.withdrawals.length).toBe(before);
  });
});

describe('billing refusing to take the invoice back', () => {
  it('answers payment-in-progress while a payment holds it, or once it is paid, and changes nothing', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    const tries = await changes(pending);
    const before = (await call('GET', itineraryUrl(pending.id), me)).body;
    const stateBefore = await stored(pending.id);
    const heldBefore = await heldRooms(pending.id);
    expect(heldBefore).toHaveLength(1);

    // A payment is running (or its outcome is not known yet).
    world.billing.paymentHeld.add(invoiceId);
    for (const change of ALL) expectError(await tries[change](me), 'payment-in-progress');
    // Paid, and the paid event on its way: the cart that was paid for stays.
    world.billing.paymentHeld.delete(invoiceId);
    world.billing.invoices.get(invoiceId)!.status = 'paid';
    for (const change of ALL) expectError(await tries[change](me), 'payment-in-progress');

    expect((await call('GET', itineraryUrl(pending.id), me)).body).toBe(before);
    expect(await stored(pending.id)).toMatchObject({
      status: 'pending_payment',
      invoiceId,
      revision: stateBefore.revision,
      terms: stateBefore.terms,
    });
    expect(withdrawalsOf(invoiceId)).toHaveLength(2 * ALL.length);
    // No room was held for a refused change: the cart's one hold is all there is.
    expect(await heldRooms(pending.id)).toEqual(heldBefore);
  });

  it('lets the change go on once the payment ended without a charge', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    const tries = await changes(pending);
    world.billing.paymentHeld.add(invoiceId);
    expectError(await tries.removeHotel(me), 'payment-in-progress');
    expect((await stored(pending.id)).status).toBe('pending_payment');
    // Declined: billing lets go of the invoice, which the itinerary may now take back.
    world.billing.paymentHeld.delete(invoiceId);
    const removed = await tries.removeHotel(me);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Itinerary>().status).toBe('draft');
    expect(withdrawalsOf(invoiceId)).toHaveLength(2);
  });
});

describe('a request refused for its own reasons', () => {
  it('leaves the invoice with billing and the cart awaiting it: billing is not asked', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    const lineItemId = pending.lineItems[0]!.identity;
    const revision = (await stored(pending.id)).revision;
    const offer = await world.findOffer();

    // A line item the cart does not have, a room the catalog does not have, a stay another line item keeps.
    const refusals = [
      await call('POST', itineraryUrl(pending.id, 'removeHotel'), me, { lineItemId: 'li_nowhere' }),
      await call('POST', itineraryUrl(pending.id, 'addHotel'), me, addHotelBody(offer, { roomId: 'no-such-room' })),
      await call('POST', itineraryUrl(pending.id, 'updateHotel'), me, addHotelBody(offer, { lineItemId: 'li_x' })),
    ];
    for (const res of refusals) expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(refusals.map((res) => res.statusCode)).not.toContain(409);

    expect(withdrawalsOf(invoiceId)).toEqual([]);
    expect(world.billing.invoices.get(invoiceId)?.status).toBe('open');
    expect(await stored(pending.id)).toMatchObject({ status: 'pending_payment', invoiceId, revision });
    expect((await stored(pending.id)).lineItems.map((item) => item.identity)).toEqual([lineItemId]);
  });
});

describe('billing out of reach', () => {
  it('answers service-unavailable and leaves the cart as it is', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    const tries = await changes(pending);
    const before = (await call('GET', itineraryUrl(pending.id), me)).body;
    const revision = (await stored(pending.id)).revision;

    world.billing.unreachable = true;
    try {
      for (const change of ALL) expectError(await tries[change](me), 'service-unavailable');
    } finally {
      world.billing.unreachable = false;
    }
    world.billing.failWith = 500;
    try {
      for (const change of ALL) expectError(await tries[change](me), 'service-unavailable');
    } finally {
      world.billing.failWith = 0;
    }

    expect((await call('GET', itineraryUrl(pending.id), me)).body).toBe(before);
    expect(await stored(pending.id)).toMatchObject({ status: 'pending_payment', invoiceId, revision });
    expect(world.billing.invoices.get(invoiceId)?.status).toBe('open');
    expect(await heldRooms(pending.id)).toHaveLength(1);
    // Reachable again: the change is made.
    expect((await tries.removeHotel(me)).statusCode).toBe(200);
    expect((await stored(pending.id)).status).toBe('draft');
  });
});

describe('an invoice billing does not have, or already voided', () => {
  it('counts as withdrawn: the change goes on', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    const before = await stored(pending.id);
    world.billing.invoices.delete(invoiceId);
    const res = await (await changes(pending)).removeHotel(me);
    expect(res.statusCode).toBe(200);
    expect(res.json<Itinerary>().status).toBe('draft');
    expect(res.json<Itinerary>().invoiceId).toBeUndefined();
    expect((await stored(pending.id)).revision).toBe(before.revision + 2);
    expect(withdrawalsOf(invoiceId)).toHaveLength(1);
  });

  it('withdrawn once already (the itinerary crashed before recording it): billing answers it void, the change goes on', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    world.billing.invoices.get(invoiceId)!.status = 'void';
    const res = await (await changes(pending)).cancel(me);
    expect(res.statusCode).toBe(200);
    expect(res.json<Itinerary>().status).toBe('cancelled');
    expect(withdrawalsOf(invoiceId)).toHaveLength(1);
  });
});

describe('checkout after billing withdrew the invoice unheard (the crash window)', () => {
  it('makes the cart a draft again and answers a new open invoice of a new revision', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    const { revision } = await stored(pending.id);
    // Billing voided it, but the itinerary never recorded that: it still awaits it.
    world.billing.invoices.get(invoiceId)!.status = 'void';
    expect(await stored(pending.id)).toMatchObject({ status: 'pending_payment', invoiceId });

    const res = await call('POST', itineraryUrl(pending.id, 'createInvoice'), me);
    expect(res.statusCode).toBe(200);
    const next = res.json<Itinerary>();
    expect(next.status).toBe('pending_payment');
    expect(next.invoiceId).toBeDefined();
    expect(next.invoiceId).not.toBe(invoiceId);
    expect(world.billing.invoices.get(next.invoiceId!)?.status).toBe('open');
    expect(next.total).toEqual(pending.total);
    expect(await stored(pending.id)).toMatchObject({ revision: revision + 1, invoiceId: next.invoiceId });
    // The draft of the revision again (answered void), then that of the next one.
    expect(draftsOf(pending.id).map((d) => d.revision)).toEqual([revision, revision, revision + 1]);
    // Billing was not asked to take back an invoice it had voided itself.
    expect(withdrawalsOf(invoiceId)).toEqual([]);

    // Asked again: the same new invoice.
    const again = await call('POST', itineraryUrl(pending.id, 'createInvoice'), me);
    expect(again.json<Itinerary>()).toEqual(next);
    expect((await stored(pending.id)).revision).toBe(revision + 1);
  });

  it('sends the draft again for a cart awaiting an open invoice, and keeps awaiting the same one', async () => {
    const { me, pending } = await world.newPendingCart();
    const { revision } = await stored(pending.id);
    const again = await call('POST', itineraryUrl(pending.id, 'createInvoice'), me);
    expect(again.statusCode).toBe(200);
    expect(again.json<Itinerary>()).toEqual(pending);
    expect(draftsOf(pending.id).map((d) => d.revision)).toEqual([revision, revision]);
    expect((await stored(pending.id)).revision).toBe(revision);
  });
});

describe('the draft sent to billing', () => {
  it('says when the first of the cart’s holds lapses (holdsUntil)', async () => {
    const me = await world.traveller();
    const { itinerary } = await world.cartWithRoom(me);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const offer = await world.findOffer();
    const added = await call('POST', itineraryUrl(itinerary.id, 'addHotel'), me, addHotelBody(offer));
    expect(added.statusCode).toBe(200);
    const withTwo = added.json<Itinerary>();
    await call('POST', itineraryUrl(itinerary.id, 'setGuestDetails'), me, guestDetails(withTwo));
    expect((await call('POST', itineraryUrl(itinerary.id, 'createInvoice'), me)).statusCode).toBe(200);

    const expiries = withTwo.lineItems.flatMap((item) => item.hotelBooking.rooms.map((r) => r.holdExpiresAt));
    expect(expiries).toHaveLength(2);
    const earliest = Math.min(...expiries.map((at) => Date.parse(at)));
    // The two holds lapse at different instants, so the earliest is the first room's.
    expect(new Set(expiries.map((at) => Date.parse(at))).size).toBe(2);
    expect(earliest).toBe(Date.parse(itinerary.lineItems[0]!.hotelBooking.rooms[0]!.holdExpiresAt));
    const [draft] = draftsOf(itinerary.id);
    expect(draft!.holdsUntil).toBe(new Date(earliest).toISOString());
    // As the catalog keeps the hold.
    const hold = await world.catalog.catalog.inventory.get(itinerary.lineItems[0]!.hotelBooking.rooms[0]!.holdId);
    expect(Date.parse(draft!.holdsUntil)).toBe(hold!.expiresAt.getTime());
  });
});
