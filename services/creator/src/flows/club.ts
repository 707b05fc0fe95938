// The club page view (`GET /bff/creator/{slug}`): the creator's public profile, their switched-on
// recommendations with the catalog's hotel cards and prices, their active packages and published guides, in one
// answer. One read per collection and one catalog call for every hotel. And a traveller's home: the clubs they
// follow and what is new in them.
import type { AuthUser, ClubView, Guide, TravelPackage, TravellerHome } from '@travelclub/contracts';
import { contentDigest, weakEtag, type CausalContext } from '@travelclub/kit';
import { LRUCache } from 'lru-cache';
import type { CatalogHotels } from '../clients/catalog.js';
import { isCreator, publicProfileView } from '../domain/profile.js';
import { recommendationView } from '../domain/recommendation.js';
import type { ProfileFlows } from './profiles.js';
import type { ProfileStore } from '../store/profiles.js';
import type { RecommendationStore } from '../store/recommendations.js';
import type { RecommendationFlows } from './recommendations.js';

export interface ClubViewRequest {
  slug: string;
  currency?: string;
  checkIn?: string;
  checkOut?: string;
}

interface ClubDeps {
  profiles: ProfileFlows;
  recommendations: RecommendationFlows;
  /** The stores the traveller's home reads across many clubs. */
  records: { profiles: ProfileStore; recommendations: RecommendationStore };
  /** The creators a traveller follows (confirmed subscriptions). */
  following: (userId: string) => Promise<string[]>;
  hotels: CatalogHotels;
  packages: { activeOf(userId: string): Promise<TravelPackage[]> };
  guides: { publishedOf(userId: string): Promise<Guide[]> };
}

export type ClubFlows = ReturnType<typeof clubFlows>;

const packageCard = ({ id, title, summary, cover, nights, pricing, offeredDates, capacity }: TravelPackage) => ({
  id,
  title,
  summary,
  ...(cover && { cover }),
  nights,
  pricing,
  offeredDates,
  capacity,
});

const guideCard = ({ id, title, summary, cover, publishedAt }: Guide) => ({
  id,
  title,
  summary,
  ...(cover && { cover }),
  ...(publishedAt && { publishedAt }),
});

async function clubView(
  deps: ClubDeps,
  { slug, currency, checkIn, checkOut }: ClubViewRequest,
  ctx: CausalContext,
): Promise<ClubView> {
  const profile = await deps.profiles.publicBySlug(slug);
  const [recommendations, packages, guides] = await Promise.all([
    deps.recommendations.activeOf(profile._id),
    deps.packages.activeOf(profile._id),
    deps.guides.publishedOf(profile._id),
  ]);
  const priced = await deps.hotels.priced(
    { ids: recommendations.map((r) => r.hotelId), currency: currency ?? profile.currency, checkIn, checkOut },
    ctx,
  );
  return {
    profile: publicProfileView(profile),
    recommendations: recommendations.flatMap((record) => {
      const hotel = priced.hotels.get(record.hotelId);
      return hotel ? [{ ...recommendationView(record), hotel }] : [];
    }),
    packages: packages.map(packageCard),
    guides: guides.map(guideCard),
    ...(priced.exchangeRates && { exchangeRates: priced.exchangeRates }),
  };
}

/** How much the traveller's home shows: clubs followed, recent recommendations, packages. */
const HOME = { clubs: 50, recommendations: 12, packages: 6 } as const;

/** The traveller's home: the clubs they follow (and the one that brought them), and what is new there. */
async function travellerHome(deps: ClubDeps, user: AuthUser, ctx: CausalContext): Promise<TravellerHome> {
  const followed = (await deps.following(user.id)).slice(0, HOME.clubs);
  const own = await deps.records.profiles.get(user.id);
  const cameFrom = own?.attribution?.creator ? await deps.records.profiles.slugOwner(own.attribution.creator) : null;
  const ids = cameFrom && !followed.includes(cameFrom) ? [...followed, cameFrom] : followed;
  const found = new Map((await deps.records.profiles.many(ids)).filter(isCreator).map((p) => [p._id, p]));
  const clubs = ids.flatMap((id) => found.get(id) ?? []);
  const slugOf = (userId: string) => found.get(userId)!.slug;
  const creators = clubs.map((club) => club._id);
  const [recommendations, packages] = await Promise.all([
    deps.records.recommendations.latestOf(creators, HOME.recommendations),
    Promise.all(creators.map((id) => deps.packages.activeOf(id))),
  ]);
  const priced = await deps.hotels.priced({ ids: recommendations.map((r) => r.hotelId), currency: own?.currency }, ctx);
  return {
    clubs: clubs.map(publicProfileView),
    recommendations: recommendations.flatMap((record) => {
      const hotel = priced.hotels.get(record.hotelId);
      return hotel ? [{ ...recommendationView(record), hotel, creatorSlug: slugOf(record.userId) }] : [];
    }),
    packages: packages
      .flat()
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, HOME.packages)
      .map((pkg) => ({ ...packageCard(pkg), creatorSlug: slugOf(pkg.userId) })),
  };
}

/** A club page as it is sent: its JSON and that JSON's ETag. */
export interface TaggedJson {
  json: string;
  etag: string;
}

const tagged = (json: string): TaggedJson => ({ json, etag: weakEtag(contentDigest(json)) });

/**
 * The club page is the most read answer there is (every visit of every club), so it is kept, serialised and
 * tagged, for `cacheMs`: a page may be that much behind its creator's last change. The creator's own routes (the
 * dashboard) are never cached. Concurrent misses of one page share one build.
 */
function cachedViews(deps: ClubDeps, cacheMs: number) {
  type Context = { request: ClubViewRequest; ctx: CausalContext };
  const cache = new LRUCache<string, TaggedJson, Context>({
    max: 2_000,
    ttl: Math.max(cacheMs, 1),
    fetchMethod: async (_key, _stale, { context }) =>
      tagged(JSON.stringify(await clubView(deps, context.request, context.ctx))),
  });
  return async (request: ClubViewRequest, ctx: CausalContext): Promise<TaggedJson> => {
    if (cacheMs === 0) return tagged(JSON.stringify(await clubView(deps, request, ctx)));
    const { slug, currency = '', checkIn = '', checkOut = '' } = request;
    const page = await cache.fetch([slug.toLowerCase(), currency, checkIn, checkOut].join('|'), {
      context: { request, ctx },
    });
    return page!;
  };
}

export function clubFlows(deps: ClubDeps, { cacheMs }: { cacheMs: number }) {
  return {
    /** The club page, serialised, with its ETag (from the cache when it is fresh enough). */
    viewJson: cachedViews(deps, cacheMs),
    home: (user: AuthUser, ctx: CausalContext) => travellerHome(deps, user, ctx),
  };
}
