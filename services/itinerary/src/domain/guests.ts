// The guest details of an itinerary (docs/booking.md): the lead guest and one name per room, set while the cart
// is open, and the contact page's patch of the lead guest and the title. Neither changes the revision.
import type { LeadGuest } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { isOpen, type ItineraryRecord } from './itinerary.js';

export interface GuestRooms {
  lineItemId: string;
  holdId: string;
  guestNames: string[];
}

/** The lead guest and one name per room. Guest details change neither the revision nor the status. */
export function setGuestDetails(
  record: ItineraryRecord,
  leadGuest: LeadGuest,
  rooms: GuestRooms[],
  now: Date,
): ItineraryRecord {
  if (!isOpen(record)) throw appError('itinerary-not-editable');
  let lineItems = record.lineItems;
  for (const entry of rooms) {
    const item = lineItems.find((i) => i.identity === entry.lineItemId);
    const room = item?.hotelBooking.rooms.find((r) => r.holdId === entry.holdId);
    if (!item || !room) throw appError('hotel-booking-not-found');
    if (entry.guestNames.length !== room.rooms) throw appError('guest-names-mismatch');
    lineItems = lineItems.map((i) =>
      i.identity === entry.lineItemId
        ? {
            ...i,
            hotelBooking: {
              ...i.hotelBooking,
              rooms: i.hotelBooking.rooms.map((r) =>
                r.holdId === entry.holdId ? { ...r, guestNames: entry.guestNames } : r,
              ),
            },
          }
        : i,
    );
  }
  return { ...record, leadGuest, lineItems, updatedAt: now };
}

/** The contact page: some lead-guest fields and the title. The lead guest must end up complete. */
export function updateCustomerData(
  record: ItineraryRecord,
  patch: { leadGuest: Partial<LeadGuest>; title?: string },
  now: Date,
): ItineraryRecord {
  if (record.status === 'cancelled' || record.status === 'expired') throw appError('itinerary-not-editable');
  const merged = { ...record.leadGuest, ...patch.leadGuest };
  const missing = (['name', 'email', 'phone'] as const).filter((field) => !merged[field]);
  if (missing.length > 0)
    throw appError(
      'validation-failed',
      missing.map((field) => ({ path: `leadGuest.${field}`, message: 'Required' })),
    );
  return {
    ...record,
    leadGuest: merged as LeadGuest,
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    updatedAt: now,
  };
}
