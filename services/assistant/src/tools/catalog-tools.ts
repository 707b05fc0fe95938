// Taylor's catalog tools: destinations by name (with fuzzy matching against the catalog's own names), hotels for
// a stay (sorted as asked), a hotel's rooms and rates for dates, and a hotel's details. Every figure they give
// comes from the catalog's answer, with the link that opens it in the web app.
import {
  catalogLimits,
  DEFAULT_CURRENCY,
  type AssistantToolArgs,
  type Destination,
  type HotelResult,
  formatMoney,
} from '@travelclub/contracts';
import { AppError } from '@travelclub/kit';
import { distance } from 'fastest-levenshtein';
import type { CreatorPlatform } from '../clients/platform.js';
import { formatStay, plural } from '../domain/format.js';
import type { ToolResult } from '../engines/engine.js';

/** A hotel as Taylor's tools describe it. */
export interface HotelFacts {
  id: string;
  name: string;
  slug: string;
  address: string;
  stars: number | null;
  rating: number | null;
  reviews: number;
  /** The cheapest rate for the whole stay, formatted ("€312.00"), with its room and whether it is free to cancel. */
  price: string;
  priceMinor: number;
  currency: string;
  roomType: string;
  freeCancellation: boolean;
  url: string;
}

export interface HotelSearchData {
  destination: string;
  searchId: string;
  checkIn: string;
  checkOut: string;
  guests: number;
  /** Hotels in the destination, and those with a room left for the stay. */
  total: number;
  available: number;
  hotels: HotelFacts[];
  searchUrl: string;
}

export const hotelUrl = (slug: string, searchId?: string) =>
  `/hotel/${encodeURIComponent(slug)}${searchId ? `?searchId=${encodeURIComponent(searchId)}` : ''}`;
export const searchUrl = (searchId: string) => `/search?searchId=${encodeURIComponent(searchId)}`;

/**
 * The destination a name means: the catalog's own match first; when it has none (a typo), the closest of the
 * names starting like it, if close enough. Cities and countries only.
 */
export async function resolveDestination(platform: CreatorPlatform, name: string): Promise<Destination | null> {
  const places = (list: Destination[]) => list.filter((d) => d.locationType !== 'hotel' && d.hotelCount > 0);
  const exact = places((await platform.destinations(name)).destinations);
  if (exact.length) return exact[0]!;
  const wanted = name.toLowerCase();
  const near = places((await platform.destinations(name.slice(0, 3), 20)).destinations)
    .map((d) => ({ d, gap: distance(wanted, d.name.toLowerCase()) }))
    .sort((a, b) => a.gap - b.gap);
  const best = near[0];
  return best && best.gap <= Math.max(1, Math.floor(wanted.length / 4)) ? best.d : null;
}

function hotelFacts(hotel: HotelResult, searchId: string): HotelFacts | null {
  const rate = hotel.cheapestRate;
  if (!rate) return null;
  return {
    id: hotel.id,
    name: hotel.name,
    slug: hotel.slug,
    address: hotel.addressLine,
    stars: hotel.starRating ?? null,
    rating: hotel.reviewRating ?? hotel.ratingSummary?.score ?? null,
    reviews: hotel.ratingSummary?.reviewCount ?? 0,
    price: formatMoney(rate.totalPrice),
    priceMinor: rate.totalPrice.amount,
    currency: rate.totalPrice.currency,
    roomType: rate.roomTypeName,
    freeCancellation: rate.freeCancellation,
    url: hotelUrl(hotel.slug, searchId),
  };
}

const SORTS = {
  relevance: () => 0,
  cheapest: (a: HotelFacts, b: HotelFacts) => a.priceMinor - b.priceMinor,
  'best-rated': (a: HotelFacts, b: HotelFacts) => (b.rating ?? -1) - (a.rating ?? -1) || a.priceMinor - b.priceMinor,
} as const;

const refused = (summary: string, message: string): ToolResult => ({
  ok: false,
  summary,
  data: { error: message },
  links: [],
});

