// Shared set-up of the billing service tests: the real app against the run's servers (`useBilling` for a test
// file), tokens from a local key set and the test's service secret, a stand-in for the itinerary's internal
// routes (invoice drafts and the payment lock), a reader of billing.events, invoices in every state, and small
// clients.
import {
  errorCatalogue,
  type Card,
  type CreateInvoiceBody,
  type Invoice,
  type InvoiceDraft,
} from '@travelclub/contracts';
import { createServiceIdentity } from '@travelclub/kit';
import {
  inDays,
  readEvents,
  serviceHeaders,
  startTestJwks,
  testEnv,
  TEST_SERVICE_TOKEN_SECRET,
  uniqueName,
  type SeenEvent,
  type TestJwks,
} from '@travelclub/kit/testing';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BillingApp } from '../src/app.js';
import { BillingConfigSchema } from '../src/config.js';
import { cardSummary } from '../src/domain/card.js';
import { paymentIdFor, paymentRequestHash } from '../src/domain/ids.js';
import { SANDBOX_CARDS } from '../src/provider/sandbox.js';

export { expectError, expectInvalid, inDays, publishEvent } from '@travelclub/kit/testing';
export { startTestJwks, SANDBOX_CARDS };

export async function startBilling(
  jwks: TestJwks,
  itineraryUrl: string,
  overrides: Record<string, string> = {},
): Promise<BillingApp> {
  return buildApp(
    BillingConfigSchema.parse({
      ...testEnv('billing'),
      JWKS_URL: jwks.jwksUrl,
      KAFKA_TOPIC_PREFIX: `${uniqueName('billing')}.`,
      ITINERARY_URL: itineraryUrl,
      CALL_TIMEOUT_MS: '500',
      ...overrides,
    }),
  );
}

export interface Caller {
  id: string;
  token: string;
  headers: Record<string, string>;
}

export async function traveller(jwks: TestJwks, roles: string[] = ['role/customer']): Promise<Caller> {
  const id = `user-${randomUUID().slice(0, 8)}`;
  const token = await jwks.sign({ sub: id, roles });
  return { id, token, headers: { authorization: `Bearer ${token}` } };
}

export const instantInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

export interface InvoiceOptions {
  itineraryId?: string;
  revision?: number;
  /** One line per amount (minor units). */
  amounts?: number[];
  currency?: string;
  creator?: string;
  checkIn?: string;
  checkOut?: string;
  /** Cancellation charges of every line: from this instant on, this amount. */
  charges?: { from: string; amount: number }[];
}

/** What the itinerary says the invoice of a revision holds (billing reads it from the itinerary stand-in). */
export function invoiceDraft(ownerId: string, options: InvoiceOptions = {}): InvoiceDraft {
  const currency = options.currency ?? 'USD';
  const checkInDate = options.checkIn ?? inDays(30);
  const checkOutDate = options.checkOut ?? inDays(32);
  const lines = (options.amounts ?? [120_00]).map((amount, i) => ({
    lineItemId: `li-${i}`,
    holdId: `hold-${randomUUID().slice(0, 8)}`,
    hotelId: `hotel-${i}`,
    hotelName: `Hotel ${i}`,
    roomTypeName: 'Double',
    rateName: 'Flexible',
    rooms: 1,
    checkInDate,
    checkOutDate,
    amount: { amount, currency },
  }));
  return {
    itineraryId: options.itineraryId ?? `it-${randomUUID()}`,
    revision: options.revision ?? 0,
    ownerId,
    currency,
    lines,
    terms: {
      currency,
      lines: lines.map((line) => ({
        lineItemId: line.lineItemId,
        holdId: line.holdId,
        hotelId: line.hotelId,
        hotelName: line.hotelName,
        roomTypeName: line.roomTypeName,
        rateName: line.rateName,
        checkInDate,
        checkOutDate,
        totalPrice: line.amount,
        policyText: 'Free cancellation until a week before arrival',
        charges: (options.charges ?? []).map((c) => ({ from: c.from, amount: { amount: c.amount, currency } })),
      })),
    },
    ...(options.creator ? { creator: options.creator } : {}),
    contactEmail: 'lead@example.com',
  };
}

/**
 * The invoice drafts every itinerary stand-in of this test file answers, by itinerary and revision: a test
 * puts the itinerary's side here, then asks billing for the invoice.
 */
export const drafts = new Map<string, InvoiceDraft>();
const draftKey = (itineraryId: string, revision: number) => `${itineraryId}#${revision}`;

/** Puts the draft where the itinerary stand-ins find it; gives the body of the call that asks for its invoice. */
export function offerDraft(draft: InvoiceDraft): CreateInvoiceBody {
  drafts.set(draftKey(draft.itineraryId, draft.revision), draft);
  return { itineraryId: draft.itineraryId, revision: draft.revision };
}

