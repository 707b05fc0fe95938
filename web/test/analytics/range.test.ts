// The range rules: the presets worked out in UTC (whatever the creator's own time zone), the API's limits on a
// custom range (at most 366 days, years 2000 to 2099, first day not after the last) with their messages, and
// how the page's address names a range.
import { analyticsLimits, CreatorCountersQuerySchema } from '@travelclub/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PRESET,
  PRESETS,
  RANGE_LIMITS,
  RANGE_TEXTS,
  daysIn,
  describeRange,
  presetRange,
  rangeProblem,
  searchOf,
  selectionOf,
  utcToday,
} from '~/analytics/range';

const at = (instant: string) => new Date(instant);

describe('the presets', () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalZone;
  });

  it('are named as the page shows them', () => {
    expect(PRESETS.map((p) => p.label)).toEqual(['Last 7 days', 'Last 30 days', 'This month', 'Last month']);
    expect(DEFAULT_PRESET).toBe('last-30-days');
  });

  it('end today in UTC, even where the local day is still yesterday', () => {
    process.env.TZ = 'America/Los_Angeles';
    const now = at('2026-03-16T02:30:00Z'); // 15 March, 19:30 in Los Angeles
    expect(now.getDate()).toBe(15);
    expect(utcToday(now)).toBe('2026-03-16');
    expect(presetRange('last-7-days', now)).toEqual({ from: '2026-03-10', to: '2026-03-16' });
    expect(presetRange('last-30-days', now)).toEqual({ from: '2026-02-15', to: '2026-03-16' });
    expect(presetRange('this-month', now)).toEqual({ from: '2026-03-01', to: '2026-03-16' });
    expect(presetRange('last-month', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('cover 7 and 30 days, and whole months', () => {
    const now = at('2026-03-16T12:00:00Z');
    expect(daysIn(presetRange('last-7-days', now))).toBe(7);
    expect(daysIn(presetRange('last-30-days', now))).toBe(30);
    expect(presetRange('last-month', at('2028-03-01T00:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(presetRange('last-month', at('2027-01-10T00:00:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetRange('this-month', at('2027-01-01T00:00:01Z'))).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });
});

describe('a custom range', () => {
  it('keeps to the limits of the creator service', () => {
    expect(RANGE_LIMITS.maxDays).toBe(analyticsLimits.maxDays);
    const query = (from: string, to: string) => CreatorCountersQuerySchema.safeParse({ from, to }).success;
    expect(query(RANGE_LIMITS.firstDay, RANGE_LIMITS.firstDay)).toBe(true);
    expect(query(RANGE_LIMITS.lastDay, RANGE_LIMITS.lastDay)).toBe(true);
    expect(query('1999-12-31', '2000-01-01')).toBe(false);
    expect(query('2099-12-31', '2100-01-01')).toBe(false);
  });

  it('may cover up to 366 days, and says how many too many are chosen', () => {
    expect(rangeProblem('2024-01-01', '2024-12-31')).toBeNull(); // a leap year: 366 days
    expect(rangeProblem('2026-03-16', '2026-03-16')).toBeNull();
    expect(rangeProblem('2025-01-01', '2026-01-02')).toBe(
      'A range can cover at most 366 days, and this one covers 367. Choose a shorter range.',
    );
    expect(RANGE_TEXTS.tooLong(400)).toBe(
      'A range can cover at most 366 days, and this one covers 400. Choose a shorter range.',
    );
  });

  it('stays between 2000 and 2099', () => {
    expect(rangeProblem('1999-12-31', '2000-01-05')).toBe('Choose days between 2000 and 2099.');
    expect(rangeProblem('2099-12-30', '2100-01-01')).toBe('Choose days between 2000 and 2099.');
    expect(rangeProblem('2000-01-01', '2000-01-31')).toBeNull();
    expect(rangeProblem('2099-12-01', '2099-12-31')).toBeNull();
  });

  it('runs forwards, has both ends, and only real days', () => {
    expect(rangeProblem('2026-03-10', '2026-03-01')).toBe('The first day must not be after the last day.');
    expect(rangeProblem('2026-03-10', null)).toBe('Choose a first and a last day.');
    expect(rangeProblem(undefined, '2026-03-10')).toBe('Choose a first and a last day.');
    expect(rangeProblem('2026-02-30', '2026-03-10')).toBe('Those are not days we can read. Choose them again.');
    expect(rangeProblem('yesterday', '2026-03-10')).toBe('Those are not days we can read. Choose them again.');
  });
});

describe('the range in the address', () => {
  const now = at('2026-03-16T12:00:00Z');
  const select = (query: string) => selectionOf(new URLSearchParams(query), now);

  it('is the last 30 days when none is named, or an unknown preset is', () => {
    const last30 = { kind: 'preset', preset: 'last-30-days', range: { from: '2026-02-15', to: '2026-03-16' } };
    expect(select('')).toEqual(last30);
    expect(select('range=forever')).toEqual(last30);
  });

  it('names a preset or the days', () => {
    expect(select('range=last-month')).toEqual({
      kind: 'preset',
      preset: 'last-month',
      range: { from: '2026-02-01', to: '2026-02-28' },
    });
    expect(select('from=2026-01-05&to=2026-01-20')).toEqual({
      kind: 'custom',
      range: { from: '2026-01-05', to: '2026-01-20' },
    });
    expect(searchOf('this-month')).toBe('?range=this-month');
    expect(searchOf({ from: '2026-01-05', to: '2026-01-20' })).toBe('?from=2026-01-05&to=2026-01-20');
  });

  it('says why its days cannot be shown', () => {
    expect(select('from=2020-01-01&to=2026-01-01')).toEqual({
      kind: 'invalid',
      from: '2020-01-01',
      to: '2026-01-01',
      problem: 'A range can cover at most 366 days, and this one covers 2193. Choose a shorter range.',
    });
    expect(select('from=2026-01-01')).toMatchObject({ kind: 'invalid', problem: 'Choose a first and a last day.' });
  });

  it('reads as a sentence', () => {
    expect(describeRange({ from: '2026-03-01', to: '2026-03-31' })).toBe('Mar 1, 2026 – Mar 31, 2026 (31 days, UTC)');
    expect(describeRange({ from: '2026-03-16', to: '2026-03-16' })).toBe('Mar 16, 2026 (1 day, UTC)');
  });
});
