// Creators' analytics, the pure part: UTC days, the range a counters read covers, the daily series with every
// day present, and the keyed hash a club page's visitor is counted under (never stored beyond its day).
import {
  analyticsLimits,
  type AmountsByCurrency,
  type CreatorCounters,
  type CreatorCountersAnswer,
  type CreatorCountersQuery,
  type Money,
} from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { createHmac } from 'node:crypto';

/** The counters that are plain counts. */
export const COUNTS = [
  'pageViews',
  'uniqueVisitors',
  'subscribers',
  'searches',
  'itinerariesStarted',
  'bookings',
  'cancellations',
] as const;
/** The counters kept per currency. */
export const AMOUNTS = ['grossBookingValue', 'commission', 'commissionReversed'] as const;
export type CountName = (typeof COUNTS)[number];
export type AmountName = (typeof AMOUNTS)[number];

/** What one event adds to a creator's day. */
export interface CounterChange {
  counts?: Partial<Record<CountName, number>>;
  amounts?: Partial<Record<AmountName, Money>>;
}

/** A creator's day as stored: any counter may be missing (never touched that day). */
export type StoredDay = { day: string } & Partial<Record<CountName, number>> &
  Partial<Record<AmountName, AmountsByCurrency>>;

const DAY_MS = 86_400_000;

/** The UTC day (YYYY-MM-DD) of an instant. */
export const dayOf = (at: Date | string | number): string => new Date(at).toISOString().slice(0, 10);

const addDays = (day: string, days: number) => dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * The days a read covers: `to` defaults to today (UTC), `from` to 29 days before `to`; at most 366 days, and
 * `from` not after `to`.
 */
export function countersRange({ from, to }: CreatorCountersQuery, now: Date): { from: string; to: string } {
  const last = to ?? (from ? maxOf(from, dayOf(now)) : dayOf(now));
  const first = from ?? addDays(last, 1 - analyticsLimits.defaultDays);
  if (first > last) throw appError('validation-failed', [{ path: 'from', message: 'Must not be after `to`' }]);
  // Counted from the instants, never by walking the days: a range of centuries must cost nothing to refuse.
  if ((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS + 1 > analyticsLimits.maxDays)
    throw appError('validation-failed', [
      { path: 'to', message: `A range covers at most ${analyticsLimits.maxDays} days` },
    ]);
  return { from: first, to: last };
}

const maxOf = (a: string, b: string) => (a > b ? a : b);

export function emptyCounters(): CreatorCounters {
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
  };
}

/** Adds `day`'s figures into `into`. */
function addInto(into: CreatorCounters, day: StoredDay): void {
  for (const name of COUNTS) into[name] += day[name] ?? 0;
  for (const name of AMOUNTS) {
    for (const [currency, amount] of Object.entries(day[name] ?? {}))
      into[name][currency] = (into[name][currency] ?? 0) + amount;
  }
}

/** The answer: every day of the range oldest first (zeros where nothing is stored), and their sums. */
export function seriesOf(stored: StoredDay[], range: { from: string; to: string }): CreatorCountersAnswer {
  const byDay = new Map(stored.map((day) => [day.day, day]));
  const totals = emptyCounters();
  const days = daysBetween(range.from, range.to).map((day) => {
    const counters = emptyCounters();
    const found = byDay.get(day);
    if (found) addInto(counters, found);
    addInto(totals, { day, ...counters });
    return { day, ...counters };
  });
  return { ...range, totals, days };
}

/**
 * The key a visitor is counted under on one day: a keyed hash of their address and user agent under that day's
 * secret, so it cannot be reversed or linked to the same visitor on another day once the secret is gone.
 */
export function visitorKey(secret: string, address: string, userAgent: string): string {
  return createHmac('sha256', secret).update(address).update('\n').update(userAgent).digest('base64url').slice(0, 22);
}
