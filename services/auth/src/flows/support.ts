// Support staff's desk (the travelclub command line): find an account, grant or revoke a traveller's or creator's
// role, end every session of an account. Every change is recorded on the account with the staff id and logged.
import type { AuthUser, SupportAccount, SupportAccountQuery, SupportAccountRoleBody } from '@travelclub/contracts';
import { appError, newEvent } from '@travelclub/kit';
import type { Account } from '../domain/accounts.js';
import { isStaffGrantable, rolesAfter, staffAction, supportAccountView } from '../domain/support.js';
import type { AuthParts, Call } from './parts.js';

type SupportParts = Pick<AuthParts, 'accounts' | 'refreshTokens' | 'sessions'>;

/** A role change is conditional on the roles it read; this many reads before giving up on a busy account. */
const ROLE_CHANGE_ATTEMPTS = 3;

/** The account as staff see it, with what the token and session stores know of its sign-ins. */
async function viewOf({ refreshTokens, sessions }: SupportParts, account: Account): Promise<SupportAccount> {
  const since = account.credentialsChangedAt ?? null;
  const [families, browserSessions, lastSignInAt] = await Promise.all([
    refreshTokens.countLive(account._id, since),
    sessions.countLive(account._id, since),
    refreshTokens.lastIssuedTo(account._id),
  ]);
  return supportAccountView(account, { activeSessions: families + browserSessions, lastSignInAt });
}

async function existing({ accounts }: SupportParts, id: string): Promise<Account> {
  const account = await accounts.findById(id);
  if (!account) throw appError('account-not-found');
  return account;
}

/** Staff never change their own roles or sessions: another staff member does, on the record. */
function refuseOwn(staff: AuthUser, id: string) {
  if (staff.id === id) throw appError('own-account');
}

async function find(parts: SupportParts, staff: AuthUser, query: SupportAccountQuery, { log }: Call) {
  // The query holds exactly one of them (contracts).
  const { accounts } = parts;
  const found =
    query.id !== undefined
      ? await accounts.findById(query.id)
      : query.email !== undefined
        ? await accounts.findByEmail(query.email)
        : null;
  log.info({ staffId: staff.id, userId: found?._id, found: !!found }, 'support: account looked up');
  if (!found) throw appError('account-not-found');
  return viewOf(parts, found);
}

async function changeRole(
  parts: SupportParts,
  staff: AuthUser,
  id: string,
  { role, action, reason }: SupportAccountRoleBody,
  { ctx, log }: Call,
): Promise<SupportAccount> {
  refuseOwn(staff, id);
  if (!isStaffGrantable(role)) throw appError('role-not-grantable');
  const kind = action === 'grant' ? 'grant-role' : 'revoke-role';
  const type = action === 'grant' ? 'auth.role.granted' : 'auth.role.revoked';
  for (let attempt = 1; attempt <= ROLE_CHANGE_ATTEMPTS; attempt++) {
    const account = await existing(parts, id);
    // An anonymous visitor's roles come with signing up, not from the desk.
    if (account.isAnonymous) throw appError('role-not-grantable');
    const roles = rolesAfter(account.roles, role, action);
    const changed = roles.length !== account.roles.length;
    const event = changed ? newEvent(type, id, { userId: id, role, roles }, ctx) : null;
    const record = staffAction(staff.id, kind, reason, new Date(), role);
    const change = changed ? { at: record.at, action, role, by: 'staff' as const, staffId: staff.id } : undefined;
    const updated = await parts.accounts.setRolesByStaff(account, roles, record, event, change);
    if (updated) {
      log.info({ staffId: staff.id, userId: id, action, role, changed, reason }, 'support: account role changed');
      return viewOf(parts, updated);
    }
  }
  throw new Error(`the roles of account ${id} kept changing during a support role change`);
}

async function revokeSessions(parts: SupportParts, staff: AuthUser, id: string, reason: string, { log }: Call) {
  refuseOwn(staff, id);
  const before = await existing(parts, id);
  const record = staffAction(staff.id, 'revoke-sessions', reason, new Date());
  const updated = await parts.accounts.endSessionsByStaff(id, record);
  if (!updated) throw appError('account-not-found');
  // The account's new `credentialsChangedAt` refuses them already; these writes tidy up, and count what worked.
  const since = before.credentialsChangedAt ?? null;
  const [families, browserSessions] = await Promise.all([
    parts.refreshTokens.revokeAllCounting(id, since),
    parts.sessions.closeAllCounting(id, since),
  ]);
  const revoked = families + browserSessions;
  log.info({ staffId: staff.id, userId: id, revoked, reason }, 'support: account sessions revoked');
  return { revoked, account: await viewOf(parts, updated) };
}

export function supportFlows(parts: AuthParts) {
  return {
    /** An account by email or id; reads are logged too, as every staff access to someone's account. */
    find: (staff: AuthUser, query: SupportAccountQuery, call: Call) => find(parts, staff, query, call),

    /**
     * Grants or revokes a customer or creator role, recorded even when nothing changes (granting a role held),
     * and announced when something does (`auth.role.granted`, `auth.role.revoked`). The account's access
     * tokens keep their claims until they expire: the new roles are in the next access token its refresh token
     * (or browser session) gets.
     */
    changeRole: (staff: AuthUser, id: string, body: SupportAccountRoleBody, call: Call) =>
      changeRole(parts, staff, id, body, call),

    /**
     * Ends every refresh token and browser session of the account (its access tokens live out their minutes);
     * `revoked` counts those that still worked.
     */
    revokeSessions: (staff: AuthUser, id: string, reason: string, call: Call) =>
      revokeSessions(parts, staff, id, reason, call),
  };
}
export type SupportFlows = ReturnType<typeof supportFlows>;
