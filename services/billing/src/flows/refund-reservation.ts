// Reserving a refund against an invoice's payment before the provider is asked: the amount is worked out from
// the invoice as read, and kept only if no other refund was reserved or let go since (store/refunds.ts), so
// refunds at once (support staff's, a cancellation's) never give back more than was paid together.
import { AppError, appError } from '@travelclub/kit';
import type { RefundRecord } from '../domain/refunds.js';
import type { InvoiceDocument, InvoiceStore } from '../store/invoices.js';

/** What to do with the invoice as read: reserve this refund, carry on with one reserved before, or nothing. */
export type RefundDecision = { reserve: RefundRecord } | { use: RefundRecord } | null;

/** Rounds of reading again after another refund got in first; each round only happens after a change. */
const ROUNDS = 8;

/**
 * The invoice with the refund reserved under `key`, and its record; null when `decide` wants nothing. `decide`
 * may throw the refusal (an invoice not paid, an amount past what is left), checked again each round.
 */
export async function reserveRefund(
  store: InvoiceStore,
  invoiceId: string,
  key: string,
  decide: (invoice: InvoiceDocument) => RefundDecision,
): Promise<{ invoice: InvoiceDocument; record: RefundRecord } | null> {
  for (let round = 0; round < ROUNDS; round++) {
    const invoice = await store.get(invoiceId);
    if (!invoice) throw appError('invoice-not-found');
    const decision = decide(invoice);
    if (!decision) return null;
    if ('use' in decision) return { invoice, record: decision.use };
    const reserved = await store.reserveRefund(invoiceId, invoice.refundSeq ?? 0, key, decision.reserve);
    if (reserved) return { invoice: reserved, record: decision.reserve };
  }
  throw new AppError('service-unavailable', undefined, {
    cause: new Error(`the refunds of ${invoiceId} kept changing`),
  });
}
