// The browser's API module against a stand-in network: which 401 gets the one re-authentication, and that an
// anonymous visitor's token goes along with a sign-in (their cart follows them into their account).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer[]>;
let sent: { path: string; authorization: string | null }[];

const json = ({ status, body }: Answer) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refusal = (status: number, code: string) => ({ status, body: { error: { code, message: code } } });
const user = (id: string, isAnonymous = false) => ({
  id,
  email: isAnonymous ? null : `${id}@example.com`,
  publicName: id,
  roles: isAnonymous ? [] : ['role/customer'],
  isAnonymous,
  isNew: false,
  emailVerified: !isAnonymous,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const tokens = (id: string, isAnonymous = false) => ({
  status: 200,
  body: { user: user(id, isAnonymous), accessToken: `token-${id}`, refreshToken: 'r', expiresIn: 900 },
});

beforeEach(() => {
  vi.resetModules();
  answers = {};
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const path = new URL(input, 'http://site.test').pathname;
      sent.push({ path, authorization: new Headers(init.headers).get('authorization') });
      const next = answers[path]?.shift();
      if (!next) throw new Error(`no answer for ${path}`);
      return json(next);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function visitorWithSession() {
  const api = await import('~/lib/browser-api');
  api.initSession({ isAuthenticated: true, csrfToken: 'csrf' });
  answers['/api/sessionLogin'] = [{ status: 200, body: { isAuthenticated: true, user: user('visitor', true) } }];
  await api.adopt(tokens('visitor', true).body as never);
  return api;
}

describe('call', () => {
  it('re-authenticates once when the token is refused, and retries once', async () => {
    const api = await visitorWithSession();
    answers['/api/v1/auth/me'] = [refusal(401, 'unauthenticated'), { status: 200, body: user('visitor', true) }];
    answers['/api/v1/auth/session/token'] = [tokens('visitor', true)];
    await api.call(api.endpoints.auth.me, {});
    expect(sent.filter((s) => s.path === '/api/v1/auth/me')).toHaveLength(2);
    expect(sent.filter((s) => s.path === '/api/v1/auth/session/token')).toHaveLength(1);
  });

  it("sends a visitor's token with a sign-in, and takes a wrong password as the answer, asked once", async () => {
    const api = await visitorWithSession();
    answers['/api/v1/auth/signIn'] = [refusal(401, 'wrong-password')];
    await expect(
      api.call(api.endpoints.auth.signIn, { body: { email: 'ann@example.com', password: 'nope-nope' } }),
    ).rejects.toMatchObject({ code: 'wrong-password' });
    const signIns = sent.filter((s) => s.path === '/api/v1/auth/signIn');
    expect(signIns).toEqual([{ path: '/api/v1/auth/signIn', authorization: 'Bearer token-visitor' }]);
    expect(sent.some((s) => s.path === '/api/v1/auth/session/token')).toBe(false);
  });
});
