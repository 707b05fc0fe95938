// The cart's rooms (docs/booking.md, "Adding a room"): each room as its hold at the catalog quoted it, in a line
// item of one hotel and stay; adding, removing and swapping them (each a new revision), and the hold's key and
// stay a room is asked for with.
import { createHash } from 'node:crypto';
import {
  holdStayIssues,
  type AddHotelBody,
  type BookedRoom,
  type Hold,
  type LineItem,
  type UpdateHotelBody,
} from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { allRooms, assertCartEditable, type ItineraryRecord } from './itinerary.js';

const MAX_KEY = 100;

/** A hold's idempotency key from its parts; hashed when too long for the catalog (same parts, same key). */
export function holdKey(...parts: (string | number)[]): string {
  const key = parts.join('.');
  return key.length <= MAX_KEY ? key : `k_${createHash('sha256').update(key).digest('base64url')}`;
}

/** The search and the stay a room is chosen from (the catalog holds the room if the stay is the search's). */
export interface Stay {
  searchId: string;
  checkInDate: string;
  checkOutDate: string;
}

/** Both dates and a search; dates no hold can have are no search's either, so the catalog is not asked. */
export function stayOf({ searchId, checkInDate, checkOutDate }: AddHotelBody | UpdateHotelBody): Stay {
  if (!searchId || !checkInDate || !checkOutDate || holdStayIssues(checkInDate, checkOutDate).length > 0)
    throw appError('search-or-dates-not-found');
  return { searchId, checkInDate, checkOutDate };
}

/** A cart change: back to draft, the open invoice dropped (it can no longer be paid), a new revision. */
function cartChanged(record: ItineraryRecord, lineItems: LineItem[], now: Date): ItineraryRecord {
  return {
    ...record,
    lineItems,
    status: 'draft',
    invoiceId: undefined,
    terms: undefined,
    revision: record.revision + 1,
    updatedAt: now,
  };
}

/** The room as the hold quoted it, in the itinerary. */
export function bookedRoomFrom(hold: Hold): BookedRoom {
  const rate = hold.quote.rate;
  return {
    roomType: { type: hold.roomType, name: rate.roomTypeName },
    rateId: hold.rateId,
    rateName: rate.rateName,
    rooms: hold.rooms,
    totalPrice: rate.totalPrice,
    cancellationPolicyText: rate.cancellationPolicyText,
    cancellationCharges: rate.cancellationCharges,
    holdId: hold.id,
    holdStatus: 'held',
    holdExpiresAt: hold.expiresAt,
  };
}

export interface RoomPlacement {
  lineItemId: string;
  hotelId: string;
  hotelName: string;
  checkInDate: string;
  checkOutDate: string;
  room: BookedRoom;
}

/** The line item a room may join: same hotel and dates, or it is not a booking of this itinerary. */
export function lineItemFor(
  record: ItineraryRecord,
  lineItemId: string,
  stay?: { hotelId: string; checkInDate: string; checkOutDate: string },
): LineItem {
  const item = record.lineItems.find((i) => i.identity === lineItemId);
  if (
    !item ||
    (stay &&
      (item.hotelBooking.hotelId !== stay.hotelId ||
        item.checkInDate !== stay.checkInDate ||
        item.checkOutDate !== stay.checkOutDate))
  )
    throw appError('hotel-booking-not-found');
  return item;
}

/** Adds a held room, to its line item or a new one. Adding the same hold again changes nothing (null). */
/** Whether the hold is one of the cart's rooms already. */
export const holdsRoom = (record: ItineraryRecord, holdId: string) =>
  allRooms(record).some(({ room }) => room.holdId === holdId);

export function addRoom(
  record: ItineraryRecord,
  placement: RoomPlacement,
  now: Date,
  creator?: string,
): ItineraryRecord | null {
  // A repeated request whose hold is already in: nothing to do (and the hold must not be released).
  if (holdsRoom(record, placement.room.holdId)) return null;
  assertCartEditable(record);
  const existing = record.lineItems.find((i) => i.identity === placement.lineItemId);
  let lineItems: LineItem[];
  if (existing) {
    lineItemFor(record, placement.lineItemId, placement);
    lineItems = record.lineItems.map((item) =>
      item.identity === placement.lineItemId
        ? { ...item, hotelBooking: { ...item.hotelBooking, rooms: [...item.hotelBooking.rooms, placement.room] } }
        : item,
    );
  } else {
    lineItems = [
      ...record.lineItems,
      {
        identity: placement.lineItemId,
        checkInDate: placement.checkInDate,
        checkOutDate: placement.checkOutDate,
        hotelBooking: { hotelId: placement.hotelId, hotelName: placement.hotelName, rooms: [placement.room] },
      },
    ];
  }
  const changed = cartChanged(record, lineItems, now);
  return creator && !record.creator ? { ...changed, creator } : changed;
}

/** The rooms of a line item that a removal or an update takes out: all of them, or the one of `holdId`. */
export function roomsToTake(record: ItineraryRecord, lineItemId: string, holdId?: string): BookedRoom[] {
  const item = lineItemFor(record, lineItemId);
  const rooms = item.hotelBooking.rooms.filter((room) => holdId === undefined || room.holdId === holdId);
  if (rooms.length === 0) throw appError('booking-not-found');
  return rooms;
}

export function removeRooms(
  record: ItineraryRecord,
  lineItemId: string,
  holdId: string | undefined,
  now: Date,
): { record: ItineraryRecord; removed: BookedRoom[]; hotelId: string } {
  assertCartEditable(record);
  const item = lineItemFor(record, lineItemId);
  const removed = roomsToTake(record, lineItemId, holdId);
  const gone = new Set(removed.map((room) => room.holdId));
  const lineItems = record.lineItems.map((i) =>
    i.identity === lineItemId
      ? { ...i, hotelBooking: { ...i.hotelBooking, rooms: i.hotelBooking.rooms.filter((r) => !gone.has(r.holdId)) } }
      : i,
  );
  return { record: cartChanged(record, lineItems, now), removed, hotelId: item.hotelBooking.hotelId };
}

/** Replaces every room of a line item with the newly held one (its hotel and dates may change too). */
export function swapRooms(
  record: ItineraryRecord,
  placement: RoomPlacement,
  expectedOld: string[],
  now: Date,
): { record: ItineraryRecord; removed: BookedRoom[]; oldHotelId: string } {
  assertCartEditable(record);
  const item = lineItemFor(record, placement.lineItemId);
  const removed = roomsToTake(record, placement.lineItemId);
  // The rooms changed since the new one was held: the swap was decided on another state.
  const current = removed.map((r) => r.holdId).sort();
  if (current.join() !== [...expectedOld].sort().join()) throw appError('booking-not-found');
  const lineItems = record.lineItems.map((i) =>
    i.identity === placement.lineItemId
      ? {
          identity: i.identity,
          checkInDate: placement.checkInDate,
          checkOutDate: placement.checkOutDate,
          hotelBooking: { hotelId: placement.hotelId, hotelName: placement.hotelName, rooms: [placement.room] },
        }
      : i,
  );
  return { record: cartChanged(record, lineItems, now), removed, oldHotelId: item.hotelBooking.hotelId };
}

/** Where a newly held room goes in the itinerary, as the hold quoted it. */
export const placementOf = (hold: Hold, stay: Stay): RoomPlacement => ({
  lineItemId: hold.lineItemId,
  hotelId: hold.hotelId,
  hotelName: hold.hotelName,
  checkInDate: stay.checkInDate,
  checkOutDate: stay.checkOutDate,
  room: bookedRoomFrom(hold),
});
