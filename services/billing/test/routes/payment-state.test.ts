// The itinerary's question when its payment lock lapsed (internal: the itinerary's service identity only):
// is a payment of this invoice still unsettled, or the invoice paid?
import { serviceHeaders, type TestJwks } from '@travelclub/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingApp } from '../../src/app.js';
import {
  createInvoice,
  expectError,
  fakeItinerary,
  pay,
  startBilling,
  startTestJwks,
  traveller,
  type FakeItinerary,
} from '../helpers.js';

let jwks: TestJwks;
let itinerary: FakeItinerary;
let app: BillingApp;

beforeAll(async () => {
  jwks = await startTestJwks();
  itinerary = await fakeItinerary();
  app = await startBilling(jwks, itinerary.url);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await itinerary?.close();
  await jwks?.close();
});

const stateUrl = (invoiceId: string) => `/internal/v1/invoices/${invoiceId}/payment-state`;

describe('GET /internal/v1/invoices/:id/payment-state', () => {
  it('answers the itinerary whether a payment is unsettled and the invoice status', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    const headers = await serviceHeaders('itinerary', 'billing');
    const ask = () => app.inject({ method: 'GET', url: stateUrl(invoice.id), headers });
    expect((await ask()).json()).toEqual({ invoiceId: invoice.id, status: 'open', paymentInProgress: false });
    // A payment whose outcome is not recorded yet holds the invoice.
    await app.billing.store.collection.updateOne(
      { _id: invoice.id },
      { $set: { lease: { paymentId: 'pay_unsettled', until: new Date(Date.now() - 1_000) } } },
    );
    expect((await ask()).json()).toMatchObject({ status: 'open', paymentInProgress: true });
    await app.billing.store.collection.updateOne({ _id: invoice.id }, { $set: { lease: null } });
    expect((await pay(app, user, invoice.id)).statusCode).toBe(200);
    expect((await ask()).json()).toEqual({ invoiceId: invoice.id, status: 'paid', paymentInProgress: false });
    expectError(await app.inject({ method: 'GET', url: stateUrl('inv_none'), headers }), 'invoice-not-found');
  });

  it('refuses a traveller’s token and other services', async () => {
    const user = await traveller(jwks);
    const invoice = await createInvoice(app, user);
    expectError(
      await app.inject({ method: 'GET', url: stateUrl(invoice.id), headers: user.headers }),
      'unauthenticated',
    );
    expectError(
      await app.inject({
        method: 'GET',
        url: stateUrl(invoice.id),
        headers: await serviceHeaders('catalog', 'billing'),
      }),
      'forbidden',
    );
  });
});
