// Invoices: made for the itinerary (internal: its service identity only, docs/identity.md; not routed by the
// gateway), read by their owner or support staff, and whether an invoice's payment has ended (the itinerary
// asks when its payment lock lapsed before billing let go of it).
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { BillingFlows } from '../flows/index.js';

type Endpoints = Pick<typeof endpoints.billing, 'createInvoice' | 'invoice' | 'invoicePaymentState'>;

export function invoiceRoutes({ invoices, payments }: BillingFlows): Handlers<Endpoints> {
  return {
    createInvoice: async ({ body, ctx }, reply) => {
      const { invoice, created } = await invoices.create(body, ctx);
      return reply.code(created ? 201 : 200).send(invoice);
    },

    invoice: ({ params, user }) => invoices.get(params.id, user),

    invoicePaymentState: ({ params }) => payments.state(params.id),
  };
}
