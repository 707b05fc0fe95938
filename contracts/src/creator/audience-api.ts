// The creator service's audience shapes: email subscribers (double opt-in, one-click unsubscribe) and creators'
// verification requests. docs/creator.md ("Subscribers", "Paid plans and verification") gives the rules.
import { z } from 'zod';
import { IdSchema, InstantSchema, SlugSchema } from '../common.js';
import { EmailSubscriptionSchema } from '../entities.js';
import { multiLineText } from '../validation.js';

/** Whether the runtime knows this IANA time zone (`Europe/Lisbon`, `UTC`). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The subscriber's time zone: mails to them go out at a decent hour of their day. */
export const TimeZoneSchema = z
  .string()
  .min(1)
  .max(64, { abort: true })
  .refine(isTimeZone, 'Use an IANA time zone such as Europe/Paris');

// ---------- subscribers ----------

/**
 * `PUT /emailSubscription` (spec section 3's email subscription). A visitor gives an address only; the rest
 * has defaults. `userId` is accepted for the spec's clients and ignored: the account comes from the token.
 */
export const SubscribeBodySchema = z.strictObject({
  email: EmailSubscriptionSchema.shape.email,
  creatorId: IdSchema,
  timeZone: TimeZoneSchema.default('UTC'),
  settings: EmailSubscriptionSchema.shape.settings.default({ frequency: 'weekly' }),
  subscriptionType: EmailSubscriptionSchema.shape.subscriptionType.default('creator-updates'),
  /** Ignored: never trusted from a body. */
  userId: IdSchema.optional(),
});
export type SubscribeBody = z.infer<typeof SubscribeBodySchema>;

/** Texts of the subscription answers. */
export const subscriptionMessages = {
  /** The same answer whatever the address's state, so nobody learns who is subscribed. */
  checkInbox: 'Please check your inbox to confirm your subscription.',
} as const;

export const SubscribeAnswerSchema = z.object({ message: z.string() });

export const SubscriptionStatusSchema = z.enum(['pending', 'confirmed', 'unsubscribed']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** A subscription as its holder sees it (after following the confirmation link): never the address itself. */
export const SubscriptionViewSchema = z.object({
  id: IdSchema,
  creatorId: IdSchema,
  /** The club's public face, so the page can say whose club the reader now follows. */
  creator: z.object({ publicName: z.string(), slug: SlugSchema }).optional(),
  status: SubscriptionStatusSchema,
  timeZone: z.string(),
  settings: EmailSubscriptionSchema.shape.settings,
  subscriptionType: EmailSubscriptionSchema.shape.subscriptionType,
  confirmedAt: InstantSchema.optional(),
});
export type SubscriptionView = z.infer<typeof SubscriptionViewSchema>;

/**
 * `GET /emailSubscription/{id}?token=`: what the unsubscribe page needs to name the club, and nothing personal
 * (never the address, the settings or the account).
 */
export const SubscriptionSummarySchema = z.object({
  creator: z.object({ publicName: z.string(), slug: SlugSchema }),
  status: SubscriptionStatusSchema,
});
export type SubscriptionSummary = z.infer<typeof SubscriptionSummarySchema>;

export const SubscriptionParamsSchema = z.strictObject({ id: IdSchema });
/** The code of the confirmation mail's link. */
export const ConfirmSubscriptionQuerySchema = z.strictObject({ confirmationCode: z.string().min(1).max(200) });
/** The token of the unsubscribe link every subscriber mail carries. */
export const UnsubscribeQuerySchema = z.strictObject({ token: z.string().min(1).max(200) });
export const UnsubscribeFromCreatorQuerySchema = z.strictObject({ creatorId: IdSchema });
/**
 * RFC 8058's one-click POST: the mail client sends `List-Unsubscribe=One-Click` (form-encoded or multipart).
 * The token in the query is what counts; the body is not required.
 */
export const OneClickUnsubscribeBodySchema = z.looseObject({}).nullish();

// ---------- verification ----------

export const VerificationStatusSchema = z.enum(['pending', 'approved', 'refused']);
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

/** `POST /creator/requestVerification`: what helps support staff check the creator is who they say. */
export const RequestVerificationBodySchema = z.strictObject({
  /** Where the creator is known already (their channels, press). */
  links: z
    .array(z.url({ protocol: /^https?$/, error: 'Use an http or https address' }).max(500))
    .max(5)
    .optional(),
  /** Plain text for the staff. */
  note: multiLineText(z.string().trim().max(1_000)).optional(),
});
export type RequestVerificationBody = z.infer<typeof RequestVerificationBodySchema>;

/** A verification request as its creator sees it. */
export const VerificationRequestSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  status: VerificationStatusSchema,
  links: z.array(z.string()),
  note: z.string().optional(),
  /** Why it was refused (or a word on the approval), written for the creator. */
  reason: z.string().optional(),
  createdAt: InstantSchema,
  decidedAt: InstantSchema.optional(),
});
export type VerificationRequest = z.infer<typeof VerificationRequestSchema>;

/**
 * The creator's latest verification request as their own profile shows it, so the dashboard can say where it
 * stands after a reload. Never on the public profile or the club page.
 */
export const ProfileVerificationSchema = z.object({
  status: VerificationStatusSchema,
  /** The staff's word for the creator (why it was refused). */
  reason: z.string().optional(),
  requestedAt: InstantSchema,
  decidedAt: InstantSchema.optional(),
});
export type ProfileVerification = z.infer<typeof ProfileVerificationSchema>;

/** The staff's view: also who decided, and the creator's club address (their handle) when they have a profile. */
export const StaffVerificationRequestSchema = VerificationRequestSchema.extend({
  decidedBy: IdSchema.optional(),
  handle: SlugSchema.optional(),
});
export type StaffVerificationRequest = z.infer<typeof StaffVerificationRequestSchema>;

export const VerificationParamsSchema = z.strictObject({ id: IdSchema });

export const VerificationDecisionBodySchema = z.strictObject({
  decision: z.enum(['approve', 'refuse']),
  reason: multiLineText(z.string().trim().max(500)).optional(),
});
export type VerificationDecisionBody = z.infer<typeof VerificationDecisionBodySchema>;

export const VerificationListQuerySchema = z.strictObject({
  status: VerificationStatusSchema.default('pending'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** One creator's requests, by their club address (a former one finds them too). */
  handle: SlugSchema.optional(),
});

export const VerificationListSchema = z.object({ requests: z.array(StaffVerificationRequestSchema) });
