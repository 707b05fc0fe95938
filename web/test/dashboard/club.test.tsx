// /dashboard/club: the creator's club as visitors see it (the club's own header and home view, read for the
// creator's slug), with the edit links and empty sections' hints, the link to open and copy, and a word when the
// club is not live yet.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import DashboardClub, { loader, NOT_LIVE, PREVIEW_NOTE } from '~/routes/dashboard-club';
import {
  answers,
  aProfile,
  callsOf,
  newCreatorAnswers,
  refusal,
  renderRoutes,
  resetApi,
  signedInArgs,
} from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

beforeEach(() => resetApi());

const open = () =>
  renderRoutes(
    [{ path: '/dashboard/club', Component: DashboardClub, loader: (args: never) => loader(signedInArgs(args)) }],
    '/dashboard/club',
  );

const emptyClub = {
  profile: { userId: 'cara-1', publicName: 'Cara', slug: 'wanderwithcara', creatorProfile: {}, verified: true },
  recommendations: [],
  packages: [],
  guides: [],
};

describe('the club preview', () => {
  it("shows the club's header and sections for the creator's slug, with an edit link on each", async () => {
    newCreatorAnswers(aProfile({ slug: 'wanderwithcara' }));
    answers['creator.clubView'] = () => emptyClub;
    open();
    expect(await screen.findByRole('heading', { level: 1, name: /Cara/ })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Verified creator' })).toBeTruthy();
    expect(callsOf('creator.clubView')).toEqual([{ params: { slug: 'wanderwithcara' } }]);
    expect(screen.getByText(PREVIEW_NOTE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/dashboard/club-settings');
    expect(screen.getByRole('link', { name: 'Manage stays' }).getAttribute('href')).toBe('/dashboard/manage-stays');
    expect(screen.getByRole('link', { name: 'Recommend your first stay' }).getAttribute('href')).toBe(
      '/dashboard/stays/add',
    );
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeTruthy();
  });

  it('offers the club to open and its link to copy', async () => {
    newCreatorAnswers(aProfile({ slug: 'wanderwithcara' }));
    answers['creator.clubView'] = () => emptyClub;
    open();
    const bar = await screen.findByRole('region', { name: 'Preview' });
    expect(within(bar).getByRole('link', { name: 'Open your club' }).getAttribute('href')).toBe('/user/wanderwithcara');
    expect(within(bar).getByRole('link', { name: 'Club settings' }).getAttribute('href')).toBe(
      '/dashboard/club-settings',
    );
    expect(within(bar).getByLabelText('Your club’s link')).toHaveProperty(
      'value',
      `${location.origin}/user/wanderwithcara`,
    );
    expect(within(bar).getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('says the club is not live yet when the creator service does not know it as a club', async () => {
    newCreatorAnswers();
    answers['creator.clubView'] = () => {
      throw refusal(404, 'profile-not-found', 'Profile not found');
    };
    open();
    expect(await screen.findByText(NOT_LIVE)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Your club' })).toBeTruthy();
  });
});
