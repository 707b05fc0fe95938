// What the booking mails say and whom they reach: only a booking that was paid, and its lead guest as paid for;
// and one line per room.
import { allRooms, type ItineraryRecord } from './itinerary.js';

/** Paid at some point: confirmation is the payment, and it is recorded for good (a cancellation keeps it). */
export const wasPaid = (record: Pick<ItineraryRecord, 'confirmedAt'>) => Boolean(record.confirmedAt);

/**
 * Whom the booking mails are for: the lead guest of the paid booking (bookings confirmed before that was kept
 * have only the lead guest as they are now).
 */
export const bookedGuest = (record: Pick<ItineraryRecord, 'paidLeadGuest' | 'leadGuest'>) =>
  record.paidLeadGuest ?? record.leadGuest;

/** One line per room for the booking mails: hotel, room, dates. */
export function staysText(record: Pick<ItineraryRecord, 'lineItems'>): string {
  return allRooms(record)
    .map(
      ({ item, room }) =>
        `${item.hotelBooking.hotelName}: ${room.rooms} × ${room.roomType.name} (${room.rateName}), ` +
        `${item.checkInDate} to ${item.checkOutDate}`,
    )
    .join('\n');
}
