// The analytics and income tests' world: a creator's account, counters per day (the answer's totals are the
// days' sums, as the creator service makes them), a payout view, and a stand-in for uPlot that records every
// chart it is asked to draw.
import type {
  AccountView,
  AmountsByCurrency,
  CreatorCounters,
  CreatorCountersAnswer,
  CreatorDayCounters,
  PayoutAnswer,
} from '@travelclub/contracts';
import { vi } from 'vitest';
import { member } from '../checkout/harness';

export const creator: AccountView = { ...member, roles: ['role/customer', 'role/creator'] };

const COUNTS = [
  'pageViews',
  'uniqueVisitors',
  'subscribers',
  'searches',
  'itinerariesStarted',
  'bookings',
  'cancellations',
] as const;
const AMOUNTS = ['grossBookingValue', 'commission', 'commissionReversed'] as const;

export function counters(overrides: Partial<CreatorCounters> = {}): CreatorCounters {
  return {
    pageViews: 0,
    uniqueVisitors: 0,
    subscribers: 0,
    searches: 0,
    itinerariesStarted: 0,
    bookings: 0,
    cancellations: 0,
    grossBookingValue: {},
    commission: {},
    commissionReversed: {},
    ...overrides,
  };
}

export const aDay = (day: string, overrides: Partial<CreatorCounters> = {}): CreatorDayCounters => ({
  day,
  ...counters(overrides),
});

function addAmounts(into: AmountsByCurrency, from: AmountsByCurrency) {
  for (const [currency, amount] of Object.entries(from)) into[currency] = (into[currency] ?? 0) + amount;
}

/** The API's answer for these days: the range they cover and their sums. */
export function countersAnswer(days: CreatorDayCounters[]): CreatorCountersAnswer {
  const totals = counters({ grossBookingValue: {}, commission: {}, commissionReversed: {} });
  for (const day of days) {
    for (const key of COUNTS) totals[key] += day[key];
    for (const key of AMOUNTS) addAmounts(totals[key], day[key]);
  }
  return { from: days[0]!.day, to: days.at(-1)!.day, totals, days };
}

/** Every day from `from` to `to`, zeros but for the days given. */
export function rangeOf(from: string, to: string, given: CreatorDayCounters[] = []): CreatorDayCounters[] {
  const days: CreatorDayCounters[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push(given.find((d) => d.day === day) ?? aDay(day));
  }
  return days;
}

export function aPayout(overrides: Partial<PayoutAnswer> = {}): PayoutAnswer {
  return { creator: 'ada-travels', commissionRate: 0.1, balances: [], entries: [], ...overrides };
}

// ---------- uPlot's stand-in ----------

export interface DrawnChart {
  opts: {
    width: number;
    height: number;
    series: { label?: string; stroke?: string; dash?: number[] }[];
    axes: { stroke?: string; incrs?: number[]; values?: (u: unknown, splits: number[]) => string[] }[];
    scales: {
      x: { range: (u: unknown, min: number | null, max: number | null) => [number | null, number | null] };
      y: { range: (u: unknown, min: number, max: number) => [number, number] };
    };
  };
  data: number[][];
  target: HTMLElement;
  setSize: ReturnType<typeof vi.fn>;
  destroy: ReturnType<typeof vi.fn>;
}

export const drawn: DrawnChart[] = [];

export class FakePlot {
  static tzDate = (date: Date) => date;
  setSize = vi.fn();
  destroy = vi.fn();
  constructor(
    public opts: DrawnChart['opts'],
    public data: number[][],
    public target: HTMLElement,
  ) {
    drawn.push(this as unknown as DrawnChart);
  }
}

/** What the browser has and jsdom lacks: size observers (their callbacks kept to call) and the colour scheme. */
export const observers: { callback: () => void; disconnected: boolean }[] = [];
export const schemeListeners = new Set<() => void>();

export function stubBrowser() {
  drawn.length = 0;
  observers.length = 0;
  schemeListeners.clear();
  vi.stubGlobal(
    'ResizeObserver',
    class {
      entry: { callback: () => void; disconnected: boolean };
      constructor(callback: () => void) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  vi.stubGlobal('matchMedia', () => ({
    matches: false,
    addEventListener: (_: string, listener: () => void) => schemeListeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => schemeListeners.delete(listener),
  }));
}
