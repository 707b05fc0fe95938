// Cancelling an itinerary (docs/booking.md, "Cancellation"): the terms frozen with the invoice (or those of the
// rooms as they are), who cancels under which role, and what cancelling at a given instant costs and gives back.
import {
  cancellationChargeAt,
  type AuthUser,
  type CancellationTerms,
  type Money,
  type Role,
} from '@travelclub/contracts';
import { appError, isStaff } from '@travelclub/kit';
import { allRooms, bookedRoomLine, isOpen, totalOf, type GoodwillRefund, type ItineraryRecord } from './itinerary.js';

/** The cancellation rules of every room, as quoted: what the invoice freezes. */
export function termsOf(record: Pick<ItineraryRecord, 'lineItems' | 'currency'>): CancellationTerms {
  return {
    currency: record.currency,
    lines: allRooms(record).map(({ item, room }) => ({
      ...bookedRoomLine({ item, room }),
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
    // One awaiting payment is cancelled only once billing gave its invoice back (flows/invoice-withdrawal.ts).
    if (record.status === 'pending_payment') throw appError('payment-in-progress');
  }
  return {
    ...record,
    status: 'cancelled',
    cancellation: { at: now.toISOString(), by, reason },
    terms: termsFor(record),
    updatedAt: now,
  };
}

/** What cancelling the whole itinerary at `at` costs under its frozen terms, never more than was paid. */
export function termsChargeAt(terms: CancellationTerms, at: Date, paid?: Money): Money {
  const amount = terms.lines.reduce(
    (sum, line) =>
      sum + cancellationChargeAt({ cancellationCharges: line.charges, totalPrice: line.totalPrice }, at).amount,
    0,
  );
  return { amount: paid ? Math.min(amount, paid.amount) : amount, currency: terms.currency };
}

/**
 * What cancelling at `at` keeps of what was `paid` and gives back: the charge in force under the frozen terms,
 * never more than was paid; none when the booking failed, since the traveller got nothing: all of it back.
 * Support staff's refunds (`refundedBefore`) came first: the cancellation gives back at most what they left,
 * and the charge is what the payment keeps in the end.
 */
export function cancellationSettlement(
  paid: Money,
  terms: CancellationTerms,
  at: Date,
  bookingFailed: boolean,
  refundedBefore = 0,
): { refund: Money; charge: Money } {
  const charge = bookingFailed ? 0 : termsChargeAt(terms, at, paid).amount;
  const left = paid.amount - refundedBefore;
  const refund = Math.max(0, Math.min(paid.amount - charge, left));
  return {
    refund: { amount: refund, currency: paid.currency },
    charge: { amount: Math.max(0, left - refund), currency: paid.currency },
  };
}

/** What cancelling at `at` costs and gives back: nothing is given back before payment. */
export function cancellationMoney(
  record: ItineraryRecord,
  terms: CancellationTerms,
  at: Date,
  paid: boolean,
  bookingFailed = false,
) {
  const amount: Money = paid ? totalOf(record) : { amount: 0, currency: record.currency };
  return cancellationSettlement(amount, terms, at, bookingFailed, paid ? goodwillRefunded(record) : 0);
}

/** What support staff gave back of the invoice the itinerary was paid with. */
export const goodwillRefunded = (record: ItineraryRecord) =>
  (record.goodwillRefunds ?? [])
    .filter((refund) => refund.invoiceId === record.invoiceId)
    .reduce((sum, refund) => sum + refund.amount.amount, 0);

/** The itinerary with a goodwill refund of its invoice recorded, or null when it has it already. */
export function recordGoodwillRefund(record: ItineraryRecord, refund: GoodwillRefund): ItineraryRecord | null {
  if (record.goodwillRefunds?.some((known) => known.refundId === refund.refundId)) return null;
  return { ...record, goodwillRefunds: [...(record.goodwillRefunds ?? []), refund] };
}
