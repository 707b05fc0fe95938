// How the search pages write money, dates and ratings. One fixed locale, so the server's HTML and the
// browser's first render agree (no hydration mismatch from the visitor's language settings).
import type { Money } from '@travelclub/contracts';

const LOCALE = 'en-US';
const digitsCache = new Map<string, number>();

/** Digits of the currency's minor unit as Intl knows them (2 for USD, 0 for JPY and KRW). */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat(LOCALE, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Money in minor units (cents) as the visitor reads it, to the cent: `$1,234.50`, `€653.00`, `¥12,000`. The
 * one money format of the pages (search, hotel, checkout, club); a currency's format is made once.
 */
export function formatMoney({ amount, currency }: Money): string {
  const digits = minorDigits(currency);
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(currency, format);
  }
  return format.format(amount / 10 ** digits);
}

const dayFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A stay date (`2026-12-12`) as `Sat, Dec 12`: a calendar date, so read in UTC and never shifted. */
export const formatStayDate = (isoDate: string) => dayFormat.format(new Date(`${isoDate}T00:00:00Z`));

export function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / 86_400_000);
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString(LOCALE)} ${count === 1 ? one : many}`;

/** "Dec 12 – Dec 14 · 2 nights · 2 guests · 1 room" */
export function stayLine(stay: { checkIn: string; checkOut: string; guests: number; rooms: number }): string {
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  return [
    `${formatStayDate(stay.checkIn)} – ${formatStayDate(stay.checkOut)}`,
    plural(nights, 'night'),
    plural(stay.guests, 'guest'),
    plural(stay.rooms, 'room'),
  ].join(' · ');
}

const regionNames = new Intl.DisplayNames(LOCALE, { type: 'region' });

/** A country's name from its ISO code, the code itself when Intl does not know it. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}
