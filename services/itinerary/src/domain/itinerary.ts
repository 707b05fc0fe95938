// The itinerary's rules (docs/booking.md), as pure functions of its state: what may change in which status,
// what each change does to the status, revision and invoice, the total, and the frozen cancellation terms.
// Guest details are in guests.ts, invoicing in invoice.ts, the payment lock's rules in payment-lock.ts.
import {
  cancellationSettlement,
  type AuthUser,
  type BookedRoom,
  type CancellationTerms,
  type Hold,
  type Itinerary,
  type ItineraryStatus,
  type LeadGuest,
  type LineItem,
  type Money,
  type Role,
} from '@travelclub/contracts';
import { appError, isStaff } from '@travelclub/kit';

/**
 * Billing's lock while it charges: for one invoice, and (from billing) one payment, until the instant billing's
 * lease on the invoice ends. Past `until` it still holds the cart until billing says the payment ended.
 */
export interface PaymentLock {
  invoiceId: string;
  paymentId?: string;
  until: Date;
}

export interface StaffAction {
  at: Date;
  userId: string;
  action: string;
}

/** The itinerary as stored. `revision` counts cart changes (one invoice per revision); `version` counts every write. */
export interface ItineraryRecord {
  _id: string;
  title: string;
  currency: string;
  status: ItineraryStatus;
  ownerId: string;
  creator?: string;
  lineItems: LineItem[];
  leadGuest?: LeadGuest;
  /**
   * The lead guest as they were when the booking was paid (set on confirmation, never changed after): the
   * booking mails go there, whatever the contact data says later.
   */
  paidLeadGuest?: LeadGuest;
  invoiceId?: string;
  cancellation?: Itinerary['cancellation'];
  createdAt: Date;
  updatedAt: Date;
  confirmedAt?: Date;
  revision: number;
  version: number;
  /** The cancellation terms frozen when the invoice was made. */
  terms?: CancellationTerms;
  paymentLock?: PaymentLock;
  staffActions: StaffAction[];
}

/** The fields a change may set or clear (never the id, the owner, the write counter or the staff log). */
export const OPTIONAL_FIELDS = [
  'creator',
  'leadGuest',
  'paidLeadGuest',
  'invoiceId',
  'cancellation',
  'confirmedAt',
  'terms',
  'paymentLock',
] as const;

const OPEN: ItineraryStatus[] = ['draft', 'pending_payment'];

export const isOpen = (record: Pick<ItineraryRecord, 'status'>) => OPEN.includes(record.status);

export const isLocked = (record: Pick<ItineraryRecord, 'paymentLock'>, now: Date) =>
  record.paymentLock !== undefined && new Date(record.paymentLock.until).getTime() > now.getTime();

/**
 * A lock that has lapsed without billing letting go: its payment may have charged without the answer being
 * recorded yet. The cart stays as it is until billing says that payment ended (`paymentEnded`).
 */
export const hasLapsedLock = (record: Pick<ItineraryRecord, 'paymentLock'>, now: Date) =>
  record.paymentLock !== undefined && !isLocked(record, now);

export const allRooms = (record: Pick<ItineraryRecord, 'lineItems'>) =>
  record.lineItems.flatMap((item) => item.hotelBooking.rooms.map((room) => ({ item, room })));

export function totalOf(record: Pick<ItineraryRecord, 'lineItems' | 'currency'>): Money {
  return {
    amount: allRooms(record).reduce((sum, { room }) => sum + room.totalPrice.amount, 0),
    currency: record.currency,
  };
}

/** The answer shape of contracts. */
export function itineraryView(record: ItineraryRecord): Itinerary {
  return {
    id: record._id,
    title: record.title,
    currency: record.currency,
    status: record.status,
    ownerId: record.ownerId,
    ...(record.creator ? { creator: record.creator } : {}),
    lineItems: record.lineItems,
    ...(record.leadGuest ? { leadGuest: record.leadGuest } : {}),
    ...(record.invoiceId ? { invoiceId: record.invoiceId } : {}),
    total: totalOf(record),
    ...(record.cancellation ? { cancellation: record.cancellation } : {}),
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
    ...(record.confirmedAt ? { confirmedAt: new Date(record.confirmedAt).toISOString() } : {}),
  };
}

/**
 * Cart changes (rooms) need an open cart that billing is not charging: no lock, live or lapsed (a lapsed one
 * is let go once billing says its payment ended, see `hasLapsedLock`).
 */
export function assertCartEditable(record: ItineraryRecord, now: Date): void {
  if (!isOpen(record)) throw appError('itinerary-not-editable');
  if (isLocked(record, now) || hasLapsedLock(record, now)) throw appError('payment-in-progress');
}

