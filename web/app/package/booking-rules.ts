// The booking box's rules, as small plain functions (no zod in the browser): what `fromTravelPackage` would
// refuse is said before it is sent, with the contract's own words, and a refusal that still comes back is put
// in plain words for the traveller.
import { messageOf } from '~/lib/api-errors';
import { NO_ROOMS_MESSAGE, NO_ROOMS_TITLE } from '~/hotel/cart';
import { messages as stayMessages, searchLimits } from '~/search/search-rules';
import type { Departures } from './package-facts';

export const bookingMessages = {
  dateRequired: 'Choose a departure date',
  /** The catalogue's text of `travel-package-date-not-offered`. */
  dateNotOffered: 'This package does not depart on that date. Please choose one of its dates.',
  datePast: stayMessages.past,
  emptyRoom: stayMessages.emptyRoom,
  crowded: stayMessages.crowded,
  overCapacity: (capacity: number) => `This package takes at most ${capacity} rooms per departure`,
} as const;

export interface BookingDraft {
  /** An ISO calendar date (`2027-06-01`), or null until one is chosen. */
  checkInDate: string | null;
  adults: number;
  rooms: number;
}

export type BookingField = 'date' | 'adults' | 'rooms';
export type BookingErrors = Partial<Record<BookingField, string>>;

/** The most rooms one booking may take: the package's rooms per departure, and the catalog's limit. */
export const maxRoomsOf = (capacity: number) => Math.max(1, Math.min(capacity, searchLimits.maxRooms));

function dateError(date: string | null, departures: Departures, today: string): string | undefined {
  if (!date) return bookingMessages.dateRequired;
  if (date < today) return bookingMessages.datePast;
  if (departures.kind !== 'any' && (departures.kind === 'none' || !departures.dates.includes(date)))
    return bookingMessages.dateNotOffered;
  return undefined;
}

/** Every rule the draft breaks, by field; an empty object when it can be booked. */
export function bookingErrors(
  draft: BookingDraft,
  context: { departures: Departures; capacity: number; today: string },
): BookingErrors {
  const errors: BookingErrors = {};
  const date = dateError(draft.checkInDate, context.departures, context.today);
  if (date) errors.date = date;
  if (draft.rooms > maxRoomsOf(context.capacity)) errors.rooms = bookingMessages.overCapacity(context.capacity);
  else if (draft.rooms > draft.adults) errors.rooms = bookingMessages.emptyRoom;
  if (draft.adults > draft.rooms * searchLimits.maxGuestsPerRoom) errors.adults = bookingMessages.crowded;
  return errors;
}

/** The body of `POST /itinerary/fromTravelPackage/{id}`: the cart is made in the visitor's currency. */
export function bookingBody(draft: BookingDraft & { checkInDate: string }, currency: string) {
  return { checkInDate: draft.checkInDate, adults: draft.adults, rooms: draft.rooms, currency };
}

export interface Refusal {
  title?: string;
  message: string;
}

/**
 * A refusal of the booking in plain words. The catalog holds the package's nights one stay at a time and
 * stops at the first it cannot hold, so its answer is about one of the nights, not the whole trip.
 */
export function bookingRefusal(err: unknown, creator: string): Refusal {
  const { code, details } = (err ?? {}) as { code?: unknown; details?: { message?: unknown }[] };
  const ask = `Please try another date, or ask ${creator} about it.`;
  switch (code) {
    case 'no-rooms-available':
      return { title: NO_ROOMS_TITLE, message: NO_ROOMS_MESSAGE };
    case 'travel-package-not-found':
      return { message: `This package can no longer be booked. Ask ${creator} for another one.` };
    case 'hotel-not-found':
      return { message: `One of this package’s hotels is no longer offered, so its night cannot be held. ${ask}` };
    case 'room-type-not-found':
    case 'room-not-found':
      return { message: `The room one of this package’s nights needs is no longer offered by its hotel. ${ask}` };
    case 'search-or-dates-not-found':
      return { message: `One of this package’s hotels could not be searched for its nights on that date. ${ask}` };
    case 'idempotency-key-reused':
      return { message: 'Your rooms could not be held this time. Please press Book this package again.' };
    case 'validation-failed': {
      const detail = details?.[0]?.message;
      return { message: typeof detail === 'string' ? detail : messageOf(err) };
    }
    default:
      // The API's own message carries the catalogue's text (a date not offered, an expired hold, a busy service).
      return { message: messageOf(err) };
  }
}
