// Invoices against the real servers: made once per itinerary revision (with billing.invoice.created), newer
// revisions void older ones, and only the owner and support staff may read one.
import { InvoiceSchema } from '@travelclub/contracts';
import type { TestJwks } from '@travelclub/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingApp } from '../../src/app.js';
import {
  createInvoice,
  expectError,
  expectInvalid,
  fakeItinerary,
  invoiceBody,
  readBillingEvents,
  startBilling,
  startTestJwks,
  traveller,
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

describe('POST /internal/v1/invoices', () => {
  it('makes the invoice of a revision once, totals its lines and publishes billing.invoice.created', async () => {
    const user = await traveller(jwks);
    const body = invoiceBody({ amounts: [120_00, 80_50], creator: 'ada-travels' });
    const first = await app.inject({
      method: 'POST',
      url: '/internal/v1/invoices',
      headers: user.headers,
      payload: body,
    });
    expect(first.statusCode).toBe(201);
    const invoice = InvoiceSchema.parse(first.json());
    expect(invoice).toMatchObject({
      itineraryId: body.itineraryId,
      ownerId: user.id,
      status: 'open',
      currency: 'USD',
      total: { amount: 200_50, currency: 'USD' },
      creator: 'ada-travels',
    });
    expect(invoice.id).toMatch(/^inv_/);

    const again = await app.inject({
      method: 'POST',
      url: '/internal/v1/invoices',
      headers: user.headers,
      payload: body,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const [created, ...copies] = await events.wait('billing.invoice.created', invoice.id);
    expect(copies).toHaveLength(0);
    const dueIn = Date.parse(created!.payload.dueAt as string) - Date.parse(invoice.createdAt);
    expect(dueIn).toBe(30 * 60_000);
    expect(created!.payload).toMatchObject({ itineraryId: body.itineraryId, userId: user.id, total: invoice.total });
  });

  it('voids the open invoice of an older revision when a newer one is made', async () => {
    const user = await traveller(jwks);
    const older = await createInvoice(app, user, { itineraryId: 'it-revisions', revision: 1 });
    const newer = await createInvoice(app, user, { itineraryId: 'it-revisions', revision: 2 });
    expect(newer.id).not.toBe(older.id);
    const read = await app.inject({ method: 'GET', url: `/api/v1/invoice/${older.id}`, headers: user.headers });
    expect(read.json().status).toBe('void');
    // A late request for an even older revision makes an invoice that is void from the start.
    const late = await createInvoice(app, user, { itineraryId: 'it-revisions', revision: 0 });
    expect(late.status).toBe('void');
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/invoice/${newer.id}`, headers: user.headers })).json().status,
    ).toBe('open');
  });

  it('refuses lines in another currency than the invoice', async () => {
    const user = await traveller(jwks);
    const body = invoiceBody({ amounts: [100_00, 50_00] });
    body.lines[1]!.amount.currency = 'EUR';
    const res = await app.inject({
      method: 'POST',
      url: '/internal/v1/invoices',
      headers: user.headers,
      payload: body,
    });
    expectInvalid(res, 'lines.1.amount.currency');
  });

  it('refuses a body without lines, and a call without a token', async () => {
    const user = await traveller(jwks);
    const res = await app.inject({
      method: 'POST',
      url: '/internal/v1/invoices',
      headers: user.headers,
      payload: { ...invoiceBody(), lines: [] },
    });
    expectInvalid(res, 'lines');
    expectError(
      await app.inject({ method: 'POST', url: '/internal/v1/invoices', payload: invoiceBody() }),
      'unauthenticated',
    );
  });

  it('does not give one traveller the invoice another made for the same revision', async () => {
    const owner = await traveller(jwks);
    const other = await traveller(jwks);
    const body = invoiceBody();
    await createInvoice(app, owner, { itineraryId: body.itineraryId });
    const res = await app.inject({
      method: 'POST',
      url: '/internal/v1/invoices',
      headers: other.headers,
      payload: body,
    });
    expectError(res, 'invoice-not-found');
  });
});

describe('GET /api/v1/invoice/:id', () => {
  it('shows the invoice to its owner and to support staff, and to nobody else', async () => {
    const owner = await traveller(jwks);
    const stranger = await traveller(jwks);
    const support = await traveller(jwks, ['role/support']);
    const invoice = await createInvoice(app, owner);

    const mine = await app.inject({ method: 'GET', url: `/api/v1/invoice/${invoice.id}`, headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    expect(InvoiceSchema.parse(mine.json())).toEqual(invoice);

    const staff = await app.inject({ method: 'GET', url: `/api/v1/invoice/${invoice.id}`, headers: support.headers });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().id).toBe(invoice.id);

    expectError(
      await app.inject({ method: 'GET', url: `/api/v1/invoice/${invoice.id}`, headers: stranger.headers }),
      'invoice-not-found',
    );
    expectError(
      await app.inject({ method: 'GET', url: '/api/v1/invoice/inv_nothing', headers: owner.headers }),
      'invoice-not-found',
    );
    expectError(await app.inject({ method: 'GET', url: `/api/v1/invoice/${invoice.id}` }), 'unauthenticated');
  });
});
