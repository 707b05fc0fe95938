// The hotels' content (name, description, facilities, images, policies, room types) in memory, for the hotels
// opened most: a creator's link sends thousands of visitors to one hotel within minutes, and each view read
// the same document twice (the page, then its rates). A hotel's content never changes once it is imported (an
// import only adds hotels), so a kept copy is never out of date; a new index (after an import) starts a new
// cache all the same. The page is checked against its schema once, when kept, so the routes send it as it is.
// The like count does change, on any instance: it is kept apart, for `likesSeconds` (LIKES_REFRESH_S), then the
// next view gets the kept count while one read of it from MongoDB refreshes it, off the page's way. So a like
// taken here shows at once, and one taken on another instance within that time. Rooms left and prices are never
// kept: the availability projection prices each request.
// Each page carries an ETag made of its content's digest (worked out once, when kept) and its like count, so a
// caller that holds the page already is answered 304 without it (kit's conditional answers).
import { HotelViewSchema, type HotelView } from '@travelclub/contracts';
import { contentDigest, weakEtag } from '@travelclub/kit';
import { LRUCache } from 'lru-cache';
import { hotelView } from '../domain/hotel-view.js';
import type { StoredHotel } from '../domain/types.js';
import { hotelCacheRequests } from '../metrics.js';
import type { HotelStore } from '../store/hotels.js';
import type { CatalogIndex } from './catalog-index.js';

/** A kept hotel: its document (for rates), its page without the like count, and that page's tag. */
interface Kept {
  hotel: StoredHotel;
  view: Omit<HotelView, 'likes'>;
  /** The digest of the page without the like count. */
  tag: string;
}

/** The hotel page and its ETag (content and like count). */
export interface TaggedHotelView {
  view: HotelView;
  etag: string;
}

export class HotelCache {
  private kept: LRUCache<string, Kept>;
  private keptFor: CatalogIndex;
  private readonly likes: LRUCache<string, number>;

  constructor(
    private readonly store: Pick<HotelStore, 'byId' | 'likesOf'>,
    private readonly index: () => CatalogIndex,
    private readonly imagesBaseUrl: string,
    private readonly size: number,
    likesSeconds: number,
  ) {
    this.keptFor = index();
    this.kept = this.contentCache();
    this.likes = new LRUCache<string, number>({
      max: size,
      ttl: likesSeconds * 1000,
      // A count whose time is over is still shown while its read is under way.
      allowStale: true,
      ignoreFetchAbort: true,
      fetchMethod: async (id) => (await store.likesOf(id)) ?? undefined,
    });
  }

  private contentCache() {
    return new LRUCache<string, Kept>({
      max: this.size,
      // Concurrent misses of one hotel wait for one read; an eviction meanwhile does not fail them.
      ignoreFetchAbort: true,
      fetchMethod: async (id) => {
        const hotel = await this.store.byId(id);
        if (!hotel) return undefined;
        this.likes.set(id, hotel.likes ?? 0);
        const { likes: _likes, ...view } = HotelViewSchema.parse(hotelView(hotel, this.imagesBaseUrl));
        return { hotel, view, tag: contentDigest(JSON.stringify(view)) };
      },
    });
  }

  /** The hotel's document and page, or undefined for a hotel the index does not know (no store read then). */
  private async get(id: string): Promise<Kept | undefined> {
    const index = this.index();
    // A new cache, not a cleared one: reads under way for the old one still answer their callers.
    if (index !== this.keptFor) [this.kept, this.keptFor] = [this.contentCache(), index];
    if (!index.hotel(id)) return undefined;
    const status: LRUCache.Status<string, Kept> = {};
    const kept = await this.kept.fetch(id, { status });
    hotelCacheRequests.inc({ outcome: status.fetch === 'miss' ? 'miss' : 'hit' });
    return kept;
  }

  /** The stored hotel (room types, rate plans) for pricing a stay. */
  async hotel(id: string): Promise<StoredHotel | undefined> {
    return (await this.get(id))?.hotel;
  }

  /** The hotel page, with its like count as this instance last read it or took it, and its ETag. */
  async view(id: string): Promise<TaggedHotelView | undefined> {
    const kept = await this.get(id);
    if (!kept) return undefined;
    const likes = (await this.likes.fetch(id)) ?? 0;
    return { view: { ...kept.view, likes }, etag: weakEtag(kept.tag, likes) };
  }

  /** A like taken here: its count is shown at once. */
  likesNow(id: string, count: number) {
    this.likes.set(id, count);
  }
}
