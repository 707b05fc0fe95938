// Support staff's desk (the travelclub command line): the creator service's support bodies and answers. Staff
// look up which clubs an address subscribes to (verification requests are in creator-audience-api.ts).
import { z } from 'zod';
import { IdSchema, InstantSchema, SlugSchema } from '../common.js';
import { SubscriptionStatusSchema } from './audience-api.js';
import { EmailSubscriptionSchema } from '../entities.js';
import { EmailSchema } from '../validation.js';

/** `GET /api/v1/support/subscribers?email=`: the address, in any case. */
export const SupportSubscriberQuerySchema = z.strictObject({ email: EmailSchema });
export type SupportSubscriberQuery = z.infer<typeof SupportSubscriberQuerySchema>;

/** One subscription of the address, as the store keeps it (never its codes or unsubscribe token). */
export const SupportSubscriptionSchema = z.object({
  id: IdSchema,
  /** The club's current slug; absent only when the creator's profile is gone. */
  creator: SlugSchema.optional(),
  creatorId: IdSchema,
  status: SubscriptionStatusSchema,
  subscriptionType: EmailSubscriptionSchema.shape.subscriptionType,
  /** The traveller's account, when they subscribed signed in with this very address. */
  userId: IdSchema.optional(),
  createdAt: InstantSchema,
  confirmedAt: InstantSchema.optional(),
  unsubscribedAt: InstantSchema.optional(),
});
export type SupportSubscription = z.infer<typeof SupportSubscriptionSchema>;

/** The address as looked up (lower-cased), and its subscriptions, oldest first; none is an empty list. */
export const SupportSubscriberSchema = z.object({
  email: z.string(),
  subscriptions: z.array(SupportSubscriptionSchema),
});
export type SupportSubscriber = z.infer<typeof SupportSubscriberSchema>;
