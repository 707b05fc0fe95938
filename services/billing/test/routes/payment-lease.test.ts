// The lease and payments whose outcome is unknown, with a two-second lease, a one-second provider timeout and
// a sandbox that takes four seconds to settle a charge: the request gives up, no other payment starts until
// the outcome is known (even past the lease), and reconciliation settles it from the provider: paid once,
// refunded when the invoice was voided meanwhile, dropped when the provider never received it. The itinerary
// cannot take the invoice back while such a payment holds it.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { paymentIdFor } from '../../src/domain/ids.js';
import type { PaymentProvider } from '../../src/provider/provider.js';
import { expectError, useBilling, validCard } from '../helpers.js';

const LEASE_MS = 2_000;
const SETTLES_MS = 4_000;

const settings = {
  PAYMENT_LEASE_S: String(LEASE_MS / 1000),
  PROVIDER_TIMEOUT_MS: '1000',
  // The tests run reconciliation themselves, at the moments they check.
  RECONCILE_EVERY_S: '3600',
};

/** A sandbox that answers at once. */
const world = useBilling(settings);
/** A sandbox that takes longer to settle a charge than the lease lasts. */
const slow = useBilling({ ...settings, SANDBOX_LATENCY_MS: String(SETTLES_MS) }, { events: true });
let originalCharge: PaymentProvider['charge'];

beforeAll(() => {
  originalCharge = world.app.billing.provider.charge.bind(world.app.billing.provider);
});
afterEach(() => {
  world.app.billing.provider.charge = originalCharge;
});

/**
 * The sandbox settles a charge four seconds after it reached it, which on a loaded machine is later than four
 * seconds after the request began: reconciliation is tried again until it settles.
 */
const SETTLED = { timeout: 10_000, interval: 250 };

/** Sleeps until `ms` after `from`. */
const until = (from: number, ms: number) => sleep(Math.max(0, from + ms - Date.now()));

/**
 * Sleeps until just past the end of the invoice's lease. The lease runs from when the payment took the invoice,
 * which on a loaded machine is a while after its request was sent.
 */
async function pastLease(w: typeof world, invoiceId: string) {
  const lease = (await w.app.billing.store.get(invoiceId))?.lease;
  if (!lease) throw new Error(`invoice ${invoiceId} has no lease`);
  await until(new Date(lease.until).getTime(), 200);
}

