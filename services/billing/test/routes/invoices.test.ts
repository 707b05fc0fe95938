// Invoices against the real servers: made once per itinerary revision (with billing.invoice.created) from what
// the itinerary says, only for the itinerary's service identity; newer revisions void older ones, and only the
// owner and support staff may read one.
import { randomUUID } from 'node:crypto';
import { InvoiceSchema } from '@travelclub/contracts';
import { createServiceIdentity } from '@travelclub/kit';
import { serviceHeaders } from '@travelclub/kit/testing';
import { describe, expect, it } from 'vitest';
import { invoiceIdFor } from '../../src/domain/ids.js';
import { expectError, expectInvalid, fromItinerary, invoiceDraft, useBilling } from '../helpers.js';

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
    // Billing asks the itinerary nothing back.
    expect(world.itinerary.calls.filter((call) => call.url.includes(body.itineraryId))).toEqual([]);

    const again = await post(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const [created, ...copies] = await world.events.wait('billing.invoice.created', invoice.id);
    expect(copies).toHaveLength(0);
    const dueIn = Date.parse(created!.payload.dueAt as string) - Date.parse(invoice.createdAt);
    expect(dueIn).toBe(30 * 60_000);
    expect(created!.payload).toMatchObject({ itineraryId: body.itineraryId, userId: user.id, total: invoice.total });
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
