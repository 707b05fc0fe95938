// The itinerary pages' loaders on the server: a 404 'Itinerary not found' (spec section 2), with its status and
// title in the first answer, whenever the server can tell: no id, an id no itinerary can have, or an itinerary
// the API does not know for this visitor. The server asks as the visitor's browser would, with their session
// (the session cookie turned into an access token, the double-submit CSRF token beside it): their own rights
// only. Without a session, or when asking fails, the page renders its shell and the browser reads the itinerary.
import { ApiError, endpoints, ItineraryIdParamsSchema, type ItineraryStatus } from '@travelclub/contracts';
import { serverCall } from '~/lib/api.server';
import { cookieOf } from '~/lib/cookies';
import { notFound } from '~/lib/not-found';
import { ITINERARY_NOT_FOUND } from './itinerary-gate';

export interface ItineraryPageData {
  itineraryId: string;
  /** The itinerary's status as the server read it; null when it could not ask (the browser reads it). */
  status: ItineraryStatus | null;
}

/** The itinerary's status for the visitor of `request`: 'missing' on a 404, null when it cannot be asked. */
async function statusFor(request: Request, id: string): Promise<ItineraryStatus | 'missing' | null> {
  const csrf = cookieOf(request, 'tc_csrf');
  if (!csrf || !cookieOf(request, 'tc_session')) return null;
  try {
    const { accessToken: token } = await serverCall(
      request,
      endpoints.auth.sessionToken,
      {},
      { cookies: true, headers: { 'x-csrf-token': csrf } },
    );
    const itinerary = await serverCall(request, endpoints.itinerary.readItinerary, { params: { id } }, { token });
    return itinerary.status;
  } catch (err) {
    // A 404 is the itinerary's (not yours is not found too); anything else (a session that is over, a
    // service away) leaves it to the browser, which says what went wrong.
    if (err instanceof ApiError && err.status === 404 && err.code === 'itinerary-not-found') return 'missing';
    return null;
  }
}

export async function itineraryPageData(
  request: Request,
  params: { itineraryId?: string },
): Promise<ItineraryPageData> {
  const itineraryId = params.itineraryId;
  if (!itineraryId || !ItineraryIdParamsSchema.safeParse({ id: itineraryId }).success)
    throw notFound(ITINERARY_NOT_FOUND);
  const status = await statusFor(request, itineraryId);
  if (status === 'missing') throw notFound(ITINERARY_NOT_FOUND);
  return { itineraryId, status };
}
