// Card payments against the real servers: validation, idempotency keys, the itinerary's payment lock, the
// sandbox provider's outcomes, one charge under a race, a crash after the charge, and no card number stored.
import { PaymentAnswerSchema } from '@travelclub/contracts';
import type { TestJwks } from '@travelclub/kit/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BillingApp } from '../../src/app.js';
import { cardSummary } from '../../src/domain/card.js';
import { paymentIdFor, paymentRequestHash } from '../../src/domain/ids.js';
import {
  chargesOf,
  createInvoice,
  expectError,
  expectInvalid,
  fakeItinerary,
  getInvoice,
  pay,
  readBillingEvents,
  SANDBOX_CARDS,
  startBilling,
  startTestJwks,
  traveller,
  validCard,
  type EventLog,
  type FakeItinerary,
} from '../helpers.js';

let jwks: TestJwks;
let itinerary: FakeItinerary;
let app: BillingApp;
let events: EventLog;

beforeAll(async () => {
  jwks = await startTestJwks();
  itinerary = await fakeItinerary();
  app = await startBilling(jwks, itinerary.url);
  events = await readBillingEvents(app);
}, 120_000);
afterAll(async () => {
  await events?.stop();
  await app?.close();
  await itinerary?.close();
  await jwks?.close();
});
beforeEach(() => {
  itinerary.answer = { kind: 'ok' };
});

const lockCallsFor = (invoiceId: string, method = 'POST') =>
  itinerary.calls.filter(
    (c) =>
      c.method === method &&
      (method === 'POST' ? (c.body as { invoiceId?: string })?.invoiceId === invoiceId : c.url.includes(invoiceId)),
  );

