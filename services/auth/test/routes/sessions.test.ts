// Browser sessions: CSRF double submit, the session cookie's flags, reading and ending the session.
import { errorCatalogue } from '@travelclub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthApp } from '../../src/app.js';
import { signUp, startAuth } from '../helpers.js';

let app: AuthApp;
beforeAll(async () => {
  app = await startAuth();
});
afterAll(() => app?.close());

type Cookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  path?: string;
  maxAge?: number;
};
const cookieNamed = (res: { cookies: Cookie[] }, name: string) => res.cookies.find((c) => c.name === name);

async function csrf(target = app) {
  const res = await target.inject({ method: 'GET', url: '/api/v1/auth/csrf' });
  const token = res.json().csrfToken as string;
  expect(cookieNamed(res, 'tc_csrf')?.value).toBe(token);
  return token;
}

const sessionLogin = (
  form: Record<string, string>,
  cookies: Record<string, string>,
  url = '/api/sessionLogin',
  target = app,
) =>
  target.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
    cookies,
  });

describe('session login', () => {
  it('turns a token into an HttpOnly, Secure, SameSite=Lax cookie that the session check reads', async () => {
    const { accessToken, user } = await signUp(app);
    const token = await csrf();
    const res = await sessionLogin({ data: accessToken, csrf: token }, { tc_csrf: token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ isAuthenticated: true, user: { id: user.id } });
    const cookie = cookieNamed(res, 'tc_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(cookie.maxAge).toBe(14 * 86_400);

    const session = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      cookies: { tc_session: cookie.value },
    });
    expect(session.json()).toMatchObject({ isAuthenticated: true, user: { id: user.id, email: user.email } });

    const out = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sessionLogout',
      cookies: { tc_session: cookie.value },
    });
    expect(out.json()).toEqual({ isAuthenticated: false, user: null });
    expect(cookieNamed(out, 'tc_session')?.value).toBe('');
    const after = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      cookies: { tc_session: cookie.value },
    });
    expect(after.json()).toEqual({ isAuthenticated: false, user: null });
  });

  it('also answers at /api/sessionlogin/endpoint, with JSON too', async () => {
    const { accessToken } = await signUp(app);
    const token = await csrf();
    const res = await app.inject({
      method: 'POST',
      url: '/api/sessionlogin/endpoint',
      payload: { data: accessToken, csrf: token },
      cookies: { tc_csrf: token },
    });
    expect(res.statusCode).toBe(200);
    expect(cookieNamed(res, 'tc_session')).toBeDefined();
  });

  it.each([
    ['no CSRF token at all', {}, {}],
    ['a form token but no cookie', { csrf: 'x'.repeat(43) }, {}],
    ['a cookie but no form token', {}, { tc_csrf: 'x'.repeat(43) }],
    ['tokens that differ', { csrf: 'x'.repeat(43) }, { tc_csrf: 'y'.repeat(43) }],
  ])('refuses %s with the configuration error', async (_case, form, cookies) => {
    const { accessToken } = await signUp(app);
    const res = await sessionLogin({ data: accessToken, ...form }, cookies);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'csrf-missing',
      message: 'Authentication configuration error. Please refresh the page.',
    });
    expect(cookieNamed(res, 'tc_session')).toBeUndefined();
  });

  it('refuses a bad token with the session failure text', async () => {
    const token = await csrf();
    const res = await sessionLogin({ data: 'not.a.token', csrf: token }, { tc_csrf: token });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'session-failure', message: errorCatalogue['session-failure'].message });
  });

  it('answers signed out without a cookie or with an unknown one', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/session' })).json()).toEqual({
      isAuthenticated: false,
      user: null,
    });
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      cookies: { tc_session: 'made-up' },
    });
    expect(unknown.json()).toEqual({ isAuthenticated: false, user: null });
  });

  it('leaves Secure off only when configured for plain-http local runs', async () => {
    const local = await startAuth({ COOKIE_SECURE: 'false' });
    try {
      const { accessToken } = await signUp(local);
      const token = await csrf(local);
      const res = await sessionLogin(
        { data: accessToken, csrf: token },
        { tc_csrf: token },
        '/api/sessionLogin',
        local,
      );
      expect(cookieNamed(res, 'tc_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      expect(cookieNamed(res, 'tc_session')?.secure).toBeFalsy();
    } finally {
      await local.close();
    }
  });
});
