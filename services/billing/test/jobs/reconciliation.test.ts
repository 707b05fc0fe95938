// The payment-reconciliation job on its BullMQ schedule (every second here): a payment left `processing` by a
// process that died after the provider answered is settled without anyone retrying it, once, and the lapsed
// lease of a payment already settled is let go.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentIdFor } from '../../src/domain/ids.js';
import { expectError, SANDBOX_CARDS, useBilling, validCard, type Caller } from '../helpers.js';

const world = useBilling({ RECONCILE_EVERY_S: '1' }, { events: true });

/** The payment that holds the invoice, unsettled (null: none). */
const leaseOf = async (invoiceId: string) => (await world.app.billing.store.get(invoiceId))?.lease ?? null;

/**
 * What a billing process killed right after the provider answered leaves: the charge, an unsettled attempt
 * whose lease lapsed `lapsedMs` ago, and, `voided`, an invoice voided meanwhile (its charge is to be refunded).
 * Charged first, so the schedule never finds the attempt before the provider has the charge.
 */
async function crashedAfterCharge(user: Caller, cardNumber: string, { lapsedMs = 1_000, voided = false } = {}) {
  const invoice = await world.createInvoice(user);
  const key = randomUUID();
  const card = validCard(cardNumber);
  const paymentId = paymentIdFor(invoice.id, key);
  const past = new Date(Date.now() - 61_000);
  await world.app.billing.provider.charge({
    idempotencyKey: paymentId,
    amount: invoice.total,
    card,
    reference: invoice.id,
  });
  await world.leaveUnsettledAttempt(invoice, key, card, {
    leaseUntil: new Date(Date.now() - lapsedMs),
    startedAt: past,
    voided,
  });
  return { invoice, paymentId, key };
}

describe('the reconciliation schedule', () => {
  it('is registered once, under its queue', async () => {
    const queue = world.app.billing.reconciliation.queue;
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => ({ key: s.key, every: Number(s.every) }))).toEqual([
      { key: 'payment-reconciliation', every: 1_000 },
    ]);
  });

  it('records a charge whose answer was lost as paid, once, with no one retrying it', async () => {
    const user = await world.traveller();
    const { invoice, paymentId, key } = await crashedAfterCharge(user, SANDBOX_CARDS.succeeds);
    await expect.poll(async () => (await world.getInvoice(user, invoice.id)).status, { timeout: 15_000 }).toBe('paid');
    expect((await world.getInvoice(user, invoice.id)).payment?.id).toBe(paymentId);
    expect(await world.events.wait('billing.invoice.paid', invoice.id, 1, 2_500)).toHaveLength(1);
    expect(await world.chargesOf(invoice.id)).toHaveLength(1);
    const again = await world.pay(user, invoice.id, validCard(), key);
    expect(again.statusCode).toBe(200);
    expect(again.json().paymentId).toBe(paymentId);
  });

  it('records a declined charge whose answer was lost, and tells the itinerary which payment it was', async () => {
    const user = await world.traveller();
    const { invoice, paymentId } = await crashedAfterCharge(user, SANDBOX_CARDS.declined);
    const [failed] = await world.events.wait('billing.payment.failed', invoice.id, 1, 2_500);
    expect(failed!.payload).toMatchObject({ paymentId, reason: 'card-declined' });
    expect((await world.getInvoice(user, invoice.id)).status).toBe('open');
    await expect.poll(() => leaseOf(invoice.id), { timeout: 5_000 }).toBeNull();
    // The invoice is free again for another card.
    expect((await world.pay(user, invoice.id)).statusCode).toBe(200);
  });

  it('settles the other payments when one cannot be settled yet (its refund fails), and that one on a later run', async () => {
    const user = await world.traveller();
    // The oldest lease comes first: a charge whose invoice was voided, so it is to be refunded.
    const stuck = await crashedAfterCharge(user, SANDBOX_CARDS.succeeds, { lapsedMs: 30_000, voided: true });
    const refund = world.app.billing.provider.refund;
    world.app.billing.provider.refund = async (request) => {
      if (request.idempotencyKey === `orphan:${stuck.paymentId}`) throw new Error('the provider refused the refund');
      return refund(request);
    };
    try {
      const { invoice } = await crashedAfterCharge(user, SANDBOX_CARDS.succeeds);
      await expect
        .poll(async () => (await world.getInvoice(user, invoice.id)).status, { timeout: 15_000 })
        .toBe('paid');
      expect((await world.app.billing.store.get(stuck.invoice.id))?.attempts[stuck.paymentId]?.status).toBe(
        'processing',
      );
      expect((await leaseOf(stuck.invoice.id))?.paymentId).toBe(stuck.paymentId);
    } finally {
      world.app.billing.provider.refund = refund;
    }
    const [refunded] = await world.events.wait('billing.payment.refunded', stuck.invoice.id, 1, 0);
    expect(refunded!.payload).toMatchObject({ paymentId: stuck.paymentId, reason: 'invoice-not-payable' });
    await expect.poll(() => leaseOf(stuck.invoice.id), { timeout: 5_000 }).toBeNull();
    expect((await world.app.billing.store.get(stuck.invoice.id))?.status).toBe('void');
  });

  it('lets go of a lapsed lease whose payment was settled already', async () => {
    const { user, invoice } = await world.openInvoice();
    const key = randomUUID();
    expectError(await world.pay(user, invoice.id, validCard(SANDBOX_CARDS.declined), key), 'card-declined');
    // A crash between the attempt's update and the lease's left the lease behind.
    await world.app.billing.store.collection.updateOne(
      { _id: invoice.id },
      { $set: { lease: { paymentId: paymentIdFor(invoice.id, key), until: new Date(Date.now() - 1_000) } } },
    );
    expectError(await world.pay(user, invoice.id), 'payment-in-progress');
    await expect.poll(() => leaseOf(invoice.id), { timeout: 15_000 }).toBeNull();
    expect((await world.pay(user, invoice.id)).statusCode).toBe(200);
  });
});
