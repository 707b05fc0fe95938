// Google (OpenID Connect, found by discovery) and Facebook (plain OAuth 2 plus its profile endpoint),
// configured from the environment. A provider without a client id and secret is off.
import type { OAuthProvider } from '@travelclub/contracts';
import * as oidc from 'openid-client';
import type { Logger } from '@travelclub/kit';
import type { AuthConfig } from '../config.js';

/** Who the provider says signed in. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface ProviderClient {
  /** The URL to send the browser to; the caller keeps `codeVerifier` and `nonce` with the state. */
  authorizationUrl(state: string, redirectUri: string): Promise<{ url: string; codeVerifier: string; nonce: string }>;
  /** Exchanges the callback's code (PKCE, state and nonce checked) for the identity. */
  finish(callbackUrl: URL, checks: { state: string; codeVerifier: string; nonce: string }): Promise<ProviderIdentity>;
}

export type OAuthProviders = Partial<Record<OAuthProvider, ProviderClient>>;

/** Google: OpenID Connect, its endpoints found by discovery. */
function googleClient(config: AuthConfig, id: string, secret: string): ProviderClient {
  const insecure = config.OAUTH_ALLOW_HTTP ? { execute: [oidc.allowInsecureRequests] } : undefined;
  // Discovery runs on first use and again after a failure, so a provider that is down at start is not fatal.
  let found: Promise<oidc.Configuration> | undefined;
  const discover = () =>
    (found ??= oidc.discovery(new URL(config.GOOGLE_ISSUER), id, secret, undefined, insecure).catch((err: unknown) => {
      found = undefined;
      throw err;
    }));
  return {
    async authorizationUrl(state, redirectUri) {
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(await discover(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, codeVerifier, nonce };
    },
    async finish(callbackUrl, checks) {
      const tokens = await oidc.authorizationCodeGrant(await discover(), callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token claims');
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email : null,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : null,
      };
    },
  };
}

/** Facebook: plain OAuth 2, and its profile endpoint for who signed in. */
function facebookClient(config: AuthConfig, id: string, secret: string): ProviderClient {
  const facebook = new oidc.Configuration(
    {
      issuer: new URL(config.FACEBOOK_AUTHORIZATION_URL).origin,
      authorization_endpoint: config.FACEBOOK_AUTHORIZATION_URL,
      token_endpoint: config.FACEBOOK_TOKEN_URL,
    },
    id,
    secret,
  );
  if (config.OAUTH_ALLOW_HTTP) oidc.allowInsecureRequests(facebook);
  return {
    async authorizationUrl(state, redirectUri) {
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(facebook, {
        redirect_uri: redirectUri,
        scope: 'email public_profile',
        response_type: 'code',
        state,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, codeVerifier, nonce: '' };
    },
    async finish(callbackUrl, checks) {
      const tokens = await oidc.authorizationCodeGrant(facebook, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
      });
      const res = await oidc.fetchProtectedResource(
        facebook,
        tokens.access_token,
        new URL(config.FACEBOOK_USERINFO_URL),
        'GET',
      );
      const profile = (await res.json()) as { id?: unknown; email?: unknown; name?: unknown };
      if (!res.ok || typeof profile.id !== 'string') throw new Error(`profile request failed (${res.status})`);
      // Facebook returns only confirmed emails, but says nothing about it: good enough for a new account,
      // never for linking to an existing one (see the callback).
      const email = typeof profile.email === 'string' ? profile.email : null;
      return {
        subject: profile.id,
        email,
        emailVerified: email !== null,
        name: typeof profile.name === 'string' ? profile.name : null,
      };
    },
  };
}

export function oauthProviders(config: AuthConfig, log: Logger): OAuthProviders {
  const providers: OAuthProviders = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
    providers.google = googleClient(config, config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET);
  if (config.FACEBOOK_CLIENT_ID && config.FACEBOOK_CLIENT_SECRET)
    providers.facebook = facebookClient(config, config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET);
  log.info({ providers: Object.keys(providers) }, 'sign-in providers');
  return providers;
}
