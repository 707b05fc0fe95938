// The cart rules the hotel page applies (spec sections 4, 5 and 8), pure: what an add needs before it is sent,
// the cart errors in the spec's words, where a room goes (which itinerary, which line item), and which rates
// of this stay are already in the itinerary.
import type { ErrorCode, Itinerary, LineItem } from '@travelclub/contracts';

/** The seven cart errors of spec section 8, by the API's code, and the no-rooms message of section 5. */
export const CART_ERRORS = {
  'hotel-not-found': 'Hotel not found',
  'room-not-found': 'Room type or room ID not found',
  'room-type-not-found': 'Room type not found',
  'search-or-dates-not-found': 'Search results or dates not found',
  'token-not-found': 'Token not found',
  'hotel-booking-not-found': 'Itinerary or hotelBooking not found',
  'booking-not-found': 'existing booking not found',
} as const satisfies Partial<Record<ErrorCode, string>>;

export const NO_ROOMS_TITLE = 'No rooms available';
export const NO_ROOMS_MESSAGE =
  'No rooms available for the selected dates. Try changing your dates or number of guests.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred, please try again later.';

/** An error of the page's own making, carrying the catalogue code whose text it shows. */
export class CartError extends Error {
  constructor(readonly code: keyof typeof CART_ERRORS) {
    super(CART_ERRORS[code]);
    this.name = 'CartError';
  }
}

/** The text an add or remove failure shows: the spec's words for the cart errors, the API's text otherwise. */
export function cartErrorText(err: unknown): string {
  if (typeof err !== 'object' || err === null) return UNEXPECTED_ERROR;
  const { code, message, details } = err as { code?: unknown; message?: unknown; details?: unknown };
  if (typeof code === 'string' && code in CART_ERRORS) return CART_ERRORS[code as keyof typeof CART_ERRORS];
  if (code === 'no-rooms-available') return NO_ROOMS_MESSAGE;
  // A validation answer names what was wrong in its details (a room priced in another currency).
  const detail = Array.isArray(details) ? (details[0] as { message?: unknown } | undefined)?.message : undefined;
  if (code === 'validation-failed' && typeof detail === 'string') return detail;
  // Only the API's catalogue texts are meant for people; a network failure's text is not.
  if (typeof code === 'string' && typeof message === 'string' && message) return message;
  return UNEXPECTED_ERROR;
}

/** What adding one rate of a room type to the itinerary takes (spec section 5). */
export interface AddRoomInput {
  hotelId: string;
  roomType: string;
  /** The rate id: the room id of spec section 5. */
  roomId: string;
  searchId: string | null;
  checkIn: string | null;
  checkOut: string | null;
  /** The rate's currency: a new itinerary is made in it. */
  currency: string;
  creator?: string | null;
}

/** Spec section 5: the hotel, room type and room id, the search results and both dates; the first one missing. */
export function missingForAdd(input: Partial<AddRoomInput>): CartError | null {
  if (!input.hotelId) return new CartError('hotel-not-found');
  if (!input.roomType) return new CartError('room-type-not-found');
  if (!input.roomId) return new CartError('room-not-found');
  if (!input.searchId || !input.checkIn || !input.checkOut) return new CartError('search-or-dates-not-found');
  return null;
}

/** Rooms go into the latest itinerary while it can change (a draft); otherwise a new one is made. */
export const canAddTo = (itinerary: Itinerary | null | undefined): itinerary is Itinerary =>
  Boolean(itinerary && itinerary.status === 'draft');

/** The line item of this hotel and stay, if the itinerary has one: a new room joins it. */
export function stayLineItem(
  itinerary: Itinerary | null | undefined,
  hotelId: string,
  checkIn: string | null,
  checkOut: string | null,
): LineItem | undefined {
  return itinerary?.lineItems.find(
    (item) => item.hotelBooking.hotelId === hotelId && item.checkInDate === checkIn && item.checkOutDate === checkOut,
  );
}

/** The line items of this hotel that still have rooms, for the summary. */
export const hotelLineItems = (itinerary: Itinerary | null | undefined, hotelId: string): LineItem[] =>
  itinerary?.lineItems.filter((item) => item.hotelBooking.hotelId === hotelId && item.hotelBooking.rooms.length) ?? [];

/** Every room still in the itinerary, across its line items. */
export const roomCount = (itinerary: Itinerary | null | undefined): number =>
  itinerary?.lineItems.reduce((sum, item) => sum + item.hotelBooking.rooms.length, 0) ?? 0;

/**
 * The rates of this stay already in the itinerary, by rate id. Spec section 4: the hotel's data is dropped
 * when the rates' currency differs from the itinerary's (its prices would not be these), so none are marked.
 */
export function ratesInCart(
  itinerary: Itinerary | null | undefined,
  stay: { hotelId: string; checkIn: string; checkOut: string; currency: string },
): Map<string, { lineItemId: string; holdId: string }> {
  const marked = new Map<string, { lineItemId: string; holdId: string }>();
  if (!itinerary || itinerary.currency !== stay.currency) return marked;
  const item = stayLineItem(itinerary, stay.hotelId, stay.checkIn, stay.checkOut);
  for (const room of item?.hotelBooking.rooms ?? [])
    marked.set(room.rateId, { lineItemId: item!.identity, holdId: room.holdId });
  return marked;
}
