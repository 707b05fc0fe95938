// Hotels: a destination's list (from the index), the hotel page by id or slug (from MongoDB), its title
// image's link, and likes (a like counts once per traveller; the index follows the count).
import type { HotelListAnswer, HotelView } from '@travelclub/contracts';
import { appError } from '@travelclub/kit';
import { hotelView } from '../domain/hotel-view.js';
import { imageUrl } from '../domain/image-links.js';
import type { CatalogParts } from './parts.js';

export function hotelFlows({
  hotels,
  likes,
  index,
  searcher,
  config,
}: Pick<CatalogParts, 'hotels' | 'likes' | 'index' | 'searcher' | 'config'>) {
  const page = async (id: string | undefined): Promise<HotelView> => {
    const hotel = id && (await hotels.byId(id));
    if (!hotel) throw appError('hotel-not-found');
    return hotelView(hotel, config.IMAGES_BASE_URL);
  };

  return {
    list(destination: string, take: number, skip: number): HotelListAnswer {
      const listed = index().hotelsOf(destination);
      const place = index().destination(destination);
      if (!listed || !place) throw appError('destination-not-found');
      const all = index().hotels;
      const hotelsOfPage = listed.slice(skip, skip + take).map((ordinal) => searcher.summary(all[ordinal]!));
      return { destination: place, total: listed.length, take, skip, hotels: hotelsOfPage };
    },

    byId: page,
    bySlug: (slug: string) => page(index().hotelBySlug(slug)?._id),

    /** Where the title image is: its CDN link, one cacheable copy. */
    titleImageUrl(hotelId: string): string {
      const title = index().hotel(hotelId)?.images[0];
      if (!title) throw appError('hotel-not-found');
      return imageUrl(config.IMAGES_BASE_URL, title);
    },

    async like(userId: string, hotelId: string, like: boolean) {
      if (!index().hotel(hotelId)) throw appError('hotel-not-found');
      const changed = await likes.set(userId, `hotel-${hotelId}`, 'hotel', like);
      const count = changed
        ? await hotels.addLikes(hotelId, like ? 1 : -1)
        : ((await hotels.byId(hotelId))?.likes ?? 0);
      index().setLikes(hotelId, count ?? 0);
      return { hotelId, liked: like, likes: count ?? 0 };
    },
  };
}
export type HotelFlows = ReturnType<typeof hotelFlows>;
