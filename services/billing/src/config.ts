// Billing's settings: the kit's, plus the commission rate, the payment provider,
// how long a payment may hold an invoice, and the creators' plan (price, grace, its links and renewals).
import { CurrencyCodeSchema } from '@travelclub/contracts';
import { connectedServiceConfigSchema, portSetting, positiveIntSetting } from '@travelclub/kit';
import { z } from 'zod';

export const BillingConfigSchema = connectedServiceConfigSchema({
  PORT: portSetting(3004),
  /** The creator's share of a paid invoice's total. */
  COMMISSION_RATE: z.coerce.number().min(0).max(1).default(0.1),
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /**
   * How long one payment holds an invoice (never past the first hold's lapse). Past it, a payment still
   * unsettled is looked up at the provider by its own key or by the reconciliation job.
   */
  PAYMENT_LEASE_S: positiveIntSetting(60),
  /** How long a sandbox charge takes to settle, to feel like a real provider (lookups and refunds answer at once). */
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * TEST ONLY: the sandbox ends the process (SIGKILL) right after it answered a charge, before billing can
   * record it, to test what a crash there leaves behind.
   */
  SANDBOX_TEST_CRASH_AFTER_CHARGE: z.stringbool().default(false),
  /** How long billing waits for the payment provider: less than the lease. */
  PROVIDER_TIMEOUT_MS: positiveIntSetting(30_000),
  /** How often the reconciliation job settles payments whose outcome is unknown past their lease. */
  RECONCILE_EVERY_S: positiveIntSetting(30),
  /** Declined attempts an invoice takes before it refuses card payments (card testing). */
  MAX_DECLINES_PER_INVOICE: positiveIntSetting(5),
  /** Declined attempts an account may have within DECLINE_WINDOW_S before it is refused for a while. */
  MAX_DECLINES_PER_ACCOUNT: positiveIntSetting(10),
  DECLINE_WINDOW_S: positiveIntSetting(3600),
  /** An invoice is due this long after it is made (`dueAt` of billing.invoice.created). */
  INVOICE_DUE_S: positiveIntSetting(30 * 60),
  /** The site's origin: hosted pages' links are made on it, and only it (or a path) may be returned to. */
  WEB_URL: z.url().default('http://localhost:8080'),
  /** The creators' monthly plan: its price in minor units, and currency. */
  CREATOR_PLAN_AMOUNT: positiveIntSetting(1900),
  CREATOR_PLAN_CURRENCY: CurrencyCodeSchema.default('USD'),
  /** How long a plan whose renewal was declined stays on before it lapses. */
  PLAN_GRACE_DAYS: positiveIntSetting(7),
  /** How often the plan-renewal job looks for plans to renew, end or lapse. */
  PLAN_RENEW_EVERY_S: positiveIntSetting(300),
  /** How long a checkout link works (once), and a portal link. */
  PLAN_CHECKOUT_TTL_S: positiveIntSetting(3600),
  PLAN_PORTAL_TTL_S: positiveIntSetting(3600),
})
  // The charge ends before the lease does, so a lapsed lease means nobody is still waiting on the provider for
  // it: the reconciliation job may ask the provider and settle.
  .refine((c) => c.PROVIDER_TIMEOUT_MS < c.PAYMENT_LEASE_S * 1000, {
    message: 'PROVIDER_TIMEOUT_MS must be less than PAYMENT_LEASE_S',
    path: ['PROVIDER_TIMEOUT_MS'],
  });
export type BillingConfig = z.infer<typeof BillingConfigSchema>;
