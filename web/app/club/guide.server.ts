// A guide's page on the server: the club (its address rules) and the guide, asked together. The guide must be a
// published one of this club's creator, else the page is a 404 'Itinerary not found' (a guide is never shown
// under another creator's club, whose bookings it would then be counted for). Its hotel blocks get their cards
// from the club's recommended stays, and the rest from the catalog, each one at most once.
import { endpoints, type Guide } from '@travelclub/contracts';
import { orNull } from '~/lib/api-errors';
import { serverCall } from '~/lib/api.server';
import { notFound } from '~/lib/not-found';
import { stayPicture, type ClubData } from './club-data';
import { ITINERARY_NOT_FOUND } from './club-texts';
import type { GuideHotel, GuideHotels } from './guide-blocks';
import { requireClub } from './load.server';

/** Hotels a guide page asks the catalog for beyond the club's own stays; a guide naming more shows fewer cards. */
export const MAX_LOOKED_UP_HOTELS = 20;

export interface GuidePageData {
  guide: Guide;
  hotels: GuideHotels;
}

async function guideOf(request: Request, id: string): Promise<Guide | null> {
  return orNull(serverCall(request, endpoints.creator.readGuide, { params: { id } }), { invalidToo: true });
}

/** A hotel the club does not recommend, from the catalog; a gone (or unreachable) one is left out. */
async function catalogHotel(request: Request, id: string): Promise<GuideHotel | null> {
  try {
    const hotel = await serverCall(request, endpoints.catalog.hotel, { params: { id } });
    return { id, slug: hotel.slug, name: hotel.name, city: hotel.address.city, picture: hotel.titleImage };
  } catch {
    return null;
  }
}

/** The cards of the hotels the guide names (only those: they travel with the page to the browser). */
export async function guideHotels(request: Request, club: ClubData, guide: Guide): Promise<GuideHotels> {
  const named = new Set(
    guide.days.flatMap((day) => day.blocks.flatMap((block) => (block.type === 'hotel' ? [block.hotelId] : []))),
  );
  const hotels: GuideHotels = {};
  for (const stay of club.recommendations) {
    const { hotel } = stay;
    if (!named.has(hotel.id)) continue;
    const { id, slug, name, address, fromPrice } = hotel;
    hotels[id] = { id, slug, name, city: address.city, picture: stayPicture(stay), fromPrice };
  }
  const missing = [...named].filter((id) => !hotels[id]).slice(0, MAX_LOOKED_UP_HOTELS);
  for (const hotel of await Promise.all(missing.map((id) => catalogHotel(request, id))))
    if (hotel) hotels[hotel.id] = hotel;
  return hotels;
}

export async function loadGuidePage(request: Request, slug: string, id: string): Promise<GuidePageData> {
  const [club, guide] = await Promise.all([requireClub(request, slug), guideOf(request, id)]);
  if (!guide || guide.status !== 'published' || guide.userId !== club.profile.userId)
    throw notFound(ITINERARY_NOT_FOUND);
  return { guide, hotels: await guideHotels(request, club, guide) };
}
