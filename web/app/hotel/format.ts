// How the hotel page writes addresses, money, dates and stays.
import type { Address } from '@travelclub/contracts';

/** The address as one line (spec section 3): line1, line2, city, state, postal code, country; empties skipped. */
export function addressLine(address: Partial<Address>): string {
  return [address.line1, address.line2, address.city, address.state, address.postalCode, address.countryCode]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/** Money in minor units as people read it: { amount: 129900, currency: 'USD' } is "$1,299.00" (JPY has no cents). */
export { formatMoney } from '~/search/format';

const DAY_MS = 86_400_000;
export const nightsOf = (checkIn: string, checkOut: string) =>
  Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / DAY_MS);

const dayFormat = new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
/** A stay date (a calendar date, no time zone) as "Sun, May 12". */
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Sun, May 12 – Tue, May 14 · 2 nights". */
export function stayLabel(checkIn: string, checkOut: string): string {
  return `${formatDay(checkIn)} – ${formatDay(checkOut)} · ${plural(nightsOf(checkIn, checkOut), 'night', 'nights')}`;
}

/** "2 nights, 1 room, 2 guests". */
export function stayParty(stay: { checkIn: string; checkOut: string; rooms: number; guests: number }): string {
  return [
    plural(nightsOf(stay.checkIn, stay.checkOut), 'night', 'nights'),
    plural(stay.rooms, 'room', 'rooms'),
    plural(stay.guests, 'guest', 'guests'),
  ].join(', ');
}

export { plural };
