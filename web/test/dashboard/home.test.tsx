// The dashboard home: what to do next (the checklist drawn from the creator's data, the next step first in line,
// the club's link to copy) and today's counters (asked for today, in UTC), with their empty and error states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_SET } from '~/dashboard/next-steps';
import { incomeOf, QUIET_DAY } from '~/dashboard/today';
import DashboardHome from '~/routes/dashboard-index';
import {
  anImage,
  answers,
  aPackage,
  aProfile,
  aRecommendation,
  callsOf,
  counters,
  newCreatorAnswers,
  refusal,
  renderRoutes,
  resetApi,
} from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

beforeEach(() => {
  resetApi();
  localStorage.clear();
  vi.useRealTimers();
});

const open = () => renderRoutes([{ path: '/dashboard', Component: DashboardHome }], '/dashboard');
const stepNamed = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;
const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('what to do next', () => {
  it('greets the creator, shows their club link and the six steps with the first one next', async () => {
    newCreatorAnswers();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Cara' })).toBeTruthy();
    expect(screen.getByRole('link', { name: `${location.host}/user/cara` }).getAttribute('href')).toBe('/user/cara');
    expect(screen.getByRole('heading', { level: 2, name: 'What to do next' })).toBeTruthy();
    expect(screen.getByText('0 of 6 done')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'To do: Claim your club address',
      'To do: Add a hero image',
      'To do: Recommend your first stay',
      'To do: Publish a package',
      'To do: Share your link',
      'To do: Get verified',
    ]);
    const first = stepNamed('To do: Claim your club address');
    expect(first.getAttribute('data-next')).toBe('true');
    const action = within(first).getByRole('link', { name: 'Choose your address' });
    expect(action.getAttribute('href')).toBe('/dashboard/club-settings');
    expect(action.getAttribute('data-variant')).toBe('primary');
    expect(within(stepNamed('To do: Add a hero image')).getByRole('link').getAttribute('data-variant')).toBe(
      'secondary',
    );
  });

  it('ticks the steps from the data and moves "next" on', async () => {
    newCreatorAnswers(aProfile({ slug: 'wanderwithcara', creatorProfile: { heroImage: anImage('h') } }));
    answers['creator.myRecommendations'] = () => ({ recommendations: [aRecommendation()] });
    answers['creator.myPackages'] = () => ({ packages: [aPackage()], total: 1, take: 100, skip: 0 });
    open();
    expect(await screen.findByText('3 of 6 done')).toBeTruthy();
    expect(stepNamed('Done: Claim your club address').getAttribute('data-done')).toBe('true');
    expect(stepNamed('Done: Recommend your first stay').textContent).toContain('1 stay recommended.');
    const next = stepNamed('To do: Publish a package');
    expect(next.getAttribute('data-next')).toBe('true');
    expect(within(next).getByText('You have 1 draft: publish one when it is ready.')).toBeTruthy();
    expect(within(next).getByRole('link', { name: 'Open your drafts' }).getAttribute('href')).toBe(
      '/dashboard/manage-itineraries',
    );
    expect(callsOf('creator.myPackages')).toEqual([{ query: { take: 100 } }]);
    expect(screen.getByRole('progressbar', { name: 'Club set-up' }).getAttribute('value')).toBe('3');
  });

  it('copies the club link, says so, and remembers the step as done', async () => {
    newCreatorAnswers();
    const user = userEvent.setup();
    open();
    const share = await screen.findByRole('heading', { level: 3, name: 'To do: Share your link' });
    const step = share.closest('li')!;
    expect(within(step).getByLabelText('Your club’s link')).toHaveProperty('value', `${location.origin}/user/cara`);
    await user.click(within(step).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}/user/cara`);
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Done: Share your link' })).toBeTruthy();
    expect(screen.getByText('1 of 6 done')).toBeTruthy();
    expect(localStorage.getItem('tc-club-link-shared:cara-1')).toBe('1');
  });

  it('keeps the share step done on the next visit', async () => {
    localStorage.setItem('tc-club-link-shared:cara-1', '1');
    newCreatorAnswers();
    open();
    expect(await screen.findByRole('heading', { level: 3, name: 'Done: Share your link' })).toBeTruthy();
  });

  it('says the club is all set when every step is done, and offers no verification again', async () => {
    localStorage.setItem('tc-club-link-shared:cara-1', '1');
    newCreatorAnswers(
      aProfile({ slug: 'wanderwithcara', verified: true, creatorProfile: { heroImage: anImage('h') } }),
    );
    answers['creator.myRecommendations'] = () => ({ recommendations: [aRecommendation()] });
    answers['creator.myPackages'] = () => ({
      packages: [aPackage({ status: 'active' })],
      total: 1,
      take: 100,
      skip: 0,
    });
    open();
    expect(await screen.findByText(ALL_SET)).toBeTruthy();
    expect(screen.getByText('6 of 6 done')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Request verification' })).toBeNull();
  });

  it('makes the profile when the creator service has none yet (a role just granted)', async () => {
    newCreatorAnswers();
    answers['creator.readProfile'] = () => {
      throw refusal(404, 'profile-not-found', 'Profile not found');
    };
    answers['creator.createProfile'] = () => aProfile({ publicName: 'Newcomer', slug: 'newcomer' });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Newcomer' })).toBeTruthy();
    expect(callsOf('creator.createProfile')).toEqual([{ body: null }]);
  });

  it('says what went wrong when the data cannot be read, and tries again', async () => {
    newCreatorAnswers();
    let fail = true;
    answers['creator.myRecommendations'] = () => {
      if (fail) throw refusal(503, 'service-unavailable', 'The service is not available right now.');
      return { recommendations: [] };
    };
    open();
    expect((await screen.findByRole('alert')).textContent).toBe('ErrorThe service is not available right now.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Cara' })).toBeTruthy();
  });
});

describe("today's counters", () => {
  it('asks for today (UTC) only and shows its six figures', async () => {
    newCreatorAnswers();
    answers['creator.creatorCounters'] = ({ query }: { query: { from: string } }) =>
      counters(query.from, {
        pageViews: 1204,
        uniqueVisitors: 310,
        subscribers: 4,
        itinerariesStarted: 12,
        bookings: 3,
        commission: { USD: 4550 },
      });
    open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Today' })).toBeTruthy();
    await waitFor(() => expect(figure('Page views')).toBe('1,204'));
    expect(figure('Visitors')).toBe('310');
    expect(figure('Subscribers')).toBe('+4');
    expect(figure('Itineraries')).toBe('12');
    expect(figure('Bookings')).toBe('3');
    expect(figure('Income')).toBe('$45.50');
    const today = new Date().toISOString().slice(0, 10);
    expect(callsOf('creator.creatorCounters')).toEqual([{ query: { from: today, to: today } }]);
    expect(screen.queryByText(QUIET_DAY)).toBeNull();
    expect(screen.getByRole('link', { name: 'See analytics' }).getAttribute('href')).toBe('/dashboard/analytics');
  });

  it("reads today's figures again within seconds while the dashboard stays open", async () => {
    newCreatorAnswers();
    let views = 0;
    answers['creator.creatorCounters'] = ({ query }: { query: { from: string } }) =>
      counters(query.from, { pageViews: views, subscribers: views > 0 ? 1 : 0 });
    open();
    await waitFor(() => expect(figure('Page views')).toBe('0'));
    expect(figure('Subscribers')).toBe('0');
    // A visitor comes and subscribes: the open page shows it without a reload.
    views = 3;
    await waitFor(() => expect(figure('Page views')).toBe('3'), { timeout: 8_000 });
    expect(figure('Subscribers')).toBe('+1');
    expect(screen.queryByText(QUIET_DAY)).toBeNull();
  }, 15_000);

  it('says a quiet day is quiet, with income at zero in the club currency', async () => {
    newCreatorAnswers(aProfile({ currency: 'EUR' }));
    open();
    expect(await screen.findByText(QUIET_DAY)).toBeTruthy();
    expect(figure('Page views')).toBe('0');
    expect(figure('Income')).toBe('€0.00');
  });

  it('shows income per currency, net of refunds, never converted', async () => {
    newCreatorAnswers();
    answers['creator.creatorCounters'] = ({ query }: { query: { from: string } }) =>
      counters(query.from, { bookings: 2, commission: { USD: 3000, EUR: 1500 }, commissionReversed: { USD: 1000 } });
    open();
    await waitFor(() => expect(figure('Income')).toBe('$20.00 · €15.00'));
    expect(incomeOf({ commission: { JPY: 500 }, commissionReversed: { JPY: 500, GBP: 100 } })).toEqual({
      JPY: 0,
      GBP: -100,
    });
  });

  it('says when the counters cannot be read, without hiding the checklist', async () => {
    newCreatorAnswers();
    answers['creator.creatorCounters'] = () => {
      throw refusal(504, 'upstream-timeout', 'The service took too long to answer.');
    };
    open();
    expect((await screen.findByRole('alert')).textContent).toBe('ErrorThe service took too long to answer.');
    expect(screen.getByRole('heading', { level: 2, name: 'What to do next' })).toBeTruthy();
  });
});
