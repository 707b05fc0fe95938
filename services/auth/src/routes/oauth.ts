// Google and Facebook sign-in: start (state and PKCE kept server-side), callback (sign in, link or
// create the account), and the exchange of the one-time result code for tokens by the web app.
import {
  CodeBodySchema,
  OAuthCallbackQuerySchema,
  OAuthStartQuerySchema,
  ProviderParamsSchema,
  TokenAnswerSchema,
  type ErrorCode,
  type OAuthProvider,
} from '@travelclub/contracts';
import { appError, requestContext } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tokenAnswer } from '../answers.js';
import { digest, randomSecret, sameSecret } from '../domain/secrets.js';
import type { ProviderIdentity } from '../oauth-providers.js';
import type { Account } from '../store/accounts.js';

const STATE_TTL_MS = 10 * 60_000;
const BROWSER_COOKIE = 'tc_oauth';
const RESULT_TTL_MS = 2 * 60_000;

class ProviderSignInError extends Error {
  constructor(readonly code: ErrorCode) {
    super(code);
  }
}

export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, codes, providers, config } = app.auth;
  const callbackUrl = (provider: OAuthProvider) =>
    new URL(`/api/v1/auth/oauth/${provider}/callback`, config.OAUTH_CALLBACK_BASE ?? config.WEB_URL).href;
  const webUrl = (path: string, query: Record<string, string>) => {
    const url = new URL(path, config.WEB_URL);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return url.href;
  };

  app.get(
    '/api/v1/auth/oauth/:provider/start',
    {
      schema: { params: ProviderParamsSchema, querystring: OAuthStartQuerySchema },
      // An anonymous visitor's token (on a fetch of this URL) makes a new account an upgrade of theirs.
      preHandler: app.optionalUser,
    },
    async (req, reply) => {
      const client = providers[req.params.provider];
      if (!client) throw appError('provider-not-configured');
      // The flow is tied to this browser: the callback must come back with this cookie, so nobody can
      // finish their own sign-in in someone else's browser (login CSRF).
      const browser = randomSecret();
      reply.setCookie(BROWSER_COOKIE, browser, {
        httpOnly: true,
        secure: config.COOKIE_SECURE,
        sameSite: 'lax',
        path: '/api/v1/auth/oauth',
        maxAge: STATE_TTL_MS / 1000,
      });
      const state = await codes.create('oauth-state', STATE_TTL_MS, {
        returnUrl: req.query.returnUrl,
        data: {
          provider: req.params.provider,
          creator: req.query.creator ?? '0',
          browser: digest(browser),
          ...(req.user?.isAnonymous ? { anonymousId: req.user.id } : {}),
        },
      });
      const { url, codeVerifier, nonce } = await client.authorizationUrl(state, callbackUrl(req.params.provider));
      // The state's record learns its verifier only now; the state itself is the record's key.
      await codes.attach(state, { codeVerifier, nonce });
      // A script (carrying the visitor's token) asks for JSON and then sends the browser itself.
      if (req.headers.accept?.includes('application/json')) return { url };
      return reply.redirect(url, 302);
    },
  );

  /** Finds the account for a provider identity, linking or creating one; refuses a password account's email. */
  async function accountFor(
    provider: OAuthProvider,
    identity: ProviderIdentity,
    started: { creator: boolean; anonymousId?: string },
    ctx: ReturnType<typeof requestContext>,
  ): Promise<Account> {
    const key = `${provider}:${identity.subject}`;
    const linked = await accounts.findByProvider(key);
    if (linked) return linked;
    if (!identity.email || !identity.emailVerified) throw new ProviderSignInError('invalid-provider-details');
    const sameEmail = await accounts.findByEmail(identity.email);
    // Linking needs an email the provider itself vouches for: Google says so in the ID token; Facebook's
    // profile does not say, so a Facebook identity only ever signs in to the account it made or was linked to.
    if (sameEmail?.passwordHash || (sameEmail && provider === 'facebook')) {
      throw new ProviderSignInError('account-exists-with-different-credential');
    }
    if (sameEmail) return (await accounts.linkProvider(sameEmail._id, key)) ?? sameEmail;
    // From here on the provider makes a new account: a sign-up, refused like one while sign-up is closed.
    if (!config.SIGN_UP_ENABLED) throw new ProviderSignInError('sign-up-disabled');
    const fields = {
      email: identity.email,
      publicName: identity.name ?? identity.email.split('@')[0] ?? identity.email,
      roles: [started.creator ? ('role/creator' as const) : ('role/customer' as const)],
      emailVerified: true,
      provider: key,
    };
    const upgraded = started.anonymousId ? await accounts.upgradeAnonymous(started.anonymousId, fields, ctx) : null;
    return upgraded ?? accounts.create(fields, ctx);
  }

  app.get(
    '/api/v1/auth/oauth/:provider/callback',
    { schema: { params: ProviderParamsSchema, querystring: OAuthCallbackQuerySchema } },
    async (req, reply) => {
      const { provider } = req.params;
      const started = await codes.consume('oauth-state', req.query.state);
      const returnUrl = started?.returnUrl ?? '/';
      const fail = (code: ErrorCode) => reply.redirect(webUrl('/signIn', { returnUrl, authError: code }), 302);
      const client = providers[provider];
      if (!client) return fail('provider-not-configured');
      const browser = req.cookies[BROWSER_COOKIE];
      reply.clearCookie(BROWSER_COOKIE, { path: '/api/v1/auth/oauth' });
      const sameBrowser = !!browser && !!started?.data?.browser && sameSecret(digest(browser), started.data.browser);
      if (!started?.data || started.data.provider !== provider || !sameBrowser || req.query.error || !req.query.code) {
        req.log.info({ provider, providerError: req.query.error }, 'provider sign-in refused');
        return fail('invalid-provider-details');
      }
      try {
        const identity = await client.finish(new URL(req.url, callbackUrl(provider)), {
          state: req.query.state,
          codeVerifier: started.data.codeVerifier ?? '',
          nonce: started.data.nonce ?? '',
        });
        const account = await accountFor(
          provider,
          identity,
          { creator: started.data.creator === '1', anonymousId: started.data.anonymousId },
          requestContext(req),
        );
        const result = await codes.create('oauth-result', RESULT_TTL_MS, { userId: account._id });
        return reply.redirect(webUrl(returnUrl, { authCode: result }), 302);
      } catch (err) {
        if (err instanceof ProviderSignInError) return fail(err.code);
        req.log.warn({ provider, err }, 'provider sign-in failed');
        return fail('invalid-provider-details');
      }
    },
  );

  app.post(
    '/api/v1/auth/oauth/exchange',
    { schema: { body: CodeBodySchema, response: { 200: TokenAnswerSchema } } },
    async (req) => {
      const used = await codes.consume('oauth-result', req.body.code);
      const account = used?.userId ? await accounts.findById(used.userId) : null;
      if (!account) throw appError('invalid-provider-details');
      return tokenAnswer(app.auth, account);
    },
  );

  app.get(
    '/api/v1/auth/oauth/providers',
    { schema: { response: { 200: z.object({ providers: z.array(z.string()) }) } } },
    async () => ({
      providers: Object.keys(providers),
    }),
  );
};
