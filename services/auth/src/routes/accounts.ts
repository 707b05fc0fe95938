// Sign-up (also upgrading an anonymous visitor in place), sign-in, anonymous accounts, the caller's account
// and role.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import { accountView } from '../domain/accounts.js';
import type { AuthFlows } from '../flows/index.js';
import { SignInLimited } from '../flows/sign-in.js';

type Endpoints = Pick<typeof endpoints.auth, 'signUp' | 'signIn' | 'anonymous' | 'me' | 'changeRole'>;

export function accountRoutes(flows: AuthFlows): Handlers<Endpoints> {
  return {
    signUp: ({ body, user, ctx, req }) => flows.signUp.signUp(body, user, { ctx, log: req.log }),

    signIn: ({ body, user, ctx, req }, reply) =>
      flows.signIn.signIn(body, { ip: req.ip, caller: user, ctx }).catch((err: unknown) => {
        if (err instanceof SignInLimited) reply.header('retry-after', err.retryAfterSeconds);
        throw err;
      }),

    anonymous: () => flows.signUp.anonymous(),

    me: async ({ user }) => accountView(await flows.accounts.own(user)),

    // Spec section 6: a signed-in user may become a creator.
    changeRole: async ({ body, user, ctx }) => {
      const { account, accessToken, expiresIn } = await flows.accounts.changeRole(user, body.role, ctx);
      return { user: accountView(account), accessToken, expiresIn };
    },
  };
}
