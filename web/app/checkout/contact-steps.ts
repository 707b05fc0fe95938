// What "Continue to payment" does on the contact page: the guest details saved, every room checked again at
// the catalog (pre-check), and the invoice made. A pre-check with problems stops before the invoice. And the
// wait for a visitor's cart to follow them into the account they signed in to.
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

/** How long a signed-in visitor's cart may take to become theirs, and how often to look. */
const FOLLOW = { timeoutMs: 15_000, everyMs: 300 };

/**
 * Resolves once the itinerary answers the account just signed in to. Signing up upgrades the visitor in
 * place, so it already does; signing in to an existing account hands the cart over through an event, a moment
 * later, and until then the itinerary is not found. False when it never came (the page then says so).
 */
export async function cartFollows(api: BrowserApi, itineraryId: string, timing = FOLLOW): Promise<boolean> {
  const until = Date.now() + timing.timeoutMs;
  for (;;) {
    try {
      await api.call(api.endpoints.itinerary.readItinerary, { params: { id: itineraryId } });
      return true;
    } catch (err) {
      if ((err as { status?: unknown }).status !== 404) throw err;
      if (Date.now() > until) return false;
      await new Promise((resolve) => setTimeout(resolve, timing.everyMs));
    }
  }
}
