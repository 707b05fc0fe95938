// What the package page says about a package, as pure functions: its length, its price line, each day's night
// and hotel, the stays it books and the departures still ahead. Shared by the page, its head and its tests.
import type { OfferedDates, PackageStay, PricedHotelSummary, TravelPackage } from '@travelclub/contracts';
import { formatMoney, plural } from '~/search/format';

/** A package with the catalog's cards of its hotels, as `withHotelContent` answers it. */
export type PackageWithHotels = TravelPackage & { hotels: PricedHotelSummary[] };

/** What the route renders: the package and the creator whose club it is shown in. */
export interface PackagePageData {
  travelPackage: PackageWithHotels;
  creator: { slug: string; publicName: string };
}

/** "5 days · 4 nights" */
export const tripLength = (pkg: Pick<TravelPackage, 'days' | 'nights'>) =>
  `${plural(pkg.days.length, 'day')} · ${plural(pkg.nights, 'night')}`;

/** Plain text as its paragraphs: blank lines split them (creators' text is never HTML). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export interface PriceLine {
  /** The figure, large: "$1,250.00", or the words of a live quote. */
  amount: string;
  /** What comes before the figure ("From"), if anything. */
  lead?: string;
  /** What follows it: "per person". */
  unit?: string;
  note: string;
}

/** The package's price as its creator gives it; the cart itself is always priced by the hotels' holds. */
export function priceLine(pricing: TravelPackage['pricing']): PriceLine {
  if (pricing.kind === 'perPerson')
    return {
      lead: 'From',
      amount: formatMoney(pricing.price),
      unit: 'per person',
      note: 'Your rooms are priced for your party and dates when you book, before you pay.',
    };
  return {
    amount: 'Priced for your dates',
    note: 'Your rooms are priced live when you book; you see the total before you pay.',
  };
}

/** The hotel card of a hotel id, when the catalog still has the hotel. */
export const hotelOf = (pkg: PackageWithHotels, hotelId: string) => pkg.hotels.find((hotel) => hotel.id === hotelId);

/** A day's night: the stay it is part of, which of its nights this is (1-based), and the hotel's card. */
export interface DayNight {
  stay: PackageStay;
  nightOfStay: number;
  hotel: PricedHotelSummary | undefined;
}

/** Day `index` (0 for the first) sleeps in the stay whose nights cover it; none on a day without a stay. */
export function nightOfDay(pkg: PackageWithHotels, index: number): DayNight | null {
  const stay = pkg.stays.find((s) => s.night <= index && index < s.night + s.nights);
  if (!stay) return null;
  return { stay, nightOfStay: index - stay.night + 1, hotel: hotelOf(pkg, stay.hotelId) };
}

/** The days a stay covers, as people count them: "Day 2" or "Days 2 to 4". */
export function stayDays(stay: PackageStay): string {
  const first = stay.night + 1;
  return stay.nights === 1 ? `Day ${first}` : `Days ${first} to ${first + stay.nights - 1}`;
}

/** The departures a visitor can still book: any date, the offered dates from today on, or none left. */
export type Departures = { kind: 'any' } | { kind: 'dates'; dates: string[] } | { kind: 'none' };

export function departuresFrom(offered: OfferedDates, today: string): Departures {
  if (offered.kind === 'any') return { kind: 'any' };
  const dates = [...new Set(offered.dates)].filter((date) => date >= today).sort();
  return dates.length ? { kind: 'dates', dates } : { kind: 'none' };
}
