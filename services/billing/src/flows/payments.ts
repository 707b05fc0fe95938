// Paying an invoice by card (docs/booking.md, "Paying"): the idempotency key's attempt lives in the invoice;
// the lease lets one payment at a time work on an invoice and stays until that payment's outcome is recorded,
// never outliving the cart's holds, and while it is there the itinerary cannot take the invoice back (billing
// never calls the itinerary: docs/booking.md, "One payment at a time"); the provider charges with
// the payment id as its idempotency key and is given less time than the lease. A payment whose answer was
// lost (a timeout, a crash) is looked up at the provider by that key, when its key is retried or by the
// reconciliation job, and settled once (settlement.ts): paid, declined, or refunded when its invoice can no
// longer take it.
import type { AuthUser, PaymentAnswer, PaymentBody } from '@travelclub/contracts';
import { AppError, appError, canAccess, type CausalContext } from '@travelclub/kit';
import { cardSummary } from '../domain/card.js';
import { paymentIdFor, paymentRequestHash } from '../domain/ids.js';
import { leaseLive, notPayable, outlivesHolds } from '../domain/invoices.js';
import { payments } from '../metrics.js';
import type { ChargeLookup } from '../provider/provider.js';
import type { AttemptRecord, InvoiceDocument } from '../store/invoices.js';
import type { BillingParts } from './parts.js';
import { reconcilePayments } from './reconciliation.js';
import { settlePayment } from './settlement.js';

export interface PaymentRequest {
  invoiceId: string;
  body: PaymentBody;
  idempotencyKey: string;
  user: AuthUser;
  ctx: CausalContext;
}

const leaseUntil = ({ config }: BillingParts, now: Date) => new Date(now.getTime() + config.PAYMENT_LEASE_S * 1000);

/** Card testing: too many declines on this invoice, or by this account lately, and no more attempts. */
async function assertMayTry({ declines, config, log }: BillingParts, invoice: InvoiceDocument) {
  const onInvoice = Object.values(invoice.attempts ?? {}).filter((a) => a.status === 'declined').length;
  let byAccount = 0;
  try {
    byAccount = await declines.count(invoice.ownerId);
  } catch (err) {
    // Redis away: the per-invoice cap still holds; payments go on rather than stop for everyone.
    log.error({ err, invoiceId: invoice._id }, 'could not read the account’s declined payments');
  }
  if (onInvoice >= config.MAX_DECLINES_PER_INVOICE || byAccount >= config.MAX_DECLINES_PER_ACCOUNT) {
    log.warn(
      { invoiceId: invoice._id, userId: invoice.ownerId, declinedOnInvoice: onInvoice, declinedByAccount: byAccount },
      'card payment refused: too many declined attempts',
    );
    throw appError('too-many-payment-attempts');
  }
}

/** Steps after the claim: the holds against the lease, the charge, and the one update that records its outcome. */
async function run(
  d: BillingParts,
  invoice: InvoiceDocument,
  attempt: AttemptRecord,
  request: PaymentRequest,
): Promise<PaymentAnswer> {
  const { store: invoices, config, log } = d;
  const { invoiceId, ctx } = request;
  const { paymentId } = attempt;
  const until = new Date(invoice.lease!.until);
  // The lease would outlive a hold: the rooms could be sold to someone else before the charge is recorded.
  if (outlivesHolds(invoice, until)) {
    if (await invoices.markRefused(invoiceId, paymentId, 'hold-expired')) payments.inc({ outcome: 'failed' });
    throw appError('hold-expired');
  }
  // A charge starts only if it ends (or gives up) within the lease: a lapsed lease then means nobody is
  // still waiting on the provider for this payment.
  if (until.getTime() - Date.now() <= config.PROVIDER_TIMEOUT_MS) {
    await invoices.dropAttempt(invoiceId, paymentId);
    throw new AppError('service-unavailable', undefined, {
      cause: new Error('the lease ran short before the charge'),
    });
  }

  let charge;
  try {
    charge = await d.provider.charge({
      idempotencyKey: paymentId,
      amount: invoice.total,
      card: request.body.card,
      reference: invoiceId,
    });
  } catch (err) {
    // Whether money moved is unknown: the attempt keeps the invoice, and once its lease lapses the provider
    // is asked what became of its key (this key retried, or the reconciliation job).
    log.error({ err, invoiceId, paymentId }, 'the payment provider did not answer');
    throw new AppError('service-unavailable', undefined, { cause: err });
  }
  return settlePayment(d, invoice, attempt, charge, ctx);
}

