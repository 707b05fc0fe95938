// Billing's payment lock as the itinerary's rules see it (docs/booking.md, "One payment at a time"): taken for
// the invoice awaited now by one payment at a time, let go by that payment only, and once lapsed let go only
// when billing says its payment ended. The lock itself and whether it holds are in itinerary.ts.
import { appError } from '@travelclub/kit';
import { allRooms, isLocked, type ItineraryRecord, type PaymentLock } from './itinerary.js';

/** Whether a lock names another payment than `paymentId` (a lock or a caller without one names any). */
const otherPayment = (lock: PaymentLock, invoiceId: string, paymentId: string | undefined) =>
  lock.invoiceId !== invoiceId ||
  (lock.paymentId !== undefined && paymentId !== undefined && lock.paymentId !== paymentId);

/**
 * Billing's lock before it charges: only for the invoice awaited now, and one payment at a time. The same
 * payment again (billing retried, or took up a payment it had left) takes it again. A lapsed lock of another
 * payment gives way: billing starts a payment only when the one before it has ended.
 */
export function takePaymentLock(
  record: ItineraryRecord,
  invoiceId: string,
  until: Date,
  now: Date,
  paymentId?: string,
): ItineraryRecord {
  if (record.status === 'expired') throw appError('hold-expired');
  if (record.status !== 'pending_payment' || record.invoiceId !== invoiceId) throw appError('invoice-outdated');
  if (isLocked(record, now) && otherPayment(record.paymentLock!, invoiceId, paymentId))
    throw appError('payment-in-progress');
  if (allRooms(record).some(({ room }) => room.holdStatus !== 'held')) throw appError('hold-expired');
  return { ...record, paymentLock: { invoiceId, ...(paymentId ? { paymentId } : {}), until }, updatedAt: now };
}

/** Billing let go (a decline), or said the payment ended: only that payment's lock goes (any, without one). */
export function releasePaymentLock(
  record: ItineraryRecord,
  invoiceId: string,
  now: Date,
  paymentId?: string,
): ItineraryRecord | null {
  if (!record.paymentLock || otherPayment(record.paymentLock, invoiceId, paymentId)) return null;
  return { ...record, paymentLock: undefined, updatedAt: now };
}

/**
 * Billing said the payment of this lapsed lock ended: the lock goes, if it is still that one and still lapsed
 * (the same payment taken up again holds a live lock, which stays).
 */
export function releaseEndedLock(record: ItineraryRecord, ended: PaymentLock, now: Date): ItineraryRecord | null {
  const lock = record.paymentLock;
  if (!lock || isLocked(record, now) || lock.invoiceId !== ended.invoiceId || lock.paymentId !== ended.paymentId)
    return null;
  return { ...record, paymentLock: undefined, updatedAt: now };
}
