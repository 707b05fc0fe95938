// Support staff's routes on the billing service (role/support), for the travelclub command line: an invoice's
// payments and refunds, a goodwill refund (recorded with the staff member's id), and any creator's payout.
import { InvoiceIdParamsSchema, PayoutAnswerSchema } from './api.js';
import { accessOf, endpoint, type Endpoint } from '../endpoint.js';
import {
  SupportInvoicePaymentsSchema,
  SupportPayoutParamsSchema,
  SupportRefundAnswerSchema,
  SupportRefundBodySchema,
} from './support-api.js';

const { support } = accessOf('billing');

export const billingSupportEndpoints = {
  // Every payment attempt and refund of an invoice.
  invoicePayments: endpoint(support, 'GET', '/api/v1/support/invoices/:id/payments', {
    params: InvoiceIdParamsSchema,
    responses: { 200: SupportInvoicePaymentsSchema },
    errors: ['unauthenticated', 'forbidden', 'invoice-not-found'],
  }),
  // A goodwill refund of part of a paid invoice's payment, never more than what is left of it.
  issueRefund: endpoint(support, 'POST', '/api/v1/support/invoices/:id/refunds', {
    params: InvoiceIdParamsSchema,
    body: SupportRefundBodySchema,
    responses: { 201: SupportRefundAnswerSchema },
    errors: [
      'unauthenticated',
      'forbidden',
      'invoice-not-found',
      'invoice-not-paid',
      'refund-exceeds-paid',
      'service-unavailable',
    ],
  }),
  // A creator's payout, as `myPayout` shows it to them.
  creatorPayout: endpoint(support, 'GET', '/api/v1/support/payouts/:creator', {
    params: SupportPayoutParamsSchema,
    responses: { 200: PayoutAnswerSchema },
    errors: ['unauthenticated', 'forbidden', 'payout-not-found'],
  }),
} as const satisfies Record<string, Endpoint>;
