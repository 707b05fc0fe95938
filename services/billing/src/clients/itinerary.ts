// The itinerary's payment lock, taken before a charge and let go after a decline, with the traveller's token.
import { PaymentLockAnswerSchema } from '@travelclub/contracts';
import { callService, ServiceCallError, type CausalContext } from '@travelclub/kit';
import type { Logger } from 'pino';

/** The refusals the itinerary gives when it cannot be paid now; anything else means it could not answer. */
export const LOCK_REFUSALS = ['invoice-outdated', 'hold-expired', 'payment-in-progress'] as const;
export type LockRefusal = (typeof LOCK_REFUSALS)[number];

export type LockOutcome =
  | { outcome: 'locked'; lockedUntil: string }
  | { outcome: 'refused'; code: LockRefusal }
  | { outcome: 'unavailable'; reason: string };

export interface ItineraryClient {
  lock(itineraryId: string, invoiceId: string, token: string | undefined, ctx: CausalContext): Promise<LockOutcome>;
  /** Best effort: the lock lapses by itself anyway. */
  unlock(itineraryId: string, invoiceId: string, token: string | undefined, ctx: CausalContext): Promise<void>;
}

const refusalOf = (err: ServiceCallError): LockRefusal | undefined => {
  const code = (err.body as { error?: { code?: unknown } } | undefined)?.error?.code;
  return err.status === 409 && LOCK_REFUSALS.includes(code as LockRefusal) ? (code as LockRefusal) : undefined;
};

export function itineraryClient(baseUrl: string, timeoutMs: number, log: Logger): ItineraryClient {
  const lockUrl = (itineraryId: string) =>
    `${baseUrl.replace(/\/+$/, '')}/internal/v1/itineraries/${encodeURIComponent(itineraryId)}/payment-lock`;
  return {
    async lock(itineraryId, invoiceId, token, ctx) {
      try {
        const answer = await callService<unknown>(lockUrl(itineraryId), {
          method: 'POST',
          body: { invoiceId },
          ctx,
          token,
          timeoutMs,
        });
        const parsed = PaymentLockAnswerSchema.safeParse(answer);
        if (!parsed.success || parsed.data.invoiceId !== invoiceId)
          return { outcome: 'unavailable', reason: 'the payment lock answer is not valid' };
        return { outcome: 'locked', lockedUntil: parsed.data.lockedUntil };
      } catch (err) {
        if (err instanceof ServiceCallError) {
          const code = refusalOf(err);
          if (code) return { outcome: 'refused', code };
          return { outcome: 'unavailable', reason: err.message };
        }
        return { outcome: 'unavailable', reason: (err as Error).message };
      }
    },
    async unlock(itineraryId, invoiceId, token, ctx) {
      try {
        await callService(`${lockUrl(itineraryId)}?invoiceId=${encodeURIComponent(invoiceId)}`, {
          method: 'DELETE',
          ctx,
          token,
          timeoutMs,
        });
      } catch (err) {
        log.warn({ itineraryId, invoiceId, reason: (err as Error).message }, 'could not let go of the payment lock');
      }
    },
  };
}
