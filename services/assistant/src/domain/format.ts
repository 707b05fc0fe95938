// How Taylor writes figures: dates and nights, plural nouns, sums per currency (one amount is the contracts'
// `formatMoney`). The offline engine, the tools' summaries and the grounding check all use these, so a figure
// reads the same wherever it appears.
import { formatMoney } from '@travelclub/contracts';

/** Amounts per currency as one phrase: "€120.00 and $80.00", or "nothing" when all are zero. */
export function formatAmounts(amounts: Record<string, number>): string {
  const parts = Object.entries(amounts)
    .filter(([, amount]) => amount !== 0)
    .map(([currency, amount]) => formatMoney({ amount, currency }));
  return parts.length ? joinWords(parts) : 'nothing';
}

/** "a, b and c". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "Fri 27 Nov" for a stay date (YYYY-MM-DD). */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/** Days from one stay date to another. */
export const nightsBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** A stay date `days` after another. */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** "Fri 27 Nov to Sun 29 Nov (2 nights)". */
export const formatStay = (checkIn: string, checkOut: string) =>
  `${formatDay(checkIn)} to ${formatDay(checkOut)} (${plural(nightsBetween(checkIn, checkOut), 'night')})`;

/** The creator's today, believed when it is within a day of ours (time zones), else ours (UTC). */
export function todayOf(claimed: string | undefined): string {
  const ours = new Date().toISOString().slice(0, 10);
  return claimed && claimed >= addDays(ours, -1) && claimed <= addDays(ours, 1) ? claimed : ours;
}
