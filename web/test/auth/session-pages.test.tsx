// /logout (the session ends, sign-in follows without automatic sign-in, spec section 4), /dashboard (who gets
// in), and every auth page's title.
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as authRedirect from '~/routes/auth-redirect';
import * as continueSignIn from '~/routes/continue-sign-in';
import DashboardPage, * as dashboard from '~/routes/dashboard';
import * as forgotPassword from '~/routes/forgot-password';
import LogoutPage, * as logout from '~/routes/logout';
import * as resetPassword from '~/routes/reset-password';
import * as signIn from '~/routes/sign-in';
import * as signUp from '~/routes/sign-up';
import { account, browserApi, resetApi } from './api-mock';
import { renderPage } from './helpers';

vi.mock('~/lib/browser-api', async () => (await import('./api-mock')).browserApi);

beforeEach(() => {
  resetApi();
  sessionStorage.clear();
});

describe('/logout', () => {
  it('signs out, marks the tab signed out and goes to /signIn?loggedOut=1', async () => {
    renderPage({ path: '/logout', Component: LogoutPage, url: '/logout', user: account() });
    expect((await screen.findByTestId('landed')).textContent).toBe('/signIn?loggedOut=1');
    expect(browserApi.signOut).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('travelclub.signedOut')).toBe('1');
  });
});

describe('/dashboard', () => {
  const open = (user: ReturnType<typeof account> | null) =>
    renderPage({ path: '/dashboard', Component: DashboardPage, url: '/dashboard', user });

  it('opens for creators, in the dashboard frame (its pages: web/test/dashboard)', async () => {
    open(account({ roles: ['role/creator'], publicName: 'Cara' }));
    expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByText('The dashboard is for creators')).toBeNull();
  });

  it('tells a traveller it is for creators, with a link home', async () => {
    open(account());
    expect(await screen.findByRole('heading', { level: 1, name: 'The dashboard is for creators' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/');
  });

  it('sends a visitor without a session to sign in first', async () => {
    const request = new Request('http://localhost/dashboard');
    const answer = (() => {
      try {
        return dashboard.loader({ request } as never);
      } catch (thrown) {
        return thrown as Response;
      }
    })() as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/signIn?returnUrl=%2Fdashboard');
    const withSession = new Request('http://localhost/dashboard', { headers: { cookie: 'tc_session=s' } });
    expect(dashboard.loader({ request: withSession } as never)).toBeNull();
  });
});

describe('page titles', () => {
  const titleOf = (meta: (args: never) => unknown, loaderData: unknown = {}) =>
    (meta({ loaderData } as never) as { title: string }[])[0]?.title;

  it.each([
    ['sign-in', signIn.meta, {}, 'Sign in · TravelClub'],
    ['sign-up', signUp.meta, { asCreator: false }, 'Sign up · TravelClub'],
    ['creator sign-up', signUp.meta, { asCreator: true }, 'Start your club · TravelClub'],
    ['forgot password', forgotPassword.meta, {}, 'Forgot your password? · TravelClub'],
    ['reset password', resetPassword.meta, { mode: 'resetPassword' }, 'Reset your password · TravelClub'],
    ['verify email', resetPassword.meta, { mode: 'verifyEmail' }, 'Verify your email · TravelClub'],
    ['magic link', continueSignIn.meta, {}, 'Signing in · TravelClub'],
    ['provider return', authRedirect.meta, {}, 'Signing in · TravelClub'],
    ['logout', logout.meta, {}, 'Signing out · TravelClub'],
    ['dashboard', dashboard.meta, {}, 'Dashboard · TravelClub'],
  ])('%s', (_page, meta, loaderData, title) => {
    expect(titleOf(meta as never, loaderData)).toBe(title);
  });
});

describe('the sign-in card', () => {
  it('is at most 480 px wide (spec section 9)', async () => {
    const { readFileSync } = await import('node:fs');
    const { fileURLToPath } = await import('node:url');
    const file = (path: string) => readFileSync(fileURLToPath(new URL(path, `file://${__filename}`)), 'utf8');
    expect(file('../../app/auth/auth.css')).toMatch(/\.auth-card \{[^}]*max-width: var\(--card-width\);/);
    expect(file('../../app/styles/tokens.css')).toContain('--card-width: 480px;');
  });
});
