// Recommended stays: a creator recommends a hotel (words and photos), switches it on or off, or withdraws it.
// Only a creator changes their own; anyone sees the switched-on ones. Each change tells the catalog, which ranks
// a creator's hotels first on their pages (creator.recommendation.changed).
import type { AuthUser, ImageAsset, RecommendFields } from '@travelclub/contracts';
import { appError, newEvent, type CausalContext } from '@travelclub/kit';
import { randomUUID } from 'node:crypto';
import { reordering } from '../domain/order.js';
import { MAX_RECOMMENDATIONS, type RecommendationRecord } from '../domain/recommendation.js';
import type { ProfileStore } from '../store/profiles.js';
import type { RecommendationStore } from '../store/recommendations.js';

/** The photos sent with a recommendation; a field left out keeps what the recommendation had. */
export interface RecommendationImages {
  cover?: ImageAsset;
  tile?: ImageAsset;
  images?: ImageAsset[];
}

/** What the creator service asks of the catalog about hotels. */
export interface HotelDirectory {
  /** Throws the catalogue's hotel-not-found when there is no such hotel. */
  assertExists(hotelId: string, ctx: CausalContext): Promise<void>;
}

export interface RecommendationDeps {
  recommendations: RecommendationStore;
  profiles: ProfileStore;
  hotels: HotelDirectory;
  /** Photos no longer used by anything, removed from storage after the change is written. */
  discard: (assets: ImageAsset[]) => Promise<void>;
}

const MAX_ATTEMPTS = 10;

export type RecommendationFlows = ReturnType<typeof recommendationFlows>;

/** Tells the catalog, which ranks a creator's hotels first on their pages. */
const changed = (record: RecommendationRecord, slug: string, ctx: CausalContext) =>
  newEvent(
    'creator.recommendation.changed',
    record._id,
    { userId: record.userId, slug, hotelId: record.hotelId, isActive: record.isActive, position: record.position },
    ctx,
  );

/** Photos the old record had that the new one does not. */
function replaced(old: RecommendationRecord | null, next: RecommendationRecord): ImageAsset[] {
  const kept = new Set([next.cover, next.tile, ...next.images].flatMap((a) => (a ? [a.publicId] : [])));
  return old ? [old.cover, old.tile, ...old.images].filter((a): a is ImageAsset => !!a && !kept.has(a.publicId)) : [];
}

const photosOf = (record: RecommendationRecord) =>
  [record.cover, record.tile, ...record.images].filter((a): a is ImageAsset => !!a);

/** The recommendation a `PUT` writes over what is stored (a tombstone, when it was withdrawn, starts afresh). */
async function nextRecord(
  recommendations: RecommendationStore,
  current: (RecommendationRecord & { deletedAt?: Date }) | null,
  put: { userId: string; hotelId: string; fields: RecommendFields; images: RecommendationImages },
): Promise<RecommendationRecord> {
  const live = current && !current.deletedAt ? current : null;
  const { fields, images } = put;
  const cover = images.cover ?? live?.cover;
  const tile = images.tile ?? live?.tile;
  const now = new Date();
  return {
    _id: current?._id ?? randomUUID(),
    userId: put.userId,
    hotelId: put.hotelId,
    title: fields.title,
    text: fields.text,
    ...(cover && { cover }),
    ...(tile && { tile }),
    images: images.images ?? live?.images ?? [],
    isActive: fields.isActive ?? live?.isActive ?? true,
    position: live ? live.position : await recommendations.nextPosition(put.userId),
    createdAt: live?.createdAt ?? now,
    updatedAt: now,
    version: (current?.version ?? -1) + 1,
  };
}

