// The hotels' content (name, description, facilities, images, policies, room types) in memory, for the hotels
// opened most: a creator's link sends thousands of visitors to one hotel within minutes, and each view read
// the same document twice (the page, then its rates). A hotel's content never changes once it is imported (an
// import only adds hotels), so a kept copy is never out of date; a new index (after an import) starts an empty
// cache all the same. The like count does change: it is not kept here but read from the index, which every
// instance keeps current from `catalog.hotel.liked` (events/consumers.ts). Nor are availability and prices:
// they are worked out from the projection for every request.
import type { HotelView } from '@travelclub/contracts';
import { LRUCache } from 'lru-cache';
import { hotelView } from '../domain/hotel-view.js';
import type { StoredHotel } from '../domain/types.js';
import { hotelCacheRequests } from '../metrics.js';
import type { HotelStore } from '../store/hotels.js';
import type { CatalogIndex } from './catalog-index.js';

/** A kept hotel: its document (for rates) and its page without the like count. */
interface Kept {
  hotel: StoredHotel;
  view: Omit<HotelView, 'likes'>;
}

export class HotelCache {
  private readonly kept: LRUCache<string, Kept>;
  private keptFor: CatalogIndex;

  constructor(
    store: Pick<HotelStore, 'byId'>,
    private readonly index: () => CatalogIndex,
    imagesBaseUrl: string,
    size: number,
  ) {
    this.keptFor = index();
    this.kept = new LRUCache<string, Kept>({
      max: size,
      // Concurrent misses of one hotel wait for one read.
      fetchMethod: async (id) => {
        hotelCacheRequests.inc({ outcome: 'miss' });
        const hotel = await store.byId(id);
        if (!hotel) return undefined;
        const { likes: _likes, ...view } = hotelView(hotel, imagesBaseUrl);
        return { hotel, view };
      },
    });
  }

  /** The hotel's document and page, or undefined for a hotel the index does not know (no store read then). */
  private async get(id: string): Promise<Kept | undefined> {
    const index = this.index();
    if (index !== this.keptFor) {
      this.kept.clear();
      this.keptFor = index;
    }
    if (!index.hotel(id)) return undefined;
    if (this.kept.has(id)) hotelCacheRequests.inc({ outcome: 'hit' });
    return this.kept.fetch(id);
  }

  /** The stored hotel (room types, rate plans) for pricing a stay. */
  async hotel(id: string): Promise<StoredHotel | undefined> {
    return (await this.get(id))?.hotel;
  }

  /** The hotel page, with the like count as this instance knows it now. */
  async view(id: string): Promise<HotelView | undefined> {
    const kept = await this.get(id);
    return kept && { ...kept.view, likes: this.index().hotel(id)?.likes ?? 0 };
  }
}
