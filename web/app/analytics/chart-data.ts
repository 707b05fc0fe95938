// What each chart shows, apart from drawing it: its days and series, how its values read, and the sentence
// that sums it up. The same spec feeds the picture (chart-engine, loaded on demand), the summary and the table
// of numbers beside it, so the three can never disagree.
import type { CreatorDayCounters } from '@travelclub/contracts';
import { formatMoney } from '~/checkout/format';
import { formatCount, incomeOf } from './funnel';
import { formatShortDay, secondsOf } from './range';

export interface ChartSeries {
  label: string;
  /** One value per day: a count, or minor units of the chart's currency. */
  values: number[];
}

export interface ChartSpec {
  /** Unique on the page: the ids of its heading and table. */
  id: string;
  title: string;
  days: string[];
  series: ChartSeries[];
  /** Money in minor units of one currency; counts otherwise. */
  currency?: string;
}

const DAY_SECONDS = 86_400;

/**
 * The day axis's span, in seconds: the first day to the last, with half a day on either side so every day's
 * point sits inside the chart. From the days themselves: for a single day uPlot's own span is 1,000 days.
 */
export function daySpanOf(days: readonly string[]): [number | null, number | null] {
  if (days.length === 0) return [null, null];
  return [secondsOf(days[0]!) - DAY_SECONDS / 2, secondsOf(days.at(-1)!) + DAY_SECONDS / 2];
}

/** The day axis's steps between ticks, in seconds: whole days, weeks, months, years; never hours. */
export const DAY_STEPS: readonly number[] = [
  ...[1, 2, 3, 4, 5, 7, 10, 14].map((days) => days * DAY_SECONDS),
  ...[1, 2, 3, 4, 6].map((months) => months * 30 * DAY_SECONDS),
  365 * DAY_SECONDS,
];

/**
 * The count axis's steps between ticks: whole numbers (never a tick at half a visitor), 1, 2, 5, 10, 20, 50…
 * Smallest first, as uPlot takes the first step that leaves room between ticks.
 */
export const COUNT_STEPS: readonly number[] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6].flatMap((scale) =>
  [1, 2, 5].map((step) => step * scale),
);

/** How one value of the chart reads: "1,234" or "$12.34". */
export function formatValue(spec: Pick<ChartSpec, 'currency'>, value: number): string {
  return spec.currency ? formatMoney({ amount: value, currency: spec.currency }) : formatCount(value);
}

/** How many minor units make one major unit (USD: 100, JPY: 1): the chart's axis is in major units. */
export function minorPerMajor(currency: string): number {
  const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions();
  return 10 ** (digits.maximumFractionDigits ?? 2);
}

/** The counters that are a plain count a day. */
type DayCount = {
  [K in keyof CreatorDayCounters]: CreatorDayCounters[K] extends number ? K : never;
}[keyof CreatorDayCounters];

/** A chart of counts as they are: one series a counter, by its label. */
function countersChart(
  id: string,
  title: string,
  days: CreatorDayCounters[],
  counters: readonly [label: string, counter: DayCount][],
): ChartSpec {
  return {
    id,
    title,
    days: days.map((d) => d.day),
    series: counters.map(([label, counter]) => ({ label, values: days.map((d) => d[counter]) })),
  };
}

export const trafficChart = (days: CreatorDayCounters[]): ChartSpec =>
  countersChart('chart-traffic', 'Page views and visitors', days, [
    ['Page views', 'pageViews'],
    ['Visitors', 'uniqueVisitors'],
  ]);

export const conversionsChart = (days: CreatorDayCounters[]): ChartSpec =>
  countersChart('chart-conversions', 'Searches, itineraries and bookings', days, [
    ['Searches', 'searches'],
    ['Itineraries', 'itinerariesStarted'],
    ['Bookings', 'bookings'],
  ]);

/** One income chart per currency, A to Z: a day's income is its commission less what refunds took back. */
export function incomeCharts(days: CreatorDayCounters[], currencies: readonly string[]): ChartSpec[] {
  const incomes = days.map(incomeOf);
  return currencies.map((currency) => ({
    id: `chart-income-${currency.toLowerCase()}`,
    title: `Income in ${currency}`,
    days: days.map((d) => d.day),
    currency,
    series: [{ label: `Income (${currency})`, values: incomes.map((income) => income[currency] ?? 0) }],
  }));
}

function seriesSummary(spec: ChartSpec, series: ChartSeries): string {
  const total = series.values.reduce((sum, value) => sum + value, 0);
  const highest = Math.max(...series.values);
  if (total === 0 && highest <= 0) return `${series.label}: none in these days.`;
  const day = spec.days[series.values.indexOf(highest)]!;
  const best = `highest on ${formatShortDay(day)} (${formatValue(spec, highest)})`;
  return `${series.label}: ${formatValue(spec, total)} in total, ${best}.`;
}

/** The chart in words, one sentence per series: "Page views: 1,234 in total, highest on Tue, Mar 3 (120)." */
export function summaryOf(spec: ChartSpec): string {
  if (spec.days.length === 0) return 'No days to show.';
  return spec.series.map((series) => seriesSummary(spec, series)).join(' ');
}
