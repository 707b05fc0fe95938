// Calls to the itinerary's internal routes, with billing's own service identity (docs/identity.md): what the
// invoice of a revision says, and the payment lock, taken before a charge and let go after a decline.
import { InvoiceDraftSchema, PaymentLockAnswerSchema, type InvoiceDraft } from '@travelclub/contracts';
import {
  callService,
  passOnError,
  ServiceCallError,
  type CausalContext,
  type Logger,
  type ServiceIdentity,
} from '@travelclub/kit';

/** The refusals the itinerary gives when it cannot be paid now; anything else means it could not answer. */
export const LOCK_REFUSALS = ['invoice-outdated', 'hold-expired', 'payment-in-progress'] as const;
export type LockRefusal = (typeof LOCK_REFUSALS)[number];

export type LockOutcome =
  | { outcome: 'locked'; lockedUntil: string }
  | { outcome: 'refused'; code: LockRefusal }
  | { outcome: 'unavailable'; reason: string };

export interface ItineraryClient {
  /** The invoice of this revision as the itinerary says it must be; its refusals pass on as they are. */
  invoiceDraft(itineraryId: string, revision: number, ctx: CausalContext): Promise<InvoiceDraft>;
  lock(itineraryId: string, invoiceId: string, ctx: CausalContext, holder?: LockHolder): Promise<LockOutcome>;
  /** Best effort: billing.payment.failed and billing.payment.refunded let go of the payment's lock too. */
  unlock(itineraryId: string, invoiceId: string, ctx: CausalContext, paymentId?: string): Promise<void>;
}

/** The payment a lock is for, and when it ends: the instant billing's lease on the invoice ends. */
export interface LockHolder {
  paymentId: string;
  until: Date;
}

const refusalOf = (err: ServiceCallError): LockRefusal | undefined => {
  const code = (err.body as { error?: { code?: unknown } } | undefined)?.error?.code;
  return err.status === 409 && LOCK_REFUSALS.includes(code as LockRefusal) ? (code as LockRefusal) : undefined;
};

export function itineraryClient(
  baseUrl: string,
  timeoutMs: number,
  identity: ServiceIdentity,
  log: Logger,
): ItineraryClient {
  const itineraryUrl = (itineraryId: string) =>
    `${baseUrl.replace(/\/+$/, '')}/internal/v1/itineraries/${encodeURIComponent(itineraryId)}`;
  const lockUrl = (itineraryId: string) => `${itineraryUrl(itineraryId)}/payment-lock`;
  const serviceToken = () => identity.tokenFor('itinerary');
  return {
    async invoiceDraft(itineraryId, revision, ctx) {
      try {
        const draft = await callService<unknown>(`${itineraryUrl(itineraryId)}/revisions/${revision}/invoice`, {
          ctx,
          serviceToken,
          timeoutMs,
        });
        return InvoiceDraftSchema.parse(draft);
      } catch (err) {
        throw passOnError(err, 'itinerary');
      }
    },
    async lock(itineraryId, invoiceId, ctx, holder) {
      try {
        const answer = await callService<unknown>(lockUrl(itineraryId), {
          method: 'POST',
          body: holder ? { invoiceId, paymentId: holder.paymentId, until: holder.until.toISOString() } : { invoiceId },
          ctx,
          serviceToken,
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
    async unlock(itineraryId, invoiceId, ctx, paymentId) {
      const query = new URLSearchParams({ invoiceId, ...(paymentId ? { paymentId } : {}) });
      try {
        await callService(`${lockUrl(itineraryId)}?${query}`, {
          method: 'DELETE',
          ctx,
          serviceToken,
          timeoutMs,
        });
      } catch (err) {
        log.warn({ itineraryId, invoiceId, reason: (err as Error).message }, 'could not let go of the payment lock');
      }
    },
  };
}
