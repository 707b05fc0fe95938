// Google and Facebook sign-in against a local OAuth 2 / OpenID Connect server (oauth2-mock-server):
// start, the provider's redirect back, linking rules, and the one-time result code.
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthApp } from '../../src/app.js';
import { WEB_URL, newEmail, passwordlessAccount, signUp, startAuth, storesOf } from '../helpers.js';

interface Identity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

const provider = new OAuth2Server();
let identity: Identity = { sub: 'nobody' };
let app: AuthApp;
/** The auth settings that point both providers at the local server. */
let providerSettings: Record<string, string>;

beforeAll(async () => {
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, identity));
  provider.service.on('beforeUserinfo', (answer) => {
    answer.body = { id: identity.sub, ...(identity.email ? { email: identity.email } : {}), name: identity.name };
  });
  const issuer = provider.issuer.url!;
  providerSettings = {
    GOOGLE_ISSUER: issuer,
    GOOGLE_CLIENT_ID: 'travelclub-google',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    FACEBOOK_AUTHORIZATION_URL: `${issuer}/authorize`,
    FACEBOOK_TOKEN_URL: `${issuer}/token`,
    FACEBOOK_USERINFO_URL: `${issuer}/userinfo`,
    FACEBOOK_CLIENT_ID: 'travelclub-facebook',
    FACEBOOK_CLIENT_SECRET: 'facebook-secret',
    OAUTH_ALLOW_HTTP: 'true',
    OAUTH_CALLBACK_BASE: 'https://api.travelclub.test',
  };
  app = await startAuth(providerSettings);
});
afterAll(async () => {
  await app?.close();
  await provider.stop();
});

/** Walks the browser's path: our start, the provider's authorize page, our callback. Returns where we send it last. */
async function signInWith(
  name: 'google' | 'facebook',
  who: Identity,
  query = 'returnUrl=%2Fdashboard',
  auth: AuthApp = app,
) {
  identity = who;
  const start = await auth.inject({ method: 'GET', url: `/api/v1/auth/oauth/${name}/start?${query}` });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe(provider.issuer.url);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe(
    `https://api.travelclub.test/api/v1/auth/oauth/${name}/callback`,
  );

  const back = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location')!);
  const browser = start.cookies.find((c) => c.name === 'tc_oauth');
  expect(browser).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  const done = await auth.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    cookies: { tc_oauth: browser!.value },
  });
  expect(done.statusCode).toBe(302);
  return new URL(done.headers.location as string);
}

