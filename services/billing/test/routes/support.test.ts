// Support staff's routes against the real servers: an invoice's payments and refunds, goodwill refunds (never
// past what is left of the payment, also at once, also before or after the cancellation's refund), and any
// creator's payout.
import {
  errorCatalogue,
  PayoutAnswerSchema,
  SupportInvoicePaymentsSchema,
  SupportRefundAnswerSchema,
  type Invoice,
  type SupportInvoicePayments,
} from '@travelclub/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cancelled,
  expectError,
  expectInvalid,
  inDays,
  instantInDays,
  SANDBOX_CARDS,
  useBilling,
  validCard,
  type Caller,
} from '../helpers.js';

const world = useBilling({ COMMISSION_RATE: '0.15' }, { events: true });

const staff = () => world.traveller(['role/support']);
const usd = (amount: number) => ({ amount, currency: 'USD' });

const paymentsRes = (caller: Caller | null, invoiceId: string) =>
  world.app.inject({
    method: 'GET',
    url: `/api/v1/support/invoices/${invoiceId}/payments`,
    headers: caller?.headers ?? {},
  });

async function paymentsOf(caller: Caller, invoiceId: string): Promise<SupportInvoicePayments> {
  const res = await paymentsRes(caller, invoiceId);
  expect(res.statusCode).toBe(200);
  return SupportInvoicePaymentsSchema.parse(res.json());
}

const refundRes = (caller: Caller | null, invoiceId: string, payload: unknown) =>
  world.app.inject({
    method: 'POST',
    url: `/api/v1/support/invoices/${invoiceId}/refunds`,
    headers: caller?.headers ?? {},
    payload: payload as Record<string, unknown>,
  });

async function refund(caller: Caller, invoiceId: string, amount: number, reason = 'The pool was closed all week') {
  const res = await refundRes(caller, invoiceId, { amount, reason });
  expect(res.statusCode, res.body).toBe(201);
  return SupportRefundAnswerSchema.parse(res.json());
}

/** What the sandbox gave back of the invoice's charge, all refunds together. */
async function sandboxRefunded(invoice: Invoice): Promise<number> {
  const [charge] = await world.chargesOf(invoice.id);
  const refunds = await world.app.mongo.collection('sandbox_refunds').find({ chargeId: charge!.chargeId }).toArray();
  return refunds.reduce((sum, r) => sum + (r.amount as { amount: number }).amount, 0);
}

/**
 * A paid invoice of a new traveller: 100.00, with a 40.00 cancellation charge in force since yesterday, and what
 * the itinerary says cancelling it gives back (60.00: it works the terms out, billing does not).
 */
async function paidWithCharge() {
  const user = await world.traveller();
  const invoice = await world.paidInvoice(user, {
    amounts: [100_00],
    charges: [{ from: instantInDays(-1), amount: 40_00 }],
  });
  return { user, invoice, refund: 60_00 };
}

/** The itinerary cancels, saying the cancellation gives back `refund` (all of the invoice unless said). */
async function cancelAndWait(invoice: Invoice, user: Caller, refund?: number): Promise<Invoice> {
  const event = cancelled(invoice, user, refund === undefined ? {} : { refund });
  await world.publish('itinerary.cancelled', invoice.itineraryId, event);
  await expect
    .poll(async () => (await world.getInvoice(user, invoice.id)).status, { timeout: 20_000 })
    .toBe('refunded');
  return world.getInvoice(user, invoice.id);
}

