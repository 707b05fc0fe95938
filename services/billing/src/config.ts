// Billing's settings: the kit's, plus where the itinerary answers, the commission rate, the payment provider
// and how long a payment may hold an invoice.
import {
  BaseConfigSchema,
  productionHasServiceSecret,
  serviceIdentitySettings,
  serviceSecretRequired,
} from '@travelclub/kit';
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const BillingConfigSchema = BaseConfigSchema.extend({
  ...serviceIdentitySettings,
  PORT: z.coerce.number().int().min(0).max(65535).default(3004),
  /** The itinerary service, for its payment lock. */
  ITINERARY_URL: z.url().default('http://127.0.0.1:3003'),
  /** The creator's share of a paid invoice's total. */
  COMMISSION_RATE: z.coerce.number().min(0).max(1).default(0.1),
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** How long one payment may hold an invoice before another (or the same key again) may take over. */
  PAYMENT_LEASE_S: positiveInt(60),
  /** The timeout of calls to other services. */
  CALL_TIMEOUT_MS: positiveInt(3000),
  /** How long the sandbox provider takes per call, to feel like a real one. */
  SANDBOX_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** An invoice is due this long after it is made (`dueAt` of billing.invoice.created). */
  INVOICE_DUE_S: positiveInt(30 * 60),
}).refine(productionHasServiceSecret, serviceSecretRequired);
export type BillingConfig = z.infer<typeof BillingConfigSchema>;
