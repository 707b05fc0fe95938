// Billing's payment lock (internal: billing's service identity only, docs/identity.md; not routed by the
// gateway): taken before a charge, let go after a decline. Billing checked who pays before it asks.
import type { endpoints } from '@travelclub/contracts';
import { appError, type Handlers } from '@travelclub/kit';
import type { PaymentLockFlows } from '../flows/payment-lock.js';

type Endpoints = Pick<typeof endpoints.itinerary, 'takePaymentLock' | 'releasePaymentLock'>;

export function paymentLockRoutes(paymentLock: PaymentLockFlows): Handlers<Endpoints> {
  return {
    takePaymentLock: ({ params, body, ctx }) => paymentLock.takePaymentLock(params.id, body, ctx),

    // The invoice may come in the body or, for clients that send no body with DELETE, in the query.
    releasePaymentLock: async ({ params, body, query }, reply) => {
      const invoiceId = body?.invoiceId ?? query.invoiceId;
      if (!invoiceId) throw appError('validation-failed', [{ path: 'invoiceId', message: 'Required' }]);
      await paymentLock.releasePaymentLock(params.id, invoiceId, body?.paymentId ?? query.paymentId);
      return reply.send();
    },
  };
}
