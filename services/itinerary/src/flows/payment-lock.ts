// Billing's payment lock as the itinerary keeps it (docs/booking.md, "One payment at a time"): taken for one
// payment until billing's lease ends, every hold outliving it; let go by that payment only; and once lapsed,
// kept until billing says the payment ended, so the cart never changes under a charge whose answer is late.
import { endpoints } from '@travelclub/contracts';
import { AppError, appError, currentTraceId, type CausalContext, type ServiceClient } from '@travelclub/kit';
import { allRooms, hasLapsedLock, withTrace, type ItineraryRecord } from '../domain/itinerary.js';
import { releaseEndedLock, releasePaymentLock, takePaymentLock } from '../domain/payment-lock.js';
import type { ItineraryStore } from '../store/itineraries.js';
import type { ItineraryAccess } from './access.js';
import { behalfOf, type CartHolds } from './cart-holds.js';

export interface PaymentLockDeps {
  store: ItineraryStore;
  billing: ServiceClient;
  holds: CartHolds;
  access: ItineraryAccess;
  paymentLockSeconds: number;
}

/** Whom billing's lock is for, and until when it asks for it. */
export interface LockAsked {
  invoiceId: string;
  paymentId?: string | undefined;
  until?: string | undefined;
}

export function paymentLockFlows({ store, billing, holds, access, paymentLockSeconds }: PaymentLockDeps) {
  /** Lets go of billing's lock of this payment (any, without one), if the itinerary still has it. */
  const letGo = (id: string, invoiceId: string, paymentId?: string) =>
    store.mutate(id, (current) => {
      const next = releasePaymentLock(current, invoiceId, new Date(), paymentId);
      return next && { record: next };
    });

  /** Whether billing may still be charging for the invoice (null: billing has no such invoice). */
  const paymentState = (invoiceId: string, ctx: CausalContext) =>
    billing.call(endpoints.billing.invoicePaymentState, { params: { id: invoiceId } }, ctx).catch((err: unknown) => {
      // An invoice billing does not have has no payment running either.
      if (err instanceof AppError && err.code === 'invoice-not-found') return null;
      throw err;
    });

  /** Whether every hold is still held and outlives `until` (the lock goes otherwise). */
  async function assertHoldsOutlive(record: ItineraryRecord, until: Date, ctx: CausalContext) {
    const owner = behalfOf(record, ctx);
    const found = await Promise.all(allRooms(record).map(({ room }) => holds.current(room.holdId, owner)));
    if (found.some((hold) => !hold || hold.status !== 'held' || Date.parse(hold.expiresAt) < until.getTime()))
      throw appError('hold-expired');
  }

  return {
    letGo,

    /**
     * A payment lock that lapsed without billing letting go may stand for a charge whose answer is not recorded
     * yet (a slow provider, a crash): the cart stays as it is until billing says no payment of that invoice is
     * unsettled and the invoice is not paid. Then the lock goes and the change may be made; otherwise
     * `payment-in-progress` (docs/booking.md, "One payment at a time").
     */
    async letGoOfEndedPayment(record: ItineraryRecord, ctx: CausalContext): Promise<ItineraryRecord> {
      const lock = record.paymentLock;
      if (!lock || !hasLapsedLock(record, new Date())) return record;
      const state = await paymentState(lock.invoiceId, ctx);
      if (state && (state.paymentInProgress || state.status === 'paid')) throw appError('payment-in-progress');
      const result = await store.mutate(record._id, (current) => {
        const next = releaseEndedLock(current, lock, new Date());
        return next && { record: next };
      });
      return result?.record ?? record;
    },

    /**
     * Billing's lock before it charges, for its payment and until its lease ends (never more than
     * PAYMENT_LOCK_S from now); every hold must outlive it, or the lock is let go at once.
     */
    async takePaymentLock(id: string, { invoiceId, paymentId, until: asked }: LockAsked, ctx: CausalContext) {
      const longest = Date.now() + paymentLockSeconds * 1000;
      const until = new Date(asked ? Math.min(Date.parse(asked), longest) : longest);
      if (until.getTime() <= Date.now())
        throw appError('validation-failed', [{ path: 'until', message: 'The lock must end in the future' }]);
      // Billing's call carries its payment's trace, which goes on to the charge and the confirmation: the one
      // support wants for the booking from now on.
      const traceId = currentTraceId();
      const { record } = await access.mutateOrMissing(id, (current) => ({
        record: withTrace(takePaymentLock(current, invoiceId, until, new Date(), paymentId), traceId),
      }));
      try {
        await assertHoldsOutlive(record, until, ctx);
      } catch (err) {
        await letGo(id, invoiceId, paymentId);
        throw err;
      }
      return { itineraryId: id, invoiceId, ...(paymentId ? { paymentId } : {}), lockedUntil: until.toISOString() };
    },

    /** Billing lets go (a decline): only its own payment's lock, when it names one. */
    async releasePaymentLock(id: string, invoiceId: string, paymentId?: string) {
      if (!(await letGo(id, invoiceId, paymentId))) throw appError('itinerary-not-found');
    },
  };
}
export type PaymentLockFlows = ReturnType<typeof paymentLockFlows>;