/** The itinerary's service identity, as it calls billing's internal routes. */
export const fromItinerary = () => serviceHeaders('itinerary', 'billing');

export async function createInvoice(app: BillingApp, caller: Caller, options: InvoiceOptions = {}): Promise<Invoice> {
  const res = await app.inject({
    method: 'POST',
    url: '/internal/v1/invoices',
    headers: await fromItinerary(),
    payload: offerDraft(invoiceDraft(caller.id, options)),
  });
  if (res.statusCode !== 201) throw new Error(`create invoice answered ${res.statusCode}: ${res.body}`);
  return res.json() as Invoice;
}

export const validCard = (number: string = SANDBOX_CARDS.succeeds, fields: Record<string, unknown> = {}) => ({
  number,
  expiry: '12/39',
  cvc: '123',
  holderName: 'Ada Lovelace',
  ...fields,
});

export function pay(
  app: BillingApp,
  caller: Caller,
  invoiceId: string,
  card: Record<string, unknown> = validCard(),
  key: string | null = randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/invoice/${invoiceId}/payment`,
    headers: { ...caller.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: { card },
  });
}

export async function getInvoice(app: BillingApp, caller: Caller, id: string): Promise<Invoice> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/invoice/${id}`, headers: caller.headers });
  if (res.statusCode !== 200) throw new Error(`get invoice answered ${res.statusCode}: ${res.body}`);
  return res.json() as Invoice;
}

/** A new traveller, and an open invoice of theirs. */
export async function openInvoice(world: BillingWorld, options: InvoiceOptions = {}) {
  const user = await traveller(world.jwks);
  return { user, invoice: await createInvoice(world.app, user, options) };
}

/** An invoice of `caller`'s paid with the good card, as it is stored then. */
export async function paidInvoice(app: BillingApp, caller: Caller, options: InvoiceOptions = {}): Promise<Invoice> {
  const invoice = await createInvoice(app, caller, options);
  const res = await pay(app, caller, invoice.id);
  if (res.statusCode !== 200) throw new Error(`payment answered ${res.statusCode}: ${res.body}`);
  return getInvoice(app, caller, invoice.id);
}

/**
 * What a payment under `key` leaves in the invoice when its process dies before recording the outcome: the
 * attempt `processing` since `startedAt`, holding the lease until `leaseUntil`; with `voided`, the invoice
 * voided meanwhile. Gives the payment's id.
 */
export async function leaveUnsettledAttempt(
  app: BillingApp,
  invoice: Invoice,
  key: string,
  card: Card,
  { leaseUntil, startedAt = new Date(), voided = false }: { leaseUntil: Date; startedAt?: Date; voided?: boolean },
): Promise<string> {
  const paymentId = paymentIdFor(invoice.id, key);
  const attempt = {
    key,
    requestHash: paymentRequestHash(invoice.id, card),
    paymentId,
    status: 'processing',
    card: cardSummary(card.number),
    startedAt,
    at: startedAt,
  };
  const voiding = voided ? { status: 'void' as const, voidReason: 'expired' as const, voidedAt: startedAt } : {};
  await app.billing.store.collection.updateOne(
    { _id: invoice.id },
    { $set: { lease: { paymentId, until: leaseUntil }, [`attempts.${paymentId}`]: attempt, ...voiding } },
  );
  return paymentId;
}

/** What the itinerary says when the invoice's itinerary is cancelled (itinerary.cancelled), by its owner. */
export function cancelled(
  invoice: Invoice,
  user: Caller,
  fields: { cancelledAt?: string; reason?: 'requested' | 'booking-failed'; withInvoiceId?: boolean } = {},
) {
  return {
    itineraryId: invoice.itineraryId,
    userId: user.id,
    ...(fields.withInvoiceId === false ? {} : { invoiceId: invoice.id }),
    cancelledBy: { userId: user.id, role: 'role/customer' as const },
    cancelledAt: fields.cancelledAt ?? new Date().toISOString(),
    reason: fields.reason ?? 'requested',
    terms: invoice.terms,
  };
}

/** Charges the sandbox made for an invoice. */
export const chargesOf = (app: BillingApp, invoiceId: string) =>
  app.mongo.collection('sandbox_charges').find({ reference: invoiceId }).toArray();

// ---------- the itinerary's payment lock, stood in for ----------

export type LockAnswer =
  | { kind: 'ok'; delayMs?: number }
  | { kind: 'refuse'; code: 'hold-expired' | 'invoice-outdated' | 'payment-in-progress' }
  | { kind: 'reset' }
  | { kind: 'slow'; delayMs: number };

export interface LockCall {
  method: string;
  url: string;
  body: unknown;
  /** The service whose token came with the call (null: none, or not a valid one). */
  caller: string | null;
}

