// What the invoice of one revision of an itinerary says, for billing only (its service identity,
// docs/identity.md; not routed by the gateway): billing makes invoices from this, never from the request.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { CheckoutFlows } from '../flows/checkout.js';

export function invoiceDraftRoutes(
  checkout: CheckoutFlows,
): Handlers<Pick<typeof endpoints.itinerary, 'invoiceDraft'>> {
  return { invoiceDraft: ({ params }) => checkout.invoiceDraft(params.id, params.revision) };
}
