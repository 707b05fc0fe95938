// The reconciliation job's work (jobs/reconciliation.ts runs it): payments left unsettled past their lease (a
// crash or a timeout lost the provider's answer) are looked up at the provider by their key and settled once
// (settlement.ts), or dropped when the provider never received them.
import { AppError } from '@travelclub/kit';
import type { ChargeLookup } from '../provider/provider.js';
import type { InvoiceDocument } from '../store/invoices.js';
import type { BillingParts } from './parts.js';
import { settlePayment } from './settlement.js';

/**
 * What reconciliation did with one invoice's unsettled payment. `failed`: it could not be settled this time
 * (a write or a refund failed) and stays unsettled for the next run.
 */
export type Settlement =
  'paid' | 'declined' | 'refunded' | 'dropped' | 'pending' | 'released' | 'unreachable' | 'failed';

/** One invoice whose payment is unsettled past its lease, settled from what the provider knows. */
async function reconcileOne(d: BillingParts, invoice: InvoiceDocument, now: Date): Promise<Settlement> {
  const { store: invoices, provider, log } = d;
  const invoiceId = invoice._id;
  const paymentId = invoice.lease!.paymentId;
  const attempt = invoice.attempts?.[paymentId];
  if (!attempt || attempt.status !== 'processing') {
    await invoices.releaseSettledLease(invoiceId, paymentId);
    return 'released';
  }
  let found: ChargeLookup;
  try {
    found = await provider.lookup(paymentId);
  } catch (err) {
    log.warn({ err, invoiceId, paymentId }, 'reconciliation: the payment provider did not answer');
    return 'unreachable';
  }
  if (found.state === 'pending') return 'pending';
  if (found.state === 'not-found') {
    // Never charged, and its lease lapsed, so nobody is about to charge it: the invoice is free again.
    const dropped = await invoices.dropAttempt(invoiceId, paymentId, now);
    if (dropped) log.info({ invoiceId, paymentId }, 'reconciliation: a payment the provider never received dropped');
    return dropped ? 'dropped' : 'pending';
  }
  const ctx = { correlationId: `reconciliation:${paymentId}`, causationId: `reconciliation:${invoiceId}` };
  try {
    await settlePayment(d, invoice, attempt, found.charge, ctx);
    log.info({ invoiceId, paymentId }, 'reconciliation: a payment whose answer was lost recorded as paid');
    return 'paid';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const outcome = found.charge.outcome === 'succeeded' ? 'refunded' : 'declined';
    log.info({ invoiceId, paymentId, outcome, code: err.code }, 'reconciliation: a payment settled');
    return outcome;
  }
}

/**
 * Every invoice (or only `invoiceId`) whose payment is unsettled past its lease, settled from what the
 * provider knows. Answers how many ended each way.
 */
export async function reconcilePayments(
  d: BillingParts,
  now = new Date(),
  invoiceId?: string,
  limit = 100,
): Promise<Partial<Record<Settlement, number>>> {
  const { store: invoices, log } = d;
  const candidates = invoiceId
    ? [await invoices.get(invoiceId)].filter(
        (doc): doc is InvoiceDocument => !!doc?.lease && new Date(doc.lease.until) <= now,
      )
    : await invoices.unsettled(now, limit);
  const tally: Partial<Record<Settlement, number>> = {};
  for (const invoice of candidates) {
    let outcome: Settlement;
    try {
      outcome = await reconcileOne(d, invoice, now);
    } catch (err) {
      // One payment that cannot be settled now must not hold back the others behind it (oldest first):
      // the charges waiting to be recorded as paid, or given back.
      log.error(
        { err, invoiceId: invoice._id, paymentId: invoice.lease?.paymentId },
        'reconciliation: could not settle a payment; it is tried again on the next run',
      );
      outcome = 'failed';
    }
    tally[outcome] = (tally[outcome] ?? 0) + 1;
  }
  return tally;
}
