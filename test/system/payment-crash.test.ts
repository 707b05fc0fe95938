// System test: billing killed between the provider's answer and its own write (the sandbox's TEST-ONLY
// SANDBOX_TEST_CRASH_AFTER_CHARGE ends the process right after it answered a charge), every part its own
// process behind the gateway. After billing is back, no new key can pay while the first charge's outcome is
// unknown, even past its lease; the reconciliation job then finds the charge at the provider and records it:
// the invoice paid once, the card charged once, the itinerary confirmed.
import { createJobQueue } from '@travelclub/kit';
import { testInfra } from '@travelclub/kit/testing';
import { cards, eventually } from '@travelclub/testing';
import { expect, it } from 'vitest';
import { chargesOf, pendingBookings, usePlatform, type Booking } from './bookings.js';

const LEASE_S = 12;

const platform = usePlatform({
  partEnv: {
    billing: {
      SANDBOX_TEST_CRASH_AFTER_CHARGE: 'true',
      PAYMENT_LEASE_S: String(LEASE_S),
      PROVIDER_TIMEOUT_MS: '5000',
      // Only the test starts reconciliation here, once it has seen the payment refused past its lease.
      RECONCILE_EVERY_S: '3600',
    },
  },
});

const charges = (invoiceId: string) => chargesOf(platform.mongo, platform.stack, [invoiceId]);

it('settles a charge whose answer died with billing: paid once, charged once, confirmed, no second charge', async () => {
  const [{ traveller, pending, invoiceId, key }] = (await pendingBookings(platform.stack, 1)) as [Booking];

  // The provider charges, and billing dies before it can write that down.
  const paidAt = Date.now();
  const answer = await traveller.pay(invoiceId, cards.good, key).catch(() => undefined);
  expect(answer === undefined || answer.status >= 500).toBe(true);
  await platform.stack.parts.billing.kill();
  const made = await charges(invoiceId);
  expect(made).toMatchObject([{ outcome: 'succeeded' }]);
  expect((await traveller.invoice(invoiceId)).body.status ?? 'unreachable').not.toBe('paid');

  await platform.stack.start('billing');
  expect((await traveller.invoice(invoiceId)).body.status).toBe('open');
  expect((await traveller.pay(invoiceId, cards.good)).body.error?.code).toBe('payment-in-progress');
  // Past the lease the outcome is still unknown: a new key would charge the card a second time.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, paidAt + LEASE_S * 1000 + 500 - Date.now())));
  expect((await traveller.pay(invoiceId, cards.good)).body.error?.code).toBe('payment-in-progress');
  expect((await traveller.itinerary(pending.id)).body.status).toBe('pending_payment');
  expect(await charges(invoiceId)).toHaveLength(1);

  const reconciliation = createJobQueue('payment-reconciliation', {
    redisUrl: testInfra().redisUrl,
    prefix: platform.stack.topicPrefix.replace(/\.$/, ''),
  });
  try {
    await reconciliation.add({ invoiceId });
  } finally {
    await reconciliation.close();
  }

  const invoice = await eventually(async () => {
    const read = await traveller.invoice(invoiceId);
    return read.body.status === 'paid' && read.body;
  }, 30_000);
  expect(invoice.payment?.id).toMatch(/^pay_/);
  await eventually(async () => (await traveller.itinerary(pending.id)).body.status === 'confirmed', 30_000);
  // The same key answers the payment that was made; a new key finds the invoice paid; one charge in all.
  const again = await traveller.pay(invoiceId, cards.good, key);
  expect(again.status).toBe(200);
  expect(again.body.paymentId).toBe(invoice.payment!.id);
  expect((await traveller.pay(invoiceId, cards.good)).body.error?.code).toBe('invoice-already-paid');
  const all = await charges(invoiceId);
  expect(all).toHaveLength(1);
  expect(all[0]!.chargeId).toBe(made[0]!.chargeId);
}, 180_000);
