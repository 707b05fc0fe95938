// Billing's payment lock as one payment's: taken for billing's payment until its lease ends, let go only by
// that payment (a decline, a refund, billing letting go), and, once lapsed, still holding the cart until
// billing says the payment ended, against the real catalog and a billing stand-in.
import type { Itinerary } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { addHotelBody, expectError, itineraryUrl, useWorld } from '../helpers.js';

const world = useWorld();
const { call } = world;

const lockUrl = (id: string) => `/internal/v1/itineraries/${id}/payment-lock`;
const lock = (id: string, body: { invoiceId: string; paymentId?: string; until?: string }) =>
  call('POST', lockUrl(id), world.asBilling, body);
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const storedLock = async (id: string) => (await world.store.get(id))?.paymentLock;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one payment’s lock', () => {
  it('ends when billing’s lease does (at most PAYMENT_LOCK_S on), and is that payment’s alone', async () => {
    const { pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    const until = inMs(30_000);

    const taken = await lock(pending.id, { invoiceId, paymentId: 'pay_a', until });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ itineraryId: pending.id, invoiceId, paymentId: 'pay_a', lockedUntil: until });
    expect(await storedLock(pending.id)).toEqual({ invoiceId, paymentId: 'pay_a', until: new Date(until) });
    // Another payment while it lasts: refused. The same payment again (billing retried): its own.
    expectError(await lock(pending.id, { invoiceId, paymentId: 'pay_b', until }), 'payment-in-progress');
    const longer = await lock(pending.id, { invoiceId, paymentId: 'pay_a', until: inMs(3_600_000) });
    expect(Date.parse(longer.json().lockedUntil)).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(Date.parse(longer.json().lockedUntil)).toBeGreaterThan(Date.now() + 55_000);

    // Let go by another payment: nothing happens. By its own: gone.
    const other = await call(
      'DELETE',
      `${lockUrl(pending.id)}?invoiceId=${invoiceId}&paymentId=pay_b`,
      world.asBilling,
    );
    expect(other.statusCode).toBe(204);
    expect((await storedLock(pending.id))?.paymentId).toBe('pay_a');
    const own = await call('DELETE', `${lockUrl(pending.id)}?invoiceId=${invoiceId}&paymentId=pay_a`, world.asBilling);
    expect(own.statusCode).toBe(204);
    expect(await storedLock(pending.id)).toBeUndefined();

    expectError(await lock(pending.id, { invoiceId, paymentId: 'pay_c', until: inMs(-1_000) }), 'validation-failed');
    expect(await storedLock(pending.id)).toBeUndefined();
  });

  it('goes when billing says its payment was declined or refunded, and not for another payment', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    expect((await lock(pending.id, { invoiceId, paymentId: 'pay_1', until: inMs(50_000) })).statusCode).toBe(200);
    const base = { invoiceId, itineraryId: pending.id, userId: me.id, amount: pending.total };

    const stale = await world.publish('billing.payment.failed', invoiceId, {
      ...base,
      reason: 'card-declined',
      paymentId: 'pay_0',
    });
    const handled = world.app.mongo.collection('processed_events');
    await expect.poll(() => handled.countDocuments({ eventId: stale.id }), { timeout: 20_000 }).toBe(1);
    expect((await storedLock(pending.id))?.paymentId).toBe('pay_1');

    await world.publish('billing.payment.refunded', invoiceId, {
      ...base,
      paymentId: 'pay_1',
      refundId: 're_1',
      reason: 'invoice-not-payable',
    });
    await expect.poll(() => storedLock(pending.id), { timeout: 20_000 }).toBeUndefined();
    expect((await call('GET', itineraryUrl(pending.id), me)).json<Itinerary>().status).toBe('pending_payment');
  });
});

describe('a lock that lapsed before billing let go', () => {
  it('keeps the cart as it is while billing has the payment unsettled or the invoice paid', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    const lineItemId = pending.lineItems[0]!.identity;
    expect((await lock(pending.id, { invoiceId, paymentId: 'pay_slow', until: inMs(1_000) })).statusCode).toBe(200);
    await sleep(1_100);
    const before = (await call('GET', itineraryUrl(pending.id), me)).body;
    const offer = await world.findOffer();

    // The charge's answer is not recorded yet (a slow provider, a crash): billing says so.
    world.billing.paymentStates.set(invoiceId, { status: 'open', paymentInProgress: true });
    expectError(await call('POST', itineraryUrl(pending.id, 'removeHotel'), me, { lineItemId }), 'payment-in-progress');
    expectError(
      await call('POST', itineraryUrl(pending.id, 'addHotel'), me, addHotelBody(offer)),
      'payment-in-progress',
    );
    expectError(
      await call('POST', itineraryUrl(pending.id, 'updateHotel'), me, addHotelBody(offer, { lineItemId })),
      'payment-in-progress',
    );
    expectError(await call('PUT', itineraryUrl(pending.id, 'cancel'), me), 'payment-in-progress');
    // Paid, and the confirmation on its way: the cart that was paid for stays.
    world.billing.paymentStates.set(invoiceId, { status: 'paid', paymentInProgress: false });
    expectError(await call('POST', itineraryUrl(pending.id, 'removeHotel'), me, { lineItemId }), 'payment-in-progress');
    // Billing cannot be asked: nothing changes either.
    world.billing.failWith = 503;
    try {
      expectError(
        await call('POST', itineraryUrl(pending.id, 'removeHotel'), me, { lineItemId }),
        'service-unavailable',
      );
    } finally {
      world.billing.failWith = 0;
    }
    expect((await call('GET', itineraryUrl(pending.id), me)).body).toBe(before);
    expect(world.billing.stateReads.filter((id) => id === invoiceId)).toHaveLength(5);
    // The hold of each refused add was let go again.
    const holds = await world.catalog.catalog.inventory.idsOfItinerary(pending.id);
    const states = await Promise.all(holds.map((id) => world.catalog.catalog.inventory.get(id)));
    expect(states.filter((h) => h?.status === 'held')).toHaveLength(1);

    // The payment ended without a charge: the lock goes and the change is made.
    world.billing.paymentStates.set(invoiceId, { status: 'open', paymentInProgress: false });
    const removed = await call('POST', itineraryUrl(pending.id, 'removeHotel'), me, { lineItemId });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<Itinerary>().status).toBe('draft');
    expect(await storedLock(pending.id)).toBeUndefined();
  });

  it('does not ask billing while the lock lasts, nor when there is none', async () => {
    const { me, pending } = await world.newPendingCart();
    const invoiceId = pending.invoiceId!;
    const lineItemId = pending.lineItems[0]!.identity;
    expect((await lock(pending.id, { invoiceId, paymentId: 'pay_live', until: inMs(30_000) })).statusCode).toBe(200);
    expectError(await call('POST', itineraryUrl(pending.id, 'removeHotel'), me, { lineItemId }), 'payment-in-progress');
    await call('DELETE', `${lockUrl(pending.id)}?invoiceId=${invoiceId}&paymentId=pay_live`, world.asBilling);
    expect((await call('POST', itineraryUrl(pending.id, 'removeHotel'), me, { lineItemId })).statusCode).toBe(200);
    expect(world.billing.stateReads).not.toContain(invoiceId);
  });
});
