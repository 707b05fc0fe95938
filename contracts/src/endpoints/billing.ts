// The billing service's endpoints: invoices (made for the itinerary, read by their owner), card payments, a
// creator's payout view, and whether an invoice's payment has ended (for the itinerary).
import {
  CreateInvoiceBodySchema,
  InvoiceIdParamsSchema,
  InvoicePaymentStateSchema,
  InvoiceSchema,
  PaymentAnswerSchema,
  PaymentBodySchema,
  PayoutAnswerSchema,
} from '../billing-api.js';
import { accessOf, endpoint } from '../endpoint.js';

const { signedIn, internal } = accessOf('billing');
/** For the itinerary's service identity only (never routed by the gateway). */
const forItinerary = internal('itinerary');

export const billingEndpoints = {
  // Internal, for the itinerary.
  createInvoice: endpoint({
    ...forItinerary,
    method: 'POST',
    path: '/internal/v1/invoices',
    body: CreateInvoiceBodySchema,
    // 201 when this call made it, 200 with the same invoice when asked again.
    responses: { 200: InvoiceSchema, 201: InvoiceSchema },
    // The itinerary's own refusals of its draft are passed on.
    errors: [
      'unauthenticated',
      'forbidden',
      'itinerary-not-found',
      'invoice-outdated',
      'service-unavailable',
      'upstream-timeout',
    ],
  }),
  invoicePaymentState: endpoint({
    ...forItinerary,
    method: 'GET',
    path: '/internal/v1/invoices/:id/payment-state',
    params: InvoiceIdParamsSchema,
    responses: { 200: InvoicePaymentStateSchema },
    errors: ['unauthenticated', 'forbidden', 'invoice-not-found'],
  }),

  // Public, through the gateway, with a token.
  invoice: endpoint({
    ...signedIn,
    method: 'GET',
    path: '/api/v1/invoice/:id',
    params: InvoiceIdParamsSchema,
    responses: { 200: InvoiceSchema },
    errors: ['unauthenticated', 'invoice-not-found'],
  }),
  payInvoice: endpoint({
    ...signedIn,
    method: 'POST',
    path: '/api/v1/invoice/:id/payment',
    params: InvoiceIdParamsSchema,
    // With an `Idempotency-Key` header (IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema), read by the route.
    body: PaymentBodySchema,
    responses: { 200: PaymentAnswerSchema },
    errors: [
      'unauthenticated',
      'invoice-not-found',
      'idempotency-key-required',
      'idempotency-key-reused',
      'invoice-already-paid',
      'invoice-void',
      'invoice-outdated',
      'hold-expired',
      'payment-in-progress',
      'too-many-payment-attempts',
      'card-declined',
      'insufficient-funds',
      'payment-refunded',
      'service-unavailable',
    ],
  }),
  myPayout: endpoint({
    ...signedIn,
    method: 'GET',
    path: '/api/v1/userProfile/my/payout',
    responses: { 200: PayoutAnswerSchema },
    errors: ['unauthenticated'],
  }),
};
