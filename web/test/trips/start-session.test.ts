// /user/startSession: a form post's token goes to the auth service's sessionLogin with the visitor's cookies;
// its Set-Cookie comes back on a redirect to returnUrl (same-site paths only); a refusal says why.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { action } from '~/routes/user-start-session';
import { safeReturnUrl } from '~/trips/return-url';
import { SESSION_FAILURE } from '~/trips/start-session.server';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

function post(fields: Record<string, string>, query = '') {
  return new Request(`http://web.test/user/startSession${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'tc_csrf=csrf-1' },
    body: new URLSearchParams(fields),
  });
}
const run = (request: Request) => action({ request, params: {}, context: {} } as never);

describe('safeReturnUrl', () => {
  it.each([
    ['/user/trips?x=1#top', '/user/trips?x=1#top'],
    ['/', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
  ])('%s → %s', (value, expected) => expect(safeReturnUrl(value)).toBe(expected));

  it('falls back when nothing is given', () => expect(safeReturnUrl(null)).toBe('/'));
});

describe('the start session action', () => {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubEnv('AUTH_URL', 'http://auth.test');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
  });

  it('hands the token to sessionLogin and the session cookie back, going on to returnUrl', async () => {
    const headers = new Headers({ 'content-type': 'application/json' });
    headers.append('set-cookie', 'tc_session=s1; Path=/; HttpOnly; SameSite=Lax');
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ isAuthenticated: true, user: null }), { status: 200, headers }),
    );
    const res = (await run(post({ data: 'token-1', csrf: 'csrf-1', returnUrl: '/user/trips' }))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/user/trips');
    expect(res.headers.getSetCookie()).toEqual(['tc_session=s1; Path=/; HttpOnly; SameSite=Lax']);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://auth.test/api/sessionLogin');
    expect(String(init.body)).toBe('data=token-1&csrf=csrf-1');
    expect((init.headers as Record<string, string>).cookie).toBe('tc_csrf=csrf-1');
  });

  it('never redirects off the site', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const res = (await run(post({ data: 'token-1', csrf: 'csrf-1' }, '?returnUrl=https://evil.example'))) as Response;
    expect(res.headers.get('location')).toBe('/');
  });

  it("shows the auth service's refusal (CSRF missing), and the session failure text otherwise", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          error: { code: 'csrf-missing', message: 'Authentication configuration error. Please refresh the page.' },
        }),
        { status: 403, headers: { 'content-type': 'application/json' } },
      ),
    );
    const refused = (await run(post({ data: 'token-1' }))) as { data: unknown; init: { status: number } };
    expect(refused.data).toEqual({ error: 'Authentication configuration error. Please refresh the page.' });
    expect(refused.init.status).toBe(403);
    const empty = (await run(post({}))) as { data: unknown };
    expect(empty.data).toEqual({ error: SESSION_FAILURE });
    expect(SESSION_FAILURE).toBe(
      'Failed to initiate your session. Please try clearing your cookies and signing in again.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
