// Money, stay dates and nights as the checkout and trips pages show them. Prices travel in integer minor units
// (cents) with their currency; Intl knows how many digits each currency's minor unit has (JPY: none).

/** The pages' one language (the document is `lang="en"`), so server and browser format alike. */
const LOCALE = 'en-US';

/** `{ amount: 123456, currency: 'USD' }` → "$1,234.56"; `{ amount: 3460, currency: 'JPY' }` → "¥3,460". */
export { formatMoney } from '~/search/format';

const DAY_MS = 86_400_000;
const stayDateFormat = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const instantFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat(LOCALE, { timeStyle: 'short' });
const zoneFormat = new Intl.DateTimeFormat(LOCALE, { timeZoneName: 'short' });

/** A stay date is a calendar date (the hotel's), not an instant: read and shown in UTC so it never shifts. */
const stayDay = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** "2027-01-12" → "Tue, Jan 12, 2027". */
export const formatStayDate = (date: string) => stayDateFormat.format(stayDay(date));

export const nightsBetween = (checkIn: string, checkOut: string) =>
  Math.max(0, Math.round((stayDay(checkOut) - stayDay(checkIn)) / DAY_MS));

export const formatNights = (nights: number) => `${nights} ${nights === 1 ? 'night' : 'nights'}`;

/** An instant (a payment, a cancellation) in the visitor's own time zone. */
export const formatInstant = (instant: string) => instantFormat.format(new Date(instant));

export const formatTime = (instant: string) => timeFormat.format(new Date(instant));

/**
 * A deadline (free cancellation until …) in the visitor's own time zone, named, so it is read one way only:
 * "Dec 22, 2026, 12:00 AM UTC", or "Dec 21, 2026, 7:00 PM EST" in New York.
 */
export function formatDeadline(instant: string): string {
  const at = new Date(instant);
  // dateStyle and timeZoneName cannot go in one format: the zone's name comes from a format of its own.
  const zone = zoneFormat.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${instantFormat.format(at)} ${zone}` : instantFormat.format(at);
}

/** Today as a stay date (YYYY-MM-DD) in the visitor's calendar. */
export function todayStayDate(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
