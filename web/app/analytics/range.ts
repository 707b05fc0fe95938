// The days an analytics page shows, and the rules of choosing them. Counters are kept per UTC day, so every
// preset is worked out in UTC, whatever the creator's own time zone. The range lives in the page's address
// (`?range=last-7-days`, or `?from=2026-03-01&to=2026-03-31`), so a range can be shared, reloaded and undone
// with the back button.

export interface DayRange {
  /** First day (YYYY-MM-DD, UTC), included. */
  from: string;
  /** Last day, included. */
  to: string;
}

/**
 * The creator service's limits (`analyticsLimits` and the counter day rule in contracts): repeated here because
 * the browser takes only types from contracts; a test keeps the two equal.
 */
export const RANGE_LIMITS = { maxDays: 366, firstDay: '2000-01-01', lastDay: '2099-12-31' } as const;

export const PRESETS = [
  { id: 'last-7-days', label: 'Last 7 days' },
  { id: 'last-30-days', label: 'Last 30 days' },
  { id: 'this-month', label: 'This month' },
  { id: 'last-month', label: 'Last month' },
] as const;

export type PresetId = (typeof PRESETS)[number]['id'];

/** What a page shows when its address names no range: the API's own default, today and the 29 days before. */
export const DEFAULT_PRESET: PresetId = 'last-30-days';

export type Selection =
  | { kind: 'preset'; preset: PresetId; range: DayRange }
  | { kind: 'custom'; range: DayRange }
  | { kind: 'invalid'; from: string | null; to: string | null; problem: string };

export const RANGE_TEXTS = {
  missing: 'Choose a first and a last day.',
  unreadable: 'Those are not days we can read. Choose them again.',
  years: 'Choose days between 2000 and 2099.',
  order: 'The first day must not be after the last day.',
  tooLong: (days: number) =>
    `A range can cover at most ${RANGE_LIMITS.maxDays} days, and this one covers ${days}. Choose a shorter range.`,
} as const;

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayAt = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Today's UTC day: the day the counters are adding to right now. */
export const utcToday = (now = new Date()) => dayAt(now.getTime());

export const addDays = (day: string, days: number) => dayAt(timeOf(day) + days * DAY_MS);

/** Days from `from` to `to`, both included. */
export const daysIn = (range: DayRange) => Math.round((timeOf(range.to) - timeOf(range.from)) / DAY_MS) + 1;

/** A real calendar day (2026-02-30 is not one). */
export const isDay = (value: string) => DAY_PATTERN.test(value) && dayAt(timeOf(value)) === value;

/** The days a preset means at `now`: the last 7 and 30 end today; this month runs to today. */
export function presetRange(preset: PresetId, now = new Date()): DayRange {
  const today = utcToday(now);
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'this-month':
      return { from: monthStart, to: today };
    case 'last-month': {
      const lastMonthEnd = addDays(monthStart, -1);
      return { from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd };
    }
  }
}

/** Why the API would refuse these days, in the creator's words; null when they are fine. */
export function rangeProblem(from: string | null | undefined, to: string | null | undefined): string | null {
  if (!from || !to) return RANGE_TEXTS.missing;
  if (!isDay(from) || !isDay(to)) return RANGE_TEXTS.unreadable;
  const outside = (day: string) => day < RANGE_LIMITS.firstDay || day > RANGE_LIMITS.lastDay;
  if (outside(from) || outside(to)) return RANGE_TEXTS.years;
  if (from > to) return RANGE_TEXTS.order;
  const days = daysIn({ from, to });
  return days > RANGE_LIMITS.maxDays ? RANGE_TEXTS.tooLong(days) : null;
}

const isPreset = (value: string | null): value is PresetId => PRESETS.some((preset) => preset.id === value);

/** The range an address asks for: a preset, a valid custom range, or why its days cannot be shown. */
export function selectionOf(params: URLSearchParams, now = new Date()): Selection {
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null || to !== null) {
    const problem = rangeProblem(from, to);
    return problem ? { kind: 'invalid', from, to, problem } : { kind: 'custom', range: { from: from!, to: to! } };
  }
  const named = params.get('range');
  const preset = isPreset(named) ? named : DEFAULT_PRESET;
  return { kind: 'preset', preset, range: presetRange(preset, now) };
}

/** The address's query for a preset or for chosen days. */
export function searchOf(choice: PresetId | DayRange): string {
  if (typeof choice === 'string') return `?${new URLSearchParams({ range: choice }).toString()}`;
  return `?${new URLSearchParams({ from: choice.from, to: choice.to }).toString()}`;
}

const longDay = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "Mar 3, 2026". */
export const formatDay = (day: string) => longDay.format(timeOf(day));

/** "Tue, Mar 3": a day in a table of one range's days. */
export const formatShortDay = (day: string) => shortDay.format(timeOf(day));

/** "Mar 1, 2026 – Mar 31, 2026 (31 days, UTC)". */
export function describeRange(range: DayRange): string {
  const days = daysIn(range);
  const span = range.from === range.to ? formatDay(range.from) : `${formatDay(range.from)} – ${formatDay(range.to)}`;
  return `${span} (${days} ${days === 1 ? 'day' : 'days'}, UTC)`;
}

/** Seconds since 1970 at the start of a UTC day: the chart's x values. */
export const secondsOf = (day: string) => timeOf(day) / 1000;
