// Card payments against the real servers: validation, idempotency keys, no lease past the cart's first hold
// (holdsUntil), an invoice the itinerary took back, the sandbox provider's outcomes, one charge under a race, a
// crash after the charge, and no card number stored. Billing calls no other service while it charges.
import { PaymentAnswerSchema } from '@travelclub/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { paymentIdFor } from '../../src/domain/ids.js';
import { expectError, expectInvalid, instantIn, SANDBOX_CARDS, useBilling, validCard } from '../helpers.js';

const world = useBilling({}, { events: true });
/** A sandbox that takes a while to settle a charge: the payment holds the invoice meanwhile. */
const slow = useBilling({ SANDBOX_LATENCY_MS: '1500' });

const LEASE_MS = 60_000; // the default PAYMENT_LEASE_S

/** The invoice as billing stores it. */
const stored = (invoiceId: string, w = world) => w.app.billing.store.get(invoiceId);

/** Waits until a payment holds the invoice (its lease is there). */
const untilLeased = (invoiceId: string, w = world) =>
  vi.waitFor(async () => expect((await stored(invoiceId, w))?.lease).toBeTruthy(), { timeout: 10_000, interval: 10 });

describe('the request', () => {
  it('needs an Idempotency-Key header of printable characters', async () => {
    const { user, invoice } = await world.openInvoice();
    expectError(await world.pay(user, invoice.id, validCard(), null), 'idempotency-key-required');
    expectError(await world.pay(user, invoice.id, validCard(), 'short'), 'idempotency-key-required');
    expect(await world.chargesOf(invoice.id)).toHaveLength(0);
  });

  it.each([
    ['a number that fails the Luhn check', validCard('4242424242424241'), 'card.number'],
    ['a number too short', validCard('4242'), 'card.number'],
    ['an expired card', validCard(undefined, { expiry: '01/20' }), 'card.expiry'],
    ['an expiry that is not MM/YY', validCard(undefined, { expiry: '2030-01' }), 'card.expiry'],
    ['a security code of two digits', validCard(undefined, { cvc: '12' }), 'card.cvc'],
    ['no cardholder name', { number: SANDBOX_CARDS.succeeds, expiry: '12/39', cvc: '123' }, 'card.holderName'],
    ['a blank cardholder name', validCard(undefined, { holderName: '   ' }), 'card.holderName'],
  ])('refuses %s, naming the field', async (_case, card, field) => {
    const { user, invoice } = await world.openInvoice();
    const res = await world.pay(user, invoice.id, card);
    expectInvalid(res, field);
    expect(res.body).not.toContain('4242424242424241');
    expect(await world.chargesOf(invoice.id)).toHaveLength(0);
  });

  it('answers invoice-not-found for an unknown invoice and for a stranger, and needs a token', async () => {
    const owner = await world.traveller();
    const stranger = await world.traveller();
    const invoice = await world.createInvoice(owner);
    expectError(await world.pay(owner, 'inv_nothing'), 'invoice-not-found');
    expectError(await world.pay(stranger, invoice.id), 'invoice-not-found');
    const res = await world.app.inject({
      method: 'POST',
      url: `/api/v1/invoice/${invoice.id}/payment`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { card: validCard() },
    });
    expectError(res, 'unauthenticated');
    expect(await world.chargesOf(invoice.id)).toHaveLength(0);
  });
});

