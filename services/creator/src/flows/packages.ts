// Travel packages ("experiences"): a creator makes, changes, switches on or off and deletes their own; anyone
// reads the active ones (with the catalog's hotel cards) and books them through the itinerary service, which
// reads them here. Activating checks every night's hotel and room type at the catalog. Each change tells its
// listeners (analytics, the club page) through creator.package.changed.
import {
  DEFAULT_CURRENCY,
  type AuthUser,
  type ErrorDetail,
  type ImageAsset,
  type PackageDay,
  type PackageStatus,
  type TravelPackageBody,
} from '@travelclub/contracts';
import { AppError, appError, newEvent, type CausalContext } from '@travelclub/kit';
import { randomUUID } from 'node:crypto';
import type { CatalogHotels } from '../clients/catalog.js';
import type { HotelRooms } from '../clients/catalog-rooms.js';
import { reordering } from '../domain/order.js';
import { isCreator } from '../domain/profile.js';
import { packageFields, packageView, roomTypesByHotel, sameStays, type PackageRecord } from '../domain/packages.js';
import type { ContactStore } from '../store/contacts.js';
import type { PackageStore } from '../store/packages.js';
import type { ProfileStore } from '../store/profiles.js';

export interface PackageDeps {
  packages: PackageStore;
  profiles: ProfileStore;
  /** A creator's profile by any address they had (the profile flows' `publicBySlug`). */
  publicBySlug: (slug: string) => Promise<{ _id: string }>;
  contacts: ContactStore;
  rooms: HotelRooms;
  hotels: Pick<CatalogHotels, 'summaries'>;
  /** Photos no longer used by anything, removed from storage after the change is written. */
  discard: (assets: ImageAsset[]) => Promise<void>;
}

const MAX_ATTEMPTS = 10;

const changed = (
  record: Pick<PackageRecord, '_id' | 'userId'>,
  status: PackageStatus | 'deleted',
  ctx: CausalContext,
) => newEvent('creator.package.changed', record._id, { packageId: record._id, userId: record.userId, status }, ctx);

/** Where in the days a hotel (or its room type) is first booked, for a refusal's details. */
function whereBooked(days: readonly PackageDay[], hotelId: string, roomType?: string): ErrorDetail[] {
  const day = days.findIndex((d) => d.stay?.hotelId === hotelId && (!roomType || d.stay.roomType === roomType));
  return [{ path: `days.${day}.stay.${roomType ? 'roomType' : 'hotelId'}`, message: 'Not in the catalog' }];
}

/** Every night's hotel and room type exist at the catalog, and there is at least one night to book. */
async function assertBookable(deps: PackageDeps, days: readonly PackageDay[], ctx: CausalContext) {
  const hotels = roomTypesByHotel(days);
  if (hotels.size === 0)
    throw appError('validation-failed', [{ path: 'days', message: 'Give at least one night a stay to activate it' }]);
  await Promise.all(
    [...hotels].map(async ([hotelId, types]) => {
      const known = await deps.rooms.roomTypesOf(hotelId, ctx).catch((err: unknown) => {
        const missing = err instanceof AppError && err.code === 'hotel-not-found';
        throw missing ? appError('hotel-not-found', whereBooked(days, hotelId)) : err;
      });
      for (const type of types)
        if (!known.includes(type)) throw appError('room-type-not-found', whereBooked(days, hotelId, type));
    }),
  );
}

/** Checks the stays at the catalog once per set of stays (a retried write does not ask again). */
function bookableOnce(deps: PackageDeps, ctx: CausalContext) {
  let checked: readonly PackageDay[] | null = null;
  return async (days: readonly PackageDay[]) => {
    if (checked && sameStays(checked, days)) return;
    await assertBookable(deps, days, ctx);
    checked = days;
  };
}

/** The caller's live package, or the catalogue's not-found (also for someone else's). */
async function owned(deps: PackageDeps, user: AuthUser, id: string) {
  const record = await deps.packages.get(id);
  if (!record || record.userId !== user.id) throw appError('travel-package-not-found');
  return record;
}

/** True when the package's owner is a creator now (support staff may have revoked the role). */
async function ownerIsCreator(deps: PackageDeps, record: PackageRecord) {
  const owner = await deps.profiles.get(record.userId);
  return !!owner && isCreator(owner);
}

/** A package the caller may see: its creator's in any status, anyone's when active and its owner a creator. */
async function visible(deps: PackageDeps, id: string, user: AuthUser | null) {
  const record = await deps.packages.get(id);
  if (record && record.userId === user?.id) return record;
  if (!record || record.status !== 'active' || !(await ownerIsCreator(deps, record)))
    throw appError('travel-package-not-found');
  return record;
}

async function create(deps: PackageDeps, user: AuthUser, body: TravelPackageBody, ctx: CausalContext) {
  const status = body.status ?? 'draft';
  if (status === 'active') await assertBookable(deps, body.days, ctx);
  const now = new Date();
  const record: PackageRecord = {
    _id: randomUUID(),
    userId: user.id,
    ...packageFields(body),
    gallery: [],
    status,
    // After every package the creator has: a new one goes last in their order.
    position: await deps.packages.nextPosition(user.id),
    createdAt: now,
    updatedAt: now,
    version: 0,
  };
  return deps.packages.insert(record, [changed(record, status, ctx)]);
}

