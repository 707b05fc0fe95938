// Billing's payment lock as the itinerary keeps it (docs/booking.md, "One payment at a time"): taken for one
// payment until billing's lease ends, every hold outliving it; let go by that payment only; and once lapsed,
// kept until billing says the payment ended, so the cart never changes under a charge whose answer is late.
import { AppError, appError, type CausalContext } from '@travelclub/kit';
import { behalfOf } from './cart-holds.js';
import type { BillingClient, CatalogClient } from './clients/neighbours.js';
import { allRooms, hasLapsedLock, type ItineraryRecord } from './domain/itinerary.js';
import { releaseEndedLock, releasePaymentLock, takePaymentLock } from './domain/payment-lock.js';
import type { ItineraryStore } from './store/itineraries.js';

type Mutate = ItineraryStore['mutate'];

export interface PaymentLockDeps {
  store: ItineraryStore;
  catalog: CatalogClient;
  billing: BillingClient;
  paymentLockSeconds: number;
  /** The store's change of an itinerary that must exist (`itinerary-not-found` otherwise). */
  mutateOrMissing: (...args: Parameters<Mutate>) => Promise<NonNullable<Awaited<ReturnType<Mutate>>>>;
}

export function paymentLockFlow({ store, catalog, billing, paymentLockSeconds, mutateOrMissing }: PaymentLockDeps) {
  /**
   * A payment lock that lapsed without billing letting go may stand for a charge whose answer is not recorded
   * yet (a slow provider, a crash): the cart stays as it is until billing says no payment of that invoice is
   * unsettled and the invoice is not paid. Then the lock goes and the change may be made; otherwise
   * `payment-in-progress` (docs/booking.md, "One payment at a time").
   */
  async function letGoOfEndedPayment(record: ItineraryRecord, ctx: CausalContext): Promise<ItineraryRecord> {
    const lock = record.paymentLock;
    if (!lock || !hasLapsedLock(record, new Date())) return record;
    const state = await billing.paymentState(lock.invoiceId, ctx).catch((err: unknown) => {
      // An invoice billing does not have has no payment running either.
      if (err instanceof AppError && err.code === 'invoice-not-found') return null;
      throw err;
    });
    if (state && (state.paymentInProgress || state.status === 'paid')) throw appError('payment-in-progress');
    const result = await store.mutate(record._id, (current) => {
      const next = releaseEndedLock(current, lock, new Date());
      return next && { record: next };
    });
    return result?.record ?? record;
  }

  return {
    letGoOfEndedPayment,

    /**
     * Billing's lock before it charges, for its payment and until its lease ends (never more than
     * PAYMENT_LOCK_S from now); every hold must outlive it, or the lock is let go at once.
     */
    async takePaymentLock(
      id: string,
      invoiceId: string,
      ctx: CausalContext,
      asked: { paymentId?: string | undefined; until?: string | undefined } = {},
    ) {
      const { paymentId } = asked;
      const longest = Date.now() + paymentLockSeconds * 1000;
      const until = new Date(asked.until ? Math.min(Date.parse(asked.until), longest) : longest);
      if (until.getTime() <= Date.now())
        throw appError('validation-failed', [{ path: 'until', message: 'The lock must end in the future' }]);
      const { record } = await mutateOrMissing(id, (current) => ({
        record: takePaymentLock(current, invoiceId, until, new Date(), paymentId),
      }));
      try {
        const owner = behalfOf(record, ctx);
        const holds = await Promise.all(allRooms(record).map(({ room }) => catalog.hold(room.holdId, owner)));
        if (holds.some((hold) => !hold || hold.status !== 'held' || Date.parse(hold.expiresAt) < until.getTime()))
          throw appError('hold-expired');
      } catch (err) {
        await store.mutate(id, (current) => {
          const next = releasePaymentLock(current, invoiceId, new Date(), paymentId);
          return next && { record: next };
        });
        throw err;
      }
      return { itineraryId: id, invoiceId, ...(paymentId ? { paymentId } : {}), lockedUntil: until.toISOString() };
    },

    /** Billing lets go (a decline): only its own payment's lock, when it names one. */
    async releasePaymentLock(id: string, invoiceId: string, paymentId?: string) {
      await mutateOrMissing(id, (current) => {
        const next = releasePaymentLock(current, invoiceId, new Date(), paymentId);
        return next && { record: next };
      });
    },

    /** billing.payment.failed, billing.payment.refunded: that payment ended, so its lock, if it still holds it, goes. */
    async paymentEnded(itineraryId: string, invoiceId: string, paymentId: string) {
      await store.mutate(itineraryId, (current) => {
        const next = releasePaymentLock(current, invoiceId, new Date(), paymentId);
        return next && { record: next };
      });
    },
  };
}