describe('paying', () => {
  it('charges 4242 once, marks the invoice paid and publishes billing.invoice.paid exactly once', async () => {
    const user = await world.traveller();
    const invoice = await world.createInvoice(user, { amounts: [150_00, 49_99] });
    const key = randomUUID();
    const res = await world.pay(user, invoice.id, validCard(), key);
    expect(res.statusCode).toBe(200);
    const answer = PaymentAnswerSchema.parse(res.json());
    expect(answer).toMatchObject({
      paymentId: paymentIdFor(invoice.id, key),
      invoiceId: invoice.id,
      itineraryId: invoice.itineraryId,
      status: 'succeeded',
      amount: { amount: 199_99, currency: 'USD' },
      card: { brand: 'visa', last4: '4242' },
    });

    // The payment's lease is let go with its outcome recorded.
    expect((await stored(invoice.id))?.lease).toBeNull();

    const paid = await world.getInvoice(user, invoice.id);
    expect(paid.status).toBe('paid');
    expect(paid.payment).toEqual({
      id: answer.paymentId,
      amount: answer.amount,
      card: answer.card,
      paidAt: answer.paidAt,
    });
    expect(await world.chargesOf(invoice.id)).toHaveLength(1);

    const published = await world.events.wait('billing.invoice.paid', invoice.id, 1, 1_500);
    expect(published).toHaveLength(1);
    expect(published[0]!.payload).toEqual({
      invoiceId: invoice.id,
      itineraryId: invoice.itineraryId,
      userId: user.id,
      paymentId: answer.paymentId,
      amount: answer.amount,
      paidAt: answer.paidAt,
    });
  });

  it('answers a declined card with 402 card-declined, keeps the invoice open, and takes a good card after', async () => {
    const { user, invoice } = await world.openInvoice();
    const declined = await world.pay(user, invoice.id, validCard(SANDBOX_CARDS.declined));
    expectError(declined, 'card-declined');
    expect((await world.getInvoice(user, invoice.id)).status).toBe('open');
    // The lease goes with the decline rather than being left to lapse.
    expect((await stored(invoice.id))?.lease).toBeNull();

    const [failed] = await world.events.wait('billing.payment.failed', invoice.id);
    expect(failed!.payload).toMatchObject({ userId: user.id, amount: invoice.total, reason: 'card-declined' });

    const good = await world.pay(user, invoice.id, validCard());
    expect(good.statusCode).toBe(200);
    expect((await world.getInvoice(user, invoice.id)).status).toBe('paid');
    expect((await world.chargesOf(invoice.id)).map((c) => c.outcome).sort()).toEqual(['declined', 'succeeded']);
  });

  it('answers 4000000000009995 with 402 insufficient-funds', async () => {
    const { user, invoice } = await world.openInvoice();
    expectError(await world.pay(user, invoice.id, validCard(SANDBOX_CARDS.insufficientFunds)), 'insufficient-funds');
    const [failed] = await world.events.wait('billing.payment.failed', invoice.id);
    expect(failed!.payload.reason).toBe('insufficient-funds');
    expect((await world.getInvoice(user, invoice.id)).status).toBe('open');
  });

  it('takes any other valid card number as a success, with its brand', async () => {
    const { user, invoice } = await world.openInvoice();
    const res = await world.pay(user, invoice.id, validCard('5555 5555 5555 4444'));
    expect(res.statusCode).toBe(200);
    expect(res.json().card).toEqual({ brand: 'mastercard', last4: '4444' });
  });
});

