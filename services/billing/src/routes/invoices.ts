// Invoices: made for the itinerary (internal: its service identity only, docs/identity.md; not routed by the
// gateway), taken back by the itinerary before its cart changes (internal too), and read by their owner or
// support staff.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { BillingFlows } from '../flows/index.js';

type Endpoints = Pick<typeof endpoints.billing, 'createInvoice' | 'withdrawInvoice' | 'invoice'>;

export function invoiceRoutes({ invoices }: BillingFlows): Handlers<Endpoints> {
  return {
    createInvoice: async ({ body, ctx }, reply) => {
      const { invoice, created } = await invoices.create(body, ctx);
      return reply.code(created ? 201 : 200).send(invoice);
    },

    withdrawInvoice: ({ params, body }) => invoices.withdraw(params.id, body.itineraryId),

    invoice: ({ params, user }) => invoices.get(params.id, user),
  };
}