describe('GET /api/v1/support/invoices/:id/payments', () => {
  it('lists a declined attempt, then the payment, with the card summaries and nothing refunded', async () => {
    const { user, invoice } = await world.openInvoice({ amounts: [80_00, 20_00] });
    expectError(await world.pay(user, invoice.id, validCard(SANDBOX_CARDS.declined)), 'card-declined');
    expect((await world.pay(user, invoice.id)).statusCode).toBe(200);

    const view = await paymentsOf(await staff(), invoice.id);
    expect(view).toMatchObject({
      invoiceId: invoice.id,
      itineraryId: invoice.itineraryId,
      ownerId: user.id,
      status: 'paid',
      total: usd(100_00),
      paid: usd(100_00),
      refunded: usd(0),
      refundable: usd(100_00),
      refunds: [],
    });
    expect(view.payments).toEqual([
      {
        id: expect.any(String),
        status: 'declined',
        card: { brand: 'visa', last4: '0002' },
        code: 'card-declined',
        at: expect.any(String),
      },
      {
        id: expect.any(String),
        status: 'succeeded',
        amount: usd(100_00),
        card: { brand: 'visa', last4: '4242' },
        at: expect.any(String),
      },
    ]);
    // The card number is never part of it.
    expect(JSON.stringify(view)).not.toContain(SANDBOX_CARDS.succeeds);
  });

  it('shows an open invoice with no payment and nothing refundable', async () => {
    const { invoice } = await world.openInvoice();
    const view = await paymentsOf(await staff(), invoice.id);
    expect(view).toMatchObject({ status: 'open', payments: [], refunds: [], refunded: usd(0), refundable: usd(0) });
    expect(view.paid).toBeUndefined();
  });

  it('answers invoice-not-found for an unknown invoice', async () => {
    expectError(await paymentsRes(await staff(), 'inv_nothing'), 'invoice-not-found');
  });
});

