// Written guides (itinerary content): a creator writes, changes and deletes their own; anyone reads the
// published ones. The text is structured blocks (contracts' GuideBlockSchema), never HTML. Publishing checks
// that every hotel the guide names is in the catalog (one call for all of them).
import type { AuthUser, CreateGuideBody, GuideDay, ImageAsset, UpdateGuideBody } from '@travelclub/contracts';
import { appError, type CausalContext } from '@travelclub/kit';
import { randomUUID } from 'node:crypto';
import type { CatalogHotels } from '../clients/catalog.js';
import { guideView, hotelsOf, type GuideRecord, type GuideStatus } from '../domain/guides.js';
import type { ContactStore } from '../store/contacts.js';
import type { GuideStore } from '../store/guides.js';
import type { ProfileStore } from '../store/profiles.js';

export interface GuideDeps {
  guides: GuideStore;
  profiles: ProfileStore;
  contacts: ContactStore;
  hotels: Pick<CatalogHotels, 'summaries'>;
  /** Photos no longer used by anything, removed from storage after the change is written. */
  discard: (assets: ImageAsset[]) => Promise<void>;
}

const MAX_ATTEMPTS = 10;

/** Every hotel the guide names is in the catalog (the first missing one is named in the refusal). */
async function assertHotelsExist(deps: GuideDeps, days: readonly GuideDay[], ctx: CausalContext) {
  const named = hotelsOf(days);
  if (named.size === 0) return;
  const found = await deps.hotels.summaries({ ids: [...named.keys()] }, ctx);
  for (const [hotelId, path] of named)
    if (!found.has(hotelId)) throw appError('hotel-not-found', [{ path, message: 'Not in the catalog' }]);
}

/** The fields of a body, published (with its first publication time) or a draft. */
function fieldsOf(body: CreateGuideBody, status: GuideStatus, publishedAt: Date | undefined, now: Date) {
  return {
    title: body.title,
    summary: body.summary,
    days: body.days,
    status,
    ...(status === 'published' && { publishedAt: publishedAt ?? now }),
  };
}

/** The content's owner must be a creator with a profile; their address takes travellers' requests. */
async function asAuthor(deps: GuideDeps, user: AuthUser) {
  if (user.email && !user.isAnonymous) await deps.contacts.remember(user.id, user.email, user.emailVerified === true);
  if (!(await deps.profiles.get(user.id))) throw appError('profile-not-found');
}

async function owned(deps: GuideDeps, user: AuthUser, id: string) {
  const record = await deps.guides.get(id);
  if (!record || record.userId !== user.id) throw appError('guide-not-found');
  return record;
}

async function create(deps: GuideDeps, user: AuthUser, body: CreateGuideBody, ctx: CausalContext) {
  await asAuthor(deps, user);
  const status = body.status ?? 'draft';
  if (status === 'published') await assertHotelsExist(deps, body.days, ctx);
  const now = new Date();
  const record: GuideRecord = {
    _id: randomUUID(),
    userId: user.id,
    ...fieldsOf(body, status, undefined, now),
    createdAt: now,
    updatedAt: now,
    version: 0,
  };
  return deps.guides.insert(record);
}

/** All of the caller's guide, by its id; its cover is kept. */
async function update(deps: GuideDeps, user: AuthUser, body: UpdateGuideBody, ctx: CausalContext) {
  await asAuthor(deps, user);
  const { id } = body;
  let checked = false;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const current = await owned(deps, user, id);
    const status = body.status ?? current.status;
    if (status === 'published' && !checked) await assertHotelsExist(deps, body.days, ctx);
    checked ||= status === 'published';
    const set = fieldsOf(body, status, current.publishedAt, new Date());
    const written = await deps.guides.change(id, current.version, set);
    if (written) return written;
  }
  throw new Error(`guide ${id} kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
}

/** Deletes the caller's guide, then its cover. */
async function remove(deps: GuideDeps, user: AuthUser, id: string) {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const current = await owned(deps, user, id);
    if (await deps.guides.remove(id, current.version)) return deps.discard(current.cover ? [current.cover] : []);
  }
  throw new Error(`guide ${id} kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
}

export type GuideFlows = ReturnType<typeof guideFlows>;

export function guideFlows(deps: GuideDeps) {
  return {
    create: (user: AuthUser, body: CreateGuideBody, ctx: CausalContext) => create(deps, user, body, ctx),
    update: (user: AuthUser, body: UpdateGuideBody, ctx: CausalContext) => update(deps, user, body, ctx),
    remove: (user: AuthUser, id: string) => remove(deps, user, id),

    async mine(user: AuthUser, take: number, skip: number) {
      const { total, records } = await deps.guides.listOf(user.id, take, skip);
      return { total, take, skip, guides: records.map(guideView) };
    },

    /** Its creator's in any status; anyone's when published; 404 otherwise, so ids cannot be probed. */
    async read(id: string, user: AuthUser | null) {
      const record = await deps.guides.get(id);
      if (!record || (record.status !== 'published' && record.userId !== user?.id)) throw appError('guide-not-found');
      return guideView(record);
    },
  };
}
