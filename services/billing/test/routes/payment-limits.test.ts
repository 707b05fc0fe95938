// Card testing: declined card payments are capped per invoice and per account (a Redis counter shared by
// every billing instance); past a cap the answer is 429 too-many-payment-attempts and nothing is charged.
import type { TestJwks } from '@travelclub/kit/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingApp } from '../../src/app.js';
import {
  chargesOf,
  createInvoice,
  expectError,
  fakeItinerary,
  pay,
  SANDBOX_CARDS,
  startBilling,
  startTestJwks,
  traveller,
  validCard,
  type Caller,
  type FakeItinerary,
} from '../helpers.js';

let jwks: TestJwks;
let itinerary: FakeItinerary;
let app: BillingApp;

beforeAll(async () => {
  jwks = await startTestJwks();
  itinerary = await fakeItinerary();
  // The defaults: 5 declines per invoice, 10 per account and hour.
  app = await startBilling(jwks, itinerary.url);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await itinerary?.close();
  await jwks?.close();
});

const declined = validCard(SANDBOX_CARDS.declined);

async function declineTimes(user: Caller, invoiceId: string, times: number) {
  for (let i = 0; i < times; i++) expectError(await pay(app, user, invoiceId, declined), 'card-declined');
}

describe('declined payments', () => {
  it('refuses a sixth attempt on an invoice after five declines, good card or not, and charges nothing', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    const firstKey = randomUUID();
    expectError(await pay(app, user, invoice.id, declined, firstKey), 'card-declined');
    await declineTimes(user, invoice.id, 4);
    expectError(await pay(app, user, invoice.id, validCard()), 'too-many-payment-attempts');
    expectError(await pay(app, user, invoice.id, declined), 'too-many-payment-attempts');
    expect(await chargesOf(app, invoice.id)).toHaveLength(5);
    // A key already used keeps its own answer.
    expectError(await pay(app, user, invoice.id, declined, firstKey), 'card-declined');
    // Another traveller's invoice is not held back by this one.
    const other = await traveller(jwks);
    expect((await pay(app, other, (await createInvoice(app, other)).id)).statusCode).toBe(200);
  });

  it('refuses an account with ten declines within the hour, on any invoice', async () => {
    const user = await traveller(jwks);
    const [a, b, c] = [await createInvoice(app, user), await createInvoice(app, user), await createInvoice(app, user)];
    await declineTimes(user, a.id, 4);
    await declineTimes(user, b.id, 4);
    await declineTimes(user, c.id, 2);
    // Every invoice has had fewer than five declines, but the account has had ten.
    expectError(await pay(app, user, c.id, validCard()), 'too-many-payment-attempts');
    expectError(await pay(app, user, (await createInvoice(app, user)).id), 'too-many-payment-attempts');
    expect(await chargesOf(app, c.id)).toHaveLength(2);
    expect(await app.redis.ttl(`billing:payment-declines:${user.id}`)).toBeGreaterThan(3_500);
  });
});
