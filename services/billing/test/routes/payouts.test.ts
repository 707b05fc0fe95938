// A creator's payout view against the real servers: the directory from creator.profile.updated, commissions
// of paid invoices (pending until the stay is over, then in the balance), and their reversal on a refund.
import { PayoutAnswerSchema, type Invoice, type PayoutAnswer } from '@travelclub/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cancelled,
  expectError,
  inDays,
  instantInDays,
  useBilling,
  type Caller,
  type InvoiceOptions,
} from '../helpers.js';

const world = useBilling({ COMMISSION_RATE: '0.15' }, { events: true });

async function payout(caller: Caller): Promise<PayoutAnswer> {
  const res = await world.app.inject({ method: 'GET', url: '/api/v1/userProfile/my/payout', headers: caller.headers });
  expect(res.statusCode).toBe(200);
  return PayoutAnswerSchema.parse(res.json());
}

/** A creator known to billing through creator.profile.updated. */
async function creator(): Promise<{ caller: Caller; slug: string }> {
  const caller = await world.traveller(['role/customer', 'role/creator']);
  const slug = `creator-${randomUUID().slice(0, 8)}`;
  await world.publish('creator.profile.updated', caller.id, {
    userId: caller.id,
    slug,
    publicName: 'Ada Travels',
  });
  await expect.poll(async () => (await payout(caller)).creator, { timeout: 20_000 }).toBe(slug);
  return { caller, slug };
}

/** An invoice a new traveller paid, and that traveller. */
async function boughtInvoice(options: InvoiceOptions): Promise<{ invoice: Invoice; buyer: Caller }> {
  const buyer = await world.traveller();
  return { invoice: await world.paidInvoice(buyer, options), buyer };
}

describe('GET /api/v1/userProfile/my/payout', () => {
  it('shows no creator and nothing earned to someone who is not one', async () => {
    expect(await payout(await world.traveller())).toEqual({
      creator: null,
      commissionRate: 0.15,
      balances: [],
      entries: [],
    });
  });

  it('needs a token', async () => {
    expectError(await world.app.inject({ method: 'GET', url: '/api/v1/userProfile/my/payout' }), 'unauthenticated');
  });

  it('credits the creator their share of a paid invoice, pending until the stay is over', async () => {
    const { caller, slug } = await creator();
    const { invoice } = await boughtInvoice({
      creator: slug,
      amounts: [333_33],
      checkIn: inDays(10),
      checkOut: inDays(14),
    });
    // An open invoice earns nothing yet.
    await world.createInvoice(await world.traveller(), { creator: slug, amounts: [999_00] });

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
    expect((await payout(await world.traveller())).entries).toEqual([]);
    // The payment's event carries the ledger's entry, for the creator's analytics.
    const [paid] = await world.events.wait('billing.invoice.paid', invoice.id);
    expect(paid!.payload).toMatchObject({ creator: slug, commission: { amount: 50_00, currency: 'USD' } });
  });

  it('counts the commission of a stay already over in the balance, per currency', async () => {
    const { caller, slug } = await creator();
    await boughtInvoice({ creator: slug, amounts: [200_00], checkIn: inDays(-10), checkOut: inDays(-7) });
    await boughtInvoice({
      creator: slug,
      amounts: [100_00],
      currency: 'EUR',
      checkIn: inDays(-3),
      checkOut: inDays(-1),
    });
    await boughtInvoice({ creator: slug, amounts: [40_00], checkIn: inDays(20), checkOut: inDays(21) });
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
    // 200.00 paid; cancelling now keeps a 50.00 charge, so the itinerary says 150.00 (three quarters) goes back.
    const { invoice, buyer } = await boughtInvoice({
      creator: slug,
      amounts: [200_00],
      charges: [{ from: instantInDays(-1), amount: 50_00 }],
    });
    await world.publish('itinerary.cancelled', invoice.itineraryId, cancelled(invoice, buyer, { refund: 150_00 }));
    await expect
      .poll(async () => (await world.getInvoice(buyer, invoice.id)).status, { timeout: 20_000 })
      .toBe('refunded');

    const view = await payout(caller);
    expect(view.balances).toEqual([{ currency: 'USD', balance: 0, pending: 30_00 - 22_50, paid: 0 }]);
    expect(view.entries.map((e) => [e.kind, e.amount.amount])).toEqual([
      ['reversal', -22_50],
      ['commission', 30_00],
    ]);
    const [issued] = await world.events.wait('billing.refund.issued', invoice.id);
    expect(issued!.payload).toMatchObject({ creator: slug, commissionReversed: { amount: 22_50, currency: 'USD' } });
  });
});
