// Google and Facebook sign-in: the start (state and PKCE kept server-side, the flow tied to one browser), the
// provider's callback (sign in, link or create the account), and the exchange of the one-time result code for
// tokens by the web app.
import type { AuthUser, ErrorCode, OAuthProvider } from '@travelclub/contracts';
import { appError, type CausalContext, type Logger } from '@travelclub/kit';
import type { ProviderIdentity } from '../clients/oauth-providers.js';
import type { Account } from '../domain/accounts.js';
import { digest, randomSecret, sameSecret } from '../domain/secrets.js';
import type { AuthParts } from './parts.js';
import type { Registration } from './registration.js';
import type { TokenFlows } from './tokens.js';

const STATE_TTL_MS = 10 * 60_000;
const RESULT_TTL_MS = 2 * 60_000;

class ProviderSignInError extends Error {
  constructor(readonly code: ErrorCode) {
    super(code);
  }
}

/** What the provider's redirect back brings. */
export interface ProviderCallback {
  provider: OAuthProvider;
  query: { state: string; code?: string; error?: string };
  /** The URL as it was called (path and query). */
  url: string;
  /** Reads the browser-binding secret the start set, and ends it. */
  takeBrowserSecret: () => string | undefined;
}

/** Where providers send the browser back, and links into the web app. */
function urls(config: AuthParts['config']) {
  return {
    callback: (provider: OAuthProvider) =>
      new URL(`/api/v1/auth/oauth/${provider}/callback`, config.OAUTH_CALLBACK_BASE ?? config.WEB_URL).href,
    web: (path: string, query: Record<string, string>) => {
      const url = new URL(path, config.WEB_URL);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return url.href;
    },
  };
}

/** Finds the account for a provider identity, linking or creating one; refuses a password account's email. */
async function accountFor(
  { accounts, config }: AuthParts,
  registration: Registration,
  signIn: { provider: OAuthProvider; identity: ProviderIdentity; creator: boolean; anonymousId?: string },
  ctx: CausalContext,
): Promise<Account> {
  const { provider, identity } = signIn;
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
    roles: [signIn.creator ? ('role/creator' as const) : ('role/customer' as const)],
    emailVerified: true,
    provider: key,
  };
  return registration.register(fields, ctx, signIn.anonymousId);
}

export function oauthFlows(parts: AuthParts, registration: Registration, tokens: TokenFlows) {
  const { accounts, codes, providers } = parts;
  const links = urls(parts.config);
  return {
    /** The names of the providers configured. */
    configured: () => Object.keys(providers),

    /**
     * Where to send the browser, and the secret that binds the flow to it (the route sets it as a cookie):
     * the callback must come back with it, so nobody can finish their own sign-in in someone else's browser
     * (login CSRF). An anonymous caller's new account will be an upgrade of theirs.
     */
    async start(provider: OAuthProvider, query: { returnUrl: string; creator?: '0' | '1' }, caller: AuthUser | null) {
      const client = providers[provider];
      if (!client) throw appError('provider-not-configured');
      const browser = randomSecret();
      const state = await codes.create('oauth-state', STATE_TTL_MS, {
        returnUrl: query.returnUrl,
        data: {
          provider,
          creator: query.creator ?? '0',
          browser: digest(browser),
          ...(caller?.isAnonymous ? { anonymousId: caller.id } : {}),
        },
      });
      const { url, codeVerifier, nonce } = await client.authorizationUrl(state, links.callback(provider));
      // The state's record learns its verifier only now; the state itself is the record's key.
      await codes.attach(state, { codeVerifier, nonce });
      return { url, browser, maxAgeSeconds: STATE_TTL_MS / 1000 };
    },

    /** Where the web app takes over: `returnUrl?authCode=…`, or `/signIn?authError=<code>`. */
    async callback(back: ProviderCallback, ctx: CausalContext, log: Logger) {
      const { provider, query } = back;
      const started = await codes.consume('oauth-state', query.state);
      const returnUrl = started?.returnUrl ?? '/';
      const fail = (code: ErrorCode) => links.web('/signIn', { returnUrl, authError: code });
      const client = providers[provider];
      if (!client) return fail('provider-not-configured');
      const browser = back.takeBrowserSecret();
      const sameBrowser = !!browser && !!started?.data?.browser && sameSecret(digest(browser), started.data.browser);
      if (!started?.data || started.data.provider !== provider || !sameBrowser || query.error || !query.code) {
        log.info({ provider, providerError: query.error }, 'provider sign-in refused');
        return fail('invalid-provider-details');
      }
      try {
        const identity = await client.finish(new URL(back.url, links.callback(provider)), {
          state: query.state,
          codeVerifier: started.data.codeVerifier ?? '',
          nonce: started.data.nonce ?? '',
        });
        const { creator, anonymousId } = started.data;
        const signIn = { provider, identity, creator: creator === '1', anonymousId };
        const account = await accountFor(parts, registration, signIn, ctx);
        await registration.handOver(anonymousId, account, ctx);
        const result = await codes.create('oauth-result', RESULT_TTL_MS, { userId: account._id });
        return links.web(returnUrl, { authCode: result });
      } catch (err) {
        if (err instanceof ProviderSignInError) return fail(err.code);
        log.warn({ provider, err }, 'provider sign-in failed');
        return fail('invalid-provider-details');
      }
    },

    /** The web app's one-time result code, for tokens. */
    async exchange(code: string) {
      const used = await codes.consume('oauth-result', code);
      const account = used?.userId ? await accounts.findById(used.userId) : null;
      if (!account) throw appError('invalid-provider-details');
      return tokens.issue(account);
    },
  };
}
