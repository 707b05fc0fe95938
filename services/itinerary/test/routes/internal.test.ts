// The itinerary has no internal route any more (billing never calls it), the draft it sends billing says what
// the revision holds, and an invoice that does not say what the itinerary says (a forged one-cent line, another
// owner) is never the one it awaits, and is taken back from billing at once (issue 11, item 6).
import { isDeepStrictEqual } from 'node:util';
import type { Invoice } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { asService, expectError, guestDetails, itineraryUrl, useWorld, type Traveller } from '../helpers.js';

const world = useWorld();
const { call } = world;

/** The withdrawals billing was asked for on behalf of an itinerary. */
const withdrawalsFor = (id: string) =>
  world.billing.withdrawals.filter((w) => isDeepStrictEqual(w.body, { itineraryId: id }));
const revisionOf = async (id: string) => (await world.store.get(id))!.revision;

/** A cart with a room and guest details: ready for its invoice. */
async function readyCart(me: Traveller) {
  const { itinerary } = await world.cartWithRoom(me);
  const res = await call('POST', itineraryUrl(itinerary.id, 'setGuestDetails'), me, guestDetails(itinerary));
  if (res.statusCode !== 200) throw new Error(`setGuestDetails answered ${res.statusCode}: ${res.body}`);
  return itinerary;
}

describe('no internal route', () => {
  it('answers 404 on the old payment lock, whoever calls: billing never calls the itinerary', async () => {
    const { me, pending } = await world.newPendingCart();
    const before = await world.store.get(pending.id);
    const url = `/internal/v1/itineraries/${pending.id}/payment-lock`;
    const callers = [undefined, me, await asService('billing'), await asService('catalog')];
    for (const who of callers) {
      expectError(await call('POST', url, who, { invoiceId: pending.invoiceId }), 'not-found');
      expectError(await call('DELETE', `${url}?invoiceId=${pending.invoiceId}`, who), 'not-found');
    }
    // No route of the itinerary's is under /internal: no other service calls it.
    const lock = '/internal/v1/itineraries/:id/payment-lock';
    expect(world.app.hasRoute({ method: 'POST', url: lock })).toBe(false);
    expect(world.app.hasRoute({ method: 'DELETE', url: lock })).toBe(false);
    expect(world.app.hasRoute({ method: 'POST', url: '/api/v1/itinerary/:id/createInvoice' })).toBe(true);
    const routes = world.app.printRoutes({ commonPrefix: false });
    expect(routes).toContain('/createInvoice (POST)');
    expect(routes).not.toContain('/internal');
    expect(await world.store.get(pending.id)).toEqual(before);
  });
});

describe('the invoice draft sent to billing', () => {
  it('says what the revision holds, and is not sent for a cart that cannot be invoiced', async () => {
    const { me, itinerary } = await world.newCart();
    const revision = await revisionOf(itinerary.id);
    const asked = () => world.billing.calls.filter((c) => c.body.itineraryId === itinerary.id);
    expectError(await call('POST', itineraryUrl(itinerary.id, 'createInvoice'), me), 'guest-details-missing');
    expect(asked()).toEqual([]);
    await call('POST', itineraryUrl(itinerary.id, 'setGuestDetails'), me, guestDetails(itinerary, 'lead@example.test'));
    const room = itinerary.lineItems[0]!.hotelBooking.rooms[0]!;
    expect((await call('POST', itineraryUrl(itinerary.id, 'createInvoice'), me)).statusCode).toBe(200);
    expect(asked().map((c) => c.body)).toMatchObject([
      {
        itineraryId: itinerary.id,
        revision,
        ownerId: me.id,
        currency: itinerary.currency,
        contactEmail: 'lead@example.test',
        lines: [{ holdId: room.holdId, amount: room.totalPrice }],
        holdsUntil: new Date(room.holdExpiresAt).toISOString(),
      },
    ]);
  });
});

describe('adopting billing’s invoice', () => {
  const forge = (change: (invoice: Invoice) => Invoice) => {
    world.billing.tamper = change;
  };

  it('refuses an invoice with a one-cent line, and asks for a new one next time', async () => {
    const me = await world.traveller();
    const itinerary = await readyCart(me);
    const before = await world.store.get(itinerary.id);
    forge((invoice) => ({
      ...invoice,
      lines: invoice.lines.map((line) => ({ ...line, amount: { ...line.amount, amount: 1 } })),
      total: { ...invoice.total, amount: invoice.lines.length },
    }));
    try {
      expectError(await call('POST', itineraryUrl(itinerary.id, 'createInvoice'), me), 'invoice-mismatch');
    } finally {
      world.billing.tamper = undefined;
    }
    const refused = await world.store.get(itinerary.id);
    expect(refused).toMatchObject({ status: 'draft', revision: before!.revision + 1 });
    expect(refused?.invoiceId).toBeUndefined();
    // Nobody may pay the forged invoice meanwhile: billing was asked to take it back.
    const taken = withdrawalsFor(itinerary.id);
    expect(taken).toHaveLength(1);
    expect(world.billing.invoices.get(taken[0]!.invoiceId)).toMatchObject({
      itineraryId: itinerary.id,
      status: 'void',
    });
    const next = await call('POST', itineraryUrl(itinerary.id, 'createInvoice'), me);
    expect(next.statusCode).toBe(200);
    expect(next.json()).toMatchObject({ status: 'pending_payment', total: itinerary.total });
    expect(world.billing.calls.filter((c) => c.body.itineraryId === itinerary.id).map((c) => c.body.revision)).toEqual([
      before!.revision,
      before!.revision + 1,
    ]);
  });

  it('refuses an invoice with the right lines but a smaller total, or another owner', async () => {
    const me = await world.traveller();
    for (const change of [
      (invoice: Invoice) => ({ ...invoice, total: { ...invoice.total, amount: 1 } }),
      (invoice: Invoice) => ({ ...invoice, ownerId: 'someone-else' }),
    ]) {
      const itinerary = await readyCart(me);
      forge(change);
      try {
        expectError(await call('POST', itineraryUrl(itinerary.id, 'createInvoice'), me), 'invoice-mismatch');
      } finally {
        world.billing.tamper = undefined;
      }
      expect((await world.store.get(itinerary.id))?.status).toBe('draft');
      const taken = withdrawalsFor(itinerary.id);
      expect(taken).toHaveLength(1);
      expect(world.billing.invoices.get(taken[0]!.invoiceId)?.status).toBe('void');
    }
  });
});
