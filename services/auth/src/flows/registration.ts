// Making accounts: one that signs in (by form, a first magic link or provider sign-in, the support account),
// new or an anonymous visitor's upgraded in place, announced as `auth.account.registered`; an anonymous one
// for a cart, handed over with its cart when its visitor signs in to an account they had; a role granted
// later, announced as `auth.role.granted`.
import { randomUUID } from 'node:crypto';
import type { Role } from '@travelclub/contracts';
import { newEvent, type CausalContext } from '@travelclub/kit';
import {
  anonymousAccount,
  registeredFields,
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

    async grantRole(account: Account, role: Role, ctx: CausalContext): Promise<Account> {
      if (account.roles.includes(role)) return account;
      const roles = withRole(account.roles, role);
      const event = newEvent('auth.role.granted', account._id, { userId: account._id, role, roles }, ctx);
      return (await accounts.addRole(account, role, event)) ?? { ...account, roles };
    },
  };
}
export type Registration = ReturnType<typeof registrationFlows>;
