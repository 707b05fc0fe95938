// Invoices against the real servers: made once per itinerary revision (with billing.invoice.created) from what
// the itinerary says, only for the itinerary's service identity; newer revisions void older ones; the itinerary
// takes back (withdraws) an open invoice no payment holds; and only the owner and support staff may read one.
import { randomUUID } from 'node:crypto';
import { InvoiceSchema } from '@travelclub/contracts';
import { createServiceIdentity } from '@travelclub/kit';
import { recordMongoCommands, serviceHeaders } from '@travelclub/kit/testing';
import { describe, expect, it } from 'vitest';
import { invoiceIdFor } from '../../src/domain/ids.js';
import {
  cancelled,
  expectError,
  expectInvalid,
  fromItinerary,
  instantIn,
  invoiceDraft,
  SANDBOX_CARDS,
  useBilling,
  validCard,
} from '../helpers.js';

const world = useBilling({}, { events: true });

describe('POST /internal/v1/invoices', () => {
  const post = async (payload: unknown, headers?: Record<string, string>) =>
    world.app.inject({
      method: 'POST',
      url: '/internal/v1/invoices',
      headers: headers ?? (await fromItinerary()),
      payload: payload as Record<string, unknown>,
    });

  it('makes the invoice of a revision once, from the draft the itinerary sends, and publishes billing.invoice.created', async () => {
    const user = await world.traveller();
    const draft = invoiceDraft(user.id, { amounts: [120_00, 80_50], creator: 'ada-travels' });
    const body = draft;
    const first = await post(body);
    expect(first.statusCode).toBe(201);
    const invoice = InvoiceSchema.parse(first.json());
    expect(invoice).toMatchObject({
      itineraryId: body.itineraryId,
      ownerId: user.id,
      status: 'open',
      currency: 'USD',
      lines: draft.lines,
      terms: draft.terms,
      total: { amount: 200_50, currency: 'USD' },
      creator: 'ada-travels',
    });
    expect(invoice.id).toMatch(/^inv_/);
    // When the cart's first hold lapses is kept with it: no payment may be leased past it.
    expect((await world.app.billing.store.get(invoice.id))?.holdsUntil).toEqual(new Date(draft.holdsUntil));

    const again = await post(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const [created, ...copies] = await world.events.wait('billing.invoice.created', invoice.id);
    expect(copies).toHaveLength(0);
    const dueIn = Date.parse(created!.payload.dueAt as string) - Date.parse(invoice.createdAt);
    expect(dueIn).toBe(30 * 60_000);
    expect(created!.payload).toMatchObject({ itineraryId: body.itineraryId, userId: user.id, total: invoice.total });
  });

  it('makes a first revision’s invoice with two writes and no read, and answers a repeat with the same two', async () => {
    const user = await world.traveller();
    const draft = invoiceDraft(user.id);
    // This invoice's commands only: the app's schedules and consumers may read meanwhile.
    const { commands } = recordMongoCommands({
      about: [draft.itineraryId, invoiceIdFor(draft.itineraryId, draft.revision)],
    });
    expect((await post(draft)).statusCode).toBe(201);
    expect(commands.splice(0)).toEqual(['invoices.findOneAndUpdate', 'itinerary_revisions.findOneAndUpdate']);
    expect((await post(draft)).statusCode).toBe(200);
    expect(commands).toEqual(['invoices.findOneAndUpdate', 'itinerary_revisions.findOneAndUpdate']);
  });

  it('refuses a body that is not a whole draft (an itinerary and a revision alone), and makes nothing', async () => {
    const partial = { itineraryId: `it-${randomUUID()}`, revision: 3 };
    expectInvalid(await post(partial), 'ownerId');
    expect(await world.app.billing.store.get(invoiceIdFor(partial.itineraryId, partial.revision))).toBeNull();
  });

  it('voids the open invoice of an older revision when a newer one is made', async () => {
    const user = await world.traveller();
    const older = await world.createInvoice(user, { itineraryId: 'it-revisions', revision: 1 });
    const newer = await world.createInvoice(user, { itineraryId: 'it-revisions', revision: 2 });
    expect(newer.id).not.toBe(older.id);
    const read = await world.app.inject({ method: 'GET', url: `/api/v1/invoice/${older.id}`, headers: user.headers });
    expect(read.json().status).toBe('void');
    // A late request for an even older revision makes an invoice that is void from the start.
    const late = await world.createInvoice(user, { itineraryId: 'it-revisions', revision: 0 });
    expect(late.status).toBe('void');
    expect(
      (await world.app.inject({ method: 'GET', url: `/api/v1/invoice/${newer.id}`, headers: user.headers })).json()
        .status,
    ).toBe('open');
  });

  it('refuses a draft that does not say when its holds lapse, or not as an instant', async () => {
    const user = await world.traveller();
    const { holdsUntil: _, ...draft } = invoiceDraft(user.id);
    expectInvalid(await post(draft), 'holdsUntil');
    expectInvalid(await post({ ...draft, holdsUntil: 'tomorrow' }), 'holdsUntil');
    expect(await world.app.billing.store.get(invoiceIdFor(draft.itineraryId, draft.revision))).toBeNull();
  });

  it('refuses a draft with lines in another currency than the invoice', async () => {
    const user = await world.traveller();
    const draft = invoiceDraft(user.id, { amounts: [100_00, 50_00] });
    draft.lines[1]!.amount.currency = 'EUR';
    expectInvalid(await post(draft), 'lines.1.amount.currency');
  });

  it('answers only the itinerary’s service identity: not a user, not another service', async () => {
    const user = await world.traveller();
    const body = invoiceDraft(user.id);
    expectError(await post(body, {}), 'unauthenticated');
    // The attack of issue 11: a traveller's own token on billing's port.
    expectError(await post(body, user.headers), 'unauthenticated');
    expectError(await post(body, await serviceHeaders('catalog', 'billing')), 'forbidden');
    // The itinerary's token for another service, and a token signed with another secret.
    expectError(await post(body, await serviceHeaders('itinerary', 'catalog')), 'unauthenticated');
    const stranger = createServiceIdentity({ name: 'itinerary', secret: 'x'.repeat(32) });
    expectError(await post(body, { authorization: `Bearer ${await stranger.tokenFor('billing')}` }), 'unauthenticated');
    expect(await world.app.billing.store.get(invoiceIdFor(body.itineraryId, body.revision))).toBeNull();
    expect((await post(body)).statusCode).toBe(201);
  });
});

describe('POST /internal/v1/invoices/:id/withdraw', () => {
  it('voids an open invoice no payment holds, which can then no longer be paid', async () => {
    const { user, invoice } = await world.openInvoice();
    const res = await world.withdraw(invoice.id, invoice.itineraryId);
    expect(res.statusCode).toBe(200);
    const answer = InvoiceSchema.parse(res.json());
    expect(answer).toEqual({ ...invoice, status: 'void' });
    expect(await world.app.billing.store.get(invoice.id)).toMatchObject({ status: 'void', voidReason: 'withdrawn' });
    expect((await world.getInvoice(user, invoice.id)).status).toBe('void');
    // A withdrawn invoice is as an outdated one to its payer: the cart is changing.
    expectError(await world.pay(user, invoice.id), 'invoice-outdated');
    expect(await world.chargesOf(invoice.id)).toHaveLength(0);
  });

  it('answers a second withdrawal the same, still void', async () => {
    const { invoice } = await world.openInvoice();
    const first = await world.withdraw(invoice.id, invoice.itineraryId);
    const second = await world.withdraw(invoice.id, invoice.itineraryId);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.json().status).toBe('void');
  });

  it('answers a void or refunded invoice as it is, changing nothing', async () => {
    const user = await world.traveller();
    const itineraryId = `it-${randomUUID()}`;
    const outdated = await world.createInvoice(user, { itineraryId, revision: 0 });
    await world.createInvoice(user, { itineraryId, revision: 1 });
    const voided = await world.withdraw(outdated.id, itineraryId);
    expect(voided.statusCode).toBe(200);
    expect(voided.json().status).toBe('void');
    expect((await world.app.billing.store.get(outdated.id))?.voidReason).toBe('outdated');

    const paid = await world.paidInvoice(user);
    await world.publish('itinerary.cancelled', paid.itineraryId, cancelled(paid, user));
    await expect.poll(async () => (await world.getInvoice(user, paid.id)).status, { timeout: 20_000 }).toBe('refunded');
    const refunded = await world.withdraw(paid.id, paid.itineraryId);
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toEqual(await world.getInvoice(user, paid.id));
  });

  it('refuses a paid invoice with payment-in-progress, and it stays paid', async () => {
    const user = await world.traveller();
    const paid = await world.paidInvoice(user);
    expectError(await world.withdraw(paid.id, paid.itineraryId), 'payment-in-progress');
    expect((await world.getInvoice(user, paid.id)).status).toBe('paid');
  });

  it('refuses while a payment holds the invoice, its lease live or lapsed with the outcome unknown', async () => {
    for (const leaseUntil of [new Date(Date.now() + 60_000), new Date(Date.now() - 1_000)]) {
      const { user, invoice } = await world.openInvoice();
      await world.leaveUnsettledAttempt(invoice, randomUUID(), validCard(), { leaseUntil });
      expectError(await world.withdraw(invoice.id, invoice.itineraryId), 'payment-in-progress');
      expect((await world.getInvoice(user, invoice.id)).status).toBe('open');
      // Once that payment is settled (here: its lease let go), the invoice can be taken back.
      await world.app.billing.store.collection.updateOne({ _id: invoice.id }, { $set: { lease: null } });
      expect((await world.withdraw(invoice.id, invoice.itineraryId)).json().status).toBe('void');
    }
  });

  it('takes back an invoice whose last payment was declined (the decline let go of the lease)', async () => {
    const { user, invoice } = await world.openInvoice();
    expectError(await world.pay(user, invoice.id, validCard(SANDBOX_CARDS.declined)), 'card-declined');
    const res = await world.withdraw(invoice.id, invoice.itineraryId);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('void');
  });

  it('takes back an invoice whose payment was refused for the holds', async () => {
    const { user, invoice } = await world.openInvoice({ holdsUntil: instantIn(1_000) });
    expectError(await world.pay(user, invoice.id), 'hold-expired');
    expect((await world.withdraw(invoice.id, invoice.itineraryId)).json().status).toBe('void');
  });

  it('answers invoice-not-found for an unknown invoice and for another itinerary’s, changing nothing', async () => {
    const { user, invoice } = await world.openInvoice();
    expectError(await world.withdraw('inv_nothing', invoice.itineraryId), 'invoice-not-found');
    expectError(await world.withdraw(invoice.id, `it-${randomUUID()}`), 'invoice-not-found');
    expect((await world.getInvoice(user, invoice.id)).status).toBe('open');
    expect((await world.pay(user, invoice.id)).statusCode).toBe(200);
  });

  it('answers only the itinerary’s service identity: not billing’s own, not a user, not another service', async () => {
    const { user, invoice } = await world.openInvoice();
    const withdraw = (headers: Record<string, string>) => world.withdraw(invoice.id, invoice.itineraryId, headers);
    expectError(await withdraw({}), 'unauthenticated');
    expectError(await withdraw(user.headers), 'unauthenticated');
    expectError(await withdraw(await serviceHeaders('billing', 'billing')), 'forbidden');
    expectError(await withdraw(await serviceHeaders('catalog', 'billing')), 'forbidden');
    expectError(await withdraw(await serviceHeaders('itinerary', 'catalog')), 'unauthenticated');
    expect((await world.getInvoice(user, invoice.id)).status).toBe('open');
  });

  it('refuses a body without the itinerary', async () => {
    const { user, invoice } = await world.openInvoice();
    const res = await world.app.inject({
      method: 'POST',
      url: `/internal/v1/invoices/${invoice.id}/withdraw`,
      headers: await fromItinerary(),
      payload: {},
    });
    expectInvalid(res, 'itineraryId');
    expect((await world.getInvoice(user, invoice.id)).status).toBe('open');
  });
});

describe('GET /api/v1/invoice/:id', () => {
  it('shows the invoice to its owner and to support staff, and to nobody else', async () => {
    const owner = await world.traveller();
    const stranger = await world.traveller();
    const support = await world.traveller(['role/support']);
    const invoice = await world.createInvoice(owner);

    const mine = await world.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/${invoice.id}`,
      headers: owner.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect(InvoiceSchema.parse(mine.json())).toEqual(invoice);

    const staff = await world.app.inject({
      method: 'GET',
      url: `/api/v1/invoice/${invoice.id}`,
      headers: support.headers,
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().id).toBe(invoice.id);

    expectError(
      await world.app.inject({ method: 'GET', url: `/api/v1/invoice/${invoice.id}`, headers: stranger.headers }),
      'invoice-not-found',
    );
    expectError(
      await world.app.inject({ method: 'GET', url: '/api/v1/invoice/inv_nothing', headers: owner.headers }),
      'invoice-not-found',
    );
    expectError(await world.app.inject({ method: 'GET', url: `/api/v1/invoice/${invoice.id}` }), 'unauthenticated');
  });
});