/** What the provider made of a payment's key; a provider that does not answer is a 503. */
async function lookup({ provider }: BillingParts, paymentId: string): Promise<ChargeLookup> {
  try {
    return await provider.lookup(paymentId);
  } catch (err) {
    throw new AppError('service-unavailable', undefined, { cause: err });
  }
}

/**
 * The same key again, after its attempt's lease lapsed unsettled: settle it from what the provider knows,
 * or, if the provider never heard of it, run it again under the same payment id. Null: lost a race, decide
 * again.
 */
async function resume(
  d: BillingParts,
  invoice: InvoiceDocument,
  attempt: AttemptRecord,
  request: PaymentRequest,
  now: Date,
): Promise<PaymentAnswer | null> {
  const { invoiceId, ctx } = request;
  const { paymentId } = attempt;
  const found = await lookup(d, paymentId);
  if (found.state === 'pending') throw appError('payment-in-progress');
  if (found.state === 'settled') return settlePayment(d, invoice, attempt, found.charge, ctx);
  if (invoice.status !== 'open') {
    if (await d.store.markRefused(invoiceId, paymentId, notPayable(invoice).code)) payments.inc({ outcome: 'failed' });
    throw notPayable(invoice);
  }
  const reclaimed = await d.store.reclaim(invoiceId, paymentId, leaseUntil(d, now), now);
  if (!reclaimed) return null;
  d.log.info({ invoiceId, paymentId }, 'resuming a payment the provider never received');
  return run(d, reclaimed, attempt, request);
}

/** A payment by card: the stored result of its key, or a new attempt that takes the invoice and runs. */
async function pay(d: BillingParts, request: PaymentRequest): Promise<PaymentAnswer> {
  const { store: invoices } = d;
  const { invoiceId, body, idempotencyKey, user } = request;
  const paymentId = paymentIdFor(invoiceId, idempotencyKey);
  const requestHash = paymentRequestHash(invoiceId, body.card);
  // A lost race re-reads and decides again; a few rounds settle it.
  for (let round = 0; round < 5; round++) {
    const invoice = await invoices.get(invoiceId);
    if (!invoice || !canAccess(user, invoice.ownerId)) throw appError('invoice-not-found');
    const now = new Date();
    const attempt = invoice.attempts?.[paymentId];
    if (attempt) {
      if (attempt.requestHash !== requestHash) throw appError('idempotency-key-reused');
      if (attempt.status === 'succeeded' && attempt.answer) return attempt.answer;
      if (attempt.status !== 'processing') throw appError(attempt.code ?? 'card-declined');
      if (leaseLive(invoice, now)) throw appError('payment-in-progress');
      const resumed = await resume(d, invoice, attempt, request, now);
      if (resumed) return resumed;
      continue;
    }
    if (invoice.status !== 'open') throw notPayable(invoice);
    // Another payment is running, or ended without its outcome being known yet: a second charge could
    // double the first, so none starts until that one is settled.
    if (invoice.lease) throw appError('payment-in-progress');
    await assertMayTry(d, invoice);
    const fresh: AttemptRecord = {
      key: idempotencyKey,
      requestHash,
      paymentId,
      status: 'processing',
      card: cardSummary(body.card.number),
      startedAt: now,
      at: now,
    };
    const claimed = await invoices.claim(invoiceId, fresh, leaseUntil(d, now));
    if (!claimed) continue;
    return run(d, claimed, fresh, request);
  }
  throw appError('payment-in-progress');
}

export type PaymentFlows = ReturnType<typeof paymentFlows>;

export function paymentFlows(d: BillingParts) {
  return {
    pay: (request: PaymentRequest) => pay(d, request),

    /** The reconciliation job's work (reconciliation.ts). */
    reconcile: (now?: Date, invoiceId?: string, limit?: number) => reconcilePayments(d, now, invoiceId, limit),
  };
}
