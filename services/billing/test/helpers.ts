// Shared set-up of the billing service tests: the real app against the run's servers (`useBilling` for a test
// file), tokens from a local key set and the test's service secret, a reader of billing.events, invoices in
// every state, and small clients. Billing calls no other service: the itinerary sends it drafts, takes invoices
// back, and tells it what a cancellation gives back.
import type { Card, Invoice, InvoiceDraft } from '@travelclub/contracts';
import {
  inDays,
  readEvents,
  serviceHeaders,
  ServiceWorld,
  setUpForFile,
  startTestJwks,
  testEnv,
  uniqueName,
  type SeenEvent,
  type TestJwks,
} from '@travelclub/kit/testing';
import { randomUUID } from 'node:crypto';
import { buildApp, type BillingApp } from '../src/app.js';
import { BillingConfigSchema } from '../src/config.js';
import { cardSummary } from '../src/domain/card.js';
import { paymentIdFor, paymentRequestHash } from '../src/domain/ids.js';
import { SANDBOX_CARDS } from '../src/domain/card.js';

export { expectError, expectInvalid, inDays } from '@travelclub/kit/testing';
export { SANDBOX_CARDS };

export interface Caller {
  id: string;
  token: string;
  headers: Record<string, string>;
}

/** A signed-in traveller with these roles, with a token from this key set. */
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
  /** When the cart's first hold lapses (an instant); an hour from now unless said. */
  holdsUntil?: string;
}

/** An instant `ms` from now. */
export const instantIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/** What the itinerary says the invoice of a revision holds, as it sends it to billing in createInvoice. */
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
    holdsUntil: options.holdsUntil ?? instantIn(3_600_000),
  };
}

/** The itinerary's service identity, as it calls billing's internal routes. */
export const fromItinerary = () => serviceHeaders('itinerary', 'billing');

export const validCard = (number: string = SANDBOX_CARDS.succeeds, fields: Record<string, unknown> = {}) => ({
  number,
  expiry: '12/39',
  cvc: '123',
  holderName: 'Ada Lovelace',
  ...fields,
});

/**
 * What the itinerary says when the invoice's itinerary is cancelled (itinerary.cancelled), by its owner: the
 * refund it worked out is the invoice's total unless `refund` (minor units, the invoice's currency) says less.
 */
export function cancelled(
  invoice: Invoice,
  user: Caller,
  fields: {
    cancelledAt?: string;
    reason?: 'requested' | 'booking-failed';
    withInvoiceId?: boolean;
    refund?: number;
  } = {},
) {
  return {
    itineraryId: invoice.itineraryId,
    userId: user.id,
    ...(fields.withInvoiceId === false ? {} : { invoiceId: invoice.id }),
    cancelledBy: { userId: user.id, role: 'role/customer' as const },
    cancelledAt: fields.cancelledAt ?? new Date().toISOString(),
    reason: fields.reason ?? 'requested',
    terms: invoice.terms,
    refund: { amount: fields.refund ?? invoice.total.amount, currency: invoice.currency },
  };
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
async function readBillingEvents(app: BillingApp): Promise<InvoiceEvents> {
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

// ---------- a test file's billing ----------

/**
 * The billing of a test file (`settings` over the app's test settings): started before its tests, closed after
 * them; with `events`, what it publishes is read from the start.
 */
export const useBilling = (settings: Record<string, string> = {}, { events = false } = {}) =>
  setUpForFile(new BillingWorld(settings, events));

/**
 * A key set and the billing app, and what a test file's tests do with them. Its fields are there once `start`
 * is over.
 */
export class BillingWorld extends ServiceWorld<BillingApp> {
  /** What the app published (read only when the file asked for it). */
  events!: InvoiceEvents;

  constructor(
    private readonly settings: Record<string, string>,
    private readonly readsEvents: boolean,
  ) {
    super();
  }

  async start(): Promise<void> {
    this.jwks = await startTestJwks();
    this.app = await buildApp(
      BillingConfigSchema.parse({
        ...testEnv('billing'),
        JWKS_URL: this.jwks.jwksUrl,
        KAFKA_TOPIC_PREFIX: `${uniqueName('billing')}.`,
        ...this.settings,
      }),
    );
    if (this.readsEvents) this.events = await readBillingEvents(this.app);
  }

  async close(): Promise<void> {
    await this.events?.stop();
    await this.app?.close();
    await this.jwks?.close();
  }

  /** A signed-in traveller with these roles. */
  traveller(roles?: string[]): Promise<Caller> {
    return traveller(this.jwks, roles);
  }

  /** The invoice the itinerary asks billing for, of a draft made from `options`. */
  async createInvoice(caller: Caller, options: InvoiceOptions = {}): Promise<Invoice> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/internal/v1/invoices',
      headers: await fromItinerary(),
      payload: invoiceDraft(caller.id, options),
    });
    if (res.statusCode !== 201) throw new Error(`create invoice answered ${res.statusCode}: ${res.body}`);
    return res.json() as Invoice;
  }

  /** A new traveller, and an open invoice of theirs. */
  async openInvoice(options: InvoiceOptions = {}) {
    const user = await this.traveller();
    return { user, invoice: await this.createInvoice(user, options) };
  }

  /** An invoice of `caller`'s paid with the good card, as it is stored then. */
  async paidInvoice(caller: Caller, options: InvoiceOptions = {}): Promise<Invoice> {
    const invoice = await this.createInvoice(caller, options);
    const res = await this.pay(caller, invoice.id);
    if (res.statusCode !== 200) throw new Error(`payment answered ${res.statusCode}: ${res.body}`);
    return this.getInvoice(caller, invoice.id);
  }

  /** `POST /api/v1/invoice/:id/payment` with this card, under this idempotency key (null: none). */
  pay(
    caller: Caller,
    invoiceId: string,
    card: Record<string, unknown> = validCard(),
    key: string | null = randomUUID(),
  ) {
    return this.app.inject({
      method: 'POST',
      url: `/api/v1/invoice/${invoiceId}/payment`,
      headers: { ...caller.headers, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: { card },
    });
  }

  /**
   * `POST /internal/v1/invoices/:id/withdraw`: the itinerary `itineraryId` takes the invoice back, with the
   * itinerary's service identity unless `headers` say otherwise.
   */
  async withdraw(invoiceId: string, itineraryId: string, headers?: Record<string, string>) {
    return this.app.inject({
      method: 'POST',
      url: `/internal/v1/invoices/${invoiceId}/withdraw`,
      headers: headers ?? (await fromItinerary()),
      payload: { itineraryId },
    });
  }

  async getInvoice(caller: Caller, id: string): Promise<Invoice> {
    const res = await this.app.inject({ method: 'GET', url: `/api/v1/invoice/${id}`, headers: caller.headers });
    if (res.statusCode !== 200) throw new Error(`get invoice answered ${res.statusCode}: ${res.body}`);
    return res.json() as Invoice;
  }

  /** Charges the sandbox made for an invoice. */
  chargesOf(invoiceId: string) {
    return this.app.mongo.collection('sandbox_charges').find({ reference: invoiceId }).toArray();
  }

  /**
   * What a payment under `key` leaves in the invoice when its process dies before recording the outcome: the
   * attempt `processing` since `startedAt`, holding the lease until `leaseUntil`; with `voided`, the invoice
   * voided meanwhile. Gives the payment's id.
   */
  async leaveUnsettledAttempt(
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
    await this.app.billing.store.collection.updateOne(
      { _id: invoice.id },
      { $set: { lease: { paymentId, until: leaseUntil }, [`attempts.${paymentId}`]: attempt, ...voiding } },
    );
    return paymentId;
  }
}
