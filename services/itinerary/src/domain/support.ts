// What support staff see of an itinerary (the travelclub command line): a line of the list, the detail with
// its holds, invoices, terms and staff log, and the keys the store files an itinerary under so staff find it by
// its contact address. Pure.
import type {
  SupportItineraryAction,
  SupportItineraryDetail,
  SupportItineraryHold,
  SupportItinerarySummary,
} from '@travelclub/contracts';
import {
  allRooms,
  itineraryHead,
  itineraryView,
  totalOf,
  type ItineraryRecord,
  type StaffAction,
} from './itinerary.js';

type Contacts = Pick<ItineraryRecord, 'leadGuest' | 'paidLeadGuest'>;

/**
 * The addresses an itinerary is found by, without case or surrounding space: the contact's and the one the
 * booking was paid with (support is asked about either). Kept beside the record so the search is an index hit.
 */
export function contactKeysOf(record: Contacts): string[] {
  const emails = [record.leadGuest?.email, record.paidLeadGuest?.email];
  return [...new Set(emails.filter((email) => email !== undefined).map((email) => email.trim().toLowerCase()))];
}

/** `text` as a pattern that matches it literally: staff's `a.b` or `(x` mean those characters. */
export const literalPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const iso = (at: Date | string) => new Date(at).toISOString();

/** The earliest check-in and the latest check-out of the lines (stay dates compare as text). */
function stayOf(record: Pick<ItineraryRecord, 'lineItems'>) {
  const checkIns = record.lineItems.map((item) => item.checkInDate).sort();
  const checkOuts = record.lineItems.map((item) => item.checkOutDate).sort();
  return { checkIn: checkIns[0], checkOut: checkOuts.at(-1) };
}

export function supportSummary(record: Omit<ItineraryRecord, 'staffActions' | 'terms'>): SupportItinerarySummary {
  const contact = record.leadGuest ?? record.paidLeadGuest;
  const { checkIn, checkOut } = stayOf(record);
  return {
    ...itineraryHead(record),
    ...(contact ? { contactEmail: contact.email, leadGuest: contact.name } : {}),
    hotels: [...new Set(record.lineItems.map((item) => item.hotelBooking.hotelName))],
    ...(checkIn ? { checkIn } : {}),
    ...(checkOut ? { checkOut } : {}),
    total: totalOf(record),
    ...(record.invoiceId ? { invoiceId: record.invoiceId } : {}),
    createdAt: iso(record.createdAt),
    updatedAt: iso(record.updatedAt),
  };
}

export const staffActionView = (action: StaffAction): SupportItineraryAction => ({
  at: iso(action.at),
  staffId: action.userId,
  action: action.action,
  ...(action.reason ? { reason: action.reason } : {}),
});

function holdsOf(record: ItineraryRecord): SupportItineraryHold[] {
  return allRooms(record).map(({ item, room }) => ({
    holdId: room.holdId,
    lineItemId: item.identity,
    hotelId: item.hotelBooking.hotelId,
    hotelName: item.hotelBooking.hotelName,
    roomTypeName: room.roomType.name,
    rateName: room.rateName,
    rooms: room.rooms,
    checkInDate: item.checkInDate,
    checkOutDate: item.checkOutDate,
    status: room.holdStatus,
    expiresAt: room.holdExpiresAt,
    totalPrice: room.totalPrice,
    ...(room.guestNames ? { guestNames: room.guestNames } : {}),
  }));
}

/** The detail: `invoiceIds` as the store keeps them (the current one always among them). */
export function supportDetail(record: ItineraryRecord, invoiceIds: readonly string[]): SupportItineraryDetail {
  const invoices = [...new Set([...invoiceIds, ...(record.invoiceId ? [record.invoiceId] : [])])];
  return {
    itinerary: itineraryView(record),
    ownerId: record.ownerId,
    invoiceIds: invoices,
    holds: holdsOf(record),
    ...(record.terms ? { terms: record.terms } : {}),
    ...(record.paidLeadGuest ? { paidLeadGuest: record.paidLeadGuest } : {}),
    staffActions: record.staffActions.map(staffActionView),
    ...(record.traceId ? { traceId: record.traceId } : {}),
  };
}
