// buildApp: the catalog service (hotels, destinations, searches, availability, room holds, images). It never
// listens. It builds the in-memory indexes from MongoDB before it answers, and rebuilds them when an import
// changes the hotel set.
import { endpoints, type CatalogContent } from '@travelclub/contracts';
import { buildService, registerEndpoints, serviceQueue, type Outbox, type ServiceApp } from '@travelclub/kit';
import type { CatalogConfig } from './config.js';
import { availabilityConsumer, creatorPickConsumer, holdEventConsumer } from './events/consumers.js';
import { holdEvents } from './flows/hold-events.js';
import { catalogFlows, type CatalogFlows } from './flows/index.js';
import type { CatalogParts } from './flows/parts.js';
import { importIfEmpty } from './flows/seeding.js';
import { startIndexRefresh } from './jobs/index-refresh.js';
import { startCatalogJobs } from './jobs/workers.js';
import { catalogRoutes } from './routes/index.js';
import { AvailabilityProjection } from './search/availability.js';
import { HotelCache } from './search/hotel-cache.js';
import { liveIndex } from './search/live-index.js';
import { Searcher } from './search/searcher.js';
import { creatorPickStore } from './store/creator-picks.js';
import { hotelStore } from './store/hotels.js';
import { inventoryStore } from './store/inventory.js';
import { likeStore } from './store/likes.js';
import { searchEventStore } from './store/search-events.js';
import { searchStore } from './store/searches.js';

/** The service, and its parts and hold flows for tests to look into (routes get theirs as arguments). */
export type CatalogApp = ServiceApp & { readonly catalog: CatalogParts & Pick<CatalogFlows, 'holds'> };
export type { CatalogParts };

/** The stores, the index and the projection, from the settings; an empty catalog imports the supplier's hotels first. */
async function makeParts(
  app: ServiceApp,
  config: CatalogConfig,
  content: CatalogContent,
  outbox: Outbox,
): Promise<CatalogParts> {
  const log = app.log;
  const hotels = await hotelStore(app.mongo);
  await importIfEmpty(hotels, content.supplier, log);
  const { index, refreshIndex } = await liveIndex(hotels, content.destinations, log);
  const inventory = await inventoryStore(app.mongo, outbox, holdEvents, log);
  const availability = new AvailabilityProjection();
  await availability.load(inventory.allTaken());
  const searches = searchStore(app.redis, {
    prefix: config.SEARCH_PREFIX,
    ttlSeconds: config.SEARCH_TTL_S,
    perClient: config.SEARCHES_PER_CLIENT,
    total: config.SEARCHES_MAX,
    log,
  });
  const likes = await likeStore(app.mongo, outbox);
  const searchEvents = await searchEventStore(app.mongo, outbox);
  const picks = await creatorPickStore(app.mongo);
  const searcher = new Searcher(index, availability, config.IMAGES_BASE_URL);
  const hotelCache = new HotelCache(
    hotels,
    index,
    config.IMAGES_BASE_URL,
    config.HOTEL_CACHE_SIZE,
    config.LIKES_REFRESH_S,
  );
  const expiry = serviceQueue(app, 'hold-expiry');
  return {
    config,
    hotels,
    hotelCache,
    likes,
    picks,
    searches,
    searchEvents,
    inventory,
    availability,
    searcher,
    index,
    refreshIndex,
    expiry,
    log,
    painter: content.painter,
  };
}

/** What the catalog does besides answering: its consumers, its workers, and each instance's refresh. */
async function startBackground(app: ServiceApp, parts: CatalogParts, { holds, recommendations }: CatalogFlows) {
  const holdEventsConsumer = holdEventConsumer(app, holds);
  await app.startup.step('hold events consumer', () => holdEventsConsumer.start());
  const availabilityEvents = availabilityConsumer(app, holds);
  await app.startup.step('availability consumer', () => availabilityEvents.start());
  const creatorEvents = creatorPickConsumer(app, recommendations);
  await app.startup.step('creator recommendations consumer', () => creatorEvents.start());
  await startCatalogJobs(app, { holds, refreshEverySeconds: parts.config.REFRESH_EVERY_S });
  startIndexRefresh(app, parts);
}

/** The content (places, a supplier to import from, a painter) comes from the caller: the demo's, in server.ts. */
export async function buildApp(config: CatalogConfig, content: CatalogContent): Promise<CatalogApp> {
  const service = { name: 'catalog', config, serviceTokenSecret: config.SERVICE_TOKEN_SECRET };
  return buildService(service, async (app, outbox) => {
    const parts = await makeParts(app, config, content, outbox);
    const flows = catalogFlows(parts);
    await outbox.start();
    await startBackground(app, parts, flows);
    registerEndpoints(app, endpoints.catalog, catalogRoutes(flows));
    return Object.assign(app, { catalog: { ...parts, holds: flows.holds } });
  });
}
