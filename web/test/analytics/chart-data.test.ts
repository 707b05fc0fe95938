// What each chart holds and says: its series per day, one income chart per currency (never summed across
// currencies), values read in their unit, and the sentence that sums a chart up.
import { describe, expect, it } from 'vitest';
import {
  conversionsChart,
  COUNT_STEPS,
  DAY_STEPS,
  daySpanOf,
  formatValue,
  incomeCharts,
  minorPerMajor,
  summaryOf,
  trafficChart,
} from '~/analytics/chart-data';
import { aDay } from './fixtures';

const days = [
  aDay('2026-03-02', { pageViews: 12, uniqueVisitors: 5, searches: 3, commission: { USD: 1500 } }),
  aDay('2026-03-03', {
    pageViews: 30,
    uniqueVisitors: 9,
    itinerariesStarted: 2,
    bookings: 1,
    commission: { USD: 4550, EUR: 900 },
    commissionReversed: { USD: 500 },
  }),
  aDay('2026-03-04'),
];

describe('the charts', () => {
  it('show traffic and conversions per day', () => {
    const traffic = trafficChart(days);
    expect(traffic.title).toBe('Page views and visitors');
    expect(traffic.days).toEqual(['2026-03-02', '2026-03-03', '2026-03-04']);
    expect(traffic.series).toEqual([
      { label: 'Page views', values: [12, 30, 0] },
      { label: 'Visitors', values: [5, 9, 0] },
    ]);
    const conversions = conversionsChart(days);
    expect(conversions.title).toBe('Searches, itineraries and bookings');
    expect(conversions.series.map((s) => [s.label, s.values])).toEqual([
      ['Searches', [3, 0, 0]],
      ['Itineraries', [0, 2, 0]],
      ['Bookings', [0, 1, 0]],
    ]);
  });

  it('draw income per currency, net of refunds', () => {
    const [eur, usd] = incomeCharts(days, ['EUR', 'USD']);
    expect(eur).toMatchObject({ id: 'chart-income-eur', title: 'Income in EUR', currency: 'EUR' });
    expect(eur!.series).toEqual([{ label: 'Income (EUR)', values: [0, 900, 0] }]);
    expect(usd!.series).toEqual([{ label: 'Income (USD)', values: [1500, 4050, 0] }]);
  });

  it('read values in their unit', () => {
    expect(formatValue({}, 1234)).toBe('1,234');
    expect(formatValue({ currency: 'USD' }, 4050)).toBe('$40.50');
    expect(formatValue({ currency: 'JPY' }, 4050)).toBe('¥4,050');
    expect(minorPerMajor('USD')).toBe(100);
    expect(minorPerMajor('JPY')).toBe(1);
  });

  it('sum themselves up in words', () => {
    expect(summaryOf(trafficChart(days))).toBe(
      'Page views: 42 in total, highest on Tue, Mar 3 (30). Visitors: 14 in total, highest on Tue, Mar 3 (9).',
    );
    const [usd] = incomeCharts(days, ['USD']);
    expect(summaryOf(usd!)).toBe('Income (USD): $55.50 in total, highest on Tue, Mar 3 ($40.50).');
    expect(summaryOf(trafficChart([aDay('2026-03-04')]))).toBe(
      'Page views: none in these days. Visitors: none in these days.',
    );
    expect(summaryOf(trafficChart([]))).toBe('No days to show.');
  });
});

describe('the day axis', () => {
  const day = Date.parse('2026-03-16T00:00:00Z') / 1000;

  it('spans the days shown and half a day either side, so one day is a point in the middle', () => {
    expect(daySpanOf(['2026-03-16'])).toEqual([day - 43_200, day + 43_200]);
    expect(daySpanOf(['2026-03-10', '2026-03-11', '2026-03-16'])).toEqual([day - 6 * 86_400 - 43_200, day + 43_200]);
    expect(daySpanOf([])).toEqual([null, null]);
  });

  it('steps in whole days at the least, smallest step first', () => {
    expect([...DAY_STEPS].sort((a, b) => a - b)).toEqual(DAY_STEPS);
    expect(Math.min(...DAY_STEPS)).toBe(86_400);
    expect(DAY_STEPS.every((step) => step % 86_400 === 0)).toBe(true);
  });
});

describe('the count axis', () => {
  it('steps in whole numbers, 1, 2, 5 and their tens, smallest first (uPlot takes the first that fits)', () => {
    expect(COUNT_STEPS.slice(0, 7)).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect([...COUNT_STEPS].sort((a, b) => a - b)).toEqual(COUNT_STEPS);
  });
});