describe('POST /api/v1/support/invoices/:id/refunds', () => {
  it('gives part back, recorded with the staff member, and refuses a second that would exceed, changing nothing', async () => {
    const desk = await staff();
    const user = await world.traveller();
    const invoice = await world.paidInvoice(user, { amounts: [100_00] });

    const answer = await refund(desk, invoice.id, 30_00, '  Noisy room, goodwill  ');
    expect(answer.refund).toEqual({
      id: expect.stringMatching(/^rfd_/),
      amount: usd(30_00),
      reason: 'goodwill',
      staffId: desk.id,
      note: 'Noisy room, goodwill',
      issuedAt: expect.any(String),
    });
    // Still paid: it can be cancelled, and that refund settled from what is left.
    expect(answer.invoice).toMatchObject({ id: invoice.id, status: 'paid', refunded: usd(30_00) });
    expect(answer.invoice.refund).toBeUndefined();

    const tooMuch = await refundRes(desk, invoice.id, { amount: 70_01, reason: 'More goodwill' });
    expectError(tooMuch, 'refund-exceeds-paid');
    expect(tooMuch.json().error.message).toBe(errorCatalogue['refund-exceeds-paid'].message);

    const view = await paymentsOf(desk, invoice.id);
    expect(view).toMatchObject({ status: 'paid', refunded: usd(30_00), refundable: usd(70_00) });
    expect(view.refunds).toEqual([answer.refund]);
    expect(await sandboxRefunded(invoice)).toBe(30_00);
    expect((await world.getInvoice(user, invoice.id)).refunded).toEqual(usd(30_00));

    // Exactly what is left is fine.
    const rest = await refund(desk, invoice.id, 70_00);
    expect(rest.invoice).toMatchObject({ status: 'paid', refunded: usd(100_00) });
    expectError(await refundRes(desk, invoice.id, { amount: 1, reason: 'One cent more' }), 'refund-exceeds-paid');
    expect(await sandboxRefunded(invoice)).toBe(100_00);
  });

  it('publishes billing.refund.issued once, with the staff member and reason goodwill', async () => {
    const desk = await staff();
    const user = await world.traveller();
    const invoice = await world.paidInvoice(user, { amounts: [100_00] });
    const { refund: issued } = await refund(desk, invoice.id, 25_00);
    const events = await world.events.wait('billing.refund.issued', invoice.id, 1, 1_500);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      refundId: issued.id,
      invoiceId: invoice.id,
      itineraryId: invoice.itineraryId,
      userId: user.id,
      amount: usd(25_00),
      charge: usd(75_00),
      reason: 'goodwill',
      staffId: desk.id,
    });
  });

  it('refuses an invoice that was not paid', async () => {
    const desk = await staff();
    const { user, invoice } = await world.openInvoice();
    expectError(await refundRes(desk, invoice.id, { amount: 1_00, reason: 'Goodwill' }), 'invoice-not-paid');
    await world.publish('itinerary.expired', invoice.itineraryId, {
      itineraryId: invoice.itineraryId,
      userId: user.id,
      invoiceId: invoice.id,
    });
    await expect.poll(async () => (await world.getInvoice(user, invoice.id)).status, { timeout: 20_000 }).toBe('void');
    expectError(await refundRes(desk, invoice.id, { amount: 1_00, reason: 'Goodwill' }), 'invoice-not-paid');
    expectError(await refundRes(desk, 'inv_nothing', { amount: 1_00, reason: 'Goodwill' }), 'invoice-not-found');
    expect(world.events.of('billing.refund.issued', invoice.id)).toHaveLength(0);
  });

  it('lets only as many refunds through at once as the payment covers', async () => {
    const desk = await staff();
    const other = await staff();
    const invoice = await world.paidInvoice(await world.traveller(), { amounts: [100_00] });
    const two = await Promise.all([
      refundRes(desk, invoice.id, { amount: 60_00, reason: 'Goodwill one' }),
      refundRes(other, invoice.id, { amount: 60_00, reason: 'Goodwill two' }),
    ]);
    expect(two.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expectError(
      two.find((r) => r.statusCode === 409)!,
      'refund-exceeds-paid',
    );

    // Five of 30.00 at once on another 100.00: three fit.
    const next = await world.paidInvoice(await world.traveller(), { amounts: [100_00] });
    const five = await Promise.all(
      Array.from({ length: 5 }, (_, i) => refundRes(desk, next.id, { amount: 30_00, reason: `Goodwill ${i}` })),
    );
    expect(five.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const res of five.filter((r) => r.statusCode !== 201)) expectError(res, 'refund-exceeds-paid');

    for (const [paid, refunded] of [
      [invoice, 60_00],
      [next, 90_00],
    ] as const) {
      const view = await paymentsOf(desk, paid.id);
      expect(view.refunded).toEqual(usd(refunded));
      expect(await sandboxRefunded(paid)).toBe(refunded);
    }
    await world.events.wait('billing.refund.issued', next.id, 3, 1_000);
    expect(world.events.of('billing.refund.issued', next.id)).toHaveLength(3);
  });

  it('lets the reservation go when the provider refuses the refund', async () => {
    const desk = await staff();
    const invoice = await world.paidInvoice(await world.traveller(), { amounts: [100_00] });
    // Someone refunded 90.00 straight at the provider: it refuses what billing still thinks is left.
    const [charge] = await world.chargesOf(invoice.id);
    await world.app.mongo.collection('sandbox_refunds').insertOne({
      _id: `dashboard:${randomUUID()}` as never,
      refundId: 're_dashboard',
      chargeId: charge!.chargeId,
      amount: usd(90_00),
      createdAt: new Date(),
    });
    expectError(await refundRes(desk, invoice.id, { amount: 20_00, reason: 'Goodwill' }), 'service-unavailable');
    const view = await paymentsOf(desk, invoice.id);
    expect(view).toMatchObject({ refunded: usd(0), refundable: usd(100_00), refunds: [] });
    // Nothing stays reserved: what the provider still has is refundable.
    expect((await refund(desk, invoice.id, 10_00)).invoice.refunded).toEqual(usd(10_00));
  });

  it('keeps the cancellation’s refund to what staff refunds left of the payment', async () => {
    const desk = await staff();
    // 100.00 paid; the terms keep 40.00, so the itinerary says a cancellation gives 60.00 back; staff gave 70.00
    // first, which it did not know of.
    const { user, invoice, refund: terms } = await paidWithCharge();
    await refund(desk, invoice.id, 70_00);
    const after = await cancelAndWait(invoice, user, terms);
    expect(after.refund!.amount).toEqual(usd(30_00));
    expect(after.refunded).toEqual(usd(100_00));

    const issued = await world.events.wait('billing.refund.issued', invoice.id, 2, 1_000);
    expect(issued.map((e) => [e.payload.reason, (e.payload.amount as { amount: number }).amount])).toEqual([
      ['goodwill', 70_00],
      ['cancelled', 30_00],
    ]);
    expect(issued[1]!.payload).toMatchObject({ charge: usd(0) });
    expect(issued[1]!.payload).not.toHaveProperty('staffId');

    const view = await paymentsOf(desk, invoice.id);
    expect(view).toMatchObject({ status: 'refunded', refunded: usd(100_00), refundable: usd(0) });
    expect(view.refunds.map((r) => [r.reason, r.amount.amount, r.staffId])).toEqual([
      ['goodwill', 70_00, desk.id],
      ['cancelled', 30_00, undefined],
    ]);
    expect(await sandboxRefunded(invoice)).toBe(100_00);
    expectError(await refundRes(desk, invoice.id, { amount: 1, reason: 'Goodwill' }), 'refund-exceeds-paid');
  });

  it('gives the event’s refund on cancelling when it is less than what is left, and staff the rest after', async () => {
    const desk = await staff();
    const { user, invoice, refund: terms } = await paidWithCharge();
    await refund(desk, invoice.id, 10_00);
    const after = await cancelAndWait(invoice, user, terms);
    expect(after.refund!.amount).toEqual(usd(60_00));
    const [, cancelling] = await world.events.wait('billing.refund.issued', invoice.id, 2, 500);
    // The payment keeps 30.00 now: the terms' 40.00 less the earlier goodwill.
    expect(cancelling!.payload).toMatchObject({ reason: 'cancelled', amount: usd(60_00), charge: usd(30_00) });

    // After the cancellation, staff may give back what the payment kept, no more.
    expectError(await refundRes(desk, invoice.id, { amount: 30_01, reason: 'Goodwill' }), 'refund-exceeds-paid');
    const last = await refund(desk, invoice.id, 30_00);
    expect(last.invoice).toMatchObject({ status: 'refunded', refunded: usd(100_00), refund: { amount: usd(60_00) } });
    expect(await sandboxRefunded(invoice)).toBe(100_00);
  });

  it('never gives back more than was paid when a staff refund and the cancellation come at once', async () => {
    const desk = await staff();
    const user = await world.traveller();
    // Free cancellation: the itinerary says all 100.00 goes back.
    const invoice = await world.paidInvoice(user, { amounts: [100_00] });
    const [res] = await Promise.all([
      refundRes(desk, invoice.id, { amount: 70_00, reason: 'Goodwill' }),
      world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, user)),
    ]);
    await expect
      .poll(async () => (await world.getInvoice(user, invoice.id)).status, { timeout: 20_000 })
      .toBe('refunded');
    const after = await world.getInvoice(user, invoice.id);
    // Whichever came first, the other got only what was left.
    if (res.statusCode === 201) expect(after.refund!.amount).toEqual(usd(30_00));
    else {
      expectError(res, 'refund-exceeds-paid');
      expect(after.refund!.amount).toEqual(usd(100_00));
    }
    expect(after.refunded).toEqual(usd(100_00));
    expect(await sandboxRefunded(invoice)).toBe(100_00);
  });

  it('needs a support token: a customer is forbidden, no token unauthenticated', async () => {
    const invoice = await world.paidInvoice(await world.traveller(), { amounts: [100_00] });
    const customer = await world.traveller(['role/customer', 'role/creator']);
    const body = { amount: 1_00, reason: 'Goodwill' };
    expectError(await refundRes(customer, invoice.id, body), 'forbidden');
    expectError(await refundRes(null, invoice.id, body), 'unauthenticated');
    expectError(await paymentsRes(customer, invoice.id), 'forbidden');
    expectError(await paymentsRes(null, invoice.id), 'unauthenticated');
    expect(await sandboxRefunded(invoice)).toBe(0);
  });

  it.each([
    ['a negative amount', { amount: -5, reason: 'Goodwill' }, 'amount'],
    ['zero', { amount: 0, reason: 'Goodwill' }, 'amount'],
    ['a fraction of a minor unit', { amount: 10.5, reason: 'Goodwill' }, 'amount'],
    ['an operator', { amount: { $gt: 0 }, reason: 'Goodwill' }, 'amount'],
    ['an amount as text', { amount: '100', reason: 'Goodwill' }, 'amount'],
    ['no reason', { amount: 1_00 }, 'reason'],
    ['a reason of two characters once trimmed', { amount: 1_00, reason: '  ok  ' }, 'reason'],
    ['a reason over 500 characters', { amount: 1_00, reason: 'x'.repeat(501) }, 'reason'],
  ])('refuses %s, naming the field', async (_case, body, field) => {
    const invoice = await world.paidInvoice(await world.traveller(), { amounts: [100_00] });
    expectInvalid(await refundRes(await staff(), invoice.id, body), field);
    expect(await sandboxRefunded(invoice)).toBe(0);
  });

  it('refuses a field it does not know', async () => {
    const invoice = await world.paidInvoice(await world.traveller(), { amounts: [100_00] });
    const res = await refundRes(await staff(), invoice.id, { amount: 1_00, reason: 'Goodwill', staffId: 'me' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation-failed');
  });
});

