// The club of a hotel page opened with `?creator=`, read on the server next to the hotel: the club view (one call,
// kept 3 s by the creator service) gives the creator's public name and their recommendation of the hotel. The
// hotel page never fails for it: no club, or a creator service that does not answer, is a page without the note.
import { endpoints } from '@travelclub/contracts';
import { serverCall } from '~/lib/api.server';
import { hotelClubOf, type HotelClub } from './hotel-club';

export async function hotelClub(request: Request, creator: string | null, hotelId: string): Promise<HotelClub | null> {
  if (!creator) return null;
  try {
    const club = await serverCall(request, endpoints.creator.clubView, { params: { slug: creator } });
    return hotelClubOf(club, hotelId);
  } catch {
    return null;
  }
}
