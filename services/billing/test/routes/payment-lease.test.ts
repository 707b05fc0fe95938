// The payment lease running out, with a one-second lease: a provider that does not answer leaves the attempt
// to its key once the lease lapses, and a charge that arrives after another payment took over is refunded.
import type { TestJwks } from '@travelclub/kit/testing';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BillingApp } from '../../src/app.js';
import { paymentIdFor } from '../../src/domain/ids.js';
import type { PaymentProvider } from '../../src/provider/provider.js';
import {
  chargesOf,
  createInvoice,
  expectError,
  fakeItinerary,
  getInvoice,
  pay,
  readBillingEvents,
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
let originalCharge: PaymentProvider['charge'];

beforeAll(async () => {
  jwks = await startTestJwks();
  itinerary = await fakeItinerary();
  app = await startBilling(jwks, itinerary.url, { PAYMENT_LEASE_S: '1' });
  events = await readBillingEvents(app);
  originalCharge = app.billing.provider.charge.bind(app.billing.provider);
}, 120_000);
afterEach(() => {
  app.billing.provider.charge = originalCharge;
});
afterAll(async () => {
  await events?.stop();
  await app?.close();
  await itinerary?.close();
  await jwks?.close();
});

describe('the lease', () => {
  it('keeps an attempt whose provider did not answer until its lease lapses, then lets its key finish it', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    const key = randomUUID();
    app.billing.provider.charge = async () => {
      throw new Error('connection reset by the provider');
    };
    expectError(await pay(app, user, invoice.id, validCard(), key), 'service-unavailable');
    // Whether money moved is unknown: nobody else may pay while the lease holds.
    expectError(await pay(app, user, invoice.id, validCard(), key), 'payment-in-progress');
    expectError(await pay(app, user, invoice.id), 'payment-in-progress');

    app.billing.provider.charge = originalCharge;
    await sleep(1_100);
    const retry = await pay(app, user, invoice.id, validCard(), key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().paymentId).toBe(paymentIdFor(invoice.id, key));
    expect(await chargesOf(app, invoice.id)).toHaveLength(1);
  });

  it('refunds a charge that arrives after another payment took the lapsed lease over', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    const slowKey = randomUUID();
    const slowPayment = paymentIdFor(invoice.id, slowKey);
    app.billing.provider.charge = async (request) => {
      if (request.idempotencyKey === slowPayment) await sleep(2_500);
      return originalCharge(request);
    };

    const slow = pay(app, user, invoice.id, validCard(), slowKey);
    await sleep(1_200);
    const fast = await pay(app, user, invoice.id);
    expect(fast.statusCode).toBe(200);
    expectError(await slow, 'invoice-already-paid');

    const paid = await getInvoice(app, user, invoice.id);
    expect(paid.payment?.id).toBe(fast.json().paymentId);
    expect(await chargesOf(app, invoice.id)).toHaveLength(2);
    const orphan = await app.mongo.collection('sandbox_refunds').findOne({ _id: `orphan:${slowPayment}` as never });
    expect(orphan?.amount).toEqual(invoice.total);
    expect(await events.wait('billing.invoice.paid', invoice.id, 1, 1_000)).toHaveLength(1);
    // The slow key keeps its answer.
    expectError(await pay(app, user, invoice.id, validCard(), slowKey), 'invoice-already-paid');
  });
});
