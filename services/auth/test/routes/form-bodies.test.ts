// Form-encoded bodies: only the session login's form post reads them; every other route family answers 415,
// so a plain HTML form on another site (no preflight) cannot sign up, mail links or spend tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthApp } from '../../src/app.js';
import { bearer, expectError, newEmail, signUp, startAuth } from '../helpers.js';

const STAFF_EMAIL = newEmail('support');
const STAFF_PASSWORD = 'a long support secret';

let app: AuthApp;
beforeAll(async () => {
  app = await startAuth({ SUPPORT_EMAIL: STAFF_EMAIL, SUPPORT_PASSWORD: STAFF_PASSWORD });
});
afterAll(() => app?.close());

const postForm = (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });

describe('form-encoded bodies', () => {
  it('refuses a form-encoded sign-up with 415 and makes no account', async () => {
    const email = newEmail('form');
    const password = 'correct horse battery';
    const res = await postForm('/api/v1/auth/signUp', {
      email,
      password,
      repassword: password,
      publicName: 'Mallory',
      role: 'consumer',
    });
    expectError(res, 'unsupported-media-type');
    const signIn = await app.inject({ method: 'POST', url: '/api/v1/auth/signIn', payload: { email, password } });
    expectError(signIn, 'user-not-found');
  });

  it.each([
    ['sign-in', '/api/v1/auth/signIn', { email: 'a@example.test', password: 'whatever1' }],
    ['magic link', '/api/v1/authentication/magicLink', { email: 'a@example.test', returnUrl: '/' }],
    ['password reset request', '/api/v1/auth/passwordReset/request', { email: 'a@example.test' }],
    ['token refresh', '/api/v1/auth/token/refresh', { refreshToken: 'x.y' }],
    ['provider code exchange', '/api/v1/auth/oauth/exchange', { code: 'x'.repeat(43) }],
    ['session logout', '/api/v1/auth/sessionLogout', { any: 'thing' }],
  ])('refuses a form-encoded %s with 415', async (_family, url, form) => {
    expectError(await postForm(url, form), 'unsupported-media-type');
  });

  it('refuses form-encoded signed-in and support requests with 415', async () => {
    const { accessToken } = await signUp(app);
    expectError(
      await postForm('/api/v1/authentication/requestEmailVerification', {}, bearer(accessToken)),
      'unsupported-media-type',
    );
    const role = await app.inject({
      method: 'PUT',
      url: '/api/v1/userProfile/role',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(accessToken) },
      payload: 'role=creator',
    });
    expectError(role, 'unsupported-media-type');
    const staff = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signIn',
      payload: { email: STAFF_EMAIL, password: STAFF_PASSWORD },
    });
    const staffToken = staff.json().accessToken as string;
    expectError(
      await postForm('/api/v1/support/users/x/revokeSessions', { reason: 'form' }, bearer(staffToken)),
      'unsupported-media-type',
    );
  });

  it('still reads the session login form post, on both of its paths', async () => {
    const { accessToken } = await signUp(app);
    const csrf = (await app.inject({ method: 'GET', url: '/api/v1/auth/csrf' })).json().csrfToken as string;
    for (const url of ['/api/sessionLogin', '/api/sessionlogin/endpoint']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ data: accessToken, csrf }).toString(),
        cookies: { tc_csrf: csrf },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ isAuthenticated: true });
    }
  });
});
