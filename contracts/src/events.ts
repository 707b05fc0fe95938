// The event envelope, the topics, and the payload of every event type.
import { z } from 'zod';
import { IdSchema, InstantSchema, MoneySchema, SlugSchema, StayDateSchema } from './common.js';
import { DestinationIdSchema, LocationTypeSchema } from './catalog-api.js';
import { CancellationTermsSchema } from './itinerary-api.js';
import { RoleSchema } from './entities.js';
import { EmailSchema } from './validation.js';

/** One topic per owning service; the message key is the aggregate id, so one aggregate's events stay in order. */
export const topics = {
  auth: 'auth.events',
  catalog: 'catalog.events',
  itinerary: 'itinerary.events',
  billing: 'billing.events',
  creator: 'creator.events',
  assistant: 'assistant.events',
} as const;
export type Topic = (typeof topics)[keyof typeof topics];

/** Where a consumer puts an event it gave up on (a permanent failure, see docs/events.md). */
export const deadLetterTopic = (topic: string) => `${topic}.dlq`;

const RoomRefSchema = z.object({ hotelId: IdSchema, roomType: z.string().min(1), rateId: IdSchema });

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

export const eventPayloadSchemas = {
  'auth.account.registered': z.object({
    userId: IdSchema,
    email: EmailSchema,
    publicName: z.string(),
    roles: z.array(RoleSchema),
    /** True when an anonymous visitor's account was upgraded in place. */
    upgradedFromAnonymous: z.boolean(),
  }),
  /**
   * An anonymous visitor signed in to an account they already had: what they started as a visitor (a cart) is
   * that account's now. The anonymous account is retired.
   */
  'auth.anonymous.merged': z.object({ anonymousId: IdSchema, userId: IdSchema }),
  /** A role was added to an account after sign-up (spec section 6: a signed-in user becomes a creator). */
  'auth.role.granted': z.object({
    userId: IdSchema,
    role: RoleSchema,
    roles: z.array(RoleSchema),
  }),
  /** Support staff took a role away (the travelclub command line); `roles` are the account's roles after. */
  'auth.role.revoked': z.object({
    userId: IdSchema,
    role: RoleSchema,
    roles: z.array(RoleSchema),
  }),
  'itinerary.room.added': RoomRefSchema.extend({
    itineraryId: IdSchema,
    userId: IdSchema,
    lineItemId: IdSchema,
    checkInDate: StayDateSchema,
    checkOutDate: StayDateSchema,
    totalPrice: MoneySchema,
    /** The slug of the creator the itinerary is attributed to (the club page or `?creator=` link it came from). */
    creator: SlugSchema.optional(),
  }),
  'itinerary.room.removed': z.object({
    itineraryId: IdSchema,
    userId: IdSchema,
    lineItemId: IdSchema,
    hotelId: IdSchema,
  }),
  'itinerary.confirmed': z.object({
    itineraryId: IdSchema,
    userId: IdSchema,
    invoiceId: IdSchema,
    total: MoneySchema,
    /** The slug of the creator the itinerary is attributed to. */
    creator: SlugSchema.optional(),
  }),
  'itinerary.cancelled': z.object({
    itineraryId: IdSchema,
    userId: IdSchema,
    /** The invoice that was paid (or open) when it was cancelled. */
    invoiceId: IdSchema.optional(),
    cancelledBy: z.object({ userId: IdSchema, role: RoleSchema }),
    /** The moment the cancellation charge is judged at, whenever the event is handled. */
    cancelledAt: InstantSchema,
    /** Asked for by the traveller or support, or forced because a paid room could not be booked (full refund). */
    reason: z.enum(['requested', 'booking-failed']),
    terms: CancellationTermsSchema,
    /** The slug of the creator the itinerary is attributed to. */
    creator: SlugSchema.optional(),
  }),
  /** A hold lapsed before payment: the itinerary can no longer be paid. */
  'itinerary.expired': z.object({
    itineraryId: IdSchema,
    userId: IdSchema,
    invoiceId: IdSchema.optional(),
  }),
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
    /** The payment that was declined: the itinerary lets go of its lock if that payment holds it. */
    paymentId: IdSchema.optional(),
  }),
  /**
   * A charge that could not be kept was given back at once: its invoice had been paid by another payment, or
   * could no longer be paid (void). No `billing.invoice.paid` is published for it; the itinerary lets go of
   * the payment's lock.
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
  'catalog.hold.placed': RoomRefSchema.extend({
    holdId: IdSchema,
    itineraryId: IdSchema,
    lineItemId: IdSchema,
    checkInDate: StayDateSchema,
    checkOutDate: StayDateSchema,
    expiresAt: InstantSchema,
  }),
  'catalog.hold.released': z.object({
    holdId: IdSchema,
    hotelId: IdSchema,
    roomType: z.string().min(1),
    itineraryId: IdSchema,
    /** Expired unpaid, removed from the cart, or the itinerary cancelled (a booking's rooms are freed too). */
    reason: z.enum(['expired', 'removed', 'cancelled']),
  }),
  /** A paid itinerary's hold became a booking: the rooms stay taken for good. */
  'catalog.booking.confirmed': z.object({
    holdId: IdSchema,
    hotelId: IdSchema,
    roomType: z.string().min(1),
    itineraryId: IdSchema,
    invoiceId: IdSchema,
  }),
  /** A paid itinerary's hold had lapsed and its rooms were gone: billing refunds the charge. */
  'catalog.booking.failed': z.object({
    holdId: IdSchema,
    hotelId: IdSchema,
    roomType: z.string().min(1),
    itineraryId: IdSchema,
    invoiceId: IdSchema,
    reason: z.string(),
  }),
  /**
   * A stored search was made (or a one-off search started from a creator's page). `creator`: the slug of the
   * club page the traveller came from. No criteria and no client: analytics counts searches per creator.
   */
  'catalog.search.created': z.object({ searchId: IdSchema, creator: SlugSchema.optional() }),
  /**
   * A traveller liked a hotel or took the like back. Only a real change is published: liking twice publishes
   * once. The aggregate is the like (`<userId>|hotel-<hotelId>`), so one like's changes stay in order.
   */
  'catalog.hotel.liked': z.object({ userId: IdSchema, hotelId: IdSchema, liked: z.boolean(), at: InstantSchema }),
  /**
   * The same for a destination, aggregate `<userId>|<destinationId>`. A hotel liked as a destination
   * (`hotel-<hotelId>`) is the same like as `catalog.hotel.liked`'s: either event changes it.
   */
  'catalog.destination.liked': z.object({
    userId: IdSchema,
    destinationId: DestinationIdSchema,
    locationType: LocationTypeSchema,
    liked: z.boolean(),
    at: InstantSchema,
  }),
  /** A creator's public profile and slug: who earns the commission of itineraries attributed to that slug. */
  'creator.profile.updated': z.object({ userId: IdSchema, slug: SlugSchema, publicName: z.string() }),
  /**
   * An address confirmed its subscription to a creator (double opt-in). The aggregate is the subscription. No
   * address in it: subscribers' addresses are personal data; analytics counts subscribers from these.
   */
  'creator.subscriber.confirmed': z.object({ subscriptionId: IdSchema, creatorId: IdSchema, at: InstantSchema }),
  /** A confirmed subscriber left (a mail's unsubscribe link, one click, or their account). Never a pending one. */
  'creator.subscriber.removed': z.object({ subscriptionId: IdSchema, creatorId: IdSchema, at: InstantSchema }),
  /**
   * A counted view of a creator's club page (the public beacon: bots and over-the-limit calls are not counted).
   * `day` (UTC, YYYY-MM-DD) is the day its visitor was counted in; `newVisitor`: the first view of that visitor
   * on that day. No address, no user agent. The aggregate is the creator.
   */
  'creator.club.viewed': z.object({ creatorId: IdSchema, day: StayDateSchema, newVisitor: z.boolean() }),
  /** Support staff decided a creator's verification request; approved, the profile shows `verified`. */
  'creator.verification.decided': z.object({
    userId: IdSchema,
    requestId: IdSchema,
    decision: z.enum(['approved', 'refused']),
    at: InstantSchema,
  }),
  /**
   * A creator recommended a hotel, changed or withdrew the recommendation (`isActive` false: switched off or
   * deleted). `slug` is the creator's current slug; `position` orders their active recommendations, lowest
   * first. The catalog keeps each creator's active recommended hotels from these, to rank them first.
   */
  'creator.recommendation.changed': z.object({
    userId: IdSchema,
    slug: SlugSchema,
    hotelId: IdSchema,
    isActive: z.boolean(),
    position: z.number().int().min(0).optional(),
  }),
  /**
   * A creator made, changed, switched (draft or active) or deleted a travel package. The aggregate is the
   * package; `status` is the one it has after the change.
   */
  'creator.package.changed': z.object({
    packageId: IdSchema,
    userId: IdSchema,
    status: z.enum(['draft', 'active', 'deleted']),
  }),
  /** Taylor saved a draft (a recommendation text, a package outline or a post) for a creator to review. */
  'assistant.draft.created': z.object({
    draftId: IdSchema,
    creatorId: IdSchema,
    kind: z.enum(['recommendation', 'package', 'post']),
    conversationId: IdSchema,
  }),
  /** Support read a creator's conversation with Taylor; who, and why, stay on record. */
  'assistant.conversation.inspected': z.object({
    conversationId: IdSchema,
    creatorId: IdSchema,
    staffId: IdSchema,
    reason: z.string(),
  }),
} as const;