/** Writes what `decide` makes of the caller's package, deciding again when another write got in between. */
async function mutate(
  deps: PackageDeps,
  { user, id, ctx }: { user: AuthUser; id: string; ctx: CausalContext },
  decide: (current: PackageRecord) => Promise<Partial<PackageRecord> | null>,
) {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const current = await owned(deps, user, id);
    const set = await decide(current);
    if (!set) return current;
    const written = await deps.packages.change(id, current.version, set, [
      changed(current, set.status ?? current.status, ctx),
    ]);
    if (written) return written;
  }
  throw new Error(`travel package ${id} kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
}

/** `PUT /travelpackage`: a new package (no id), or the caller's own changed (its photos kept). */
async function save(deps: PackageDeps, user: AuthUser, body: TravelPackageBody, ctx: CausalContext) {
  if (user.email && !user.isAnonymous) await deps.contacts.remember(user.id, user.email, user.emailVerified === true);
  if (!(await deps.profiles.get(user.id))) throw appError('profile-not-found');
  if (!body.id) return { record: await create(deps, user, body, ctx), created: true };
  const bookable = bookableOnce(deps, ctx);
  const record = await mutate(deps, { user, id: body.id, ctx }, async (current) => {
    const status = body.status ?? current.status;
    // An active package stays bookable: changed stays are checked again.
    if (status === 'active' && (current.status !== 'active' || !sameStays(current.days, body.days)))
      await bookable(body.days);
    return { ...packageFields(body), status };
  });
  return { record, created: false };
}

/** Deletes the caller's package (a tombstone with its event), then its photos. */
async function remove(deps: PackageDeps, user: AuthUser, id: string, ctx: CausalContext) {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const current = await owned(deps, user, id);
    if (await deps.packages.remove(id, current.version, [changed(current, 'deleted', ctx)])) {
      await deps.discard([current.cover, ...current.gallery].filter((a): a is ImageAsset => !!a));
      return;
    }
  }
  throw new Error(`travel package ${id} kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
}

/**
 * Puts the caller's packages (drafts too) in the order of `ids` (every one of them, once), answering them all in
 * it. Each moved package is its own guarded write; one changed meanwhile is read and moved again.
 */
async function order(deps: PackageDeps, user: AuthUser, ids: readonly string[]) {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const current = await deps.packages.allOf(user.id);
    const written = await Promise.all(
      reordering(current, (p) => p._id, ids, { field: 'ids', things: 'packages' }).map(({ item, position }) =>
        deps.packages.reposition(item._id, item.version, position),
      ),
    );
    if (written.every(Boolean)) return { packages: (await deps.packages.allOf(user.id)).map(packageView) };
  }
  throw new Error(`the order of ${user.id}'s packages kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
}

/** The package with the catalog's cards of its hotels, priced in the currency (the package's, else USD). */
async function withHotels(
  deps: PackageDeps,
  id: string,
  user: AuthUser | null,
  currency: string | undefined,
  ctx: CausalContext,
) {
  const record = await visible(deps, id, user);
  const ids = [...roomTypesByHotel(record.days).keys()];
  const own = record.pricing.kind === 'perPerson' ? record.pricing.price.currency : DEFAULT_CURRENCY;
  const cards = await deps.hotels.summaries({ ids, currency: currency ?? own }, ctx);
  return { ...packageView(record), hotels: ids.flatMap((hotelId) => cards.get(hotelId) ?? []) };
}

export type PackageFlows = ReturnType<typeof packageFlows>;

export function packageFlows(deps: PackageDeps) {
  return {
    save: (user: AuthUser, body: TravelPackageBody, ctx: CausalContext) => save(deps, user, body, ctx),

    /** Switches the caller's package on (checked at the catalog) or off. */
    toggle(user: AuthUser, id: string, isActive: boolean, ctx: CausalContext) {
      const bookable = bookableOnce(deps, ctx);
      const status: PackageStatus = isActive ? 'active' : 'draft';
      return mutate(deps, { user, id, ctx }, async (current) => {
        if (current.status === status) return null;
        if (isActive) await bookable(current.days);
        return { status };
      });
    },

    remove: (user: AuthUser, id: string, ctx: CausalContext) => remove(deps, user, id, ctx),

    order: (user: AuthUser, ids: readonly string[]) => order(deps, user, ids),

    async mine(user: AuthUser, take: number, skip: number) {
      const { total, records } = await deps.packages.listOf(user.id, take, skip);
      return { total, take, skip, packages: records.map(packageView) };
    },

    read: async (id: string, user: AuthUser | null) => packageView(await visible(deps, id, user)),

    withHotels: (id: string, user: AuthUser | null, currency: string | undefined, ctx: CausalContext) =>
      withHotels(deps, id, user, currency, ctx),

    /** A creator's active packages, by any address they had. */
    async publicOf(slug: string) {
      const profile = await deps.publicBySlug(slug);
      return { packages: await deps.packages.activeOf(profile._id) };
    },

    /** For the itinerary's booking: the package in any status, and its creator's current slug. */
    async forBooking(id: string) {
      const record = await deps.packages.get(id);
      const profile = record && (await deps.profiles.get(record.userId));
      // A creator whose role staff revoked sells nothing: no booking, no attribution to them.
      if (!record || !profile || !isCreator(profile)) throw appError('travel-package-not-found');
      return { ...packageView(record), creatorSlug: profile.slug };
    },
  };
}
