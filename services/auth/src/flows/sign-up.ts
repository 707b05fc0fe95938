// Sign-up: a new account with a password (or an anonymous visitor's, upgraded in place) and its verification
// mail; and the anonymous account a visitor gets for a cart.
import { roleForSignUp, type AuthUser, type SignUpForm, type TokenAnswer } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import type { AuthParts, Call } from './parts.js';
import type { Registration } from './registration.js';
import type { TokenFlows } from './tokens.js';

export function signUpFlows(parts: AuthParts, registration: Registration, tokens: TokenFlows) {
  const { config, passwords, mailLimits, mailer } = parts;
  return {
    async signUp(form: SignUpForm, caller: AuthUser | null, { ctx, log }: Call): Promise<TokenAnswer> {
      if (!config.SIGN_UP_ENABLED) throw appError('sign-up-disabled');
      const { email, password, publicName, role } = form;
      const fields = { email, publicName, roles: [roleForSignUp[role]], passwordHash: await passwords.hash(password) };
      const account = await registration.register(fields, ctx, caller?.isAnonymous ? caller.id : undefined);
      const answer = await tokens.issue(account);
      // The sign-up stands either way; over the address's mail limit (or with the queue away) the user can
      // ask for the mail again later.
      const sendVerification = async () => {
        if (!(await mailLimits.mayMail({ address: email, accountId: account._id })))
          return log.warn({ userId: account._id }, 'verification mail not sent: over the mail limit');
        await mailer.sendVerification({ _id: account._id, email });
      };
      await sendVerification().catch((err: unknown) =>
        log.warn({ err }, 'could not queue the verification mail; the user can ask again'),
      );
      return answer;
    },

    anonymous: async () => tokens.issue(await registration.anonymous()),
  };
}
