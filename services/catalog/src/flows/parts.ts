// What the flows are made from: app.ts makes each part; tests read them (`CatalogApp.catalog`).
import type { ImagePainter } from '@travelclub/contracts';
import type { JobQueue, Logger } from '@travelclub/kit';
import type { CatalogConfig } from '../config.js';
import type { AvailabilityProjection } from '../search/availability.js';
import type { CatalogIndex } from '../search/catalog-index.js';
import type { HotelCache } from '../search/hotel-cache.js';
import type { Searcher } from '../search/searcher.js';
import type { CreatorPickStore } from '../store/creator-picks.js';
import type { HotelStore } from '../store/hotels.js';
import type { InventoryStore } from '../store/inventory.js';
import type { LikeStore } from '../store/likes.js';
import type { SearchEventStore } from '../store/search-events.js';
import type { SearchStore } from '../store/searches.js';

export interface CatalogParts {
  config: CatalogConfig;
  hotels: HotelStore;
  /** The content of the hotels opened most, in memory (hotel pages and their rates read it). */
  hotelCache: HotelCache;
  likes: LikeStore;
  /** Creators' recommended hotels, from their events. */
  picks: CreatorPickStore;
  searches: SearchStore;
  /** The documents that carry searches' events (the searches themselves are in Redis). */
  searchEvents: SearchEventStore;
  inventory: InventoryStore;
  availability: AvailabilityProjection;
  searcher: Searcher;
  /** The current index; an import swaps in a new one, so read it per use. */
  index: () => CatalogIndex;
  /** Rebuilds the index now if the hotel set changed since it was built; answers whether it did. */
  refreshIndex: () => Promise<boolean>;
  /** Where each hold's expiry job goes. */
  expiry: JobQueue<'hold-expiry'>;
  painter: ImagePainter;
  log: Logger;
}
