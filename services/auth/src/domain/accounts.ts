// Pure account rules: how an email is keyed, what "new" means, which roles a sign-up gets.
import { NEW_USER_WINDOW_MS, roleForSignUp, type AccountView, type Role } from '@travelclub/contracts';

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

/** True when the password (or the proof of the email) changed after `since`: older sessions end. */
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
