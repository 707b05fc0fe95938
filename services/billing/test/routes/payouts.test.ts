// A creator's payout view against the real servers: the directory from creator.profile.updated, commissions
// of paid invoices (pending until the stay is over, then in the balance), and their reversal on a refund.
import { PayoutAnswerSchema, type Invoice, type PayoutAnswer } from '@travelclub/contracts';
import type { TestJwks } from '@travelclub/kit/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingApp } from '../../src/app.js';
import {
  createInvoice,
  expectError,
  fakeItinerary,
  getInvoice,
  inDays,
  instantInDays,
  pay,
  publish,
  startBilling,
  startTestJwks,
  traveller,
  type Caller,
  type FakeItinerary,
  type InvoiceOptions,
} from '../helpers.js';

let jwks: TestJwks;
let itinerary: FakeItinerary;
let app: BillingApp;

beforeAll(async () => {
  jwks = await startTestJwks();
  itinerary = await fakeItinerary();
  app = await startBilling(jwks, itinerary.url, { COMMISSION_RATE: '0.15' });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await itinerary?.close();
  await jwks?.close();
});

async function payout(caller: Caller): Promise<PayoutAnswer> {
  const res = await app.inject({ method: 'GET', url: '/api/v1/userProfile/my/payout', headers: caller.headers });
  expect(res.statusCode).toBe(200);
  return PayoutAnswerSchema.parse(res.json());
}

/** A creator known to billing through creator.profile.updated. */
async function creator(): Promise<{ caller: Caller; slug: string }> {
  const caller = await traveller(jwks, ['role/customer', 'role/creator']);
  const slug = `creator-${randomUUID().slice(0, 8)}`;
  await publish(app, 'creator.profile.updated', caller.id, { userId: caller.id, slug, publicName: 'Ada Travels' });
  await expect.poll(async () => (await payout(caller)).creator, { timeout: 20_000 }).toBe(slug);
  return { caller, slug };
}

async function paidInvoice(options: InvoiceOptions): Promise<{ invoice: Invoice; buyer: Caller }> {
  const buyer = await traveller(jwks);
  const invoice = await createInvoice(app, buyer, options);
  const res = await pay(app, buyer, invoice.id);
  if (res.statusCode !== 200) throw new Error(`payment answered ${res.statusCode}: ${res.body}`);
  return { invoice, buyer };
}

describe('GET /api/v1/userProfile/my/payout', () => {
  it('shows no creator and nothing earned to someone who is not one', async () => {
    expect(await payout(await traveller(jwks))).toEqual({
      creator: null,
      commissionRate: 0.15,
      balances: [],
      entries: [],
    });
  });

  it('needs a token', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/v1/userProfile/my/payout' }), 'unauthenticated');
  });

  it('credits the creator their share of a paid invoice, pending until the stay is over', async () => {
    const { caller, slug } = await creator();
    const { invoice } = await paidInvoice({
      creator: slug,
      amounts: [333_33],
      checkIn: inDays(10),
      checkOut: inDays(14),
    });
    // An open invoice earns nothing yet.
    await createInvoice(app, await traveller(jwks), { creator: slug, amounts: [999_00] });

    const view = await payout(caller);
    expect(view.balances).toEqual([{ currency: 'USD', balance: 0, pending: Math.round(333_33 * 0.15), paid: 0 }]);
    expect(view.entries).toEqual([
      {
        invoiceId: invoice.id,
        itineraryId: invoice.itineraryId,
        kind: 'commission',
        amount: { amount: 50_00, currency: 'USD' },
        availableFrom: inDays(14),
        at: expect.any(String),
      },
    ]);
    // Nobody else sees it.
    expect((await payout(await traveller(jwks))).entries).toEqual([]);
  });

  it('counts the commission of a stay already over in the balance, per currency', async () => {
    const { caller, slug } = await creator();
    await paidInvoice({ creator: slug, amounts: [200_00], checkIn: inDays(-10), checkOut: inDays(-7) });
    await paidInvoice({ creator: slug, amounts: [100_00], currency: 'EUR', checkIn: inDays(-3), checkOut: inDays(-1) });
    await paidInvoice({ creator: slug, amounts: [40_00], checkIn: inDays(20), checkOut: inDays(21) });
    const view = await payout(caller);
    expect(view.balances).toEqual([
      { currency: 'EUR', balance: 15_00, pending: 0, paid: 0 },
      { currency: 'USD', balance: 30_00, pending: 6_00, paid: 0 },
    ]);
    expect(view.entries).toHaveLength(3);
    // Newest first.
    const times = view.entries.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('reverses the share of the commission a refund gave back', async () => {
    const { caller, slug } = await creator();
    // 200.00 paid; cancelling now keeps a 50.00 charge, so 150.00 (three quarters) goes back.
    const { invoice, buyer } = await paidInvoice({
      creator: slug,
      amounts: [200_00],
      charges: [{ from: instantInDays(-1), amount: 50_00 }],
    });
    await publish(app, 'itinerary.cancelled', invoice.itineraryId, {
      itineraryId: invoice.itineraryId,
      userId: buyer.id,
      invoiceId: invoice.id,
      cancelledBy: { userId: buyer.id, role: 'role/customer' },
      cancelledAt: new Date().toISOString(),
      reason: 'requested',
      terms: invoice.terms,
    });
    await expect
      .poll(async () => (await getInvoice(app, buyer, invoice.id)).status, { timeout: 20_000 })
      .toBe('refunded');

    const view = await payout(caller);
    expect(view.balances).toEqual([{ currency: 'USD', balance: 0, pending: 30_00 - 22_50, paid: 0 }]);
    expect(view.entries.map((e) => [e.kind, e.amount.amount])).toEqual([
      ['reversal', -22_50],
      ['commission', 30_00],
    ]);
  });
});