/** A cart change: back to draft, the open invoice dropped (it can no longer be paid), a new revision. */
function cartChanged(record: ItineraryRecord, lineItems: LineItem[], now: Date): ItineraryRecord {
  return {
    ...record,
    lineItems,
    status: 'draft',
    invoiceId: undefined,
    terms: undefined,
    paymentLock: undefined,
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
export function addRoom(
  record: ItineraryRecord,
  placement: RoomPlacement,
  now: Date,
  creator?: string,
): ItineraryRecord | null {
  // A repeated request whose hold is already in: nothing to do (and the hold must not be released).
  if (allRooms(record).some(({ room }) => room.holdId === placement.room.holdId)) return null;
  assertCartEditable(record, now);
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
  assertCartEditable(record, now);
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
  assertCartEditable(record, now);
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

/** The cancellation rules of every room, as quoted: what the invoice freezes. */
export function termsOf(record: Pick<ItineraryRecord, 'lineItems' | 'currency'>): CancellationTerms {
  return {
    currency: record.currency,
    lines: allRooms(record).map(({ item, room }) => ({
      lineItemId: item.identity,
      holdId: room.holdId,
      hotelId: item.hotelBooking.hotelId,
      hotelName: item.hotelBooking.hotelName,
      roomTypeName: room.roomType.name,
      rateName: room.rateName,
      checkInDate: item.checkInDate,
      checkOutDate: item.checkOutDate,
      totalPrice: room.totalPrice,
      policyText: room.cancellationPolicyText,
      charges: room.cancellationCharges,
    })),
  };
}

/** The terms that apply: frozen with the invoice, or those of the rooms as they are. */
export const termsFor = (record: ItineraryRecord) => record.terms ?? termsOf(record);

/**
 * The paid invoice confirms the itinerary once: a redelivery, or another invoice, changes nothing. The lead
 * guest of the paid booking is kept as it is now.
 */
export function confirm(record: ItineraryRecord, invoiceId: string, now: Date): ItineraryRecord | null {
  if (record.invoiceId !== invoiceId || (record.status !== 'pending_payment' && record.status !== 'expired'))
    return null;
  const lineItems = record.lineItems.map((item) => ({
    ...item,
    hotelBooking: {
      ...item.hotelBooking,
      rooms: item.hotelBooking.rooms.map((room) => ({ ...room, holdStatus: 'booked' as const })),
    },
  }));
  return {
    ...record,
    lineItems,
    status: 'confirmed',
    confirmedAt: now,
    ...(record.leadGuest ? { paidLeadGuest: record.leadGuest } : {}),
    paymentLock: undefined,
    updatedAt: now,
  };
}

/** The role a cancellation is recorded under. */
export function actingRole(user: AuthUser): Role {
  if (isStaff(user)) return 'role/support';
  return user.roles[0] ?? 'role/customer';
}

export function cancel(
  record: ItineraryRecord,
  by: { userId: string; role: Role },
  reason: 'requested' | 'booking-failed',
  now: Date,
): ItineraryRecord | null {
  if (reason === 'booking-failed') {
    if (record.status === 'cancelled') return null;
  } else {
    if (!isOpen(record) && record.status !== 'confirmed') throw appError('itinerary-not-cancellable');
    if (isLocked(record, now) || hasLapsedLock(record, now)) throw appError('payment-in-progress');
  }
  return {
    ...record,
    status: 'cancelled',
    cancellation: { at: now.toISOString(), by, reason },
    terms: termsFor(record),
    paymentLock: undefined,
    updatedAt: now,
  };
}

/** The catalog released a hold: the room shows it; an unpaid cart whose hold lapsed cannot be paid any more. */
export function holdReleased(
  record: ItineraryRecord,
  holdId: string,
  reason: 'expired' | 'removed' | 'cancelled',
  now: Date,
): { record: ItineraryRecord; expired: boolean } | null {
  const found = allRooms(record).some(({ room }) => room.holdId === holdId && room.holdStatus === 'held');
  if (!found) return null;
  const lineItems = record.lineItems.map((item) => ({
    ...item,
    hotelBooking: {
      ...item.hotelBooking,
      rooms: item.hotelBooking.rooms.map((room) =>
        room.holdId === holdId ? { ...room, holdStatus: 'released' as const } : room,
      ),
    },
  }));
  const expired = reason === 'expired' && isOpen(record);
  return {
    record: { ...record, lineItems, ...(expired ? { status: 'expired' as const } : {}), updatedAt: now },
    expired,
  };
}

/** What cancelling at `at` costs and gives back (contracts' one rule): nothing is given back before payment. */
export function cancellationMoney(
  record: ItineraryRecord,
  terms: CancellationTerms,
  at: Date,
  paid: boolean,
  bookingFailed = false,
) {
  const amount: Money = paid ? totalOf(record) : { amount: 0, currency: record.currency };
  return cancellationSettlement(amount, terms, at, bookingFailed);
}

/** Money as people read it, in its currency ("$1,299.00"). */
export function formatMoney(money: Money, locale = 'en-US'): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(money.amount / 10 ** digits);
}

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
