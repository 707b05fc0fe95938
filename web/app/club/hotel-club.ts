// The club a hotel page was opened from (`/hotel/{slug}?creator=`), as the page shows it: the creator's public
// name and picture and, when they recommend this hotel, their recommendation. Types and the pure picking only,
// shared by the hotel page's loader, its head and its creator note.
import type { ImageAsset } from '@travelclub/contracts';
import type { ClubData } from './club-data';

export interface HotelClub {
  publicName: string;
  /** The club's current slug (an old one in the link answers the current club). */
  slug: string;
  picture?: ImageAsset;
  recommendation: { title: string; text: string; cover?: ImageAsset } | null;
}

/** What the hotel page needs of the club: nothing else of it travels to the browser. */
export function hotelClubOf(club: ClubData, hotelId: string): HotelClub {
  const { publicName, slug, creatorProfile } = club.profile;
  const stay = club.recommendations.find((r) => r.hotelId === hotelId);
  return {
    publicName,
    slug,
    picture: creatorProfile.profilePicture,
    recommendation: stay
      ? { title: stay.recommendationTitle, text: stay.recommendationText, cover: stay.coverImage ?? stay.tileImage }
      : null,
  };
}
