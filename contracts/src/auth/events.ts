// The auth service's events on `auth.events`: the payload of each type (accounts and roles). The envelope, the
// topics and the map of every type are in ../events.ts.
import { z } from 'zod';
import { IdSchema } from '../common.js';
import { RoleSchema } from '../entities.js';
import { EmailSchema } from '../validation.js';

export const authEvents = {
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
} as const;
