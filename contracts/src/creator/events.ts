// The creator service's events on `creator.events`: the payload of each type (clubs, recommendations, subscribers
// and page views). The envelope, the topics and the map of every type are in ../events.ts.
import { z } from 'zod';
import { IdSchema, InstantSchema, SlugSchema, StayDateSchema } from '../common.js';

export const creatorEvents = {
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
} as const;