const exchange = (code: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/oauth/exchange', payload: { code } });

describe('Google', () => {
  it('creates a traveller, returns to returnUrl with a one-time code, and signs in again to the same account', async () => {
    const who = { sub: `g-${newEmail()}`, email: newEmail('google'), email_verified: true, name: 'Grace Google' };
    const landing = await signInWith('google', who);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${WEB_URL}/dashboard`);
    const code = landing.searchParams.get('authCode')!;
    const tokens = await exchange(code);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json().user).toMatchObject({
      email: who.email,
      publicName: 'Grace Google',
      roles: ['role/customer'],
      emailVerified: true,
    });
    expect((await exchange(code)).json().error.code).toBe('invalid-provider-details');

    const again = await signInWith('google', who);
    expect((await exchange(again.searchParams.get('authCode')!)).json().user.id).toBe(tokens.json().user.id);
  });

  it('refuses an email that already has a password account', async () => {
    const { user } = await signUp(app);
    const landing = await signInWith('google', { sub: `g-${user.id}`, email: user.email!, email_verified: true });
    expect(landing.pathname).toBe('/signIn');
    expect(landing.searchParams.get('authError')).toBe('account-exists-with-different-credential');
    expect(landing.searchParams.get('authCode')).toBeNull();
  });

  it('links to an account made by magic link (no password) with the same verified email', async () => {
    const email = newEmail('linked');
    const created = await passwordlessAccount(app, email, 'Link');
    const landing = await signInWith('google', { sub: `g-${email}`, email, email_verified: true });
    expect((await exchange(landing.searchParams.get('authCode')!)).json().user.id).toBe(created._id);
  });

  it('signing in with a password to a Google-only account names the other credential', async () => {
    const email = newEmail('google-only');
    await signInWith('google', { sub: `g-${email}`, email, email_verified: true });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signIn',
      payload: { email, password: 'guessing' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('account-exists-with-different-credential');
  });

  it('refuses an unverified email and a tampered state', async () => {
    const landing = await signInWith('google', { sub: 'g-unverified', email: newEmail(), email_verified: false });
    expect(landing.searchParams.get('authError')).toBe('invalid-provider-details');
    const forged = await app.inject({ method: 'GET', url: '/api/v1/auth/oauth/google/callback?state=forged&code=abc' });
    expect(new URL(forged.headers.location as string).searchParams.get('authError')).toBe('invalid-provider-details');
  });

  it('keeps the return path on this site', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/oauth/google/start?returnUrl=https%3A%2F%2Fevil.test',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('Facebook', () => {
  it('makes a creator when creator sign-up was asked for', async () => {
    const who = { sub: `fb-${newEmail()}`, email: newEmail('facebook'), name: 'Fay Book' };
    const landing = await signInWith('facebook', who, 'returnUrl=%2F&creator=1');
    const tokens = await exchange(landing.searchParams.get('authCode')!);
    expect(tokens.json().user).toMatchObject({ email: who.email, roles: ['role/creator'] });
  });

  it('refuses a profile without an email', async () => {
    const landing = await signInWith('facebook', { sub: 'fb-no-email' });
    expect(landing.searchParams.get('authError')).toBe('invalid-provider-details');
  });
});

it('a provider without configuration is off and says so', async () => {
  const plain = await startAuth();
  try {
    const res = await plain.inject({ method: 'GET', url: '/api/v1/auth/oauth/google/start' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({
      code: 'provider-not-configured',
      message: 'Sign-in with this provider is not available.',
    });
    expect((await plain.inject({ method: 'GET', url: '/api/v1/auth/oauth/providers' })).json()).toEqual({
      providers: [],
    });
  } finally {
    await plain.close();
  }
});

describe('binding the flow to the browser', () => {
  it('a callback without the browser cookie of its start is refused (no login CSRF)', async () => {
    identity = { sub: `g-${newEmail()}`, email: newEmail('csrf'), email_verified: true };
    const start = await app.inject({ method: 'GET', url: '/api/v1/auth/oauth/google/start?returnUrl=%2F' });
    const back = await fetch(new URL(start.headers.location as string), { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    const elsewhere = await app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      cookies: { tc_oauth: 'another-browser' },
    });
    expect(new URL(elsewhere.headers.location as string).searchParams.get('authError')).toBe(
      'invalid-provider-details',
    );
  });

  it('a Facebook identity never links to an existing account by email', async () => {
    const email = newEmail('fb-existing');
    await passwordlessAccount(app, email, 'Magic');
    const landing = await signInWith('facebook', { sub: `fb-${email}`, email });
    expect(landing.searchParams.get('authError')).toBe('account-exists-with-different-credential');
  });
});

it('an anonymous visitor who starts with their token (asking for JSON) keeps their id', async () => {
  const visitor = (await app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' })).json();
  identity = { sub: `g-${newEmail()}`, email: newEmail('anon-google'), email_verified: true };
  const start = await app.inject({
    method: 'GET',
    url: '/api/v1/auth/oauth/google/start?returnUrl=%2F',
    headers: { authorization: `Bearer ${visitor.accessToken}`, accept: 'application/json' },
  });
  expect(start.statusCode).toBe(200);
  const back = await fetch(new URL(start.json().url), { redirect: 'manual' });
  const callback = new URL(back.headers.get('location')!);
  const done = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    cookies: { tc_oauth: start.cookies.find((c) => c.name === 'tc_oauth')!.value },
  });
  const tokens = await exchange(new URL(done.headers.location as string).searchParams.get('authCode')!);
  expect(tokens.json().user).toMatchObject({ id: visitor.user.id, email: identity.email, isAnonymous: false });
});

describe('with sign-up closed', () => {
  it('a provider identity without an account is refused like a sign-up; existing accounts still sign in', async () => {
    const closed = await startAuth({ ...providerSettings, SIGN_UP_ENABLED: 'false' });
    try {
      const exchangeOn = (code: string) =>
        closed.inject({ method: 'POST', url: '/api/v1/auth/oauth/exchange', payload: { code } });
      for (const name of ['google', 'facebook'] as const) {
        const email = newEmail(`closed-${name}`);
        const landing = await signInWith(
          name,
          { sub: `${name}-${email}`, email, email_verified: true },
          'returnUrl=%2F',
          closed,
        );
        expect(landing.pathname).toBe('/signIn');
        expect(landing.searchParams.get('authError')).toBe('sign-up-disabled');
        expect(landing.searchParams.get('authCode')).toBeNull();
        expect(await (await storesOf(closed)).accounts.findByEmail(email)).toBeNull();
      }

      // An account that exists (made by magic link, so without a password) links and signs in as before.
      const email = newEmail('closed-existing');
      const existing = await passwordlessAccount(closed, email, 'Kept');
      const who = { sub: `g-${email}`, email, email_verified: true };
      const linked = await signInWith('google', who, 'returnUrl=%2F', closed);
      expect((await exchangeOn(linked.searchParams.get('authCode')!)).json().user.id).toBe(existing._id);
      const again = await signInWith('google', who, 'returnUrl=%2F', closed);
      expect((await exchangeOn(again.searchParams.get('authCode')!)).json().user.id).toBe(existing._id);
    } finally {
      await closed.close();
    }
  });
});
