// The cart's calls from the hotel page, through the API module loaded on demand (`loadApi()`: zod and the
// contracts never enter the page's first bundle). An anonymous account is made silently before the first add.
import type { Itinerary } from '@travelclub/contracts';
import { loadApi, type BrowserApi } from '~/lib/session';
import { canAddTo, missingForAdd, stayLineItem, type AddRoomInput } from './cart';

const hasCode = (err: unknown, code: string) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;

/** The latest open itinerary, or null when the traveller has none. */
async function latestOf(api: BrowserApi, call: BrowserApi['call']): Promise<Itinerary | null> {
  try {
    return await call(api.endpoints.itinerary.latestItinerary, {});
  } catch (err) {
    if (hasCode(err, 'itinerary-not-found')) return null;
    throw err;
  }
}

/**
 * Adds a room (spec sections 4 and 5): checked first; then into the latest itinerary while it is a draft, else
 * into a new one made in the rate's currency; into the line item of the same hotel and stay when it has one.
 */
export async function addRoomToItinerary(input: AddRoomInput): Promise<Itinerary> {
  const missing = missingForAdd(input);
  if (missing) throw missing;
  const { hotelId, roomType, roomId, searchId, checkIn, checkOut } = input;
  const creator = input.creator ? { creator: input.creator } : {};
  const api = await loadApi();
  const { itinerary: endpoints } = api.endpoints;
  // A visitor without an account has no itinerary yet: the account is made with the itinerary, no read first.
  const latest = (await api.accessToken()) ? await latestOf(api, api.call) : null;
  const target = canAddTo(latest)
    ? latest
    : await api.callAsUser(endpoints.createItinerary, { body: { currency: input.currency, ...creator } });
  const lineItem = stayLineItem(target, hotelId, checkIn, checkOut);
  return api.callAsUser(endpoints.addHotel, {
    params: { id: target.id },
    body: {
      hotelId,
      roomType,
      roomId,
      searchId: searchId ?? undefined,
      checkInDate: checkIn ?? undefined,
      checkOutDate: checkOut ?? undefined,
      ...(lineItem ? { lineItemId: lineItem.identity } : {}),
      ...creator,
    },
  });
}

/** Empties the rooms of a line item (spec section 4). */
export async function removeLineItemRooms(itineraryId: string, lineItemId: string): Promise<Itinerary> {
  const api = await loadApi();
  return api.callAsUser(api.endpoints.itinerary.removeHotel, { params: { id: itineraryId }, body: { lineItemId } });
}
