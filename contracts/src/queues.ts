// BullMQ queue names and the payload of each queue's jobs.
import { z } from 'zod';
import { IdSchema, InstantSchema } from './common.js';
import { EmailSchema } from './validation.js';

export const queueNames = {
  emails: 'emails',
  availabilityRefresh: 'availability-refresh',
  holdExpiry: 'hold-expiry',
  paymentReconciliation: 'payment-reconciliation',
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
  /** Also the booking reference in the subject. */
  itineraryId: IdSchema,
  leadGuestName: z.string(),
  /** One line per room: hotel, room, dates. */
  stays: z.string(),
  /** Amounts already formatted in the itinerary's currency. */
  total: z.string(),
});

/** What each template needs in `data`; the worker refuses a job whose data does not fit (templates not listed take any values). */
export const emailTemplateDataSchemas = {
  'magic-link': LinkMailDataSchema,
  'email-verification': LinkMailDataSchema,
  'password-reset': LinkMailDataSchema,
  'booking-confirmation': BookingMailDataSchema,
  'booking-cancelled': BookingMailDataSchema.extend({ charge: z.string(), refund: z.string() }),
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
} as const satisfies Record<QueueName, z.ZodType>;

export type JobPayload<Q extends QueueName> = z.infer<(typeof jobPayloadSchemas)[Q]>;
