// The session's token: the web app trades its HttpOnly session cookie plus the CSRF header for a fresh access
// token after a reload. Refused without the double submit, without a live session, and after a password change.
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthApp } from '../../src/app.js';
import { bearer, expectError, openSession, startAuth, storesOf } from '../helpers.js';

let app: AuthApp;
beforeAll(async () => {
  app = await startAuth();
});
afterAll(() => app?.close());

const sessionToken = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/session/token', cookies, headers });

describe('the session token', () => {
  it("answers a fresh access token naming the session's account, which verifies against the JWKS", async () => {
    const { user, csrf, session } = await openSession(app);
    const res = await sessionToken({ tc_session: session, tc_csrf: csrf }, { 'x-csrf-token': csrf });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json();
    expect(answer).toEqual({ user, accessToken: expect.any(String), expiresIn: 900 });
    expect(answer).not.toHaveProperty('refreshToken');

    const jwks = createLocalJWKSet((await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json());
    const { payload } = await jwtVerify(answer.accessToken, jwks);
    expect(payload.sub).toBe(user.id);
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(answer.accessToken) });
    expect(me.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it.each([
    ['no CSRF header', {}, (csrf: string) => ({ tc_csrf: csrf })],
    ['a header but no CSRF cookie', { 'x-csrf-token': 'x'.repeat(43) }, () => ({})],
    [
      'a header that differs from the cookie',
      { 'x-csrf-token': 'x'.repeat(43) },
      (csrf: string) => ({ tc_csrf: csrf }),
    ],
  ])('refuses %s with the configuration error', async (_case, headers, csrfCookie) => {
    const { csrf, session } = await openSession(app);
    const res = await sessionToken({ tc_session: session, ...csrfCookie(csrf) }, headers);
    expectError(res, 'csrf-missing');
  });

  it.each([
    ['no session cookie', {}],
    ['an unknown session', { tc_session: 'made-up' }],
  ])('answers 401 unauthenticated for %s', async (_case, cookie) => {
    const { csrf } = await openSession(app);
    const res = await sessionToken({ ...cookie, tc_csrf: csrf }, { 'x-csrf-token': csrf });
    expectError(res, 'unauthenticated');
  });

  it('refuses a session that has ended (logout)', async () => {
    const { csrf, session } = await openSession(app);
    await app.inject({ method: 'POST', url: '/api/v1/auth/sessionLogout', cookies: { tc_session: session } });
    const res = await sessionToken({ tc_session: session, tc_csrf: csrf }, { 'x-csrf-token': csrf });
    expectError(res, 'unauthenticated');
  });

  it('refuses a session opened before the password changed', async () => {
    const { user, csrf, session } = await openSession(app);
    const { accounts } = await storesOf(app);
    await accounts.setPassword(user.id, 'a new hash'); // what a reset or a change writes
    const res = await sessionToken({ tc_session: session, tc_csrf: csrf }, { 'x-csrf-token': csrf });
    expectError(res, 'unauthenticated');
  });
});
