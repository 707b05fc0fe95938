// The billing service's HTTP bodies and answers: invoices, card payments, and a creator's payout.
import { z } from 'zod';
import { CurrencyCodeSchema, IdSchema, InstantSchema, MoneySchema, SlugSchema, StayDateSchema } from '../common.js';
import { BookedRoomLineSchema, CancellationTermsSchema } from '../itinerary/api.js';
import { EmailSchema, singleLineText } from '../validation.js';

export const InvoiceIdParamsSchema = z.strictObject({ id: IdSchema });

export const InvoiceStatusSchema = z.enum(['open', 'paid', 'refunded', 'void']);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

export const InvoiceLineSchema = BookedRoomLineSchema.extend({
  rooms: z.number().int().min(1),
  checkInDate: StayDateSchema,
  checkOutDate: StayDateSchema,
  amount: MoneySchema,
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

/** The card as it is kept and shown: never the number, only its brand and last four digits. */
export const CardSummarySchema = z.object({ brand: z.string(), last4: z.string().regex(/^\d{4}$/) });

/** Internal (itinerary → billing): make, or find, the invoice of one revision of an itinerary. */

/**
 * Internal (itinerary → billing, `createInvoice`'s body): what the invoice of one revision of an itinerary says,
 * with its frozen prices and terms. Only the itinerary's service identity may send it; the same revision twice
 * gives the same invoice.
 */
export const InvoiceDraftSchema = z.strictObject({
  itineraryId: IdSchema,
  revision: z.number().int().min(0),
  /** The itinerary's owner: the invoice's. */
  ownerId: IdSchema,
  currency: CurrencyCodeSchema,
  lines: z.array(InvoiceLineSchema).min(1),
  terms: CancellationTermsSchema,
  creator: SlugSchema.optional(),
  /** Where the receipt goes: the lead guest's address. */
  contactEmail: EmailSchema,
  /**
   * When the first of the cart's holds lapses: billing starts no payment whose lease would outlive it, so nothing
   * is charged for rooms that are no longer held (docs/booking.md, "One payment at a time").
   */
  holdsUntil: InstantSchema,
});
export type InvoiceDraft = z.infer<typeof InvoiceDraftSchema>;

export const InvoiceSchema = z.object({
  id: IdSchema,
  itineraryId: IdSchema,
  ownerId: IdSchema,
  status: InvoiceStatusSchema,
  currency: CurrencyCodeSchema,
  lines: z.array(InvoiceLineSchema),
  total: MoneySchema,
  terms: CancellationTermsSchema,
  creator: SlugSchema.optional(),
  payment: z.object({ id: IdSchema, amount: MoneySchema, card: CardSummarySchema, paidAt: InstantSchema }).optional(),
  /** The cancellation's refund (the itinerary was cancelled, or its booking failed). */
  refund: z.object({ id: IdSchema, amount: MoneySchema, issuedAt: InstantSchema }).optional(),
  /** Everything given back so far (the cancellation's refund and support staff's), once anything was. */
  refunded: MoneySchema.optional(),
  createdAt: InstantSchema,
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/**
 * Internal (itinerary → billing): the itinerary takes back the invoice it awaits before its cart changes or it
 * is cancelled. Billing voids it unless a payment holds it (running, or its outcome not known yet) or it is
 * paid: then `payment-in-progress`, and the cart stays as it is.
 */
export const WithdrawInvoiceBodySchema = z.strictObject({ itineraryId: IdSchema });
export type WithdrawInvoiceBody = z.infer<typeof WithdrawInvoiceBodySchema>;

// ---------- card payments ----------

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A card's last valid month is its expiry month, to its end (UTC). */
export function cardHasExpired(expiry: string, now = new Date()): boolean {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  const endOfMonth = Date.UTC(2000 + year, month, 1);
  return endOfMonth <= now.getTime();
}

export const CardSchema = z.strictObject({
  number: z
    .string({ error: 'The card number is required' })
    // Room for 19 digits and their separators; the cap aborts before any pattern sees a long body.
    .max(64, { error: 'The card number must have 12 to 19 digits', abort: true })
    .transform((n) => n.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\d{12,19}$/, 'The card number must have 12 to 19 digits')
        .refine(passesLuhn, 'The card number is not valid'),
    ),
  /** MM/YY */
  expiry: z
    .string({ error: 'The expiry date is required' })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Use the expiry date as MM/YY')
    .refine((e) => !cardHasExpired(e), 'The card has expired'),
  cvc: z.string({ error: 'The security code is required' }).regex(/^\d{3,4}$/, 'The security code has 3 or 4 digits'),
  holderName: singleLineText(
    z.string({ error: 'The cardholder name is required' }).trim().min(1, 'The cardholder name is required').max(120),
  ),
});
export type Card = z.infer<typeof CardSchema>;

export const PaymentBodySchema = z.strictObject({ card: CardSchema });
export type PaymentBody = z.infer<typeof PaymentBodySchema>;

export const IdempotencyKeySchema = z
  .string()
  .min(8)
  .max(100, { abort: true })
  .regex(/^[\x21-\x7e]+$/, 'Use printable characters');

/** A successful payment. A declined one is a 402 error envelope (card-declined or insufficient-funds). */
export const PaymentAnswerSchema = z.object({
  paymentId: IdSchema,
  invoiceId: IdSchema,
  itineraryId: IdSchema,
  status: z.literal('succeeded'),
  amount: MoneySchema,
  card: CardSummarySchema,
  paidAt: InstantSchema,
});
export type PaymentAnswer = z.infer<typeof PaymentAnswerSchema>;

// ---------- creator payouts ----------

export const PayoutBalanceSchema = z.object({
  currency: CurrencyCodeSchema,
  /** Earned on stays already over: payable. */
  balance: z.number().int(),
  /** Earned on stays still to come: a cancellation may yet reverse it. */
  pending: z.number().int(),
  /** Already paid out. */
  paid: z.number().int(),
});

export const PayoutAnswerSchema = z.object({
  creator: SlugSchema.nullable(),
  commissionRate: z.number().min(0).max(1),
  balances: z.array(PayoutBalanceSchema),
  entries: z.array(
    z.object({
      invoiceId: IdSchema,
      itineraryId: IdSchema,
      kind: z.enum(['commission', 'reversal']),
      amount: MoneySchema,
      availableFrom: StayDateSchema,
      at: InstantSchema,
    }),
  ),
});
export type PayoutAnswer = z.infer<typeof PayoutAnswerSchema>;

// ---------- creators' paid plans ----------

/**
 * A creator's monthly plan. `incomplete`: its checkout is not paid yet; `active`: paid to `currentPeriodEnd`;
 * `past_due`: a renewal was declined and the plan stays on until `graceUntil`; `cancelled`: ended at the end of
 * a period the creator chose not to renew; `lapsed`: still unpaid when its grace ended.
 */
export const CreatorPlanStatusSchema = z.enum(['incomplete', 'active', 'past_due', 'cancelled', 'lapsed']);
export type CreatorPlanStatus = z.infer<typeof CreatorPlanStatusSchema>;

export const CreatorPlanSchema = z.object({
  /** The `subscriptionId` of the spec's calls. */
  id: IdSchema,
  userId: IdSchema,
  status: CreatorPlanStatusSchema,
  interval: z.literal('month'),
  price: MoneySchema,
  /** From the first payment on. */
  currentPeriodStart: InstantSchema.optional(),
  currentPeriodEnd: InstantSchema.optional(),
  /** The creator cancelled: the plan ends at `currentPeriodEnd` instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  /** `past_due` only: the plan lapses then unless it is paid. */
  graceUntil: InstantSchema.optional(),
  /** The card renewals are charged to (its brand and last four digits only). */
  card: CardSummarySchema.optional(),
  createdAt: InstantSchema,
  endedAt: InstantSchema.optional(),
});
export type CreatorPlan = z.infer<typeof CreatorPlanSchema>;

/**
 * The answer to a creator reading their plan: `plan` is null while they have none, which is a normal state (a
 * new creator), so it is a 200 and not a failed request in the browser's console.
 */
export const CreatorPlanAnswerSchema = z.object({ plan: CreatorPlanSchema.nullable() });
export type CreatorPlanAnswer = z.infer<typeof CreatorPlanAnswerSchema>;

/**
 * Where the browser goes back to after a checkout or the portal: a path on this site (`/dashboard`) or an
 * absolute address on its origin. Billing checks the origin against its WEB_URL (no open redirects).
 */
export const SiteUrlSchema = z
  .string()
  .trim()
  .min(1)
  .max(2_000, { abort: true })
  .refine(
    (url) => (url.startsWith('/') ? !/^\/[/\\]/.test(url) : /^https?:\/\//i.test(url)),
    'Use a path on this site or an address on its origin',
  );

/**
 * Starts a checkout of the caller's plan (spec section 7). `userId`, when sent, must be the caller's own (else
 * `forbidden`); `userEmail` is not used (the token names the caller); `subscriptionId`, when sent, must be the
 * caller's unpaid plan, whose checkout starts again. `cancelUrl` defaults to `returnUrl`.
 */
export const StartCreatorPlanBodySchema = z.strictObject({
  userId: IdSchema.optional(),
  userEmail: EmailSchema.optional(),
  subscriptionId: IdSchema.optional(),
  returnUrl: SiteUrlSchema,
  cancelUrl: SiteUrlSchema.optional(),
});
export type StartCreatorPlanBody = z.infer<typeof StartCreatorPlanBodySchema>;

/** The hosted checkout page to send the browser to, and the plan it pays for. */
export const CreatorPlanCheckoutSchema = z.object({ checkoutUrl: z.url(), subscriptionId: IdSchema });
export type CreatorPlanCheckout = z.infer<typeof CreatorPlanCheckoutSchema>;

/** `userId`, when sent, must be the caller's own (else `forbidden`). */
export const CreatorPlanQuerySchema = z.strictObject({ userId: IdSchema.optional() });

export const ManageCreatorPlanBodySchema = z.strictObject({
  userId: IdSchema.optional(),
  returnUrl: SiteUrlSchema,
});
export type ManageCreatorPlanBody = z.infer<typeof ManageCreatorPlanBodySchema>;

/** The customer portal's page to send the browser to. */
export const CreatorPlanPortalSchema = z.object({ portalUrl: z.url(), subscriptionId: IdSchema });
export type CreatorPlanPortal = z.infer<typeof CreatorPlanPortalSchema>;

/** The secret of a checkout or portal link: the only thing that authorises its page. */
export const PlanLinkParamsSchema = z.strictObject({
  token: z
    .string()
    .max(128, { abort: true })
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a link of ours'),
});

/**
 * The card form of the hosted pages, as the browser posts it: checked against CardSchema by billing, which
 * shows what is wrong on the page itself.
 */
export const PlanCardFormSchema = z.object({
  number: z.string().max(64).optional(),
  expiry: z.string().max(16).optional(),
  cvc: z.string().max(16).optional(),
  holderName: z.string().max(200).optional(),
});
export type PlanCardForm = z.infer<typeof PlanCardFormSchema>;
