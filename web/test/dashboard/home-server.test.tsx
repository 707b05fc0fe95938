// The dashboard home read on the server: the session cookie becomes the creator's own access token (the CSRF
// token beside it), the four reads go with that token, and the page is whole at its first paint, with no call
// from the browser. Anything missing or refused leaves the reading to the browser.
import { screen } from '@testing-library/react';
import { ApiError } from '@travelclub/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dashboardHomeData } from '~/dashboard/home.server';
import { todayUtc } from '~/dashboard/queries';
import DashboardHome, { loader } from '~/routes/dashboard-index';
import { answers as serverAnswers, resetServer, server } from '../club/api';
import { aProfile, callsOf, counters, creator, renderRoutes, resetApi } from './harness';

vi.mock('~/lib/api.server', async () => (await import('../club/api')).server);
vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const signedIn = (cookie = 'tc_session=s1; tc_csrf=c1') =>
  new Request('http://web.test/dashboard', { headers: { cookie } });

function creatorServer(roles = creator.roles) {
  serverAnswers['auth.sessionToken'] = () => ({ user: { ...creator, roles }, accessToken: 'token-1', expiresIn: 900 });
  serverAnswers['creator.readProfile'] = () => aProfile();
  serverAnswers['creator.myRecommendations'] = () => ({ recommendations: [] });
  serverAnswers['creator.myPackages'] = () => ({ packages: [], total: 0, take: 100, skip: 0 });
  serverAnswers['creator.creatorCounters'] = ({ query }: { query: { from: string } }) => counters(query.from);
}

/** Each call the server made: the endpoint's path and the options it went with. */
const serverCalls = () =>
  server.serverCall.mock.calls.map(([, e, , options]) => ({ path: (e as { path: string }).path, options }));

beforeEach(() => {
  resetServer();
  resetApi();
});

describe('the dashboard home on the server', () => {
  it("reads the creator's data with their own token, got from the session cookie and the CSRF token", async () => {
    creatorServer();
    const data = await dashboardHomeData(signedIn());
    expect(data?.profile.publicName).toBe(aProfile().publicName);
    expect(data?.today.day).toBe(todayUtc());
    const [first, ...rest] = serverCalls();
    expect(first).toEqual({
      path: '/api/v1/auth/session/token',
      options: { cookies: true, headers: { 'x-csrf-token': 'c1' } },
    });
    expect(rest.map((call) => call.options)).toEqual(Array(4).fill({ token: 'token-1' }));
  });

  it('leaves the reading to the browser without both cookies, for a non-creator, or when a read fails', async () => {
    creatorServer();
    expect(await dashboardHomeData(signedIn('tc_session=s1'))).toBeNull();
    expect(await dashboardHomeData(signedIn('tc_csrf=c1'))).toBeNull();
    expect(serverCalls()).toEqual([]);

    creatorServer(['role/customer']);
    expect(await dashboardHomeData(signedIn())).toBeNull();
    expect(serverCalls().map((call) => call.path)).toEqual(['/api/v1/auth/session/token']);

    creatorServer();
    serverAnswers['creator.creatorCounters'] = () => {
      throw new ApiError(503, 'service-unavailable', 'down');
    };
    expect(await dashboardHomeData(signedIn())).toBeNull();
  });

  it('renders the whole home from the loader, with no call from the browser', async () => {
    creatorServer();
    const home = (await loader({ request: signedIn(), params: {}, context: {} } as never)).home;
    renderRoutes([{ path: '/dashboard', Component: () => <DashboardHome loaderData={{ home }} /> }], '/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${aProfile().publicName}` })).toBeTruthy();
    expect(screen.getByText('0 of 6 done')).toBeTruthy();
    expect(screen.getByText('Page views', { selector: 'dt' })).toBeTruthy();
    expect(screen.queryByText('Loading your club…')).toBeNull();
    expect(screen.queryByText('Counting today…')).toBeNull();
    for (const name of [
      'creator.readProfile',
      'creator.myRecommendations',
      'creator.myPackages',
      'creator.creatorCounters',
    ])
      expect(callsOf(name)).toEqual([]);
  });
});
