// Pure account rules: how an email is keyed, what "new" means, which roles a sign-up gets, what a sign-up
// sets, what an access token says about its holder.
import {
  NEW_USER_WINDOW_MS,
  roleForSignUp,
  type AccessTokenClaims,
  type AccountView,
  type Role,
  type SupportAccountActionKind,
} from '@travelclub/contracts';

/** Emails compare without case or surrounding space. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** Anonymous accounts have no email; this key keeps the unique email index happy without one. */
export const anonymousKey = (id: string) => `anonymous:${id}`;

export const isNewAccount = (createdAt: Date, now: Date) => now.getTime() - createdAt.getTime() <= NEW_USER_WINDOW_MS;

/** The sign-up form says `consumer` or `creator`; the role change route also takes the role names. */
export function roleFromRequest(role: string): Role {
  if (role === 'consumer' || role === 'creator') return roleForSignUp[role];
  return role as Role;
}

/** Adds a role, keeping order and dropping copies. */
export const withRole = (roles: readonly Role[], role: Role): Role[] =>
  roles.includes(role) ? [...roles] : [...roles, role];

/**
 * True when the password (or the proof of the email) changed after `since`, or support staff ended the
 * account's sessions then: older sessions end.
 */
export const credentialsChangedSince = (account: { credentialsChangedAt?: Date | null }, since: Date) =>
  !!account.credentialsChangedAt && account.credentialsChangedAt.getTime() > since.getTime();

export interface AccountFacts {
  _id: string;
  email?: string | null;
  publicName?: string | null;
  roles: Role[];
  isAnonymous: boolean;
  emailVerified: boolean;
  createdAt: Date;
}

export interface Account extends AccountFacts {
  /** The lower-cased email, or `anonymous:<id>`: unique, so one email has one account. */
  emailKey: string;
  passwordHash?: string | null;
  /** `<provider>:<subject>` of every linked sign-in provider. */
  providers: string[];
  /**
   * When the password last changed or was taken away, or support staff ended every session: refresh tokens
   * and sessions from before end.
   */
  credentialsChangedAt?: Date | null;
  /** An anonymous account whose visitor signed in to this other account (their cart went with them). */
  mergedInto?: string | null;
  updatedAt: Date;
  /** What support staff changed on the account, oldest first (absent on accounts staff never touched). */
  staffActions?: StaffActionRecord[];
  /** Every change of its roles after sign-up and who made it, oldest first (absent before the first). */
  roleChanges?: RoleChangeRecord[];
}

/** One change of the account's roles, as stored on it: by its holder (`self`) or by support staff. */
export interface RoleChangeRecord {
  at: Date;
  action: 'grant' | 'revoke';
  role: Role;
  by: 'self' | 'staff';
  staffId?: string;
}

/**
 * True when support staff's last word on this role was to revoke it: such a role comes back only from staff,
 * never by the self-service grant. Read from staff's own record, so it holds for revokes made before this rule.
 */
export function revokedByStaff(account: Pick<Account, 'staffActions'>, role: Role): boolean {
  const last = (account.staffActions ?? [])
    .filter((a) => a.role === role && (a.action === 'grant-role' || a.action === 'revoke-role'))
    .at(-1);
  return last?.action === 'revoke-role';
}

/** One change support staff made to an account, as stored on it. */
export interface StaffActionRecord {
  at: Date;
  /** The acting staff member's user id. */
  staffId: string;
  action: SupportAccountActionKind;
  role?: Role;
  reason: string;
}

/** Who signs up: by form, by a first magic link or provider sign-in, or the support account from settings. */
export interface NewAccount {
  email: string;
  publicName: string;
  roles: Role[];
  passwordHash?: string;
  emailVerified?: boolean;
  /** `<provider>:<subject>` of the provider it signs in with. */
  provider?: string;
}

/** What a sign-up sets, on a new account or on an anonymous one it upgrades. */
export const registeredFields = (fields: NewAccount, now: Date) => ({
  email: fields.email.trim(),
  emailKey: emailKey(fields.email),
  publicName: fields.publicName,
  passwordHash: fields.passwordHash ?? null,
  roles: fields.roles,
  isAnonymous: false,
  emailVerified: fields.emailVerified ?? false,
  providers: fields.provider ? [fields.provider] : [],
  updatedAt: now,
});
export type RegisteredFields = ReturnType<typeof registeredFields>;

/** A visitor without credentials, for a cart: no email, no roles. */
export const anonymousAccount = (id: string, now: Date): Account => ({
  _id: id,
  email: null,
  emailKey: anonymousKey(id),
  publicName: null,
  passwordHash: null,
  roles: [],
  isAnonymous: true,
  emailVerified: false,
  providers: [],
  createdAt: now,
  updatedAt: now,
});

/** Whom a first magic-link sign-in makes: a traveller whose email is proven, without a password. */
export const newTraveller = (email: string): NewAccount => ({
  email,
  publicName: email.split('@')[0] ?? email,
  roles: ['role/customer'],
  emailVerified: true,
});

/** What the account's access token says about its holder. */
export const accessClaims = (account: AccountFacts): AccessTokenClaims => ({
  sub: account._id,
  roles: account.roles,
  isAnonymous: account.isAnonymous,
  ...(account.email ? { email: account.email } : {}),
  emailVerified: account.emailVerified,
});

export function accountView(account: AccountFacts, now = new Date()): AccountView {
  return {
    id: account._id,
    email: account.email ?? null,
    publicName: account.publicName ?? null,
    roles: account.roles,
    isAnonymous: account.isAnonymous,
    isNew: isNewAccount(account.createdAt, now),
    emailVerified: account.emailVerified,
    createdAt: account.createdAt.toISOString(),
  };
}
