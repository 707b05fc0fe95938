// One card payment of an invoice, with its Idempotency-Key header (one key per attempt: use-payment.ts).
import type { PaymentAnswer, PaymentBody } from '@travelclub/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@travelclub/contracts/paths';
import type { BrowserApi } from '~/lib/session';

/** A fresh key for a new payment attempt (randomUUID needs a secure context; 127.0.0.1 and https are). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Pays the invoice with the attempt's key (the same key for a retry of the same attempt). */
export function payInvoice(
  api: BrowserApi,
  invoiceId: string,
  body: PaymentBody,
  idempotencyKey: string,
): Promise<PaymentAnswer> {
  return api.call(
    api.endpoints.billing.payInvoice,
    { params: { id: invoiceId }, body },
    { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
  );
}
