// Support staff's desk (the travelclub command line): the auth service's support bodies and answers.
import { z } from 'zod';
import { IdSchema, InstantSchema } from '../common.js';
import { RoleSchema } from '../entities.js';
import { EmailSchema, multiLineText } from '../validation.js';

/**
 * An account id as support staff type it. Accounts get uuids; the narrow alphabet also keeps anything that
 * looks like a query operator (`{"$ne":1}`) out before it reaches a store.
 */
export const SupportAccountIdSchema = IdSchema.regex(/^[A-Za-z0-9_-]+$/, 'Use an account id');

/** What staff write down for every change they make: why, in a few words. */
export const SupportAccountReasonSchema = multiLineText(z.string().trim().min(3).max(500));

/** Exactly one of an email or an account id. */
export const SupportAccountQuerySchema = z
  .strictObject({ email: EmailSchema.optional(), id: SupportAccountIdSchema.optional() })
  .refine((query) => (query.email === undefined) !== (query.id === undefined), {
    message: 'Give exactly one of email or id',
  });
export type SupportAccountQuery = z.infer<typeof SupportAccountQuerySchema>;

export const SupportAccountParamsSchema = z.strictObject({ id: SupportAccountIdSchema });

export const SupportAccountActionKindSchema = z.enum(['grant-role', 'revoke-role', 'revoke-sessions']);
export type SupportAccountActionKind = z.infer<typeof SupportAccountActionKindSchema>;

/** One change support staff made to an account, as recorded on it. */
export const SupportAccountActionSchema = z.object({
  at: InstantSchema,
  /** The acting staff member's user id. */
  staffId: IdSchema,
  action: SupportAccountActionKindSchema,
  /** The role granted or revoked. */
  role: RoleSchema.optional(),
  reason: z.string(),
});
export type SupportAccountAction = z.infer<typeof SupportAccountActionSchema>;

/**
 * One change of an account's roles, whoever made it: the account's holder (the self-service grant of spec
 * section 6) or support staff (with their id).
 */
export const AccountRoleChangeSchema = z.object({
  at: InstantSchema,
  action: z.enum(['grant', 'revoke']),
  role: RoleSchema,
  by: z.enum(['self', 'staff']),
  /** With `by: staff`: the acting staff member's user id. */
  staffId: IdSchema.optional(),
});
export type AccountRoleChange = z.infer<typeof AccountRoleChangeSchema>;

/** An account as support staff see it. */
export const SupportAccountSchema = z.object({
  id: IdSchema,
  /** Anonymous visitors have none. */
  email: z.string().nullable(),
  displayName: z.string().optional(),
  roles: z.array(RoleSchema),
  anonymous: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: InstantSchema,
  /** When its newest refresh token was issued (every sign-in issues one), while the store still keeps it. */
  lastSignInAt: InstantSchema.optional(),
  /** Refresh tokens and browser sessions that would still work: not revoked, not expired. */
  activeSessions: z.number().int().min(0),
  /** Oldest first. */
  staffActions: z.array(SupportAccountActionSchema),
  /** Every change of its roles since sign-up, and who made it; oldest first. */
  roleChanges: z.array(AccountRoleChangeSchema),
});
export type SupportAccount = z.infer<typeof SupportAccountSchema>;

/**
 * Grants or revokes a traveller's or creator's role. Staff roles are never given this way
 * (`role-not-grantable`); the service says so rather than the schema, so the refusal is explicit.
 */
export const SupportAccountRoleBodySchema = z.strictObject({
  role: RoleSchema,
  action: z.enum(['grant', 'revoke']),
  reason: SupportAccountReasonSchema,
});
export type SupportAccountRoleBody = z.infer<typeof SupportAccountRoleBodySchema>;

export const SupportRevokeSessionsBodySchema = z.strictObject({ reason: SupportAccountReasonSchema });

/** How many refresh tokens and browser sessions stopped working, and the account after. */
export const SupportRevokeSessionsAnswerSchema = z.object({
  revoked: z.number().int().min(0),
  account: SupportAccountSchema,
});
