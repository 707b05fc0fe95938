// Sign-in by a mailed link: asking for one, and using it. The link proves the email: it signs in, creating
// the account on first use (a traveller).
import type { AuthUser } from '@travelclub/contracts';
import { appError, type CausalContext, type Logger } from '@travelclub/kit';
import { emailKey, newTraveller } from '../domain/accounts.js';
import { linkMinutes, nameToGreet } from '../domain/mails.js';
import type { AuthParts } from './parts.js';
import type { Registration } from './registration.js';
import type { TokenFlows } from './tokens.js';

const MINUTES = linkMinutes['magic-link'];

export function magicLinkFlows(parts: AuthParts, registration: Registration, tokens: TokenFlows) {
  const { accounts, codes, mailer, mailLimits, refreshTokens, sessions, config } = parts;
  return {
    /** Mails a sign-in link to `/continueSignIn`; over the mail limit, `too-many-requests`. */
    async request(email: string, returnUrl: string, log: Logger): Promise<void> {
      const account = await accounts.findByEmail(email);
      if (!(await mailLimits.mayMail({ address: email, accountId: account?._id }))) throw appError('too-many-requests');
      // With sign-up closed, a link to an address without an account could not sign anyone in: it is not
      // sent, and the answer stays the same, so it does not tell whether the address has an account.
      if (!account && !config.SIGN_UP_ENABLED) {
        log.info('magic link not sent: no account for the address and sign-up is closed');
        return;
      }
      const code = await codes.create('magic-link', MINUTES * 60_000, { email: emailKey(email), returnUrl });
      const link = { path: '/continueSignIn', query: { code } };
      await mailer.sendLink('magic-link', email, link, MINUTES, nameToGreet(account));
    },

    /** Uses the code once: tokens, and where the visitor was going. An anonymous caller keeps their account. */
    async consume(code: string, caller: AuthUser | null, ctx: CausalContext) {
      const used = await codes.consume('magic-link', code);
      if (!used?.email) throw appError('invalid-action-code');
      const existing = await accounts.findByEmail(used.email);
      let account = existing;
      if (existing && !existing.emailVerified) {
        // First proof of this email: a password or provider someone else may have set goes (see the store).
        account = (await accounts.claimByEmailProof(existing._id)) ?? existing;
        if (existing.passwordHash || existing.providers.length) {
          await Promise.all([refreshTokens.revokeAllOf(existing._id), sessions.closeAllOf(existing._id)]);
        }
      }
      // A first sign-in by link makes an account: a sign-up, refused like one while sign-up is closed.
      if (!account && !config.SIGN_UP_ENABLED) throw appError('sign-up-disabled');
      const anonymousId = caller?.isAnonymous ? caller.id : undefined;
      // An account of theirs takes the visitor's cart along; a first sign-in upgrades the visitor in place.
      if (account) await registration.handOver(anonymousId, account, ctx);
      account ??= await registration.register(newTraveller(used.email), ctx, anonymousId);
      return { ...(await tokens.issue(account)), returnUrl: used.returnUrl ?? '/' };
    },
  };
}
