// The billing service's events on `billing.events`: the payload of each type (invoices, payments, refunds,
// commissions and creators' plans). The envelope, the topics and the map of every type are in ../events.ts.
import { z } from 'zod';
import { IdSchema, InstantSchema, MoneySchema, SlugSchema } from '../common.js';

/**
 * A creator's plan as it stands after the change an event names (billing's `billing.subscription.*`). The
 * aggregate is the creator's plan, keyed by the creator's id: one plan at a time, so a new plan's events never
 * overtake the old one's.
 */
const CreatorPlanChangeSchema = z.object({
  userId: IdSchema,
  subscriptionId: IdSchema,
  price: MoneySchema,
  currentPeriodStart: InstantSchema.optional(),
  currentPeriodEnd: InstantSchema.optional(),
  cancelAtPeriodEnd: z.boolean(),
  graceUntil: InstantSchema.optional(),
  at: InstantSchema,
});

export const billingEvents = {
  'billing.invoice.created': z.object({
    invoiceId: IdSchema,
    itineraryId: IdSchema,
    userId: IdSchema,
    total: MoneySchema,
    dueAt: InstantSchema,
  }),
  'billing.invoice.paid': z.object({
    invoiceId: IdSchema,
    itineraryId: IdSchema,
    userId: IdSchema,
    paymentId: IdSchema,
    amount: MoneySchema,
    paidAt: InstantSchema,
    /** The slug of the creator the invoice's itinerary is attributed to, when it earns one a commission. */
    creator: SlugSchema.optional(),
    /** What that creator earns on this payment (billing's commission ledger), with `creator`. */
    commission: MoneySchema.optional(),
    /** With `creator` and no `commission`: the creator booked their own package or club, and earns nothing on it. */
    ownBooking: z.literal(true).optional(),
  }),
  'billing.payment.failed': z.object({
    invoiceId: IdSchema,
    itineraryId: IdSchema,
    userId: IdSchema,
    amount: MoneySchema,
    reason: z.string(),
    /** The payment that was declined (the support desk and the event log name it). */
    paymentId: IdSchema.optional(),
  }),
  /**
   * A charge that could not be kept was given back at once: its invoice had been paid by another payment, or
   * could no longer be paid (void). No `billing.invoice.paid` is published for it.
   */
  'billing.payment.refunded': z.object({
    invoiceId: IdSchema,
    itineraryId: IdSchema,
    userId: IdSchema,
    paymentId: IdSchema,
    refundId: IdSchema,
    amount: MoneySchema,
    reason: z.enum(['duplicate', 'invoice-not-payable']),
  }),
  /** A creator's checkout was paid: the plan is on until `currentPeriodEnd`. */
  'billing.subscription.started': CreatorPlanChangeSchema.extend({ status: z.literal('active') }),
  /** A month more was paid (the renewal job, or the creator paying an overdue plan in the portal). */
  'billing.subscription.renewed': CreatorPlanChangeSchema.extend({ status: z.literal('active') }),
  /** A renewal was declined: the plan stays on until `graceUntil`, then lapses unless it is paid. */
  'billing.subscription.overdue': CreatorPlanChangeSchema.extend({ status: z.literal('past_due') }),
  /** The creator cancelled, and the plan ended at the end of its last paid period. */
  'billing.subscription.cancelled': CreatorPlanChangeSchema.extend({ status: z.literal('cancelled') }),
  /** The plan was still unpaid when its grace ended. */
  'billing.subscription.lapsed': CreatorPlanChangeSchema.extend({ status: z.literal('lapsed') }),
  'billing.refund.issued': z.object({
    refundId: IdSchema,
    invoiceId: IdSchema,
    itineraryId: IdSchema,
    userId: IdSchema,
    /**
     * What this refund gave back to the card. A cancellation gives back the amount paid minus the charge
     * (everything when the booking failed), never more than support staff's refunds left of the payment.
     */
    amount: MoneySchema,
    /** What the payment keeps after this refund (and every earlier one). */
    charge: MoneySchema,
    /** `goodwill`: support staff gave part of the payment back (the travelclub command line). */
    reason: z.enum(['cancelled', 'booking-failed', 'goodwill']),
    /** The support staff member who issued a `goodwill` refund. */
    staffId: IdSchema.optional(),
    /** The creator whose commission on the invoice this refund reverses (its share), when there was one. */
    creator: SlugSchema.optional(),
    /** The commission taken back from that creator (billing's commission ledger), with `creator`. */
    commissionReversed: MoneySchema.optional(),
  }),
} as const;
