// /dashboard/analytics: the funnel's totals with their rates, the range presets and the custom range (its
// rules and messages, and nothing asked of the API for days it would refuse), the charts drawn by uPlot
// (loaded on demand: here a stand-in that records what it is asked to draw) in the design tokens' colours,
// following their container and the colour scheme, each with a summary and a table of the same numbers.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreatorCountersQuery } from '@travelclub/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AnalyticsPage, { loader } from '~/routes/dashboard-analytics';
import { answers, callsOf, member, renderRoutes, resetApi } from '../checkout/harness';
import { aDay, countersAnswer, creator, drawn, observers, rangeOf, schemeListeners, stubBrowser } from './fixtures';

vi.mock('~/lib/browser-api', async () => (await import('../checkout/harness')).browserApi);
vi.mock('uplot', async () => ({ default: (await import('./fixtures')).FakePlot }));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

const route = { path: '/dashboard/analytics', Component: AnalyticsPage as never };
const open = (url = '/dashboard/analytics', user = creator) => renderRoutes([route], url, { user });

const busyDays = [
  aDay('2026-03-14', { pageViews: 1500, uniqueVisitors: 600, searches: 90, itinerariesStarted: 12 }),
  aDay('2026-03-15', {
    pageViews: 500,
    uniqueVisitors: 200,
    searches: 30,
    itinerariesStarted: 3,
    bookings: 3,
    cancellations: 1,
    subscribers: -2,
    grossBookingValue: { USD: 300000 },
    commission: { USD: 30000 },
    commissionReversed: { USD: 5000 },
  }),
];

const countersCalls = () =>
  callsOf('creator.creatorCounters').map((input) => (input as { query: CreatorCountersQuery }).query);

/** The design tokens, as the site's stylesheet gives them to the chart's container. */
function addTokens() {
  const style = document.createElement('style');
  style.textContent =
    '.chart-picture { --accent: #0b6b5e; --focus: #1a56db; --warning: #93370d; --text-muted: #4a5361; --border-subtle: #dde1e7; }';
  document.head.append(style);
  return () => style.remove();
}

