// buildApp: the catalog service (hotels, destinations, searches, availability, room holds). It never
// listens. It builds the in-memory indexes from MongoDB before it answers, and rebuilds them when an
// import changes the hotel set.
import type { CatalogContent, Destinations } from '@travelclub/contracts';
import { createService, serviceOutbox, serviceQueue, startOutboxRelay, type ServiceApp } from '@travelclub/kit';
import type { CatalogConfig } from './config.js';
import { availabilityConsumer, holdEventConsumer } from './events/consumers.js';
import { holdService, type HoldService } from './holds.js';
import { startCatalogJobs } from './jobs/workers.js';
import { recommender, type Recommender } from './recommender.js';
import { destinationRoutes } from './routes/destinations.js';
import { holdRoutes } from './routes/holds.js';
import { hotelRoutes } from './routes/hotels.js';
import { imageRoutes } from './routes/images.js';
import { searchRoutes } from './routes/searches.js';
import { AvailabilityProjection } from './search/availability.js';
import { CatalogIndex, type IndexedHotel } from './search/catalog-index.js';
import { Searcher } from './search/searcher.js';
import { importIfEmpty } from './seeding.js';
import { hotelStore, type HotelStore } from './store/hotels.js';
import { inventoryStore, type InventoryStore } from './store/inventory.js';
import { likeStore, type LikeStore } from './store/likes.js';
import { searchStore, type SearchStore } from './store/searches.js';

export interface CatalogParts {
  config: CatalogConfig;
  hotels: HotelStore;
  likes: LikeStore;
  searches: SearchStore;
  inventory: InventoryStore;
  holds: HoldService;
  availability: AvailabilityProjection;
  searcher: Searcher;
  recommender: Recommender;
  /** The current index; an import swaps in a new one, so read it per request. */
  index: () => CatalogIndex;
  /** Rebuilds the index now if the hotel set changed since it was built; answers whether it did. */
  refreshIndex: () => Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalog: CatalogParts;
  }
}

export type CatalogApp = ServiceApp;

/**
 * Reads every hotel into the index. What is kept is trimmed for the garbage collector, which walks every
 * object of a 200,000-hotel index on each major collection: one shared copy of each set of rate plans (most
 * hotels sell the same few), and only the title image.
 */
async function loadIndex(hotels: HotelStore, destinations: Destinations): Promise<CatalogIndex> {
  const all: IndexedHotel[] = [];
  const planSets = new Map<string, IndexedHotel['ratePlans']>();
  for await (const doc of hotels.cursor()) {
    const hotel = doc as unknown as IndexedHotel;
    const key = JSON.stringify(hotel.ratePlans);
    let ratePlans = planSets.get(key);
    if (!ratePlans) planSets.set(key, (ratePlans = hotel.ratePlans));
    all.push({
      ...hotel,
      images: hotel.images.slice(0, 1),
      ratePlans,
      likes: hotel.likes ?? 0,
    });
  }
  return new CatalogIndex(all, destinations);
}

async function loadAvailability(inventory: InventoryStore, availability: AvailabilityProjection) {
  for await (const { id, state } of inventory.allTaken()) availability.set(id, state);
}

/** The content (places, a supplier to import from, a painter) comes from the caller: the demo's, in server.ts. */
export async function buildApp(config: CatalogConfig, content: CatalogContent): Promise<CatalogApp> {
  const app = await createService({ name: 'catalog', config, serviceTokenSecret: config.SERVICE_TOKEN_SECRET });
  const log = app.log;
  try {
    const hotels = await hotelStore(app.mongo);
    await importIfEmpty(hotels, content.supplier, log);

    let builtFrom = (await hotels.marker())?.version;
    let current = await loadIndex(hotels, content.destinations);
    log.info({ hotels: current.size }, 'catalog index built');
    const index = () => current;
    let rebuilding: Promise<boolean> | undefined;
    const refreshIndex = () =>
      (rebuilding ??= (async () => {
        const marker = await hotels.marker();
        if (!marker || marker.version === builtFrom) return false;
        current = await loadIndex(hotels, content.destinations);
        builtFrom = marker.version;
        log.info({ hotels: current.size }, 'catalog index rebuilt after an import');
        return true;
      })().finally(() => (rebuilding = undefined)));

    const availability = new AvailabilityProjection();
    const outbox = serviceOutbox(app);
    const inventory = await inventoryStore(app.mongo, outbox, log);
    await loadAvailability(inventory, availability);

    const searcher = new Searcher(index, availability, config.IMAGES_BASE_URL);
    const likes = await likeStore(app.mongo);
    const searches = searchStore(app.redis, {
      prefix: config.SEARCH_PREFIX,
      ttlSeconds: config.SEARCH_TTL_S,
      perClient: config.SEARCHES_PER_CLIENT,
      total: config.SEARCHES_MAX,
      log,
    });
    const holds = holdService({
      inventory,
      searches,
      index,
      availability,
      expiry: serviceQueue(app, 'hold-expiry'),
      holdTtlSeconds: config.HOLD_TTL_S,
      log,
    });
    app.decorate('catalog', {
      config,
      hotels,
      likes,
      searches,
      inventory,
      holds,
      availability,
      searcher,
      recommender: recommender(index, likes, searcher),
      index,
      refreshIndex,
    } satisfies CatalogParts);

    await startOutboxRelay(app, outbox);
    const holdEvents = holdEventConsumer(app, holds);
    await app.startup.step('hold events consumer', () => holdEvents.start());
    const availabilityEvents = availabilityConsumer(app, inventory, availability);
    await app.startup.step('availability consumer', () => availabilityEvents.start());
    await startCatalogJobs(app, { holds, inventory, refreshEverySeconds: config.REFRESH_EVERY_S });

    // Each instance checks for an import, and re-reads the taken rooms (MongoDB has the truth).
    const timer = setInterval(() => {
      void refreshIndex()
        .then(() => loadAvailability(inventory, availability))
        .catch((err: unknown) => log.warn({ err }, 'index refresh failed; the next round tries again'));
    }, config.REFRESH_EVERY_S * 1000);
    timer.unref();
    app.onShutdown(() => clearInterval(timer));

    await app.register(hotelRoutes);
    await app.register(searchRoutes);
    await app.register(destinationRoutes);
    await app.register(holdRoutes);
    await app.register(imageRoutes, {
      painter: content.painter,
      exists: (publicId: string) => index().hotel(publicId.split('-')[0]!) !== undefined,
      maxRenders: config.IMAGE_RENDERS,
      maxWaitingRenders: config.IMAGE_RENDER_QUEUE,
    });
  } catch (err) {
    await app.close();
    throw err;
  }
  return app;
}
