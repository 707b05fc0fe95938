// Sign-in with email and password, limited per IP and per email. An anonymous visitor's cart goes with them
// into the account they sign in to.
import type { AuthUser, SignInPayload, TokenAnswer } from '@travelclub/contracts';
import { AppError, appError, type CausalContext } from '@travelclub/kit';
import type { AuthParts } from './parts.js';
import type { Registration } from './registration.js';
import type { TokenFlows } from './tokens.js';

/** Over the sign-in limits: 429 `too-many-sign-in-attempts`; the answer says when to try again. */
export class SignInLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('too-many-sign-in-attempts');
  }
}

export function signInFlows(
  { accounts, passwords, signInLimits }: AuthParts,
  registration: Registration,
  tokens: TokenFlows,
) {
  return {
    async signIn(
      { email, password }: SignInPayload,
      { ip, caller, ctx }: { ip: string; caller?: AuthUser | null; ctx: CausalContext },
    ): Promise<TokenAnswer> {
      const wait = await signInLimits.attempt(ip, email);
      if (wait !== null) throw new SignInLimited(wait);
      const account = await accounts.findByEmail(email);
      // Verified even without an account, so "no such account" takes as long as "wrong password".
      const matches = await passwords.verify(account?.passwordHash, password);
      if (!account) throw appError('user-not-found');
      if (!matches)
        throw appError(account.passwordHash ? 'wrong-password' : 'account-exists-with-different-credential');
      await signInLimits.succeeded(email);
      await registration.handOver(caller?.isAnonymous ? caller.id : undefined, account, ctx);
      return tokens.issue(account);
    },
  };
}
