// Support staff's desk (the travelclub command line): the billing service's support bodies and answers: an
// invoice's payments and refunds, a goodwill refund, and any creator's payout.
import { z } from 'zod';
import { CardSummarySchema, InvoiceSchema, InvoiceStatusSchema } from './api.js';
import { IdSchema, InstantSchema, MoneySchema, SlugSchema } from '../common.js';
import { multiLineText } from '../validation.js';

/** Why money went back: the itinerary was cancelled, its booking failed, or support staff gave some back. */
export const RefundReasonSchema = z.enum(['cancelled', 'booking-failed', 'goodwill']);
export type RefundReason = z.infer<typeof RefundReasonSchema>;

/**
 * One payment attempt (one idempotency key) as billing keeps it: `processing` (running, or its outcome not
 * known yet), `succeeded`, `declined`, `refused` (its lease would outlive a hold), `refunded` (charged, but the
 * invoice could no longer take it, so given back at once). An attempt that charged nothing and was dropped is
 * not kept.
 */
export const PaymentAttemptStatusSchema = z.enum(['processing', 'succeeded', 'declined', 'refused', 'refunded']);
export type PaymentAttemptStatus = z.infer<typeof PaymentAttemptStatusSchema>;

export const SupportPaymentAttemptSchema = z.object({
  /** The payment id (one per invoice and idempotency key). */
  id: IdSchema,
  status: PaymentAttemptStatusSchema,
  /** What was charged (a succeeded attempt), or given back (a refunded one). */
  amount: MoneySchema.optional(),
  card: CardSummarySchema.optional(),
  /** The error code a declined, refused or refunded attempt answers with. */
  code: z.string().optional(),
  /** Its last change. */
  at: InstantSchema,
});
export type SupportPaymentAttempt = z.infer<typeof SupportPaymentAttemptSchema>;

/** A refund that went back to the card. */
export const SupportRefundSchema = z.object({
  id: IdSchema,
  amount: MoneySchema,
  reason: RefundReasonSchema,
  /** Who issued a `goodwill` refund. */
  staffId: IdSchema.optional(),
  /** Why, in the staff member's words (a `goodwill` refund). */
  note: z.string().optional(),
  issuedAt: InstantSchema,
});
export type SupportRefund = z.infer<typeof SupportRefundSchema>;

/** `GET /api/v1/support/invoices/:id/payments`: an invoice's money, for support staff. */
export const SupportInvoicePaymentsSchema = z.object({
  invoiceId: IdSchema,
  itineraryId: IdSchema,
  ownerId: IdSchema,
  status: InvoiceStatusSchema,
  total: MoneySchema,
  /** What the payment took, once the invoice was paid. */
  paid: MoneySchema.optional(),
  /** The sum of every refund issued so far (the cancellation's and support staff's). */
  refunded: MoneySchema,
  /** What a staff refund may still give back now (the payment minus every refund, issued or under way). */
  refundable: MoneySchema,
  /** Oldest first. */
  payments: z.array(SupportPaymentAttemptSchema),
  /** Oldest first. */
  refunds: z.array(SupportRefundSchema),
});
export type SupportInvoicePayments = z.infer<typeof SupportInvoicePaymentsSchema>;

/**
 * `POST /api/v1/support/invoices/:id/refunds`: give back part (or all) of what is left of a paid invoice's
 * payment, in the invoice's currency's minor units, with the reason in the staff member's words.
 */
export const SupportRefundBodySchema = z.strictObject({
  amount: z.number().int('Use whole minor units').positive('The amount must be more than zero'),
  reason: multiLineText(z.string().trim().min(3, 'Give a reason of at least 3 characters').max(500)),
});
export type SupportRefundBody = z.infer<typeof SupportRefundBodySchema>;

export const SupportRefundAnswerSchema = z.object({ refund: SupportRefundSchema, invoice: InvoiceSchema });
export type SupportRefundAnswer = z.infer<typeof SupportRefundAnswerSchema>;

/** `GET /api/v1/support/payouts/:creator`: a creator by their slug (as in invoices and `myPayout`). */
export const SupportPayoutParamsSchema = z.strictObject({ creator: SlugSchema });
export type SupportPayoutParams = z.infer<typeof SupportPayoutParamsSchema>;
