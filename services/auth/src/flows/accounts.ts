// The caller's own account, and the creator role a signed-in user may take (spec section 6).
import type { AuthUser } from '@travelclub/contracts';
import { appError, type CausalContext } from '@travelclub/kit';
import { roleFromRequest, type Account } from '../domain/accounts.js';
import type { AuthParts } from './parts.js';
import type { Registration } from './registration.js';
import type { TokenFlows } from './tokens.js';

export function accountFlows({ accounts }: AuthParts, registration: Registration, tokens: TokenFlows) {
  /** The caller's account; a token whose account is gone is no longer a sign-in. */
  const own = async (caller: AuthUser): Promise<Account> => {
    const account = await accounts.findById(caller.id);
    if (!account) throw appError('unauthenticated');
    return account;
  };
  return {
    own,

    /** Grants the role; its new access token is answered at once (the next refreshed one has it too). */
    async changeRole(caller: AuthUser, role: string, ctx: CausalContext) {
      if (caller.isAnonymous) throw appError('forbidden');
      const updated = await registration.grantRole(await own(caller), roleFromRequest(role), ctx);
      return { account: updated, accessToken: await tokens.accessToken(updated), expiresIn: tokens.expiresIn };
    },
  };
}
