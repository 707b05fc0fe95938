// Support staff's desk on billing (the travelclub command line): an invoice's payment attempts and refunds,
// a goodwill refund (staff-refunds.ts), and a creator's payout (payouts.ts).
import type { AuthUser, SupportInvoicePayments, SupportPaymentAttempt } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { refundableAmount, refundedAmount, refundRecords } from '../domain/refunds.js';
import type { AttemptRecord, InvoiceDocument } from '../store/invoices.js';
import type { BillingParts } from './parts.js';
import { refundView } from './staff-refunds.js';

/** One payment attempt: what was charged (or given back at once), never more of the card than its summary. */
function attemptView(attempt: AttemptRecord): SupportPaymentAttempt {
  const amount = attempt.answer?.amount ?? attempt.refund?.amount;
  return {
    id: attempt.paymentId,
    status: attempt.status,
    ...(amount ? { amount } : {}),
    ...(attempt.card ? { card: { brand: attempt.card.brand, last4: attempt.card.last4 } } : {}),
    ...(attempt.code ? { code: attempt.code } : {}),
    at: new Date(attempt.at).toISOString(),
  };
}

export function invoicePaymentsView(doc: InvoiceDocument): SupportInvoicePayments {
  const currency = doc.currency;
  const attempts = Object.values(doc.attempts ?? {}).sort((a, b) => +new Date(a.startedAt) - +new Date(b.startedAt));
  return {
    invoiceId: doc._id,
    itineraryId: doc.itineraryId,
    ownerId: doc.ownerId,
    status: doc.status,
    total: doc.total,
    ...(doc.payment ? { paid: doc.payment.amount } : {}),
    refunded: { amount: refundedAmount(doc), currency },
    refundable: { amount: refundableAmount(doc), currency },
    payments: attempts.map(attemptView),
    refunds: refundRecords(doc)
      .filter((record) => record.status === 'issued')
      .map((record) => refundView(record, record.key)),
  };
}

export type SupportFlows = ReturnType<typeof supportFlows>;

export function supportFlows({ store: invoices, log }: BillingParts) {
  return {
    /** Every payment attempt and refund of an invoice, for support staff. */
    async invoicePayments(invoiceId: string, staff: AuthUser): Promise<SupportInvoicePayments> {
      const doc = await invoices.get(invoiceId);
      if (!doc) throw appError('invoice-not-found');
      log.info({ staffId: staff.id, invoiceId, action: 'read-payments' }, 'support staff read an invoice’s payments');
      return invoicePaymentsView(doc);
    },
  };
}
