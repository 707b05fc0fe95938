// Who gets the dashboard (spec section 6): nobody signed in goes to sign in and comes back; a traveller is told
// it is for creators and may become one on the spot (the role asked for, the new tokens adopted, the dashboard
// shown); a creator gets the page inside the dashboard frame, with its navigation.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BECOME_CREATOR_PITCH } from '~/dashboard/become-creator';
import { DashboardFrame } from '~/dashboard/frame';
import { currentLink, DASHBOARD_LINKS } from '~/dashboard/nav';
import DashboardLayout, { loader as layoutLoader } from '~/routes/dashboard';
import DashboardHome from '~/routes/dashboard-index';
import {
  aProfile,
  browserApi,
  callsOf,
  creator,
  newCreatorAnswers,
  refusal,
  renderRoutes,
  resetApi,
  signedInArgs,
  traveller,
  answers,
} from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

beforeEach(() => {
  resetApi();
  localStorage.clear();
});

const dashboard = (loader: (args: never) => unknown = (args) => layoutLoader(signedInArgs(args))) => [
  { path: '/dashboard', Component: DashboardLayout, loader, children: [{ index: true, Component: DashboardHome }] },
];

describe('the creator gate', () => {
  it('sends a visitor without a session to sign in, with the page as the returnUrl', async () => {
    renderRoutes(dashboard(layoutLoader as never), '/dashboard?tab=x', { user: null });
    expect((await screen.findByTestId('landed')).textContent).toBe('/signIn?returnUrl=%2Fdashboard%3Ftab%3Dx');
  });

  it("tells a traveller 'The dashboard is for creators', with the pitch and 'Become a creator'", async () => {
    renderRoutes(dashboard(), '/dashboard', { user: traveller });
    expect(await screen.findByRole('heading', { level: 1, name: 'The dashboard is for creators' })).toBeTruthy();
    expect(
      screen.getByText(
        'The dashboard is where creators run their travel clubs. Your own bookings are under Your trips.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(BECOME_CREATOR_PITCH)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Become a creator' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).toBeNull();
    expect(browserApi.call).not.toHaveBeenCalled();
  });

  it("'Become a creator' asks for the role, adopts the new tokens and shows the dashboard", async () => {
    const asCreator = { ...traveller, roles: ['role/customer', 'role/creator'] } as typeof traveller;
    const tokens = { user: asCreator, accessToken: 'with-role', expiresIn: 900 };
    answers['auth.changeRole'] = () => tokens;
    newCreatorAnswers(aProfile({ userId: 'ann-1', publicName: 'Ann', slug: 'ann' }));
    renderRoutes(dashboard(), '/dashboard', { user: traveller });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Become a creator' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ann' })).toBeTruthy();
    expect(callsOf('auth.changeRole')).toEqual([{ body: { role: 'creator' } }]);
    expect(browserApi.adopt).toHaveBeenCalledWith(tokens);
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeTruthy();
  });

  it("shows the service's refusal when the role cannot be given, and stays", async () => {
    answers['auth.changeRole'] = () => {
      throw refusal(403, 'forbidden', 'You may not do this.');
    };
    renderRoutes(dashboard(), '/dashboard', { user: traveller });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Become a creator' }));
    expect((await screen.findByRole('alert')).textContent).toBe('ErrorYou may not do this.');
    expect(browserApi.adopt).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Become a creator' })).toBeTruthy();
  });

  it('asks someone whose session ended (no member in the session) to sign in again', async () => {
    renderRoutes([{ path: '/x', Component: () => <DashboardFrame title="Stays">inside</DashboardFrame> }], '/x', {
      user: null,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Please sign in' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signIn?returnUrl=%2Fdashboard');
    expect(screen.queryByText('inside')).toBeNull();
  });

  it('gives a creator the page inside the frame', async () => {
    newCreatorAnswers();
    renderRoutes(dashboard(), '/dashboard', { user: creator });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Cara' })).toBeTruthy();
    expect(screen.queryByText('The dashboard is for creators')).toBeNull();
  });
});

describe('the dashboard navigation', () => {
  it('links every part of the dashboard, in order, and marks the current one', async () => {
    newCreatorAnswers();
    renderRoutes(dashboard(), '/dashboard', { user: creator });
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/dashboard'],
      ['Stays', '/dashboard/manage-stays'],
      ['Itineraries', '/dashboard/manage-itineraries'],
      ['Analytics', '/dashboard/analytics'],
      ['Income', '/dashboard/income'],
      ['Club', '/dashboard/club'],
      ['Club settings', '/dashboard/club-settings'],
      ['Taylor', '/dashboard/chat'],
      ['College', '/dashboard/travelclub-college'],
      ['Settings', '/dashboard/settings'],
      ['More', '/dashboard/more'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(links.filter((link) => link.getAttribute('aria-current'))).toHaveLength(1);
  });

  it('frames a page outside the layout the same way, with its title as the heading', async () => {
    renderRoutes(
      [
        {
          path: '/dashboard/club-settings',
          Component: () => <DashboardFrame title="Club settings">body</DashboardFrame>,
        },
      ],
      '/dashboard/club-settings',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Club settings' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Club settings' }).getAttribute('aria-current')).toBe('page'),
    );
    expect(within(nav).getByRole('link', { name: 'Club' }).getAttribute('aria-current')).toBeNull();
  });

  it('finds the entry a page belongs to: editors under their list, Home only for /dashboard itself', () => {
    expect(currentLink('/dashboard')?.label).toBe('Home');
    expect(currentLink('/dashboard/')?.label).toBe('Home');
    expect(currentLink('/dashboard/stays/add')?.label).toBe('Stays');
    expect(currentLink('/dashboard/stays/42')?.label).toBe('Stays');
    expect(currentLink('/dashboard/experiences/7')?.label).toBe('Itineraries');
    expect(currentLink('/dashboard/club')?.label).toBe('Club');
    expect(currentLink('/dashboard/club-settings')?.label).toBe('Club settings');
    expect(currentLink('/dashboard/travelclub-college/get-verified')?.label).toBe('College');
    expect(currentLink('/user/trips')).toBeUndefined();
    expect(DASHBOARD_LINKS).toHaveLength(11);
  });
});
