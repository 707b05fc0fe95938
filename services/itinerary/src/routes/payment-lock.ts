// Billing's payment lock (internal, service to service with the traveller's token; not routed by the
// gateway): taken before a charge, let go after a decline.
import { PaymentLockAnswerSchema, PaymentLockBodySchema, ItineraryIdParamsSchema } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from './itineraries.js';
import { tokenRequired } from './token.js';

const PATH = '/internal/v1/itineraries/:id/payment-lock';

export const paymentLockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { booking } = app.itinerary;
  const onRequest = tokenRequired(app);

  app.post(
    PATH,
    {
      schema: {
        params: ItineraryIdParamsSchema,
        body: PaymentLockBodySchema,
        response: { 200: PaymentLockAnswerSchema },
      },
      onRequest,
    },
    async (req) => booking.takePaymentLock(req.params.id, req.body.invoiceId, callerOf(req)),
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
      onRequest,
    },
    async (req, reply) => {
      const invoiceId = req.body?.invoiceId ?? req.query.invoiceId;
      if (!invoiceId) throw appError('validation-failed', [{ path: 'invoiceId', message: 'Required' }]);
      await booking.releasePaymentLock(req.params.id, invoiceId, callerOf(req));
      return reply.code(204).send();
    },
  );
};
