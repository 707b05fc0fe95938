// The invoice of one revision as this service says it must be (billing reads it: it takes no price from the
// one asking), what a cart needs to be invoiced, and the check of billing's invoice against it before the
// itinerary awaits its payment.
import { isDeepStrictEqual } from 'node:util';
import {
  CancellationTermsSchema,
  InvoiceLineSchema,
  type CancellationTerms,
  type Invoice,
  type InvoiceDraft,
  type InvoiceLine,
} from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { termsOf } from './cancellation.js';
import { allRooms, assertCartEditable, bookedRoomLine, totalOf, type ItineraryRecord } from './itinerary.js';

export function invoiceLinesOf(record: ItineraryRecord): InvoiceLine[] {
  return allRooms(record).map(({ item, room }) => ({
    ...bookedRoomLine({ item, room }),
    rooms: room.rooms,
    checkInDate: item.checkInDate,
    checkOutDate: item.checkOutDate,
    amount: room.totalPrice,
  }));
}

/** What createInvoice needs: rooms, guest details for all of them, and every hold still good. */
export function assertPayable(record: ItineraryRecord, now: Date): void {
  const rooms = allRooms(record);
  if (rooms.length === 0) throw appError('itinerary-empty');
  if (!record.leadGuest || rooms.some(({ room }) => (room.guestNames?.length ?? 0) !== room.rooms))
    throw appError('guest-details-missing');
  if (rooms.some(({ room }) => room.holdStatus !== 'held' || Date.parse(room.holdExpiresAt) <= now.getTime()))
    throw appError('hold-expired');
}

export function awaitPayment(
  record: ItineraryRecord,
  revision: number,
  invoiceId: string,
  terms: CancellationTerms,
  now: Date,
): ItineraryRecord | null {
  if (record.status === 'pending_payment' && record.invoiceId === invoiceId) return null;
  // The cart changed while billing made the invoice: that invoice is for a state that is gone.
  if (record.revision !== revision) throw appError('invoice-outdated');
  assertCartEditable(record);
  return { ...record, status: 'pending_payment', invoiceId, terms, updatedAt: now };
}

/** When the first of the cart's holds lapses: billing leases no payment past it. */
export const holdsUntil = (record: ItineraryRecord) =>
  new Date(Math.min(...allRooms(record).map(({ room }) => Date.parse(room.holdExpiresAt)))).toISOString();

/**
 * What the invoice of `revision` says: the rooms and prices of the itinerary as it is, while it is still at
 * that revision and could be invoiced; its frozen terms once it awaits payment.
 */
export function invoiceDraftOf(record: ItineraryRecord, revision: number, now: Date): InvoiceDraft {
  if (record.revision !== revision) throw appError('invoice-outdated');
  const awaiting = record.status === 'pending_payment' && record.terms !== undefined;
  if (!awaiting) {
    assertCartEditable(record);
    assertPayable(record, now);
  }
  return {
    itineraryId: record._id,
    revision,
    ownerId: record.ownerId,
    currency: record.currency,
    lines: invoiceLinesOf(record),
    terms: awaiting ? record.terms! : termsOf(record),
    ...(record.creator ? { creator: record.creator } : {}),
    contactEmail: record.leadGuest!.email,
    holdsUntil: holdsUntil(record),
  };
}

/** As they travel: what the schemas keep, without undefined fields or key order. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * The fields of billing's invoice that are not the itinerary's own (empty when it matches): the owner, the
 * currency, every line and its price, the total and the terms.
 */
export function invoiceMismatch(record: ItineraryRecord, terms: CancellationTerms, invoice: Invoice): string[] {
  const total = totalOf(record);
  const expected: Record<string, [unknown, unknown]> = {
    itineraryId: [invoice.itineraryId, record._id],
    ownerId: [invoice.ownerId, record.ownerId],
    currency: [invoice.currency, record.currency],
    lines: [invoice.lines, InvoiceLineSchema.array().parse(invoiceLinesOf(record))],
    total: [invoice.total, total],
    terms: [invoice.terms, CancellationTermsSchema.parse(terms)],
  };
  return Object.entries(expected)
    .filter(([, [theirs, ours]]) => !isDeepStrictEqual(plain(theirs), plain(ours)))
    .map(([field]) => field);
}

/**
 * After refusing billing's invoice for `revision`: a new revision of the same cart, so the next invoice is a
 * new one (null when the itinerary has moved on anyway).
 */
export function refuseRevision(record: ItineraryRecord, revision: number, now: Date): ItineraryRecord | null {
  if (record.revision !== revision || record.status !== 'draft') return null;
  return { ...record, revision: revision + 1, updatedAt: now };
}
