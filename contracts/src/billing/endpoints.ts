// The billing service's endpoints: invoices (made for the itinerary, read by their owner), card payments, a
// creator's payout view, whether an invoice's payment has ended (for the itinerary), and creators' paid plans
// with the sandbox's hosted checkout and portal pages.
import { z } from 'zod';
import {
  InvoiceDraftSchema,
  CreatorPlanCheckoutSchema,
  CreatorPlanPortalSchema,
  CreatorPlanAnswerSchema,
  CreatorPlanQuerySchema,
  ManageCreatorPlanBodySchema,
  PlanCardFormSchema,
  PlanLinkParamsSchema,
  StartCreatorPlanBodySchema,
  InvoiceIdParamsSchema,
  InvoiceSchema,
  PaymentAnswerSchema,
  PaymentBodySchema,
  PayoutAnswerSchema,
  WithdrawInvoiceBodySchema,
} from './api.js';
import { accessOf, endpoint } from '../endpoint.js';

const { open, signedIn, internal, creator } = accessOf('billing');
/** For the itinerary's service identity only (never routed by the gateway). */
const forItinerary = internal('itinerary');

const invoiceEndpoints = {
  // Internal, for the itinerary.
  createInvoice: endpoint(forItinerary, 'POST', '/internal/v1/invoices', {
    body: InvoiceDraftSchema,
    // 201 when this call made it, 200 with the same invoice when asked again.
    responses: { 200: InvoiceSchema, 201: InvoiceSchema },
    errors: ['unauthenticated', 'forbidden'],
  }),
  // The invoice as it is once withdrawn: void (again, if it was already), or the refusal while a payment holds it.
  withdrawInvoice: endpoint(forItinerary, 'POST', '/internal/v1/invoices/:id/withdraw', {
    params: InvoiceIdParamsSchema,
    body: WithdrawInvoiceBodySchema,
    responses: { 200: InvoiceSchema },
    errors: ['unauthenticated', 'forbidden', 'invoice-not-found', 'payment-in-progress'],
  }),

  // Public, through the gateway, with a token.
  invoice: endpoint(signedIn, 'GET', '/api/v1/invoice/:id', {
    params: InvoiceIdParamsSchema,
    responses: { 200: InvoiceSchema },
    errors: ['unauthenticated', 'invoice-not-found'],
  }),
  payInvoice: endpoint(signedIn, 'POST', '/api/v1/invoice/:id/payment', {
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
  myPayout: endpoint(signedIn, 'GET', '/api/v1/userProfile/my/payout', {
    responses: { 200: PayoutAnswerSchema },
    errors: ['unauthenticated'],
  }),
};

const PLAN = '/api/v1/creator/subscription';
const planRefusals = ['unauthenticated', 'forbidden', 'creator-plan-not-found'] as const;

/** A creator's own plan; a `userId` that is not the caller's is `forbidden`, whatever the plan. */
export const creatorPlanEndpoints = {
  startCreatorPlan: endpoint(creator, 'POST', PLAN, {
    body: StartCreatorPlanBodySchema,
    responses: { 201: CreatorPlanCheckoutSchema },
    errors: [...planRefusals, 'creator-plan-exists', 'role-revoked'],
  }),
  // No plan yet is a normal state: `{ plan: null }`, not a 404.
  // Any signed-in account: a creator whose role staff revoked still reads their plan (it ends) and opens the portal.
  creatorPlan: endpoint(signedIn, 'GET', PLAN, {
    query: CreatorPlanQuerySchema,
    responses: { 200: CreatorPlanAnswerSchema },
    errors: ['unauthenticated', 'forbidden'],
  }),
  manageCreatorPlan: endpoint(signedIn, 'POST', `${PLAN}/manage`, {
    body: ManageCreatorPlanBodySchema,
    responses: { 200: CreatorPlanPortalSchema },
    errors: planRefusals,
  }),
};

/** A server-rendered page (HTML), or a redirect (303, `Location`). */
const Page = z.unknown();
const pageAnswers = { 200: Page, 303: Page, 400: Page, 402: Page, 404: Page, 409: Page, 429: Page, 503: Page };

/**
 * The sandbox provider's hosted pages, opened by the browser without a token: the secret in the link
 * authorises them (a checkout link works once and expires, a portal link expires). Their refusals are pages
 * too, with the catalogue's texts; only a malformed link or form gets the JSON envelope.
 */
export const creatorPlanPageEndpoints = {
  planCheckoutPage: endpoint(open, 'GET', `${PLAN}/checkout/:token`, {
    params: PlanLinkParamsSchema,
    responses: pageAnswers,
    errors: [],
  }),
  // Pays the first month; then redirects to the checkout's returnUrl.
  planCheckoutPay: endpoint(open, 'POST', `${PLAN}/checkout/:token`, {
    params: PlanLinkParamsSchema,
    body: PlanCardFormSchema,
    responses: pageAnswers,
    errors: [],
  }),
  planPortalPage: endpoint(open, 'GET', `${PLAN}/portal/:token`, {
    params: PlanLinkParamsSchema,
    responses: pageAnswers,
    errors: [],
  }),
  // Cancels at the end of the period, then back to the portal page.
  planPortalCancel: endpoint(open, 'POST', `${PLAN}/portal/:token/cancel`, {
    params: PlanLinkParamsSchema,
    responses: pageAnswers,
    errors: [],
  }),
  // Takes a cancellation back before the period ends.
  planPortalResume: endpoint(open, 'POST', `${PLAN}/portal/:token/resume`, {
    params: PlanLinkParamsSchema,
    responses: pageAnswers,
    errors: [],
  }),
  // An overdue plan paid with another card (or the same one again).
  planPortalPay: endpoint(open, 'POST', `${PLAN}/portal/:token/pay`, {
    params: PlanLinkParamsSchema,
    body: PlanCardFormSchema,
    responses: pageAnswers,
    errors: [],
  }),
};

/** Every endpoint but the hosted pages (those take form posts: the service registers them apart). */
export const billingApiEndpoints = { ...invoiceEndpoints, ...creatorPlanEndpoints };

export const billingEndpoints = { ...billingApiEndpoints, ...creatorPlanPageEndpoints };