/** Retries a change decided on a stored state that moved meanwhile. */
async function retried<T>(what: string, attempt: () => Promise<T | null | false>): Promise<T> {
  for (let i = 1; i <= MAX_ATTEMPTS; i++) {
    const done = await attempt();
    if (done) return done;
  }
  throw new Error(`${what} kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
}

/** The creator's live recommendation of a hotel, or the catalogue's not-found. */
async function liveOf(recommendations: RecommendationStore, userId: string, hotelId: string) {
  const current = await recommendations.ofHotel(userId, hotelId);
  if (!current || current.deletedAt) throw appError('recommendation-not-found');
  return current;
}

/**
 * Puts a creator's recommendations in the order of `hotelIds`, answering them in it. Each moved one is its own
 * write with its event (the catalog ranks by position); one changed meanwhile is read and moved again.
 */
function reorder(
  recommendations: RecommendationStore,
  creator: { userId: string; slug: string },
  hotelIds: readonly string[],
  ctx: CausalContext,
) {
  return retried('the order of the recommendations', async () => {
    const current = await recommendations.listOf(creator.userId);
    const names = { field: 'hotelIds', things: 'recommended stays' };
    const written = await Promise.all(
      reordering(current, (r) => r.hotelId, hotelIds, names).map(({ item, position }) =>
        recommendations.reposition(item._id, item.version, position, [
          changed({ ...item, position }, creator.slug, ctx),
        ]),
      ),
    );
    return written.every(Boolean) && recommendations.listOf(creator.userId);
  });
}

export function recommendationFlows({ recommendations, profiles, hotels, discard }: RecommendationDeps) {
  /** The creator's current address, for the catalog's creator pages. */
  async function slugOf(userId: string) {
    const profile = await profiles.get(userId);
    if (!profile) throw appError('profile-not-found');
    return profile.slug;
  }

  return {
    /** Makes or replaces the caller's recommendation of a hotel (`PUT /hotel/{id}/recommend`). */
    async recommend(
      user: AuthUser,
      hotelId: string,
      fields: RecommendFields,
      images: RecommendationImages,
      ctx: CausalContext,
    ) {
      const slug = await slugOf(user.id);
      await hotels.assertExists(hotelId, ctx);
      const existing = await recommendations.ofHotel(user.id, hotelId);
      if ((!existing || existing.deletedAt) && (await recommendations.countOf(user.id)) >= MAX_RECOMMENDATIONS)
        throw appError('recommendation-limit-reached');
      return retried(`the recommendation of ${hotelId}`, async () => {
        const current = await recommendations.ofHotel(user.id, hotelId);
        const record = await nextRecord(recommendations, current, { userId: user.id, hotelId, fields, images });
        const events = [changed(record, slug, ctx)];
        const written = current
          ? await recommendations.replace(record, current.version, events)
          : (await recommendations.insert(record, events)) && record;
        if (!written) return null;
        const live = current && !current.deletedAt ? current : null;
        await discard(replaced(live, written));
        return { record: written, created: !live };
      });
    },

    /** Switches the caller's recommendation of a hotel on or off. */
    async toggle(user: AuthUser, hotelId: string, isActive: boolean, ctx: CausalContext) {
      const slug = await slugOf(user.id);
      return retried(`the recommendation of ${hotelId}`, async () => {
        const current = await liveOf(recommendations, user.id, hotelId);
        if (current.isActive === isActive) return current;
        const event = changed({ ...current, isActive }, slug, ctx);
        return recommendations.change(current._id, current.version, { isActive }, [event]);
      });
    },

    /** Withdraws the caller's recommendation of a hotel and removes its photos. */
    async withdraw(user: AuthUser, hotelId: string, ctx: CausalContext) {
      const slug = await slugOf(user.id);
      const gone = await retried(`the recommendation of ${hotelId}`, async () => {
        const current = await liveOf(recommendations, user.id, hotelId);
        const event = changed({ ...current, isActive: false }, slug, ctx);
        return (await recommendations.remove(current._id, current.version, [event])) && current;
      });
      await discard(photosOf(gone));
    },

    /** Puts the caller's recommendations in the order of `hotelIds` (every one of them, once). */
    order: async (user: AuthUser, hotelIds: readonly string[], ctx: CausalContext) =>
      reorder(recommendations, { userId: user.id, slug: await slugOf(user.id) }, hotelIds, ctx),

    /** One recommendation: its creator sees it switched off too; anyone else only switched on. */
    async read(hotelId: string, id: string, user: AuthUser | null) {
      const record = await recommendations.byId(id);
      if (!record || record.hotelId !== hotelId || (!record.isActive && record.userId !== user?.id))
        throw appError('recommendation-not-found');
      return record;
    },

    /** The caller's recommendations, all of them, in their order. */
    mine: (user: AuthUser) => recommendations.listOf(user.id),

    /** A creator's switched-on recommendations, in their order. */
    activeOf: (userId: string) => recommendations.listOf(userId, true),
  };
}
