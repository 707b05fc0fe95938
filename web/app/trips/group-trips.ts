// The traveller's itineraries sorted into trips: upcoming (paid, the stay not over), past (paid, the stay
// over), cancelled bookings, and carts not booked yet. Pure: today's date is passed in.
import type { Itinerary } from '@travelclub/contracts';

export interface TripGroups {
  upcoming: Itinerary[];
  past: Itinerary[];
  cancelled: Itinerary[];
  /** Carts with rooms, not paid yet: the way back to checkout. */
  unfinished: Itinerary[];
}

/** The stay of an itinerary: its first check-in and last check-out (of the line items that still have rooms). */
export function tripDates(itinerary: Itinerary): { checkIn: string; checkOut: string } | null {
  const booked = itinerary.lineItems.filter((item) => item.hotelBooking.rooms.length > 0);
  const items = booked.length > 0 ? booked : itinerary.lineItems;
  if (items.length === 0) return null;
  return {
    checkIn: items.map((item) => item.checkInDate).sort()[0]!,
    checkOut: items
      .map((item) => item.checkOutDate)
      .sort()
      .at(-1)!,
  };
}

const hasRooms = (itinerary: Itinerary) => itinerary.lineItems.some((item) => item.hotelBooking.rooms.length > 0);

/** A cancelled itinerary that had been a booking (paid, or at least invoiced), not a cart thrown away. */
const wasBooking = (itinerary: Itinerary) =>
  Boolean(itinerary.confirmedAt || itinerary.invoiceId || itinerary.cancellation?.reason === 'booking-failed');

const byCheckIn = (a: Itinerary, b: Itinerary) =>
  (tripDates(a)?.checkIn ?? '').localeCompare(tripDates(b)?.checkIn ?? '');
const byCheckOutLatestFirst = (a: Itinerary, b: Itinerary) =>
  (tripDates(b)?.checkOut ?? '').localeCompare(tripDates(a)?.checkOut ?? '');
const cancelledAt = (itinerary: Itinerary) => itinerary.cancellation?.at ?? itinerary.updatedAt;

/**
 * `today` is a stay date (YYYY-MM-DD) in the traveller's calendar. A stay is over on its check-out day: from
 * then on it is a past trip.
 */
export function groupTrips(itineraries: readonly Itinerary[], today: string): TripGroups {
  const groups: TripGroups = { upcoming: [], past: [], cancelled: [], unfinished: [] };
  for (const itinerary of itineraries) {
    const dates = tripDates(itinerary);
    if (itinerary.status === 'confirmed') {
      (dates && dates.checkOut <= today ? groups.past : groups.upcoming).push(itinerary);
    } else if (itinerary.status === 'cancelled') {
      if (wasBooking(itinerary)) groups.cancelled.push(itinerary);
    } else if ((itinerary.status === 'draft' || itinerary.status === 'pending_payment') && hasRooms(itinerary)) {
      if (!dates || dates.checkIn >= today) groups.unfinished.push(itinerary);
    }
  }
  groups.upcoming.sort(byCheckIn);
  groups.past.sort(byCheckOutLatestFirst);
  groups.cancelled.sort((a, b) => cancelledAt(b).localeCompare(cancelledAt(a)));
  groups.unfinished.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return groups;
}

/** The hotels of a trip, by name, once each. */
export const tripHotels = (itinerary: Itinerary) => [
  ...new Set(
    itinerary.lineItems
      .filter((item) => item.hotelBooking.rooms.length > 0 || !hasRooms(itinerary))
      .map((item) => item.hotelBooking.hotelName),
  ),
];