describe('a provider slower than its timeout', () => {
  it('gives up, lets no other payment start until the outcome is known, then records the charge once', async () => {
    const { user, invoice } = await slow.openInvoice();
    const key = randomUUID();
    const paymentId = paymentIdFor(invoice.id, key);
    const started = Date.now();
    const first = await slow.pay(user, invoice.id, validCard(), key);
    expectError(first, 'service-unavailable');
    expect(Date.now() - started).toBeLessThan(LEASE_MS);

    // The lease is this payment's, for PAYMENT_LEASE_S from when it took the invoice.
    const held = await slow.app.billing.store.get(invoice.id);
    expect(held!.lease!.paymentId).toBe(paymentId);
    const leaseEnds = held!.lease!.until.getTime();
    expect(leaseEnds).toBeGreaterThan(started + LEASE_MS - 100);
    expect(leaseEnds).toBeLessThanOrEqual(Date.now() + LEASE_MS);

    expectError(await slow.pay(user, invoice.id, validCard(), key), 'payment-in-progress');
    expectError(await slow.pay(user, invoice.id), 'payment-in-progress');
    // Past the lease the outcome is still unknown: a new key could charge the card a second time.
    await until(leaseEnds, 200);
    expectError(await slow.pay(user, invoice.id), 'payment-in-progress');
    // Nor may the itinerary take the invoice back and change its cart under the charge.
    expectError(await slow.withdraw(invoice.id, invoice.itineraryId), 'payment-in-progress');
    expect(await slow.app.billing.payments.reconcile()).toEqual({ pending: 1 });
    expectError(await slow.pay(user, invoice.id), 'payment-in-progress');
    expectError(await slow.withdraw(invoice.id, invoice.itineraryId), 'payment-in-progress');

    await until(started, SETTLES_MS + 200);
    await expect.poll(() => slow.app.billing.payments.reconcile(), SETTLED).toEqual({ paid: 1 });
    const paid = await slow.getInvoice(user, invoice.id);
    expect(paid.status).toBe('paid');
    expect(paid.payment?.id).toBe(paymentId);
    expect(await slow.chargesOf(invoice.id)).toHaveLength(1);
    expect(await slow.events.wait('billing.invoice.paid', invoice.id, 1, 1_000)).toHaveLength(1);

    const again = await slow.pay(user, invoice.id, validCard(), key);
    expect(again.statusCode).toBe(200);
    expect(again.json().paymentId).toBe(paymentId);
    expectError(await slow.pay(user, invoice.id), 'invoice-already-paid');
    expect(await slow.chargesOf(invoice.id)).toHaveLength(1);
  }, 45_000);

  it('refunds a late charge whose invoice was voided meanwhile, naming it, and publishes no billing.invoice.paid', async () => {
    const { user, invoice } = await slow.openInvoice();
    const key = randomUUID();
    const paymentId = paymentIdFor(invoice.id, key);
    const started = Date.now();
    expectError(await slow.pay(user, invoice.id, validCard(), key), 'service-unavailable');

    // The itinerary expired while the charge was on its way (a hold lapsed): the invoice can no longer be paid.
    await slow.publish('itinerary.expired', invoice.itineraryId, {
      itineraryId: invoice.itineraryId,
      userId: user.id,
      invoiceId: invoice.id,
    });
    await expect.poll(async () => (await slow.getInvoice(user, invoice.id)).status, { timeout: 30_000 }).toBe('void');
    // Void, but its payment is not over: the lease stays until the charge is settled.
    expect((await slow.app.billing.store.get(invoice.id))?.lease?.paymentId).toBe(paymentId);

    await until(started, SETTLES_MS + 200);
    await expect.poll(() => slow.app.billing.payments.reconcile(), SETTLED).toEqual({ refunded: 1 });
    expect((await slow.getInvoice(user, invoice.id)).status).toBe('void');
    const [charge] = await slow.chargesOf(invoice.id);
    const refund = await slow.app.mongo.collection('sandbox_refunds').findOne({ _id: `orphan:${paymentId}` as never });
    expect(refund).toMatchObject({ chargeId: charge!.chargeId, amount: invoice.total });
    const [told] = await slow.events.wait('billing.payment.refunded', invoice.id, 1, 1_000);
    expect(told!.payload).toEqual({
      invoiceId: invoice.id,
      itineraryId: invoice.itineraryId,
      userId: user.id,
      paymentId,
      refundId: refund!.refundId,
      amount: invoice.total,
      reason: 'invoice-not-payable',
    });
    expect(slow.events.of('billing.invoice.paid', invoice.id)).toHaveLength(0);
    expect((await slow.app.billing.store.get(invoice.id))?.lease).toBeNull();
    // Its key keeps that answer; nothing more is charged or refunded.
    expectError(await slow.pay(user, invoice.id, validCard(), key), 'invoice-void');
    expect(await slow.app.billing.payments.reconcile()).toEqual({});
    expect(await slow.chargesOf(invoice.id)).toHaveLength(1);
    expect(await slow.app.mongo.collection('sandbox_refunds').countDocuments({ chargeId: charge!.chargeId })).toBe(1);
  }, 45_000);
});

describe('a provider that never received the charge', () => {
  /** A payment under a new key that the provider never received: the charge failed with `error`. */
  async function unreceivedPayment(error: string) {
    const { user, invoice } = await world.openInvoice();
    const key = randomUUID();
    world.app.billing.provider.charge = async () => {
      throw new Error(error);
    };
    expectError(await world.pay(user, invoice.id, validCard(), key), 'service-unavailable');
    return { user, invoice, key };
  }

  it('keeps the invoice until the lease lapses and the provider says so, then lets any key pay', async () => {
    const { user, invoice } = await unreceivedPayment('connection refused by the provider');
    world.app.billing.provider.charge = originalCharge;
    expectError(await world.pay(user, invoice.id), 'payment-in-progress');
    expectError(await world.withdraw(invoice.id, invoice.itineraryId), 'payment-in-progress');
    expect(await world.app.billing.payments.reconcile()).toEqual({});

    await pastLease(world, invoice.id);
    expect(await world.app.billing.payments.reconcile()).toEqual({ dropped: 1 });
    expect(await world.chargesOf(invoice.id)).toHaveLength(0);
    const other = world.pay(user, invoice.id);
    expect((await other).statusCode).toBe(200);
    expect(await world.chargesOf(invoice.id)).toHaveLength(1);
  }, 45_000);

  it('lets the same key run it again once its lease lapsed, with one charge in all', async () => {
    const { user, invoice, key } = await unreceivedPayment('connection reset by the provider');
    expectError(await world.pay(user, invoice.id, validCard(), key), 'payment-in-progress');
    world.app.billing.provider.charge = originalCharge;

    await pastLease(world, invoice.id);
    const retry = await world.pay(user, invoice.id, validCard(), key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().paymentId).toBe(paymentIdFor(invoice.id, key));
    expect(await world.chargesOf(invoice.id)).toHaveLength(1);
  }, 45_000);
});