export interface FakeItinerary {
  url: string;
  /** Calls to the payment lock. */
  calls: LockCall[];
  /** Reads of invoice drafts, by the service that read. */
  draftReads: { url: string; caller: string | null }[];
  answer: LockAnswer;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => resolve(data));
  });

const DRAFT_PATH = /^\/internal\/v1\/itineraries\/([^/]+)\/revisions\/(\d+)\/invoice$/;

/**
 * A tiny HTTP server for the itinerary's internal routes: invoice drafts from `drafts`, the payment lock as
 * the test says. Only billing's service identity is served, as the real one does.
 */
export async function fakeItinerary(): Promise<FakeItinerary> {
  const identity = createServiceIdentity({ name: 'itinerary', secret: TEST_SERVICE_TOKEN_SECRET });
  const fake: FakeItinerary = {
    url: '',
    calls: [],
    draftReads: [],
    answer: { kind: 'ok' },
    close: async () => undefined,
  };
  const server = createServer((req, res) => {
    void readBody(req).then(async (text) => {
      const json = (status: number, payload: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const caller = await identity.verify(token).catch(() => null);
      const draftPath = DRAFT_PATH.exec(req.url ?? '');
      if (draftPath) {
        fake.draftReads.push({ url: req.url ?? '', caller });
        if (caller !== 'billing') return json(401, { error: { code: 'unauthenticated', message: 'no' } });
        const draft = drafts.get(draftKey(decodeURIComponent(draftPath[1]!), Number(draftPath[2])));
        if (!draft) return json(404, { error: { code: 'itinerary-not-found', message: 'Itinerary not found' } });
        return json(200, draft);
      }
      const body = text ? (JSON.parse(text) as { invoiceId?: string }) : undefined;
      fake.calls.push({ method: req.method ?? '', url: req.url ?? '', body, caller });
      if (caller !== 'billing') return json(401, { error: { code: 'unauthenticated', message: 'no' } });
      const answer = fake.answer;
      if (answer.kind === 'reset') return void req.socket.destroy();
      if (answer.kind === 'refuse')
        return json(409, { error: { code: answer.code, message: errorCatalogue[answer.code].message } });
      if (req.method === 'DELETE') return void res.writeHead(204).end();
      const itineraryId = decodeURIComponent(req.url?.split('/')[4] ?? '');
      const ok = () =>
        json(200, {
          itineraryId,
          invoiceId: body?.invoiceId,
          lockedUntil: new Date(Date.now() + 120_000).toISOString(),
        });
      const delay = answer.delayMs ?? 0;
      if (delay > 0) setTimeout(ok, delay);
      else ok();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

// ---------- events ----------

export interface InvoiceEvents {
  /** Every event read from billing.events, once each. */
  all: SeenEvent[];
  of(type: string, invoiceId: string): SeenEvent[];
  /** Waits until `count` events of this type for this invoice arrived, then a moment longer for copies. */
  wait(type: string, invoiceId: string, count?: number, settleMs?: number): Promise<SeenEvent[]>;
  stop(): Promise<void>;
}

/** Reads the app's billing.events from the start for the whole test file. */
export async function readBillingEvents(app: BillingApp): Promise<InvoiceEvents> {
  const log = await readEvents(app, 'billing.events');
  const about = (type: string, invoiceId: string) => (e: SeenEvent) =>
    e.type === type && e.payload.invoiceId === invoiceId;
  return {
    all: log.all,
    of: (type, invoiceId) => log.all.filter(about(type, invoiceId)),
    wait: (type, invoiceId, count = 1, settleMs = 700) => log.wait(about(type, invoiceId), count, settleMs),
    stop: () => log.stop(),
  };
}

// ---------- this test file's billing ----------

export interface BillingWorld {
  jwks: TestJwks;
  itinerary: FakeItinerary;
  app: BillingApp;
  /** What the app published (read only when the file asked for it). */
  events: InvoiceEvents;
}

/**
 * Starts a key set, the itinerary stand-in and the app (`settings` over the test defaults) before the file's
 * tests, and, with `events`, a reader of billing.events; closes them after. The fields are there once the
 * tests run.
 */
export function useBilling(settings: Record<string, string> = {}, { events = false } = {}): BillingWorld {
  const world = {} as BillingWorld;
  beforeAll(async () => {
    world.jwks = await startTestJwks();
    world.itinerary = await fakeItinerary();
    world.app = await startBilling(world.jwks, world.itinerary.url, settings);
    if (events) world.events = await readBillingEvents(world.app);
  }, 120_000);
  afterAll(async () => {
    await world.events?.stop();
    await world.app?.close();
    await world.itinerary?.close();
    await world.jwks?.close();
  });
  return world;
}
