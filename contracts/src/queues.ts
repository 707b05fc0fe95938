// BullMQ queue names and the payload of each queue's jobs.
import { z } from 'zod';
import { IdSchema, InstantSchema } from './common.js';
import { BookingReferenceSchema } from './entities.js';
import { EmailSchema } from './validation.js';

export const queueNames = {
  emails: 'emails',
  availabilityRefresh: 'availability-refresh',
  holdExpiry: 'hold-expiry',
  paymentReconciliation: 'payment-reconciliation',
  planRenewal: 'plan-renewal',
} as const;
export type QueueName = (typeof queueNames)[keyof typeof queueNames];

export const EmailTemplateSchema = z.enum([
  'magic-link',
  'email-verification',
  'password-reset',
  'welcome',
  'booking-confirmation',
  'booking-cancelled',
  'email-subscription-confirmation',
  'travel-package-request',
]);

const LinkMailDataSchema = z.object({
  /** The one link the mail is about, already carrying its one-time code. */
  link: z.url(),
  /** How long the link works, for the text. */
  expiresInMinutes: z.number().int().positive(),
  publicName: z.string().optional(),
});

// No title: the traveller chooses it, and words of their choosing do not go into our mails' subjects.
const BookingMailDataSchema = z.object({
  /** The itinerary's page (confirmation, or trips after a cancellation). */
  link: z.url(),
  itineraryId: IdSchema,
  /** The booking reference (`TC-…`), in the subject and the text; mails queued before references had none. */
  reference: BookingReferenceSchema.optional(),
  leadGuestName: z.string(),
  /** One line per room: hotel, room, dates. */
  stays: z.string(),
  /** Amounts already formatted in the itinerary's currency. */
  total: z.string(),
});

/** The confirmation of a creator's email subscription (double opt-in). */
const SubscriptionConfirmationDataSchema = LinkMailDataSchema.omit({ publicName: true }).extend({
  /** The club's public name; the mail leaves it out when it looks like a web or mail address. */
  creatorName: z.string(),
  /** The web page that unsubscribes (also in the List-Unsubscribe header). */
  unsubscribeLink: z.url(),
});

/**
 * A traveller's request for a package, to the creator. Everything but the link is what the traveller typed
 * (or chose), so the template escapes it and keeps it out of the subject.
 */
const TravelPackageRequestDataSchema = z.object({
  /** The creator's dashboard. */
  link: z.url(),
  creatorName: z.string(),
  /** Where the creator answers. */
  travellerEmail: EmailSchema,
  message: z.string().max(2_000),
  packageTitle: z.string().optional(),
  /** Already formatted: "2026-07-01 to 2026-07-08". */
  dates: z.string().optional(),
  /** Already formatted: "2 adults, 1 child". */
  party: z.string().optional(),
});

/** What each template needs in `data`; the worker refuses a job whose data does not fit (templates not listed take any values). */
export const emailTemplateDataSchemas = {
  'magic-link': LinkMailDataSchema,
  'email-verification': LinkMailDataSchema,
  'password-reset': LinkMailDataSchema,
  'booking-confirmation': BookingMailDataSchema,
  'booking-cancelled': BookingMailDataSchema.extend({ charge: z.string(), refund: z.string() }),
  'email-subscription-confirmation': SubscriptionConfirmationDataSchema,
  'travel-package-request': TravelPackageRequestDataSchema,
} as const satisfies Partial<Record<z.infer<typeof EmailTemplateSchema>, z.ZodType>>;

export const jobPayloadSchemas = {
  emails: z.object({
    to: EmailSchema,
    template: EmailTemplateSchema,
    /** Values the template fills in (links, names, amounts already formatted). */
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    /** Sending twice with the same key sends once. */
    idempotencyKey: z.string().min(1),
    /**
     * A mail to a creator's subscribers: the RFC 8058 one-click address (an http(s) URL carrying its token).
     * The worker sends it as `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
     */
    listUnsubscribe: z.url({ protocol: /^https?$/ }).optional(),
    /**
     * Set by the worker once the job is done with (sent, or failed for good): the one-time link was taken
     * out of `data`, so a job kept in Redis for inspection holds no usable link, and is never sent again.
     */
    redacted: z.literal(true).optional(),
  }),
  'availability-refresh': z.object({
    scope: z.enum(['searches', 'carts', 'all']),
    searchId: IdSchema.optional(),
    itineraryId: IdSchema.optional(),
  }),
  'hold-expiry': z.object({
    holdId: IdSchema,
    hotelId: IdSchema,
    expiresAt: InstantSchema,
  }),
  /** Settles payments whose outcome is unknown past their lease: every such invoice, or only this one. */
  'payment-reconciliation': z.object({ invoiceId: IdSchema.optional() }),
  /** Renews, ends or lapses creators' plans that are due: every such plan, or only this creator's. */
  'plan-renewal': z.object({ userId: IdSchema.optional() }),
} as const satisfies Record<QueueName, z.ZodType>;

export type JobPayload<Q extends QueueName> = z.infer<(typeof jobPayloadSchemas)[Q]>;
