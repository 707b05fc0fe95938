// The itinerary's question when its payment lock lapsed (internal: the itinerary's service identity only):
// is a payment of this invoice still unsettled, or the invoice paid?
import { serviceHeaders } from '@travelclub/kit/testing';
import { describe, expect, it } from 'vitest';
import { expectError, useBilling } from '../helpers.js';

const world = useBilling();

const stateUrl = (invoiceId: string) => `/internal/v1/invoices/${invoiceId}/payment-state`;

describe('GET /internal/v1/invoices/:id/payment-state', () => {
  it('answers the itinerary whether a payment is unsettled and the invoice status', async () => {
    const { user, invoice } = await world.openInvoice();
    const headers = await serviceHeaders('itinerary', 'billing');
    const ask = () => world.app.inject({ method: 'GET', url: stateUrl(invoice.id), headers });
    expect((await ask()).json()).toEqual({ invoiceId: invoice.id, status: 'open', paymentInProgress: false });
    // A payment whose outcome is not recorded yet holds the invoice.
    await world.app.billing.store.collection.updateOne(
      { _id: invoice.id },
      { $set: { lease: { paymentId: 'pay_unsettled', until: new Date(Date.now() - 1_000) } } },
    );
    expect((await ask()).json()).toMatchObject({ status: 'open', paymentInProgress: true });
    await world.app.billing.store.collection.updateOne({ _id: invoice.id }, { $set: { lease: null } });
    expect((await world.pay(user, invoice.id)).statusCode).toBe(200);
    expect((await ask()).json()).toEqual({ invoiceId: invoice.id, status: 'paid', paymentInProgress: false });
    expectError(await world.app.inject({ method: 'GET', url: stateUrl('inv_none'), headers }), 'invoice-not-found');
  });

  it('refuses a traveller’s token and other services', async () => {
    const { user, invoice } = await world.openInvoice();
    expectError(
      await world.app.inject({ method: 'GET', url: stateUrl(invoice.id), headers: user.headers }),
      'unauthenticated',
    );
    expectError(
      await world.app.inject({
        method: 'GET',
        url: stateUrl(invoice.id),
        headers: await serviceHeaders('catalog', 'billing'),
      }),
      'forbidden',
    );
  });
});
