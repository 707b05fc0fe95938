// The rules of booking a creator's travel package, as pure functions: whether it can be booked for this
// departure and party, and the dates of each of its stays.
import {
  DEFAULT_CURRENCY,
  type FromTravelPackageBody,
  type PackageStay,
  type TravelPackageForBooking,
} from '@travelclub/contracts';
import { appError } from '@travelclub/kit';

const DAY_MS = 86_400_000;

/** The date `days` after a stay date. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** A stay's check-in and check-out for a departure on `checkInDate`. */
export function stayDates(checkInDate: string, stay: PackageStay) {
  const checkIn = addDays(checkInDate, stay.night);
  return { checkInDate: checkIn, checkOutDate: addDays(checkIn, stay.nights) };
}

/**
 * Refuses what cannot be booked: a draft (told apart from no package at all by nobody), a date the package
 * does not depart on, more rooms than it takes per departure. Answers the cart's currency.
 */
export function assertBookable(pkg: TravelPackageForBooking, body: FromTravelPackageBody): string {
  if (pkg.status !== 'active' || pkg.stays.length === 0) throw appError('travel-package-not-found');
  if (pkg.offeredDates.kind === 'dates' && !pkg.offeredDates.dates.includes(body.checkInDate))
    throw appError('travel-package-date-not-offered');
  if (body.rooms > pkg.capacity)
    throw appError('validation-failed', [
      { path: 'rooms', message: `This package takes at most ${pkg.capacity} rooms per departure` },
    ]);
  return body.currency ?? (pkg.pricing.kind === 'perPerson' ? pkg.pricing.price.currency : DEFAULT_CURRENCY);
}