describe('GET /api/v1/support/payouts/:creator', () => {
  const payoutRes = (caller: Caller | null, creator: string) =>
    world.app.inject({ method: 'GET', url: `/api/v1/support/payouts/${creator}`, headers: caller?.headers ?? {} });

  it('shows a creator’s payout as they see it, staff refunds’ reversals included', async () => {
    const desk = await staff();
    const creator = await world.traveller(['role/customer', 'role/creator']);
    const slug = `creator-${randomUUID().slice(0, 8)}`;
    await world.publish('creator.profile.updated', creator.id, { userId: creator.id, slug, publicName: 'Ada' });
    const mine = async () => {
      const res = await world.app.inject({
        method: 'GET',
        url: '/api/v1/userProfile/my/payout',
        headers: creator.headers,
      });
      return PayoutAnswerSchema.parse(res.json());
    };
    await expect.poll(async () => (await mine()).creator, { timeout: 20_000 }).toBe(slug);

    // 200.00 at 15%: 30.00; a goodwill refund of 50.00 (a quarter) takes 7.50 back.
    const invoice = await world.paidInvoice(await world.traveller(), {
      creator: slug,
      amounts: [200_00],
      checkIn: inDays(10),
      checkOut: inDays(12),
    });
    await refund(desk, invoice.id, 50_00);
    const [issued] = await world.events.wait('billing.refund.issued', invoice.id);
    expect(issued!.payload).toMatchObject({ creator: slug, commissionReversed: usd(7_50), staffId: desk.id });

    const res = await payoutRes(desk, slug);
    expect(res.statusCode).toBe(200);
    const payout = PayoutAnswerSchema.parse(res.json());
    expect(payout).toEqual(await mine());
    expect(payout.balances).toEqual([{ currency: 'USD', balance: 0, pending: 22_50, paid: 0 }]);
    expect(payout.entries.map((e) => [e.kind, e.amount.amount])).toEqual([
      ['reversal', -7_50],
      ['commission', 30_00],
    ]);
  });

  it('reverses the whole commission once staff and the cancellation gave everything back', async () => {
    const desk = await staff();
    const slug = `creator-${randomUUID().slice(0, 8)}`;
    const user = await world.traveller();
    // 333.33 at 15%: 50.00; thirds do not split it evenly, the shares still add up to it.
    const invoice = await world.paidInvoice(user, { creator: slug, amounts: [333_33] });
    await refund(desk, invoice.id, 111_11);
    await refund(desk, invoice.id, 111_11);
    await cancelAndWait(invoice, user);
    const payout = PayoutAnswerSchema.parse((await payoutRes(desk, slug)).json());
    // A slug the directory does not know yet still shows its commissions, under that slug.
    expect(payout.creator).toBe(slug);
    expect(payout.balances).toEqual([{ currency: 'USD', balance: 0, pending: 0, paid: 0 }]);
    const reversals = payout.entries.filter((e) => e.kind === 'reversal').map((e) => e.amount.amount);
    expect(reversals.sort((a, b) => a - b)).toEqual([-16_67, -16_67, -16_66]);
  });

  it('answers payout-not-found for a creator billing does not know, and needs a support token', async () => {
    const desk = await staff();
    expectError(await payoutRes(desk, `nobody-${randomUUID().slice(0, 8)}`), 'payout-not-found');
    expectInvalid(await payoutRes(desk, 'Not%20A%20Slug'), 'creator');
    expectError(await payoutRes(await world.traveller(['role/creator']), 'anyone'), 'forbidden');
    expectError(await payoutRes(null, 'anyone'), 'unauthenticated');
  });
});