let removeTokens: () => void;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-16T12:00:00Z') });
  resetApi();
  stubBrowser();
  removeTokens = addTokens();
  answers['creator.creatorCounters'] = ({ query }: { query: CreatorCountersQuery }) =>
    countersAnswer(rangeOf(query.from!, query.to!, busyDays));
});
afterEach(() => {
  removeTokens();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the analytics page', () => {
  it('asks for the last 30 days first and shows the funnel with its rates', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();
    expect(await screen.findByText('Showing Feb 15, 2026 – Mar 16, 2026 (30 days, UTC)')).toBeTruthy();
    const funnel = (await screen.findByRole('heading', { name: 'Funnel' })).parentElement!;
    const steps = within(funnel)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toEqual([
      'Page views2,000',
      'Visitors80040% of page views',
      'Searches12015% of visitors',
      'Itineraries1512.5% of searches',
      'Bookings320% of itineraries',
      'Income$250.00After $50.00 taken back by refunds',
    ]);
    expect(countersCalls()).toEqual([{ from: '2026-02-15', to: '2026-03-16' }]);
    expect(screen.getByRole('link', { name: 'Last 30 days' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: 'Last 7 days' }).getAttribute('aria-current')).toBeNull();

    const beside = screen.getByRole('heading', { name: 'Also in these days' }).parentElement!;
    expect(
      within(beside)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Booking value', 'Cancellations', 'Subscribers (change)']);
    expect(
      within(beside)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['$3,000.00', '1', '−2']);
  });

  it('says when nothing was counted, without dividing by zero', async () => {
    answers['creator.creatorCounters'] = ({ query }: { query: CreatorCountersQuery }) =>
      countersAnswer(rangeOf(query.from!, query.to!));
    open();
    expect(
      await screen.findByText('Nothing was counted in these days. Share your club link to bring visitors in.'),
    ).toBeTruthy();
    const funnel = screen.getByRole('heading', { name: 'Funnel' }).parentElement!;
    expect(
      within(funnel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Page views0',
      'Visitors0No page views to compare with',
      'Searches0No visitors to compare with',
      'Itineraries0No searches to compare with',
      'Bookings0No itineraries to compare with',
      'IncomeNone yet',
    ]);
    expect(screen.getByText('Page views: none in these days. Visitors: none in these days.')).toBeTruthy();
  });

  it('shows a booking that came without a page view, and draws one day as one day', async () => {
    const booked = aDay('2026-03-16', { itinerariesStarted: 1, bookings: 1, commission: { USD: 4534 } });
    answers['creator.creatorCounters'] = ({ query }: { query: CreatorCountersQuery }) =>
      countersAnswer(rangeOf(query.from!, query.to!, [booked]));
    open('/dashboard/analytics?from=2026-03-16&to=2026-03-16');
    const funnel = (await screen.findByRole('heading', { name: 'Funnel' })).parentElement!;
    expect(within(funnel).getByText('Bookings').parentElement!.textContent).toBe('Bookings1100% of itineraries');
    // Something was counted: the page does not say otherwise.
    expect(screen.queryByText(/Nothing was counted/)).toBeNull();

    // The day axis spans the day and half a day either side, in steps of whole days (uPlot alone spans years).
    await waitFor(() => expect(drawn).toHaveLength(3));
    const day = Date.parse('2026-03-16T00:00:00Z') / 1000;
    for (const chart of drawn) {
      // Whatever uPlot offers (for one point it offers 1,000 days), the span is the day's.
      expect(chart.opts.scales.x.range(null, day, day + 86_400_000)).toEqual([day - 43_200, day + 43_200]);
      expect(chart.opts.axes[0]!.incrs![0]).toBe(86_400);
    }
  });

  it('draws each chart with uPlot in the tokens’ colours, with a summary and a table beside it', async () => {
    open('/dashboard/analytics?range=last-7-days');
    await screen.findByRole('heading', { name: 'Per day' });
    await waitFor(() => expect(drawn).toHaveLength(3));
    const [traffic, conversions, income] = drawn;
    expect(traffic!.opts.series.map((s) => s.label)).toEqual(['Day', 'Page views', 'Visitors']);
    expect(traffic!.opts.series.slice(1).map((s) => [s.stroke, s.dash])).toEqual([
      ['#0b6b5e', []],
      ['#1a56db', [8, 4]],
    ]);
    expect(traffic!.opts.axes.map((a) => a.stroke)).toEqual(['#4a5361', '#4a5361']);
    const week = rangeOf('2026-03-10', '2026-03-16').map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
    expect(traffic!.data).toEqual([week, [0, 0, 0, 0, 1500, 500, 0], [0, 0, 0, 0, 600, 200, 0]]);
    expect(conversions!.opts.series.map((s) => s.label)).toEqual(['Day', 'Searches', 'Itineraries', 'Bookings']);
    expect(conversions!.opts.series[3]!.stroke).toBe('#93370d');
    // Income in major units, one chart for its one currency.
    expect(income!.opts.series.map((s) => s.label)).toEqual(['Day', 'Income (USD)']);
    expect(income!.data[1]).toEqual([0, 0, 0, 0, 0, 250, 0]);
    expect(income!.opts.axes[1]!.values!(null, [0, 1500])).toEqual(['$0', '$1.5K']);
    expect(traffic!.opts.axes[1]!.values!(null, [0, 1500])).toEqual(['0', '1,500']);
    expect(traffic!.opts.scales.y.range(null, 0, 0)).toEqual([0, 5]);
    expect(traffic!.opts.scales.y.range(null, 0, 1500)).toEqual([0, 2000]);

    const chart = screen.getByRole('region', { name: 'Page views and visitors' });
    expect(traffic!.target.closest('section')).toBe(chart);
    expect(traffic!.target.getAttribute('aria-hidden')).toBe('true');
    expect(
      within(chart).getByText(
        'Page views: 2,000 in total, highest on Sat, Mar 14 (1,500). Visitors: 800 in total, highest on Sat, Mar 14 (600).',
      ),
    ).toBeTruthy();
    await userEvent.setup().click(within(chart).getByText('Show the numbers'));
    const table = within(chart).getByRole('table', { name: 'Page views and visitors, per day' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'DayPage viewsVisitors',
      'Tue, Mar 1000',
      'Wed, Mar 1100',
      'Thu, Mar 1200',
      'Fri, Mar 1300',
      'Sat, Mar 141,500600',
      'Sun, Mar 15500200',
      'Mon, Mar 1600',
    ]);
    const incomeTable = screen.getByRole('table', { name: 'Income in USD, per day' });
    expect(within(incomeTable).getAllByRole('row')[6]!.textContent).toBe('Sun, Mar 15$250.00');
  });

  it('follows its container’s width and the colour scheme, and lets go when the page goes', async () => {
    open();
    await waitFor(() => expect(drawn).toHaveLength(3));
    const first = drawn[0]!;
    Object.defineProperty(first.target, 'clientWidth', { value: 600, configurable: true });
    act(() => observers[0]!.callback());
    expect(first.setSize).toHaveBeenCalledWith({ width: 600, height: 270 });
    Object.defineProperty(first.target, 'clientWidth', { value: 390, configurable: true });
    act(() => observers[0]!.callback());
    expect(first.setSize).toHaveBeenLastCalledWith({ width: 390, height: 200 });

    act(() => schemeListeners.forEach((listener) => listener()));
    expect(first.destroy).toHaveBeenCalledTimes(1);
    expect(drawn).toHaveLength(6);

    cleanup();
    expect(drawn.slice(3).every((plot) => plot.destroy.mock.calls.length === 1)).toBe(true);
    expect(observers.every((observer) => observer.disconnected)).toBe(true);
    expect(schemeListeners.size).toBe(0);
  });
});

