// Invoices: made for the itinerary service (internal: its service identity only, docs/identity.md; not routed
// by the gateway) and read by their owner or support staff.
import { CreateInvoiceBodySchema, internalRoutes, InvoiceIdParamsSchema, InvoiceSchema } from '@travelclub/contracts';
import { requestContext } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invoices } = app.billing;

  app.post(
    internalRoutes.createInvoice.path,
    {
      schema: { body: CreateInvoiceBodySchema, response: { 200: InvoiceSchema, 201: InvoiceSchema } },
      onRequest: app.requireService(...internalRoutes.createInvoice.callers),
    },
    async (req, reply) => {
      const { invoice, created } = await invoices.create(req.body, requestContext(req));
      return reply.code(created ? 201 : 200).send(invoice);
    },
  );

  app.get(
    '/api/v1/invoice/:id',
    { schema: { params: InvoiceIdParamsSchema, response: { 200: InvoiceSchema } }, preHandler: app.requireUser },
    async (req) => invoices.get(req.params.id, req.user!),
  );
};
