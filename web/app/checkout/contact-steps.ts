// What "Continue to payment" does on the contact page: the guest details saved, every room checked again at
// the catalog (pre-check), and the invoice made. A pre-check with problems stops before the invoice.
import type { Itinerary, PreCheckAnswer, SetGuestDetailsBody } from '@travelclub/contracts';
import type { BrowserApi } from '~/lib/session';

export type ContactOutcome =
  { kind: 'invoiced'; itinerary: Itinerary } | { kind: 'problems'; preCheck: PreCheckAnswer };

export async function continueToPayment(
  api: BrowserApi,
  itineraryId: string,
  body: SetGuestDetailsBody,
): Promise<ContactOutcome> {
  const { itinerary } = api.endpoints;
  const params = { id: itineraryId };
  await api.call(itinerary.setGuestDetails, { params, body });
  const preCheck = await api.call(itinerary.preCheck, { params });
  if (!preCheck.ok) return { kind: 'problems', preCheck };
  return { kind: 'invoiced', itinerary: await api.call(itinerary.createInvoice, { params }) };
}