/** Types a day into the picker's segments (US English order: month, day, year). */
async function typeDay(user: ReturnType<typeof userEvent.setup>, end: 'Start Date' | 'End Date', day: string) {
  const [year, month, date] = day.split('-');
  await user.click(screen.getByRole('spinbutton', { name: new RegExp(`^month, ${end}`) }));
  await user.keyboard(`${month}${date}${year}`);
}

describe('choosing the days', () => {
  it('switches to a preset, worked out in UTC', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByText('Showing Feb 15, 2026 – Mar 16, 2026 (30 days, UTC)');
    await user.click(screen.getByRole('link', { name: 'Last month' }));
    expect(await screen.findByText('Showing Feb 1, 2026 – Feb 28, 2026 (28 days, UTC)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Last month' }).getAttribute('aria-current')).toBe('true');
    await user.click(screen.getByRole('link', { name: 'This month' }));
    expect(await screen.findByText('Showing Mar 1, 2026 – Mar 16, 2026 (16 days, UTC)')).toBeTruthy();
    expect(countersCalls()).toEqual([
      { from: '2026-02-15', to: '2026-03-16' },
      { from: '2026-02-01', to: '2026-02-28' },
      { from: '2026-03-01', to: '2026-03-16' },
    ]);
  });

  it('shows custom days once they are confirmed', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByText('Showing Feb 15, 2026 – Mar 16, 2026 (30 days, UTC)');
    expect(screen.getByText('Custom range')).toBeTruthy();
    expect(screen.getByText('Up to 366 days, between 2000 and 2099. Days are counted in UTC.')).toBeTruthy();
    await typeDay(user, 'Start Date', '2025-12-24');
    await typeDay(user, 'End Date', '2026-01-06');
    expect(countersCalls()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show these days' }));
    expect(await screen.findByText('Showing Dec 24, 2025 – Jan 6, 2026 (14 days, UTC)')).toBeTruthy();
    expect(countersCalls().at(-1)).toEqual({ from: '2025-12-24', to: '2026-01-06' });
    for (const preset of ['Last 7 days', 'Last 30 days', 'This month', 'Last month'])
      expect(screen.getByRole('link', { name: preset }).getAttribute('aria-current')).toBeNull();
  });

  it('refuses more than 366 days, and days outside 2000 to 2099, without asking the API', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByText('Showing Feb 15, 2026 – Mar 16, 2026 (30 days, UTC)');
    await typeDay(user, 'Start Date', '2025-01-01');
    await typeDay(user, 'End Date', '2026-01-02');
    await user.click(screen.getByRole('button', { name: 'Show these days' }));
    const tooLong = 'A range can cover at most 366 days, and this one covers 367. Choose a shorter range.';
    expect(await screen.findByText(tooLong)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Custom range' }).hasAttribute('data-invalid')).toBe(true);

    await typeDay(user, 'Start Date', '1999-12-31');
    await waitFor(() => expect(screen.queryByText(tooLong)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Show these days' }));
    expect(await screen.findByText('Choose days between 2000 and 2099.')).toBeTruthy();
    expect(countersCalls()).toEqual([{ from: '2026-02-15', to: '2026-03-16' }]);
    expect(screen.getByText('Showing Feb 15, 2026 – Mar 16, 2026 (30 days, UTC)')).toBeTruthy();
  });

  it('explains days in the address that cannot be shown, and asks nothing', async () => {
    open('/dashboard/analytics?from=2026-03-10&to=2026-03-01');
    expect(await screen.findByText('The first day must not be after the last day.')).toBeTruthy();
    expect(screen.getByText('Choose other days above to see your numbers.')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
    expect(countersCalls()).toEqual([]);
  });
});

describe('what else the page says', () => {
  it('gives the API’s refusal, and tries again when asked', async () => {
    const user = userEvent.setup();
    const { ApiError } = await import('@travelclub/contracts');
    let failing = true;
    answers['creator.creatorCounters'] = ({ query }: { query: CreatorCountersQuery }) => {
      if (failing) throw new ApiError(503, 'service-unavailable', 'The service is busy, please try again.');
      return countersAnswer(rangeOf(query.from!, query.to!, busyDays));
    };
    open();
    expect(await screen.findByText('The service is busy, please try again.')).toBeTruthy();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Funnel' })).toBeTruthy();
  });

  it('turns away a signed-in traveller who is not a creator', async () => {
    open('/dashboard/analytics', member);
    expect(await screen.findByRole('heading', { name: 'The dashboard is for creators' })).toBeTruthy();
    expect(countersCalls()).toEqual([]);
  });

  it('sends a visitor without a session to sign in, and back here after', () => {
    const request = new Request('http://localhost/dashboard/analytics?range=last-7-days');
    let thrown: unknown;
    try {
      loader({ request } as never);
    } catch (err) {
      thrown = err;
    }
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/signIn?returnUrl=%2Fdashboard%2Fanalytics%3Frange%3Dlast-7-days');
  });
});