export type EventType = keyof typeof eventPayloadSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof eventPayloadSchemas)[T]>;

/** The version of each payload shape; bump it on a breaking change and keep consumers for both. */
export const eventVersions: Record<EventType, number> = Object.fromEntries(
  Object.keys(eventPayloadSchemas).map((type) => [type, 1]),
) as Record<EventType, number>;

/** An event's topic follows from its type: `<service>.<entity>.<verb>` goes to `<service>.events`. */
export function topicOf(type: string): string {
  return `${type.slice(0, type.indexOf('.'))}.events`;
}

export const EventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z
    .string()
    .max(128, { abort: true })
    .regex(/^[a-z]+(\.[a-z]+)+$/),
  version: z.number().int().positive(),
  occurredAt: InstantSchema,
  aggregateId: IdSchema,
  correlationId: z.string().min(1),
  /** The id of the event or request that caused this one. */
  causationId: z.string().min(1),
  /**
   * The W3C trace context of the span that wrote the event (docs/observability.md): the relay's publish and
   * every consumer's handling continue that trace. Absent when tracing is off.
   */
  trace: z
    .object({
      traceparent: z
        .string()
        .max(64)
        .regex(/^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/),
      tracestate: z.string().max(512).optional(),
    })
    .optional(),
  payload: z.unknown(),
});
export type EventEnvelope<P = unknown> = Omit<z.infer<typeof EventEnvelopeSchema>, 'payload'> & { payload: P };

