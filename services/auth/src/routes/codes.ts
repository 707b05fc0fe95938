// What goes through a mailed one-time code: magic link, password reset, email verification.
import { successMessages, type endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import { accountView } from '../domain/accounts.js';
import type { AuthFlows } from '../flows/index.js';

type Endpoints = Pick<
  typeof endpoints.auth,
  | 'magicLink'
  | 'consumeMagicLink'
  | 'requestPasswordReset'
  | 'confirmPasswordReset'
  | 'requestEmailVerification'
  | 'verifyEmail'
>;

const PASSWORD_CHANGED = 'Your password has been changed. You can now sign in with your new password.';

export function codeRoutes({ magicLink, passwordReset, emailVerification }: AuthFlows): Handlers<Endpoints> {
  return {
    magicLink: async ({ body, req }) => {
      await magicLink.request(body.email, body.returnUrl, req.log);
      return { message: successMessages.magicLinkSent };
    },

    consumeMagicLink: ({ body, user, ctx }) => magicLink.consume(body.code, user, ctx),

    // Always 202: whether the email has an account is not told here.
    requestPasswordReset: async ({ body, req }) => {
      await passwordReset.request(body.email, req.log);
      return { accepted: true as const };
    },

    confirmPasswordReset: async ({ body }) => {
      await passwordReset.confirm(body.oobCode, body.newPassword);
      return { message: PASSWORD_CHANGED };
    },

    requestEmailVerification: async ({ user }) => {
      await emailVerification.request(user);
      return { accepted: true as const };
    },

    verifyEmail: async ({ body }) => ({ user: accountView(await emailVerification.verify(body.code, body.email)) }),
  };
}
