// What the invoice of one revision of an itinerary says, for billing only (its service identity,
// docs/identity.md; not routed by the gateway): billing makes invoices from this, never from the request.
import { internalRoutes, InvoiceDraftParamsSchema, InvoiceDraftSchema } from '@travelclub/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const invoiceDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { booking } = app.itinerary;
  const { invoiceDraft } = internalRoutes;

  app.get(
    invoiceDraft.path,
    {
      schema: { params: InvoiceDraftParamsSchema, response: { 200: InvoiceDraftSchema } },
      onRequest: app.requireService(...invoiceDraft.callers),
    },
    async (req) => booking.invoiceDraft(req.params.id, req.params.revision),
  );
};
