// The hotel page's data, on the server: the hotel by its slug (a missing one is a 404 'Hotel not found') and,
// for a stored search, its rooms and rates (spec section 5: none left is 'No rooms available'; a search that is
// gone or has other dates invites a new search). Both are public, so the page is rendered with its rates. With
// `?creator=`, the club it was opened from (its name and recommendation of the hotel) is read beside the rates.
import {
  ApiError,
  endpoints,
  type AvailabilityAnswer,
  type AvailableRoomType,
  type HotelView,
  type RateOffer,
} from '@travelclub/contracts';
import { orNull } from '~/lib/api-errors';
import { serverCall } from '~/lib/api.server';
import { notFound } from '~/lib/not-found';
import { pick } from '~/lib/pick';
import type { HotelClub } from '~/club/hotel-club';
import { hotelClub } from '~/club/hotel-club.server';
import { CART_ERRORS, NO_ROOMS_MESSAGE, NO_ROOMS_TITLE } from './cart';
import { HOTEL_NOT_FOUND } from './meta';
import { sortRoomTypes } from './rates';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const isSlug = (value: string | null | undefined): value is string =>
  Boolean(value && value.length <= 64 && SLUG.test(value));

/** What the page shows where the rooms go. */
export type StayState =
  | { kind: 'no-search' }
  | { kind: 'rates'; availability: PageRates }
  | { kind: 'no-rooms'; title: string; message: string }
  | { kind: 'search-not-found'; message: string };

/**
 * The hotel as the page shows it, and no more: the loader's data is serialised into every page and read again by
 * the browser. Room types are left out (without a search the page shows none, and a search's rates carry their
 * own), as are the provider's reference, the map's coordinates, the destination, the joined address line (the page
 * writes it from the parts) and the like count.
 */
const HOTEL_FIELDS = [
  'id',
  'name',
  'slug',
  'titleImage',
  'address',
  'description',
  'images',
  'facilities',
  'additionalInformation',
  'childAndExtraBedPolicy',
  'importantNotice',
  'ratingSummary',
  'reviewRating',
  'starRating',
  'hotelLocation',
] as const;
export type PageHotel = Pick<HotelView, (typeof HOTEL_FIELDS)[number]>;

/** A rate as the page shows it and adds it to a cart. */
const RATE_FIELDS = [
  'id',
  'rateName',
  'roomTypeName',
  'benefits',
  'cancellationPolicyText',
  'cancellationCharges',
  'totalPrice',
] as const;
export type PageRate = Pick<RateOffer, (typeof RATE_FIELDS)[number]>;

/** A room type as the page shows it: its first photo, what it is like, how many are left, and its rates. */
const ROOM_TYPE_FIELDS = ['type', 'name', 'images', 'maxGuests', 'roomDetails', 'roomsLeft'] as const;
export type PageRoomType = Pick<AvailableRoomType, (typeof ROOM_TYPE_FIELDS)[number]> & { rooms: PageRate[] };

/**
 * A search's rates for the hotel as the page shows them. Left out, as from the hotel: the supplier's references,
 * room photos after the first, and the rate fields the page does not show (surcharges, offers, promotions, the
 * structured cancellation policy beside its text, the catalog's own tags, which the page works out again).
 */
const RATES_FIELDS = ['searchId', 'checkIn', 'checkOut', 'guests', 'rooms', 'currency'] as const;
export type PageRates = Pick<AvailabilityAnswer, (typeof RATES_FIELDS)[number]> & { roomTypes: PageRoomType[] };

function pageRates(answer: AvailabilityAnswer): PageRates {
  const roomTypes = answer.roomTypes.map((roomType): PageRoomType => ({
    ...pick(roomType, ROOM_TYPE_FIELDS),
    images: roomType.images.slice(0, 1),
    rooms: roomType.rooms.map((rate) => pick(rate, RATE_FIELDS)),
  }));
  // The catalog orders them already; the page keeps the rule itself (spec section 4), whatever answers.
  return { ...pick(answer, RATES_FIELDS), roomTypes: sortRoomTypes(roomTypes) };
}

export interface HotelPageData {
  hotel: PageHotel;
  /** The creator slug of the page, when valid (spec section 2); kept in the canonical link and the cart. */
  creator: string | null;
  searchId: string | null;
  stay: StayState;
  /** The club of `creator`, when it is one: the page's note and head come from it (spec section 2). */
  club?: HotelClub | null;
}

const codeOf = (err: unknown) => (err instanceof ApiError ? err.code : undefined);

async function hotelOf(request: Request, slug: string | undefined): Promise<HotelView> {
  if (!isSlug(slug)) throw notFound(HOTEL_NOT_FOUND);
  const hotel = await orNull(serverCall(request, endpoints.catalog.hotelBySlug, { params: { slug } }), {
    invalidToo: true,
  });
  if (!hotel) throw notFound(HOTEL_NOT_FOUND);
  return hotel;
}

async function stayOf(request: Request, hotelId: string, searchId: string | null): Promise<StayState> {
  if (!searchId) return { kind: 'no-search' };
  try {
    const availability = await serverCall(request, endpoints.catalog.checkAvailability, {
      params: { id: hotelId },
      body: { hotelId, hotelSearchId: searchId },
    });
    return { kind: 'rates', availability: pageRates(availability) };
  } catch (err) {
    const code = codeOf(err);
    if (code === 'no-rooms-available') return { kind: 'no-rooms', title: NO_ROOMS_TITLE, message: NO_ROOMS_MESSAGE };
    // An unknown, expired or malformed search id: a new search is the way on.
    if (code === 'search-or-dates-not-found' || code === 'validation-failed' || code === 'search-not-found')
      return { kind: 'search-not-found', message: CART_ERRORS['search-or-dates-not-found'] };
    throw err;
  }
}

export async function loadHotelPage(request: Request, slug: string | undefined): Promise<HotelPageData> {
  const url = new URL(request.url);
  const searchId = url.searchParams.get('searchId')?.trim() || null;
  const creatorParam = url.searchParams.get('creator');
  const creator = isSlug(creatorParam) ? creatorParam : null;
  const hotel = await hotelOf(request, slug);
  const [stay, club] = await Promise.all([stayOf(request, hotel.id, searchId), hotelClub(request, creator, hotel.id)]);
  // An old slug in the link answers the club at its current one: the canonical link and the cart carry that.
  return { hotel: pick(hotel, HOTEL_FIELDS), creator: club?.slug ?? creator, searchId, stay, club };
}
