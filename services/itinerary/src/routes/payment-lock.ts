// Billing's payment lock (internal: billing's service identity only, docs/identity.md; not routed by the
// gateway): taken before a charge, let go after a decline. Billing checked who pays before it asks.
import {
  internalRoutes,
  ItineraryIdParamsSchema,
  PaymentLockAnswerSchema,
  PaymentLockBodySchema,
} from '@travelclub/contracts';
import { appError, requestContext } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const PATH = '/internal/v1/itineraries/:id/payment-lock';

export const paymentLockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { booking } = app.itinerary;

  app.post(
    PATH,
    {
      schema: {
        params: ItineraryIdParamsSchema,
        body: PaymentLockBodySchema,
        response: { 200: PaymentLockAnswerSchema },
      },
      onRequest: app.requireService(...internalRoutes.takePaymentLock.callers),
    },
    async (req) => {
      const { invoiceId, paymentId, until } = req.body;
      return booking.takePaymentLock(req.params.id, invoiceId, requestContext(req), { paymentId, until });
    },
  );

  // The invoice may come in the body or, for clients that send no body with DELETE, in the query.
  app.delete(
    PATH,
    {
      schema: {
        params: ItineraryIdParamsSchema,
        body: PaymentLockBodySchema.nullish(),
        querystring: PaymentLockBodySchema.partial(),
      },
      onRequest: app.requireService(...internalRoutes.releasePaymentLock.callers),
    },
    async (req, reply) => {
      const invoiceId = req.body?.invoiceId ?? req.query.invoiceId;
      if (!invoiceId) throw appError('validation-failed', [{ path: 'invoiceId', message: 'Required' }]);
      await booking.releasePaymentLock(req.params.id, invoiceId, req.body?.paymentId ?? req.query.paymentId);
      return reply.code(204).send();
    },
  );
};
