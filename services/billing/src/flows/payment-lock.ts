// The itinerary's payment lock, through its endpoint definitions (docs/booking.md, "One payment at a time"):
// taken for one payment, to the instant its lease ends, before the charge; let go after a decline or when the
// lease ran short.
import { endpoints, type ErrorCode } from '@travelclub/contracts';
import { AppError, type CausalContext, type Logger, type ServiceClient } from '@travelclub/kit';

/** The refusals the itinerary gives when it cannot be paid now; any other failure means it could not answer. */
export const LOCK_REFUSALS = ['invoice-outdated', 'hold-expired', 'payment-in-progress'] as const;
export type LockRefusal = (typeof LOCK_REFUSALS)[number];
const isLockRefusal = (code: ErrorCode): code is LockRefusal => (LOCK_REFUSALS as readonly ErrorCode[]).includes(code);

export type LockOutcome =
  { outcome: 'locked' } | { outcome: 'refused'; code: LockRefusal } | { outcome: 'unavailable'; cause: unknown };

/** The payment a lock is for. */
export interface LockHolder {
  itineraryId: string;
  invoiceId: string;
  paymentId: string;
}

export type PaymentLock = ReturnType<typeof paymentLock>;

export function paymentLock(itinerary: ServiceClient, log: Logger) {
  const { takePaymentLock, releasePaymentLock } = endpoints.itinerary;
  return {
    async take(
      { itineraryId, invoiceId, paymentId }: LockHolder,
      until: Date,
      ctx: CausalContext,
    ): Promise<LockOutcome> {
      try {
        const answer = await itinerary.call(
          takePaymentLock,
          { params: { id: itineraryId }, body: { invoiceId, paymentId, until: until.toISOString() } },
          ctx,
        );
        if (answer.invoiceId !== invoiceId)
          return { outcome: 'unavailable', cause: new Error('the payment lock answer names another invoice') };
        return { outcome: 'locked' };
      } catch (err) {
        if (err instanceof AppError && isLockRefusal(err.code)) return { outcome: 'refused', code: err.code };
        return { outcome: 'unavailable', cause: err };
      }
    },

    /** Best effort: billing.payment.failed and billing.payment.refunded let go of the payment's lock too. */
    async release({ itineraryId, invoiceId, paymentId }: LockHolder, ctx: CausalContext): Promise<void> {
      try {
        await itinerary.call(
          releasePaymentLock,
          { params: { id: itineraryId }, query: { invoiceId, paymentId }, body: undefined },
          ctx,
        );
      } catch (err) {
        log.warn({ itineraryId, invoiceId, reason: (err as Error).message }, 'could not let go of the payment lock');
      }
    },
  };
}