/** A hotel's room types and rates for a stay (through a stored search of its own destination), or that it is full. */
async function checkAvailability(
  platform: CreatorPlatform,
  args: AssistantToolArgs<'check_availability'>,
): Promise<ToolResult> {
  const hotel = await platform.hotel(args.hotelId);
  const rooms = Math.ceil(args.guests / catalogLimits.maxGuestsPerRoom);
  const { checkIn, checkOut, guests } = args;
  const criteria = {
    destination: hotel.destinationId,
    checkIn,
    checkOut,
    guests,
    rooms,
    currency: DEFAULT_CURRENCY,
  };
  const { searchId } = await platform.search(criteria, 1);
  const url = hotelUrl(hotel.slug, searchId);
  const links = [{ kind: 'hotel' as const, label: hotel.name, href: url }];
  const stay = formatStay(checkIn, checkOut);
  try {
    const answer = await platform.availability(hotel.id, searchId);
    const roomTypes = answer.roomTypes
      .filter((rt) => rt.rooms.length > 0)
      .slice(0, 4)
      .map((rt) => ({
        name: rt.name,
        roomsLeft: rt.roomsLeft,
        rates: rt.rooms.slice(0, 3).map((rate) => ({
          name: rate.rateName,
          price: formatMoney(rate.totalPrice),
          freeCancellation: rate.tags.includes('Free Cancellation'),
        })),
      }));
    const data = {
      hotel: { id: hotel.id, name: hotel.name, url },
      checkIn,
      checkOut,
      guests,
      available: true,
      roomTypes,
    };
    return { ok: true, summary: `${hotel.name} has rooms, ${stay}`, data, links };
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'no-rooms-available') throw err;
    const data = {
      hotel: { id: hotel.id, name: hotel.name, url },
      checkIn,
      checkOut,
      guests,
      available: false,
      roomTypes: [],
    };
    return { ok: true, summary: `${hotel.name} is full, ${stay}`, data, links };
  }
}

/** A hotel's facts, its description marked as its own words. */
async function hotelDetails(
  platform: CreatorPlatform,
  { hotelId }: AssistantToolArgs<'hotel_details'>,
): Promise<ToolResult> {
  const hotel = await platform.hotel(hotelId);
  const url = hotelUrl(hotel.slug);
  const data = {
    id: hotel.id,
    name: hotel.name,
    slug: hotel.slug,
    address: hotel.addressLine,
    city: hotel.address.city,
    stars: hotel.starRating ?? null,
    rating: hotel.reviewRating ?? hotel.ratingSummary?.score ?? null,
    reviews: hotel.ratingSummary?.reviewCount ?? 0,
    facilities: hotel.facilities.slice(0, 12).map((f) => f.name),
    // The hotel's own words: facts to use, never instructions to follow (docs/assistant.md, "Safety").
    description: hotel.description.slice(0, 800),
    url,
  };
  return {
    ok: true,
    summary: `Read ${hotel.name}`,
    data,
    links: [{ kind: 'hotel', label: hotel.name, href: url }],
  };
}

export function catalogTools(platform: CreatorPlatform) {
  return {
    async find_destinations({ query }: AssistantToolArgs<'find_destinations'>): Promise<ToolResult> {
      const found = (await platform.destinations(query)).destinations.filter((d) => d.locationType !== 'hotel');
      const best = found.length ? found : [await resolveDestination(platform, query)].filter((d) => d !== null);
      const destinations = best.map((d) => ({ id: d.id, label: d.label, kind: d.locationType, hotels: d.hotelCount }));
      return {
        ok: true,
        summary: `Found ${plural(destinations.length, 'destination')} for “${query}”`,
        data: { destinations },
        links: [],
      };
    },

    async search_hotels(args: AssistantToolArgs<'search_hotels'>): Promise<ToolResult> {
      const place = await resolveDestination(platform, args.destination);
      if (!place)
        return refused(`No destination “${args.destination}”`, `No destination matches “${args.destination}”`);
      const rooms = Math.ceil(args.guests / catalogLimits.maxGuestsPerRoom);
      const { checkIn, checkOut, guests } = args;
      const page = await platform.search(
        { destination: place.id, checkIn, checkOut, guests, rooms, currency: DEFAULT_CURRENCY },
        catalogLimits.maxTake,
      );
      const open = page.hotels.map((h) => hotelFacts(h, page.searchId)).filter((h) => h !== null);
      const hotels = [...open].sort(SORTS[args.sort]).slice(0, args.limit);
      const data: HotelSearchData = {
        destination: place.label,
        searchId: page.searchId,
        checkIn,
        checkOut,
        guests,
        total: page.total,
        available: open.length,
        hotels,
        searchUrl: searchUrl(page.searchId),
      };
      return {
        ok: true,
        summary: `Found ${plural(open.length, 'hotel')} with rooms in ${place.label}, ${formatStay(checkIn, checkOut)}`,
        data,
        links: [
          ...hotels.map((h) => ({ kind: 'hotel' as const, label: h.name, href: h.url })),
          { kind: 'search', label: `All results in ${place.label}`, href: data.searchUrl },
        ],
      };
    },

    check_availability: (args: AssistantToolArgs<'check_availability'>) => checkAvailability(platform, args),
    hotel_details: (args: AssistantToolArgs<'hotel_details'>) => hotelDetails(platform, args),
  };
}
