// Making accounts: one that signs in (by form, a first magic link or provider sign-in, the support account),
// new or an anonymous visitor's upgraded in place, announced as `auth.account.registered`; an anonymous one
// for a cart, handed over with its cart when its visitor signs in to an account they had; a role granted
// later, announced as `auth.role.granted`.
import { randomUUID } from 'node:crypto';
import type { Role } from '@travelclub/contracts';
import { appError, newEvent, type CausalContext } from '@travelclub/kit';
import {
  anonymousAccount,
  registeredFields,
  revokedByStaff,
  withRole,
  type Account,
  type NewAccount,
  type RegisteredFields,
} from '../domain/accounts.js';
import type { AuthParts } from './parts.js';

const registered = (id: string, fields: RegisteredFields, upgradedFromAnonymous: boolean, ctx: CausalContext) =>
  newEvent(
    'auth.account.registered',
    id,
    { userId: id, email: fields.email, publicName: fields.publicName, roles: fields.roles, upgradedFromAnonymous },
    ctx,
  );

/** A grant is conditional on the account as read; this many reads before giving up on a busy account. */
const GRANT_ATTEMPTS = 3;

export function registrationFlows({ accounts }: Pick<AuthParts, 'accounts'>) {
  return {
    /**
     * A new account; or, given an anonymous visitor's id, that account upgraded in place (same id, so the cart
     * stays) unless it is no longer anonymous.
     */
    async register(fields: NewAccount, ctx: CausalContext, anonymousId?: string): Promise<Account> {
      const changes = registeredFields(fields, new Date());
      if (anonymousId) {
        const event = registered(anonymousId, changes, true, ctx);
        const upgraded = await accounts.upgradeAnonymous(anonymousId, changes, event);
        if (upgraded) return upgraded;
      }
      const id = randomUUID();
      const account: Account = { _id: id, ...changes, createdAt: changes.updatedAt };
      return accounts.create(account, registered(id, changes, false, ctx));
    },

    anonymous: () => accounts.createAnonymous(anonymousAccount(randomUUID(), new Date())),

    /**
     * A visitor with an anonymous account (a cart) signed in to another account: the cart goes with them
     * (`auth.anonymous.merged`, which the itinerary service hears). Nothing for anyone else.
     */
    async handOver(anonymousId: string | undefined, account: Account, ctx: CausalContext): Promise<void> {
      if (!anonymousId || anonymousId === account._id || account.isAnonymous) return;
      const payload = { anonymousId, userId: account._id };
      await accounts.mergeAnonymous(
        anonymousId,
        account._id,
        newEvent('auth.anonymous.merged', anonymousId, payload, ctx),
      );
    },

    /**
     * The holder takes a role they lack (spec section 6: a signed-in user becomes a creator), recorded in the
     * account's role history. A role support staff revoked comes back only from staff: `role-revoked`.
     */
    async grantRole(account: Account, role: Role, ctx: CausalContext): Promise<Account> {
      let current: Account | null = account;
      for (let attempt = 1; attempt <= GRANT_ATTEMPTS && current; attempt++) {
        if (current.roles.includes(role)) return current;
        if (revokedByStaff(current, role)) throw appError('role-revoked');
        const roles = withRole(current.roles, role);
        const event = newEvent('auth.role.granted', current._id, { userId: current._id, role, roles }, ctx);
        const change = { at: new Date(), action: 'grant' as const, role, by: 'self' as const };
        const updated = await accounts.addRole(current, change, event);
        if (updated) return updated;
        // Its roles or staff's record changed meanwhile (a revoke, say): decide again on what it is now.
        current = await accounts.findById(account._id);
      }
      if (!current) throw appError('unauthenticated');
      throw new Error(`the roles of account ${account._id} kept changing during a role grant`);
    },
  };
}
export type Registration = ReturnType<typeof registrationFlows>;
