// The package page's two calls, through the API module loaded on demand (`loadApi()`: zod and the contracts
// never enter the page's first bundle). Booking needs an account: a visitor gets an anonymous one silently.
import type { Itinerary } from '@travelclub/contracts';
import { loadApi } from '~/lib/session';
import type { bookingBody } from './booking-rules';
import type { requestBody } from './request-rules';

/** A new cart holding every stay of the package for this departure and party (all or nothing). */
export async function bookPackage(packageId: string, body: ReturnType<typeof bookingBody>): Promise<Itinerary> {
  const api = await loadApi();
  return api.callAsUser(api.endpoints.itinerary.fromTravelPackage, { params: { id: packageId }, body });
}

/** A traveller's request to the creator: a mail to them (limited per hour). */
export async function sendPackageRequest(body: ReturnType<typeof requestBody>): Promise<void> {
  const api = await loadApi();
  await api.call(api.endpoints.creator.requestPackage, { body });
}
