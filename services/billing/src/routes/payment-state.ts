// Whether an invoice's payment has ended (internal: the itinerary's service identity only; not routed by
// the gateway). The itinerary asks when its payment lock lapsed before billing let go of it.
import { internalRoutes, InvoiceIdParamsSchema, InvoicePaymentStateSchema } from '@travelclub/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const paymentStateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app.billing;

  app.get(
    internalRoutes.invoicePaymentState.path,
    {
      schema: { params: InvoiceIdParamsSchema, response: { 200: InvoicePaymentStateSchema } },
      onRequest: app.requireService(...internalRoutes.invoicePaymentState.callers),
    },
    async (req) => payments.state(req.params.id),
  );
};
