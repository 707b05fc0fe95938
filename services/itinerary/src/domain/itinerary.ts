// The itinerary's rules (docs/booking.md), as pure functions of its state: the record, which statuses are open,
// the total, the answer shape, and what billing's and the catalog's news does to the status.
// The cart's rooms are in cart.ts, guest details in guests.ts, invoicing in invoice.ts, cancelling in
// cancellation.ts.
import {
  DEFAULT_CURRENCY,
  type CancellationTerms,
  type Itinerary,
  type ItineraryStatus,
  type LeadGuest,
  type LineItem,
  type Money,
} from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { bookingReference } from './reference.js';

/** What support staff did to an itinerary, by whom (their user id), and the note they gave. */
export interface StaffAction {
  at: Date;
  userId: string;
  action: string;
  reason?: string;
}

/** A refund support staff gave of a paid invoice (billing.refund.issued, reason `goodwill`). */
export interface GoodwillRefund {
  refundId: string;
  invoiceId: string;
  amount: Money;
}

/** The itinerary as stored. `revision` counts cart changes (one invoice per revision); `version` counts every write. */
export interface ItineraryRecord {
  _id: string;
  /** The booking reference (`TC-…`), given when the store first writes the itinerary (reference.ts). */
  reference?: string;
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
  staffActions: StaffAction[];
  /** Support staff's refunds: a cancellation gives back at most what they left of the payment. */
  goodwillRefunds?: GoodwillRefund[];
  /**
   * The trace of the booking as support looks it up: the checkout's, then that of the payment that paid it (its
   * trace goes on to the confirmation). Kept through every later change.
   */
  traceId?: string;
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
] as const;

const OPEN: ItineraryStatus[] = ['draft', 'pending_payment'];

/** The record with the trace it was changed in, when there is one (tracing on); as it was otherwise. */
export const withTrace = (record: ItineraryRecord, traceId: string | undefined): ItineraryRecord =>
  traceId ? { ...record, traceId } : record;

/** A new, empty cart of `ownerId`'s. */
export function newItinerary(
  id: string,
  ownerId: string,
  { title = '', currency = DEFAULT_CURRENCY, creator }: { title?: string; currency?: string; creator?: string },
  now: Date,
): ItineraryRecord {
  return {
    _id: id,
    title,
    currency,
    status: 'draft',
    ownerId,
    ...(creator ? { creator } : {}),
    lineItems: [],
    createdAt: now,
    updatedAt: now,
    revision: 0,
    version: 0,
    staffActions: [],
  };
}

export const isOpen = (record: Pick<ItineraryRecord, 'status'>) => OPEN.includes(record.status);

export const allRooms = (record: Pick<ItineraryRecord, 'lineItems'>) =>
  record.lineItems.flatMap((item) => item.hotelBooking.rooms.map((room) => ({ item, room })));

/** Which room of which line item, at which hotel, in which room type and rate (terms and invoice lines alike). */
export const bookedRoomLine = ({ item, room }: ReturnType<typeof allRooms>[number]) => ({
  lineItemId: item.identity,
  holdId: room.holdId,
  hotelId: item.hotelBooking.hotelId,
  hotelName: item.hotelBooking.hotelName,
  roomTypeName: room.roomType.name,
  rateName: room.rateName,
});

export function totalOf(record: Pick<ItineraryRecord, 'lineItems' | 'currency'>): Money {
  return {
    amount: allRooms(record).reduce((sum, { room }) => sum + room.totalPrice.amount, 0),
    currency: record.currency,
  };
}

/** What every view of an itinerary names first: which it is, whose, its title and status, the creator it came from. */
export const itineraryHead = (
  record: Pick<ItineraryRecord, '_id' | 'reference' | 'title' | 'status' | 'ownerId' | 'creator'>,
) => ({
  id: record._id,
  // One made before references, not given its own yet at start-up, has its first attempt's (the usual one).
  reference: record.reference ?? bookingReference(record._id),
  title: record.title,
  status: record.status,
  ownerId: record.ownerId,
  ...(record.creator ? { creator: record.creator } : {}),
});

/** The answer shape of contracts. */
export function itineraryView(record: ItineraryRecord): Itinerary {
  return {
    ...itineraryHead(record),
    currency: record.currency,
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
 * Cart changes (rooms) and checkout need a draft: a cart awaiting payment changes only once billing gave its
 * invoice back (flows/invoice-withdrawal.ts), which it refuses while a payment holds it. A cart found awaiting
 * payment here took a new invoice meanwhile (another checkout).
 */
export function assertCartEditable(record: ItineraryRecord): void {
  if (record.status === 'pending_payment') throw appError('payment-in-progress');
  if (!isOpen(record)) throw appError('itinerary-not-editable');
}

/**
 * Billing gave back the invoice the cart awaited: the cart is a draft again at a new revision, so the next
 * checkout asks for a new invoice. Null when it no longer awaits that invoice.
 */
export function invoiceWithdrawn(record: ItineraryRecord, invoiceId: string, now: Date): ItineraryRecord | null {
  if (record.status !== 'pending_payment' || record.invoiceId !== invoiceId) return null;
  return {
    ...record,
    status: 'draft',
    invoiceId: undefined,
    terms: undefined,
    revision: record.revision + 1,
    updatedAt: now,
  };
}

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
