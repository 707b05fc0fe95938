// The funnel's figures: each step's share of the step before (none when the step before counted nothing), and
// income per currency (commission less what refunds took back), never added across currencies.
import { describe, expect, it } from 'vitest';
import { FUNNEL_STEPS, conversion, currenciesOf, formatAmounts, funnelOf, incomeOf } from '~/analytics/funnel';
import { formatChange } from '~/analytics/funnel-view';
import { counters } from './fixtures';

describe('the funnel', () => {
  it('goes page views → visitors → searches → itineraries → bookings', () => {
    expect(FUNNEL_STEPS.map((step) => step.label)).toEqual([
      'Page views',
      'Visitors',
      'Searches',
      'Itineraries',
      'Bookings',
    ]);
  });

  it('gives each step its share of the step before', () => {
    const steps = funnelOf(
      counters({ pageViews: 2000, uniqueVisitors: 800, searches: 200, itinerariesStarted: 30, bookings: 4 }),
    );
    expect(steps.map((s) => [s.label, s.count, s.rate, s.rateText])).toEqual([
      ['Page views', 2000, null, null],
      ['Visitors', 800, 0.4, '40% of page views'],
      ['Searches', 200, 0.25, '25% of visitors'],
      ['Itineraries', 30, 0.15, '15% of searches'],
      ['Bookings', 4, 4 / 30, '13.3% of itineraries'],
    ]);
  });

  it('has no share where the step before counted nothing', () => {
    expect(conversion(0, 0)).toBeNull();
    expect(conversion(0, 3)).toBeNull();
    expect(conversion(5, 0)).toBe(0);
    const steps = funnelOf(counters({ pageViews: 0, uniqueVisitors: 0, searches: 2, bookings: 0 }));
    expect(steps.map((s) => s.rateText)).toEqual([
      null,
      'No page views to compare with',
      'No visitors to compare with',
      '0% of searches',
      'No itineraries to compare with',
    ]);
  });

  it('may pass 100% where one visitor does a step many times', () => {
    const [, , searches] = funnelOf(counters({ pageViews: 10, uniqueVisitors: 4, searches: 10 }));
    expect(searches!.rateText).toBe('250% of visitors');
  });
});

describe('income', () => {
  it('is commission less reversals, per currency, never added across currencies', () => {
    const income = incomeOf({ commission: { USD: 5000, EUR: 1200 }, commissionReversed: { USD: 1000, GBP: 300 } });
    expect(income).toEqual({ EUR: 1200, GBP: -300, USD: 4000 });
    expect(formatAmounts(income)).toBe('€12.00 · -£3.00 · $40.00');
    expect(formatAmounts({ JPY: 3460 })).toBe('¥3,460');
    expect(formatAmounts({})).toBeNull();
  });

  it('lists every currency once, A to Z', () => {
    expect(currenciesOf([{ USD: 1, EUR: 2 }, { EUR: 3, BRL: 0 }, {}])).toEqual(['BRL', 'EUR', 'USD']);
  });
});

describe('subscribers', () => {
  it('are a change, which may be a loss', () => {
    expect(formatChange(1200)).toBe('+1,200');
    expect(formatChange(-2)).toBe('−2');
    expect(formatChange(0)).toBe('0');
  });
});
