// Pure rules of support staff's desk: which roles staff may change, what a role change makes of an account's
// roles, what staff write down for each change, and the account as staff see it.
import type { Role, SupportAccount, SupportAccountActionKind } from '@travelclub/contracts';
import { withRole, type Account, type StaffActionRecord } from './accounts.js';

/** Travellers' and creators' roles only: staff are made from settings, never from the desk. */
export const STAFF_GRANTABLE_ROLES: readonly Role[] = ['role/customer', 'role/creator'];

export const isStaffGrantable = (role: Role) => STAFF_GRANTABLE_ROLES.includes(role);

export const staffAction = (
  staffId: string,
  action: SupportAccountActionKind,
  reason: string,
  at: Date,
  role?: Role,
): StaffActionRecord => ({ at, staffId, action, reason, ...(role && { role }) });

/** The account's roles after granting or revoking one (order kept, no copies). */
export const rolesAfter = (roles: readonly Role[], role: Role, action: 'grant' | 'revoke'): Role[] =>
  action === 'grant' ? withRole(roles, role) : roles.filter((held) => held !== role);

/** What the stores know of the account's sign-ins: refresh tokens and sessions that still work, the newest. */
export interface AccountActivity {
  activeSessions: number;
  lastSignInAt: Date | null;
}

export function supportAccountView(account: Account, activity: AccountActivity): SupportAccount {
  return {
    id: account._id,
    email: account.email ?? null,
    ...(account.publicName && { displayName: account.publicName }),
    roles: account.roles,
    anonymous: account.isAnonymous,
    emailVerified: account.emailVerified,
    createdAt: account.createdAt.toISOString(),
    ...(activity.lastSignInAt && { lastSignInAt: activity.lastSignInAt.toISOString() }),
    activeSessions: activity.activeSessions,
    staffActions: (account.staffActions ?? []).map(({ at, staffId, action, role, reason }) => ({
      at: at.toISOString(),
      staffId,
      action,
      ...(role && { role }),
      reason,
    })),
    roleChanges: (account.roleChanges ?? []).map(({ at, action, role, by, staffId }) => ({
      at: at.toISOString(),
      action,
      role,
      by,
      ...(staffId && { staffId }),
    })),
  };
}
