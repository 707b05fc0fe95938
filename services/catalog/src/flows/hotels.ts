// Hotels: a destination's list (from the index), the hotel page by id or slug (from the hotel cache, with its
// ETag), its title image's link, summaries of many hotels for other services, and likes (a like counts once per
// traveller; the index and the hotel cache follow the count).
import {
  exchangeRatesRef,
  type HotelListAnswer,
  type HotelSummariesAnswer,
  type HotelSummariesBody,
  type PricedHotelSummary,
} from '@travelclub/contracts';
import { appError, newEvent, type CausalContext } from '@travelclub/kit';
import { imageUrl } from '../domain/image-links.js';
import type { TaggedHotelView } from '../search/hotel-cache.js';
import { likeId } from '../store/likes.js';
import type { CatalogParts } from './parts.js';

export type { TaggedHotelView };

export function hotelFlows({
  hotels,
  hotelCache,
  likes,
  index,
  searcher,
  config,
}: Pick<CatalogParts, 'hotels' | 'hotelCache' | 'likes' | 'index' | 'searcher' | 'config'>) {
  const page = async (id: string | undefined): Promise<TaggedHotelView> => {
    const tagged = id && (await hotelCache.view(id));
    if (!tagged) throw appError('hotel-not-found');
    return tagged;
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

    /**
     * Hotels by id for other services, each once, in the order asked, priced for the stay when there are dates;
     * unknown ids are left out. From the index: no database read, whatever the number of ids.
     */
    summaries({ ids, currency, checkIn, checkOut, guests }: HotelSummariesBody): HotelSummariesAnswer {
      const stay = checkIn && checkOut ? { checkIn, checkOut, guests, rooms: 1, currency } : null;
      const now = new Date();
      const found = new Map<string, PricedHotelSummary>();
      for (const id of ids) {
        const hotel = found.has(id) ? undefined : index().hotel(id);
        if (hotel) found.set(id, searcher.pricedSummary(hotel, stay, currency, now));
      }
      return { exchangeRates: exchangeRatesRef(), hotels: [...found.values()] };
    },

    /** A like on or off; a change publishes `catalog.hotel.liked` (in the like's own write). */
    async like(userId: string, hotelId: string, like: boolean, ctx: CausalContext) {
      if (!index().hotel(hotelId)) throw appError('hotel-not-found');
      const destinationId = `hotel-${hotelId}`;
      const event = newEvent(
        'catalog.hotel.liked',
        likeId(userId, destinationId),
        { userId, hotelId, liked: like, at: new Date().toISOString() },
        ctx,
      );
      const changed = await likes.set(userId, destinationId, 'hotel', like, event);
      const count = changed ? await hotels.addLikes(hotelId, like ? 1 : -1) : ((await hotels.likesOf(hotelId)) ?? 0);
      index().setLikes(hotelId, count ?? 0);
      hotelCache.likesNow(hotelId, count ?? 0);
      return { hotelId, liked: like, likes: count ?? 0 };
    },
  };
}
export type HotelFlows = ReturnType<typeof hotelFlows>;
