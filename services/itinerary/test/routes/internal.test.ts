// The itinerary's internal routes answer billing's service identity only, and an invoice that does not say what
// the itinerary says (a forged one-cent line, another owner) is never the one it awaits (issue 11, item 6).
import type { Invoice } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { asService, expectError, guestDetails, itineraryUrl, useWorld, type Traveller } from '../helpers.js';

const world = useWorld();
const { call } = world;

const revisionOf = async (id: string) => (await world.store.get(id))!.revision;

/** A cart with a room and guest details: ready for its invoice. */
async function readyCart(me: Traveller) {
  const { itinerary } = await world.cartWithRoom(me);
  const res = await call('POST', itineraryUrl(itinerary.id, 'setGuestDetails'), me, guestDetails(itinerary));
  if (res.statusCode !== 200) throw new Error(`setGuestDetails answered ${res.statusCode}: ${res.body}`);
  return itinerary;
}

describe('who may call', () => {
  it('answers billing alone on the payment lock', async () => {
    const me = await world.traveller();
    const itinerary = await readyCart(me);
    const catalog = await asService('catalog');
    const routes = [
      ['POST', `/internal/v1/itineraries/${itinerary.id}/payment-lock`, { invoiceId: 'inv_x' }],
      ['DELETE', `/internal/v1/itineraries/${itinerary.id}/payment-lock?invoiceId=inv_x`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      expectError(await call(method, url, undefined, body), 'unauthenticated');
      expectError(await call(method, url, me, body), 'unauthenticated');
      expectError(await call(method, url, catalog, body), 'forbidden');
    }
    const locked = await call('POST', `/internal/v1/itineraries/${itinerary.id}/payment-lock`, world.asBilling, {
      invoiceId: 'inv_x',
    });
    // Billing is let in: the lock is refused for what the cart is (no invoice awaited), not for who asks.
    expectError(locked, 'invoice-outdated');
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
    }
  });
});
