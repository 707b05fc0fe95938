// /dashboard/income: what billing owes the creator per currency (payable, pending, paid out), income per day
// charted per currency with its table (the analytics page's chart), every commission and reversal with
// whether it is payable yet, and a clear empty state that points to the club link.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreatorCountersQuery } from '@travelclub/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import IncomePage, { loader } from '~/routes/dashboard-income';
import { answers, callsOf, member, renderRoutes, resetApi } from '../checkout/harness';
import { aDay, aPayout, countersAnswer, creator, drawn, rangeOf, stubBrowser } from './fixtures';

vi.mock('~/lib/browser-api', async () => (await import('../checkout/harness')).browserApi);
vi.mock('uplot', async () => ({ default: (await import('./fixtures')).FakePlot }));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const route = { path: '/dashboard/income', Component: IncomePage as never };
const open = (url = '/dashboard/income', user = creator) => renderRoutes([route], url, { user });

const payout = aPayout({
  commissionRate: 0.12,
  balances: [
    { currency: 'EUR', balance: 4200, pending: 0, paid: 0 },
    { currency: 'USD', balance: 12550, pending: 30000, paid: 5000 },
  ],
  entries: [
    {
      invoiceId: 'inv-3',
      itineraryId: 'it-3',
      kind: 'reversal',
      amount: { amount: -2000, currency: 'USD' },
      availableFrom: '2026-04-02',
      at: '2026-03-15T10:00:00.000Z',
    },
    {
      invoiceId: 'inv-3',
      itineraryId: 'it-3',
      kind: 'commission',
      amount: { amount: 32000, currency: 'USD' },
      availableFrom: '2026-04-02',
      at: '2026-03-12T09:00:00.000Z',
    },
    {
      invoiceId: 'inv-1',
      itineraryId: 'it-1',
      kind: 'commission',
      amount: { amount: 4200, currency: 'EUR' },
      availableFrom: '2026-03-01',
      at: '2026-02-20T09:00:00.000Z',
    },
  ],
});

const countersCalls = () =>
  callsOf('creator.creatorCounters').map((input) => (input as { query: CreatorCountersQuery }).query);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-16T12:00:00Z') });
  resetApi();
  stubBrowser();
  answers['billing.myPayout'] = () => payout;
  answers['creator.creatorCounters'] = ({ query }: { query: CreatorCountersQuery }) =>
    countersAnswer(
      rangeOf(query.from!, query.to!, [
        aDay('2026-03-12', { commission: { USD: 32000 } }),
        aDay('2026-03-15', { commissionReversed: { USD: 2000 } }),
      ]),
    );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the income page', () => {
  it('shows balance, pending and paid out per currency, never added together', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Income' })).toBeTruthy();
    expect(await screen.findByText('You earn 12% of every booking made through your club.')).toBeTruthy();
    const usd = screen.getByRole('region', { name: 'US Dollar (USD)' });
    expect(
      within(usd)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Payable', 'Pending', 'Paid out']);
    expect(
      within(usd)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual([
      '$125.50Earned on stays that are over.',
      '$300.00Earned on stays still to come: a cancellation may take it back.',
      '$50.00',
    ]);
    const eur = screen.getByRole('region', { name: 'Euro (EUR)' });
    expect(
      within(eur)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual([
      '€42.00Earned on stays that are over.',
      '€0.00Earned on stays still to come: a cancellation may take it back.',
      '€0.00',
    ]);
    expect(screen.queryByText(/\$167\.50|€167\.50/)).toBeNull();
  });

  it('charts income per day, one chart per currency, with the numbers beside it', async () => {
    open('/dashboard/income?range=last-7-days');
    expect(await screen.findByText('Showing Mar 10, 2026 – Mar 16, 2026 (7 days, UTC)')).toBeTruthy();
    expect(countersCalls()).toEqual([{ from: '2026-03-10', to: '2026-03-16' }]);
    await waitFor(() => expect(drawn).toHaveLength(2));
    expect(drawn.map((plot) => plot.opts.series[1]!.label)).toEqual(['Income (EUR)', 'Income (USD)']);
    expect(drawn[1]!.data[1]).toEqual([0, 0, 320, 0, 0, -20, 0]);
    expect(drawn[0]!.data[1]).toEqual([0, 0, 0, 0, 0, 0, 0]);

    const usd = screen.getByRole('region', { name: 'Income in USD' });
    expect(within(usd).getByText('Income (USD): $300.00 in total, highest on Thu, Mar 12 ($320.00).')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Income in EUR' })).getByText('Income (EUR): none in these days.'),
    ).toBeTruthy();
    await userEvent.setup().click(within(usd).getByText('Show the numbers'));
    const rows = within(within(usd).getByRole('table', { name: 'Income in USD, per day' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayIncome (USD)',
      'Tue, Mar 10$0.00',
      'Wed, Mar 11$0.00',
      'Thu, Mar 12$320.00',
      'Fri, Mar 13$0.00',
      'Sat, Mar 14$0.00',
      'Sun, Mar 15-$20.00',
      'Mon, Mar 16$0.00',
    ]);
  });

  it('lists every commission and reversal, and whether it is payable yet', async () => {
    open();
    const section = (await screen.findByRole('heading', { name: 'Payout entries' })).parentElement!;
    expect(
      within(section).getByText(
        'Each booking’s commission, and what a refund took back. It becomes payable once the stay is over.',
      ),
    ).toBeTruthy();
    const entries = within(section).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    const texts = entries.map((entry) => [...entry.children].map((part) => part.textContent));
    expect(texts.map((parts) => [parts[0], parts[1], parts[3], parts[4]])).toEqual([
      ['Taken back by a refund', '-$20.00', 'Booking it-3', 'Pending: payable from Apr 2, 2026'],
      ['Commission', '$320.00', 'Booking it-3', 'Pending: payable from Apr 2, 2026'],
      ['Commission', '€42.00', 'Booking it-1', 'Payable since Mar 1, 2026'],
    ]);
    expect(texts[0]![2]).toMatch(/^Mar 15, 2026/);
  });

  it('says there are no bookings yet, and points to the club link', async () => {
    answers['billing.myPayout'] = () => aPayout();
    open();
    expect(
      await screen.findByText('No bookings yet: share your club link so your followers can book their stays from it.'),
    ).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/user/ada-travels`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open your club' }).getAttribute('href')).toBe('/user/ada-travels');
    expect(screen.queryByRole('heading', { name: 'Balance' })).toBeNull();
    expect(countersCalls()).toEqual([]);
  });

  it('sends a creator without a club link to choose one', async () => {
    answers['billing.myPayout'] = () => aPayout({ creator: null });
    open();
    const link = await screen.findByRole('link', { name: 'Choose your club link' });
    expect(link.getAttribute('href')).toBe('/dashboard/club-settings');
  });

  it('gives the API’s refusal with a way to try again', async () => {
    const { ApiError } = await import('@travelclub/contracts');
    answers['billing.myPayout'] = () => {
      throw new ApiError(503, 'service-unavailable', 'Billing is busy, please try again.');
    };
    open();
    expect(await screen.findByText('Billing is busy, please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is for creators only, and signed-in ones', async () => {
    open('/dashboard/income', member);
    expect(await screen.findByRole('heading', { name: 'The dashboard is for creators' })).toBeTruthy();
    expect(callsOf('billing.myPayout')).toEqual([]);
    expect(() => loader({ request: new Request('http://localhost/dashboard/income') } as never)).toThrow();
  });
});