/** The envelope schema of one event type, with its payload checked. */
export function eventSchema<T extends EventType>(type: T) {
  return EventEnvelopeSchema.extend({ type: z.literal(type), payload: eventPayloadSchemas[type] });
}
export type EventOf<T extends EventType> = EventEnvelope<EventPayload<T>> & { type: T };

/** What a consumer writes to `<topic>.dlq` when it gives an event up: the original event and why it failed. */
export const DeadLetterSchema = z.object({
  /** The original envelope as parsed, or the raw message text when it was not valid JSON. */
  envelope: z.unknown(),
  error: z.object({ name: z.string(), message: z.string() }),
  consumer: z.string(),
  topic: z.string(),
  partition: z.number().int(),
  offset: z.string(),
  attempts: z.number().int().min(1),
  failedAt: InstantSchema,
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;

/**
 * What `npm run dlq -- replay` appends to the same `<topic>.dlq` (same key, so same partition) after it has
 * republished a letter's event: the mark that keeps a replay from being repeated by accident.
 */
export const DeadLetterReplaySchema = z.object({
  replayOf: z.object({ partition: z.number().int(), offset: z.string() }),
  replayedAt: InstantSchema,
});
export type DeadLetterReplay = z.infer<typeof DeadLetterReplaySchema>;