describe('the request', () => {
  it('needs an Idempotency-Key header of printable characters', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    expectError(await pay(app, user, invoice.id, validCard(), null), 'idempotency-key-required');
    expectError(await pay(app, user, invoice.id, validCard(), 'short'), 'idempotency-key-required');
    expect(await chargesOf(app, invoice.id)).toHaveLength(0);
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
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    const res = await pay(app, user, invoice.id, card);
    expectInvalid(res, field);
    expect(res.body).not.toContain('4242424242424241');
    expect(await chargesOf(app, invoice.id)).toHaveLength(0);
  });

  it('answers invoice-not-found for an unknown invoice and for a stranger, and needs a token', async () => {
    const owner = await traveller(jwks);
    const stranger = await traveller(jwks);
    const invoice = await createInvoice(app, owner);
    expectError(await pay(app, owner, 'inv_nothing'), 'invoice-not-found');
    expectError(await pay(app, stranger, invoice.id), 'invoice-not-found');
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/invoice/${invoice.id}/payment`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { card: validCard() },
    });
    expectError(res, 'unauthenticated');
    expect(await chargesOf(app, invoice.id)).toHaveLength(0);
  });
});

describe('paying', () => {
  it('charges 4242 once, marks the invoice paid and publishes billing.invoice.paid exactly once', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user, { amounts: [150_00, 49_99] });
    const key = randomUUID();
    const res = await pay(app, user, invoice.id, validCard(), key);
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

    // The lock was taken for this invoice, with billing's own service identity.
    const [lock] = lockCallsFor(invoice.id);
    expect(lock?.url).toBe(`/internal/v1/itineraries/${invoice.itineraryId}/payment-lock`);
    expect(lock?.caller).toBe('billing');

    const paid = await getInvoice(app, user, invoice.id);
    expect(paid.status).toBe('paid');
    expect(paid.payment).toEqual({
      id: answer.paymentId,
      amount: answer.amount,
      card: answer.card,
      paidAt: answer.paidAt,
    });
    expect(await chargesOf(app, invoice.id)).toHaveLength(1);

    const published = await events.wait('billing.invoice.paid', invoice.id, 1, 1_500);
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
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    const declined = await pay(app, user, invoice.id, validCard(SANDBOX_CARDS.declined));
    expectError(declined, 'card-declined');
    expect((await getInvoice(app, user, invoice.id)).status).toBe('open');
    // The lock is let go at once rather than left to lapse.
    expect(lockCallsFor(invoice.id, 'DELETE')).toHaveLength(1);
    expect(lockCallsFor(invoice.id, 'DELETE')[0]!.url).toContain(`invoiceId=${invoice.id}`);

    const [failed] = await events.wait('billing.payment.failed', invoice.id);
    expect(failed!.payload).toMatchObject({ userId: user.id, amount: invoice.total, reason: 'card-declined' });

    const good = await pay(app, user, invoice.id, validCard());
    expect(good.statusCode).toBe(200);
    expect((await getInvoice(app, user, invoice.id)).status).toBe('paid');
    expect((await chargesOf(app, invoice.id)).map((c) => c.outcome).sort()).toEqual(['declined', 'succeeded']);
  });

  it('answers 4000000000009995 with 402 insufficient-funds', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    expectError(await pay(app, user, invoice.id, validCard(SANDBOX_CARDS.insufficientFunds)), 'insufficient-funds');
    const [failed] = await events.wait('billing.payment.failed', invoice.id);
    expect(failed!.payload.reason).toBe('insufficient-funds');
    expect((await getInvoice(app, user, invoice.id)).status).toBe('open');
  });

  it('takes any other valid card number as a success, with its brand', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    const res = await pay(app, user, invoice.id, validCard('5555 5555 5555 4444'));
    expect(res.statusCode).toBe(200);
    expect(res.json().card).toEqual({ brand: 'mastercard', last4: '4444' });
  });
});

describe('idempotency keys', () => {
  it('answers the same key and card with the stored answer and charges once', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    const key = randomUUID();
    const first = await pay(app, user, invoice.id, validCard(), key);
    const second = await pay(app, user, invoice.id, validCard(), key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await chargesOf(app, invoice.id)).toHaveLength(1);
    expect(lockCallsFor(invoice.id)).toHaveLength(1);
  });

  it('answers a repeated key of a declined payment with the same decline, charging nothing more', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    const key = randomUUID();
    expectError(await pay(app, user, invoice.id, validCard(SANDBOX_CARDS.declined), key), 'card-declined');
    expectError(await pay(app, user, invoice.id, validCard(SANDBOX_CARDS.declined), key), 'card-declined');
    expect(await chargesOf(app, invoice.id)).toHaveLength(1);
  });

  it('refuses the same key with another card', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    const key = randomUUID();
    expectError(await pay(app, user, invoice.id, validCard(SANDBOX_CARDS.declined), key), 'card-declined');
    expectError(await pay(app, user, invoice.id, validCard(), key), 'idempotency-key-reused');
    expectError(
      await pay(app, user, invoice.id, validCard(SANDBOX_CARDS.declined, { holderName: 'Someone Else' }), key),
      'idempotency-key-reused',
    );
    expect(await chargesOf(app, invoice.id)).toHaveLength(1);
  });

  it('refuses a new key on a paid invoice', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    expect((await pay(app, user, invoice.id)).statusCode).toBe(200);
    expectError(await pay(app, user, invoice.id), 'invoice-already-paid');
    expect(await chargesOf(app, invoice.id)).toHaveLength(1);
  });

  it('charges once when 10 payments with different keys race', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    itinerary.answer = { kind: 'ok', delayMs: 50 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(app, user, invoice.id)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(['payment-in-progress', 'invoice-already-paid']).toContain(res.json().error.code);
    }
    expect(await chargesOf(app, invoice.id)).toHaveLength(1);
    expect(await events.wait('billing.invoice.paid', invoice.id, 1, 1_000)).toHaveLength(1);
  });

  it('answers payment-in-progress to the same key while its attempt holds the invoice', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    itinerary.answer = { kind: 'ok', delayMs: 300 };
    const key = randomUUID();
    const [a, b] = await Promise.all([
      pay(app, user, invoice.id, validCard(), key),
      new Promise((resolve) => setTimeout(resolve, 100)).then(() => pay(app, user, invoice.id, validCard(), key)),
    ]);
    expect(a.statusCode).toBe(200);
    expectError(b, 'payment-in-progress');
    expect(await chargesOf(app, invoice.id)).toHaveLength(1);
  });
});

describe('the payment lock', () => {
  it.each(['hold-expired', 'invoice-outdated'] as const)(
    'charges nothing when the itinerary refuses with %s, and keeps that answer for the key',
    async (code) => {
      const user = await traveller(jwks);
      const invoice = await createInvoice(app, user);
      itinerary.answer = { kind: 'refuse', code };
      const key = randomUUID();
      expectError(await pay(app, user, invoice.id, validCard(), key), code);
      expect(await chargesOf(app, invoice.id)).toHaveLength(0);
      const stored = await getInvoice(app, user, invoice.id);
      expect(stored.status).toBe('open');

      itinerary.answer = { kind: 'ok' };
      expectError(await pay(app, user, invoice.id, validCard(), key), code);
      expect(await chargesOf(app, invoice.id)).toHaveLength(0);
      // The invoice is not stuck: a new key may try once the itinerary agrees.
      expect((await pay(app, user, invoice.id)).statusCode).toBe(200);
    },
  );

  it('lets the same key try again after the itinerary answered payment-in-progress', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    const key = randomUUID();
    itinerary.answer = { kind: 'refuse', code: 'payment-in-progress' };
    expectError(await pay(app, user, invoice.id, validCard(), key), 'payment-in-progress');
    itinerary.answer = { kind: 'ok' };
    expect((await pay(app, user, invoice.id, validCard(), key)).statusCode).toBe(200);
  });

  it.each([
    ['cuts the connection', { kind: 'reset' } as const],
    ['answers too slowly', { kind: 'slow', delayMs: 1_500 } as const],
  ])('answers 503 and charges nothing when the itinerary %s; the same key works later', async (_case, answer) => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    itinerary.answer = answer;
    const key = randomUUID();
    expectError(await pay(app, user, invoice.id, validCard(), key), 'service-unavailable');
    expect(await chargesOf(app, invoice.id)).toHaveLength(0);
    expect((await getInvoice(app, user, invoice.id)).status).toBe('open');

    itinerary.answer = { kind: 'ok' };
    const retry = await pay(app, user, invoice.id, validCard(), key);
    expect(retry.statusCode).toBe(200);
    expect(await chargesOf(app, invoice.id)).toHaveLength(1);
  });

  it('refuses an invoice an itinerary change made outdated without asking for the lock', async () => {
    const user = await traveller(jwks);
    const older = await createInvoice(app, user, { itineraryId: 'it-changed', revision: 0 });
    await createInvoice(app, user, { itineraryId: 'it-changed', revision: 1 });
    expectError(await pay(app, user, older.id), 'invoice-outdated');
    expect(lockCallsFor(older.id)).toHaveLength(0);
    expect(await chargesOf(app, older.id)).toHaveLength(0);
  });
});

describe('a crash between the charge and the invoice update', () => {
  it('finishes the payment on a retry with the same key, with one charge in all', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    const key = randomUUID();
    const card = validCard();
    const paymentId = paymentIdFor(invoice.id, key);
    // What a process that died right after the provider answered leaves behind: the attempt still
    // `processing`, its lease lapsed, and the charge made at the provider.
    const now = new Date();
    await app.billing.store.collection.updateOne(
      { _id: invoice.id },
      {
        $set: {
          lease: { paymentId, until: new Date(now.getTime() - 1_000) },
          [`attempts.${paymentId}`]: {
            key,
            requestHash: paymentRequestHash(invoice.id, card),
            paymentId,
            status: 'processing',
            card: cardSummary(card.number),
            startedAt: new Date(now.getTime() - 61_000),
            at: new Date(now.getTime() - 61_000),
          },
        },
      },
    );
    const charged = await app.billing.provider.charge({
      idempotencyKey: paymentId,
      amount: invoice.total,
      card,
      reference: invoice.id,
    });

    const retry = await pay(app, user, invoice.id, card, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().paymentId).toBe(paymentId);
    const charges = await chargesOf(app, invoice.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.chargeId).toBe(charged.chargeId);
    expect((await getInvoice(app, user, invoice.id)).status).toBe('paid');
    expect(await events.wait('billing.invoice.paid', invoice.id, 1, 1_000)).toHaveLength(1);
  });

  it('keeps answering payment-in-progress while the interrupted attempt still holds its lease', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    const key = randomUUID();
    const card = validCard();
    const paymentId = paymentIdFor(invoice.id, key);
    await app.billing.store.collection.updateOne(
      { _id: invoice.id },
      {
        $set: {
          lease: { paymentId, until: new Date(Date.now() + 60_000) },
          [`attempts.${paymentId}`]: {
            key,
            requestHash: paymentRequestHash(invoice.id, card),
            paymentId,
            status: 'processing',
            card: cardSummary(card.number),
            startedAt: new Date(),
            at: new Date(),
          },
        },
      },
    );
    expectError(await pay(app, user, invoice.id, card, key), 'payment-in-progress');
    expectError(await pay(app, user, invoice.id), 'payment-in-progress');
    expect(await chargesOf(app, invoice.id)).toHaveLength(0);
  });
});

describe('what is stored', () => {
  it('never keeps a card number, in the invoice or at the sandbox provider', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    expectError(await pay(app, user, invoice.id, validCard(SANDBOX_CARDS.declined)), 'card-declined');
    expect((await pay(app, user, invoice.id, validCard())).statusCode).toBe(200);

    const raw = JSON.stringify(await app.billing.store.collection.findOne({ _id: invoice.id }));
    const charges = JSON.stringify(await chargesOf(app, invoice.id));
    for (const text of [raw, charges]) {
      expect(text).not.toContain(SANDBOX_CARDS.succeeds);
      expect(text).not.toContain(SANDBOX_CARDS.declined);
      expect(text).not.toContain('424242424242');
      expect(text).not.toContain('"123"'); // the security code
    }
    expect(raw).toContain('"last4":"4242"');
  });
});
