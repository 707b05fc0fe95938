// The funnel of a creator's club: page views → visitors → searches → itineraries → bookings → income, each
// step with its share of the step before. Income is the commission earned less what refunds took back, kept
// per currency: amounts in different currencies are never added together.
import type { AmountsByCurrency, CreatorCounters } from '@travelclub/contracts';
import { formatMoney } from '~/checkout/format';

export type CountKey = 'pageViews' | 'uniqueVisitors' | 'searches' | 'itinerariesStarted' | 'bookings';

export const FUNNEL_STEPS: readonly { key: CountKey; label: string; plural: string }[] = [
  { key: 'pageViews', label: 'Page views', plural: 'page views' },
  { key: 'uniqueVisitors', label: 'Visitors', plural: 'visitors' },
  { key: 'searches', label: 'Searches', plural: 'searches' },
  { key: 'itinerariesStarted', label: 'Itineraries', plural: 'itineraries' },
  { key: 'bookings', label: 'Bookings', plural: 'bookings' },
];

export interface FunnelStep {
  key: CountKey;
  label: string;
  count: number;
  /** This step's count over the step before's; null for the first step and when the step before is zero. */
  rate: number | null;
  /** The rate as the page says it: "25% of visitors", or why there is none. */
  rateText: string | null;
}

const counts = new Intl.NumberFormat('en-US');
const percents = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

export const formatCount = (count: number) => counts.format(count);

/** `to` as a share of `from`; null when there is nothing to divide by. */
export function conversion(from: number, to: number): number | null {
  return from > 0 ? to / from : null;
}

export const formatRate = (rate: number) => percents.format(rate);

export function funnelOf(totals: CreatorCounters): FunnelStep[] {
  return FUNNEL_STEPS.map((step, index) => {
    const count = totals[step.key];
    const before = FUNNEL_STEPS[index - 1];
    if (!before) return { key: step.key, label: step.label, count, rate: null, rateText: null };
    const rate = conversion(totals[before.key], count);
    const rateText = rate === null ? `No ${before.plural} to compare with` : `${formatRate(rate)} of ${before.plural}`;
    return { key: step.key, label: step.label, count, rate, rateText };
  });
}

/** Minor units by currency, A to Z: what commission less reversals leaves in each currency. */
export function incomeOf(counters: Pick<CreatorCounters, 'commission' | 'commissionReversed'>): AmountsByCurrency {
  const income: AmountsByCurrency = {};
  for (const currency of currenciesOf([counters.commission, counters.commissionReversed])) {
    income[currency] = (counters.commission[currency] ?? 0) - (counters.commissionReversed[currency] ?? 0);
  }
  return income;
}

/** Every currency that appears in any of the maps, A to Z. */
export function currenciesOf(maps: readonly AmountsByCurrency[]): string[] {
  return [...new Set(maps.flatMap((map) => Object.keys(map)))].sort();
}

/** "$1,234.50 · €80.00": one figure per currency, side by side; null when there is none. */
export function formatAmounts(amounts: AmountsByCurrency): string | null {
  const currencies = Object.keys(amounts).sort();
  if (currencies.length === 0) return null;
  return currencies.map((currency) => formatMoney({ amount: amounts[currency]!, currency })).join(' · ');
}
