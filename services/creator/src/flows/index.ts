// Every flow of the creator service, built over its stores, its neighbours (the catalog), image storage and
// the `emails` queue: what the routes and consumers call.
import { createServiceClient, serviceQueue, type Outbox, type ServiceApp } from '@travelclub/kit';
import { catalogRooms } from '../clients/catalog-rooms.js';
import { catalogHotels } from '../clients/catalog.js';
import type { CreatorConfig } from '../config.js';
import type { ProfileRecord } from '../domain/profile.js';
import { createMediaStorage } from '../media/storage.js';
import { analyticsStore } from '../store/analytics.js';
import { contactStore } from '../store/contacts.js';
import { packageRequestStore } from '../store/package-requests.js';
import { guideStore } from '../store/guides.js';
import { likeStore } from '../store/likes.js';
import { packageStore } from '../store/packages.js';
import { pageViewStore } from '../store/page-views.js';
import { profileStore } from '../store/profiles.js';
import { recommendationStore } from '../store/recommendations.js';
import { subscriptionLimits, subscriptionStore } from '../store/subscriptions.js';
import { verificationStore } from '../store/verification.js';
import { analyticsFlows, type SlugOwner } from './analytics.js';
import { counterGenerations } from './counter-generations.js';
import { clubFlows } from './club.js';
import { guideFlows } from './guides.js';
import { imageIntake, storedImages } from './media.js';
import { packageRequestFlows, packageRequestLimits } from './package-requests.js';
import { packageImageFlows } from './package-images.js';
import { packageFlows } from './packages.js';
import { pageViewFlows, pageViewLimit } from './page-views.js';
import { profileFlows } from './profiles.js';
import { recommendationFlows } from './recommendations.js';
import { subscriptionFlows, subscriptionMailer } from './subscriptions.js';
import { supportFlows } from './support.js';
import { verificationFlows } from './verification.js';

export type CreatorFlows = Awaited<ReturnType<typeof creatorFlows>>;

/** Creators' counters (what each event adds to them, and their reads), the club page's beacon, travellers' likes. */
async function analyticsParts(
  app: ServiceApp,
  config: CreatorConfig,
  outbox: Outbox,
  { publicBySlug, slugOwner }: { publicBySlug: (slug: string) => Promise<ProfileRecord>; slugOwner: SlugOwner },
) {
  const counterStore = await analyticsStore(app.mongo);
  return {
    analytics: analyticsFlows({ store: counterStore, likes: await likeStore(app.mongo) }),
    /** The counters' generations and what each event adds to one (the counting consumers, live or rebuilding). */
    counters: counterGenerations(counterStore, slugOwner, app.mongo, app.config.KAFKA_TOPIC_PREFIX),
    pageViews: pageViewFlows({
      creatorBySlug: publicBySlug,
      views: await pageViewStore(app.mongo, outbox, app.redis, config.ANALYTICS_PREFIX),
      limit: pageViewLimit(app.redis, config.RATE_LIMIT_PREFIX, config.VIEWS_PER_MINUTE),
    }),
  };
}

export async function creatorFlows(app: ServiceApp, config: CreatorConfig, outbox: Outbox) {
  const catalog = createServiceClient({
    target: 'catalog',
    baseUrl: config.CATALOG_URL,
    identity: app.serviceIdentity,
    timeoutMs: config.CALL_TIMEOUT_MS,
  });
  const hotels = catalogHotels(catalog);
  const storage = createMediaStorage(config);
  app.addHook('onClose', () => storage.close());
  const intake = imageIntake(storage, config, app.redis);
  const emails = serviceQueue(app, 'emails');

  const stores = {
    profiles: await profileStore(app.mongo, outbox),
    recommendations: await recommendationStore(app.mongo, outbox),
    packages: await packageStore(app.mongo, outbox),
    guides: await guideStore(app.mongo),
    contacts: await contactStore(app.mongo),
    packageRequests: await packageRequestStore(app.mongo),
    subscriptions: await subscriptionStore(app.mongo, outbox),
    verification: await verificationStore(app.mongo, outbox),
  };
  const verification = verificationFlows({ store: stores.verification, profiles: stores.profiles });
  // A verified creator's rename sends their verification back to the staff's review.
  const profiles = profileFlows(stores.profiles, verification.reopen);
  const { publicBySlug } = profiles;
  const content = { profiles: stores.profiles, contacts: stores.contacts, hotels, discard: intake.remove };
  const recommendations = recommendationFlows({ ...content, recommendations: stores.recommendations });
  const packages = packageFlows({ ...content, packages: stores.packages, publicBySlug, rooms: catalogRooms(catalog) });
  const guides = guideFlows({ ...content, guides: stores.guides });
  return {
    stores,
    intake,
    images: storedImages(storage),
    profiles,
    recommendations,
    packages,
    guides,
    packageImages: packageImageFlows({ packages: stores.packages, discard: intake.remove }),
    club: clubFlows(
      {
        profiles,
        recommendations,
        hotels,
        packages: stores.packages,
        guides: stores.guides,
        records: stores,
        following: (userId) => stores.subscriptions.confirmedFor({ userId }),
      },
      { cacheMs: config.CLUB_CACHE_MS },
    ),
    packageRequests: packageRequestFlows({
      profiles: stores.profiles,
      publicBySlug,
      packages: stores.packages,
      contacts: stores.contacts,
      requests: stores.packageRequests,
      queue: emails,
      limits: packageRequestLimits(app.redis, config.RATE_LIMIT_PREFIX),
      webUrl: config.WEB_URL,
    }),
    subscriptions: subscriptionFlows({
      store: stores.subscriptions,
      profiles: stores.profiles,
      mailer: subscriptionMailer(emails, config.WEB_URL),
      limits: subscriptionLimits(app.redis, config.RATE_LIMIT_PREFIX),
      log: app.log,
    }),
    verification,
    support: supportFlows({ subscriptions: stores.subscriptions, profiles: stores.profiles, log: app.log }),
    ...(await analyticsParts(app, config, outbox, { publicBySlug, slugOwner: stores.profiles.slugOwner })),
  };
}