describe('idempotency keys', () => {
  it('answers the same key and card with the stored answer and charges once', async () => {
    const { user, invoice } = await world.openInvoice();
    const key = randomUUID();
    const first = await world.pay(user, invoice.id, validCard(), key);
    const second = await world.pay(user, invoice.id, validCard(), key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await world.chargesOf(invoice.id)).toHaveLength(1);
  });

  it('answers a repeated key of a declined payment with the same decline, charging nothing more', async () => {
    const { user, invoice } = await world.openInvoice();
    const key = randomUUID();
    expectError(await world.pay(user, invoice.id, validCard(SANDBOX_CARDS.declined), key), 'card-declined');
    expectError(await world.pay(user, invoice.id, validCard(SANDBOX_CARDS.declined), key), 'card-declined');
    expect(await world.chargesOf(invoice.id)).toHaveLength(1);
  });

  it('refuses the same key with another card', async () => {
    const { user, invoice } = await world.openInvoice();
    const key = randomUUID();
    expectError(await world.pay(user, invoice.id, validCard(SANDBOX_CARDS.declined), key), 'card-declined');
    expectError(await world.pay(user, invoice.id, validCard(), key), 'idempotency-key-reused');
    expectError(
      await world.pay(user, invoice.id, validCard(SANDBOX_CARDS.declined, { holderName: 'Someone Else' }), key),
      'idempotency-key-reused',
    );
    expect(await world.chargesOf(invoice.id)).toHaveLength(1);
  });

  it('refuses a new key on a paid invoice', async () => {
    const { user, invoice } = await world.openInvoice();
    expect((await world.pay(user, invoice.id)).statusCode).toBe(200);
    expectError(await world.pay(user, invoice.id), 'invoice-already-paid');
    expect(await world.chargesOf(invoice.id)).toHaveLength(1);
  });

  it('charges once when 10 payments with different keys race', async () => {
    const { user, invoice } = await world.openInvoice();
    const answers = await Promise.all(Array.from({ length: 10 }, () => world.pay(user, invoice.id)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(['payment-in-progress', 'invoice-already-paid']).toContain(res.json().error.code);
    }
    expect(await world.chargesOf(invoice.id)).toHaveLength(1);
    expect(await world.events.wait('billing.invoice.paid', invoice.id, 1, 1_000)).toHaveLength(1);
  });

  it('answers payment-in-progress to the same key while its attempt holds the invoice', async () => {
    const { user, invoice } = await slow.openInvoice();
    // The second request goes once the first holds the invoice (its lease is stored), not after a fixed wait,
    // which a busy machine can outlast.
    const key = randomUUID();
    const first = slow.pay(user, invoice.id, validCard(), key);
    await untilLeased(invoice.id, slow);
    const b = await slow.pay(user, invoice.id, validCard(), key);
    const a = await first;
    expect(a.statusCode).toBe(200);
    expectError(b, 'payment-in-progress');
    expect(await slow.chargesOf(invoice.id)).toHaveLength(1);
  });

  it('lets a key refused with payment-in-progress try again once the other payment ended', async () => {
    const { user, invoice } = await slow.openInvoice();
    const declined = slow.pay(user, invoice.id, validCard(SANDBOX_CARDS.declined));
    await untilLeased(invoice.id, slow);
    const key = randomUUID();
    expectError(await slow.pay(user, invoice.id, validCard(), key), 'payment-in-progress');
    expectError(await declined, 'card-declined');
    // The refusal was not kept for the key: it runs now.
    const retry = await slow.pay(user, invoice.id, validCard(), key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().paymentId).toBe(paymentIdFor(invoice.id, key));
    expect((await slow.chargesOf(invoice.id)).map((c) => c.outcome).sort()).toEqual(['declined', 'succeeded']);
  });
});

describe('the cart’s holds', () => {
  it.each([
    ['lapses before the lease would end', () => instantIn(LEASE_MS / 2)],
    ['has lapsed already', () => instantIn(-60_000)],
  ])(
    'charges nothing when the first hold %s (hold-expired), and keeps that answer for the key',
    async (_case, holdsUntil) => {
      const { user, invoice } = await world.openInvoice({ holdsUntil: holdsUntil() });
      const key = randomUUID();
      expectError(await world.pay(user, invoice.id, validCard(), key), 'hold-expired');
      expect(await world.chargesOf(invoice.id)).toHaveLength(0);
      const doc = await stored(invoice.id);
      expect(doc?.status).toBe('open');
      expect(doc?.attempts[paymentIdFor(invoice.id, key)]).toMatchObject({ status: 'refused', code: 'hold-expired' });
      // The refusal let go of the lease: the itinerary can take the invoice back, and another key is refused
      // for the holds, not for a payment in progress.
      expect(doc?.lease).toBeNull();

      expectError(await world.pay(user, invoice.id, validCard(), key), 'hold-expired');
      expectError(await world.pay(user, invoice.id), 'hold-expired');
      expect(await world.chargesOf(invoice.id)).toHaveLength(0);
    },
  );

  it('pays when every hold outlives the lease', async () => {
    const { user, invoice } = await world.openInvoice({ holdsUntil: instantIn(LEASE_MS + 30_000) });
    const res = await world.pay(user, invoice.id);
    expect(res.statusCode).toBe(200);
    expect(await world.chargesOf(invoice.id)).toHaveLength(1);
  });

  it('sets no limit on an invoice made before drafts said when the holds lapse', async () => {
    const { user, invoice } = await world.openInvoice({ holdsUntil: instantIn(-60_000) });
    await world.app.billing.store.collection.updateOne({ _id: invoice.id }, { $unset: { holdsUntil: '' } });
    expect((await world.pay(user, invoice.id)).statusCode).toBe(200);
    expect(await world.chargesOf(invoice.id)).toHaveLength(1);
  });

  it('keeps a new revision’s invoice payable when an older one’s holds were too short', async () => {
    const user = await world.traveller();
    const itineraryId = `it-${randomUUID()}`;
    const older = await world.createInvoice(user, { itineraryId, revision: 0, holdsUntil: instantIn(5_000) });
    expectError(await world.pay(user, older.id), 'hold-expired');
    // The itinerary held the rooms again: a new revision, and its draft says so.
    const newer = await world.createInvoice(user, { itineraryId, revision: 1 });
    expect((await world.pay(user, newer.id)).statusCode).toBe(200);
    expect(await world.chargesOf(older.id)).toHaveLength(0);
    expect(await world.chargesOf(newer.id)).toHaveLength(1);
  });
});

describe('an invoice the itinerary no longer awaits', () => {
  it('refuses an invoice the itinerary took back with invoice-outdated, charging nothing', async () => {
    const { user, invoice } = await world.openInvoice();
    expect((await world.withdraw(invoice.id, invoice.itineraryId)).statusCode).toBe(200);
    const key = randomUUID();
    expectError(await world.pay(user, invoice.id, validCard(), key), 'invoice-outdated');
    expectError(await world.pay(user, invoice.id, validCard(), key), 'invoice-outdated');
    expect(await world.chargesOf(invoice.id)).toHaveLength(0);
    expect((await world.getInvoice(user, invoice.id)).status).toBe('void');
  });

  it('refuses an invoice an itinerary change made outdated', async () => {
    const user = await world.traveller();
    const itineraryId = `it-${randomUUID()}`;
    const older = await world.createInvoice(user, { itineraryId, revision: 0 });
    await world.createInvoice(user, { itineraryId, revision: 1 });
    expectError(await world.pay(user, older.id), 'invoice-outdated');
    expect(await world.chargesOf(older.id)).toHaveLength(0);
  });

  it('keeps an invoice the itinerary tries to take back while a payment runs, and pays it', async () => {
    const { user, invoice } = await slow.openInvoice();
    const paying = slow.pay(user, invoice.id);
    await untilLeased(invoice.id, slow);
    expectError(await slow.withdraw(invoice.id, invoice.itineraryId), 'payment-in-progress');
    expect((await stored(invoice.id, slow))?.status).toBe('open');
    expect((await paying).statusCode).toBe(200);
    expect((await slow.getInvoice(user, invoice.id)).status).toBe('paid');
    expect(await slow.chargesOf(invoice.id)).toHaveLength(1);
    // Paid: still not the itinerary's to take back.
    expectError(await slow.withdraw(invoice.id, invoice.itineraryId), 'payment-in-progress');
  });
});

describe('a crash between the charge and the invoice update', () => {
  it('finishes the payment on a retry with the same key, with one charge in all', async () => {
    const { user, invoice } = await world.openInvoice();
    const key = randomUUID();
    const card = validCard();
    // What a process that died right after the provider answered leaves behind: the attempt still
    // `processing`, its lease lapsed, and the charge made at the provider.
    const now = Date.now();
    const paymentId = await world.leaveUnsettledAttempt(invoice, key, card, {
      leaseUntil: new Date(now - 1_000),
      startedAt: new Date(now - 61_000),
    });
    const charged = await world.app.billing.provider.charge({
      idempotencyKey: paymentId,
      amount: invoice.total,
      card,
      reference: invoice.id,
    });

    const retry = await world.pay(user, invoice.id, card, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().paymentId).toBe(paymentId);
    const charges = await world.chargesOf(invoice.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.chargeId).toBe(charged.chargeId);
    expect((await world.getInvoice(user, invoice.id)).status).toBe('paid');
    expect(await world.events.wait('billing.invoice.paid', invoice.id, 1, 1_000)).toHaveLength(1);
  });

  it('keeps answering payment-in-progress while the interrupted attempt still holds its lease', async () => {
    const { user, invoice } = await world.openInvoice();
    const key = randomUUID();
    const card = validCard();
    await world.leaveUnsettledAttempt(invoice, key, card, { leaseUntil: new Date(Date.now() + 60_000) });
    expectError(await world.pay(user, invoice.id, card, key), 'payment-in-progress');
    expectError(await world.pay(user, invoice.id), 'payment-in-progress');
    expect(await world.chargesOf(invoice.id)).toHaveLength(0);
  });
});

describe('what is stored', () => {
  it('never keeps a card number, in the invoice or at the sandbox provider', async () => {
    const { user, invoice } = await world.openInvoice();
    expectError(await world.pay(user, invoice.id, validCard(SANDBOX_CARDS.declined)), 'card-declined');
    expect((await world.pay(user, invoice.id, validCard())).statusCode).toBe(200);

    const raw = JSON.stringify(await world.app.billing.store.collection.findOne({ _id: invoice.id }));
    const charges = JSON.stringify(await world.chargesOf(invoice.id));
    for (const text of [raw, charges]) {
      expect(text).not.toContain(SANDBOX_CARDS.succeeds);
      expect(text).not.toContain(SANDBOX_CARDS.declined);
      expect(text).not.toContain('424242424242');
      expect(text).not.toContain('"123"'); // the security code
    }
    expect(raw).toContain('"last4":"4242"');
  });
});
