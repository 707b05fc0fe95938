// Profiles: made once per account (from its registration, or on the first call), read and changed by their
// owner, and a creator's public face. Every change of a creator's address or name tells billing who earns
// that address's commission (creator.profile.updated).
import {
  ClubSlugSchema,
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY,
  type AuthUser,
  type ImageAsset,
  type IsAvailableAnswer,
  type Role,
  type UpdateProfileBody,
  type UserAttribution,
} from '@travelclub/contracts';
import { appError, canAccess, newEvent, type CausalContext, type OutboxEvent } from '@travelclub/kit';
import { claimsFromToken, isCreator, sameClaims, type ProfileRecord } from '../domain/profile.js';
import { publicNameKey } from '../domain/public-names.js';
import { alternativeSlug, isReserved, slugFromName } from '../domain/slugs.js';
import type { ProfileStore } from '../store/profiles.js';

export interface NewProfile {
  publicName?: string;
  slug?: string;
  currency?: string;
  country?: string;
}

/** The most addresses one creator may have had. */
const MAX_SLUGS = 10;

/** How many numbered alternatives of a name's address are tried before a random one. */
const ALTERNATIVES = 20;

export type ProfileFlows = ReturnType<typeof profileFlows>;

/** Sends a creator's verification back to review: their public name changed (see `updateProfile`). */
export type ReopenReview = (userId: string, change: { from: string; to: string }) => Promise<void>;

/** A public name must not read as another verified creator's (case, accents and look-alike letters aside). */
async function refuseVerifiedLookalike(store: ProfileStore, userId: string, publicName: string): Promise<void> {
  if (await store.verifiedNameHolder(publicNameKey(publicName), userId)) throw appError('public-name-taken');
}

/** The event that tells billing (and the catalog, analytics) who a creator's address belongs to. */
const updated = (record: Pick<ProfileRecord, '_id' | 'slug' | 'publicName'>, ctx: CausalContext) =>
  newEvent(
    'creator.profile.updated',
    record._id,
    { userId: record._id, slug: record.slug, publicName: record.publicName },
    ctx,
  );

/** Claims the asked-for address, refusing reserved and taken ones. */
async function claimAsked(store: ProfileStore, slug: string, userId: string): Promise<string> {
  if (isReserved(slug)) throw appError('slug-reserved');
  if (!(await store.claimSlug(slug, userId))) throw appError('slug-taken');
  return slug;
}

/** A free address from the name: the name's own, then `-2`, `-3`, ..., then a random one. */
async function claimFromName(store: ProfileStore, name: string, userId: string): Promise<string> {
  const base = slugFromName(name);
  const candidates = [base, ...Array.from({ length: ALTERNATIVES }, (_, i) => alternativeSlug(base, i + 2))];
  for (const slug of candidates) if (!isReserved(slug) && (await store.claimSlug(slug, userId))) return slug;
  for (;;) {
    const slug = alternativeSlug(base, Math.floor(Math.random() * 1e6));
    if (await store.claimSlug(slug, userId)) return slug;
  }
}

/**
 * A creator moves their club to another address. Every address stays theirs (old links keep working), so a
 * creator has at most MAX_SLUGS of them, and a traveller, whose profile has no club, cannot collect any.
 */
async function changeSlug(store: ProfileStore, current: ProfileRecord, slug: string): Promise<void> {
  if (!isCreator(current)) throw appError('forbidden');
  const owner = await store.slugOwner(slug);
  if (owner !== current._id && (await store.slugCount(current._id)) >= MAX_SLUGS) throw appError('slug-limit-reached');
  await claimAsked(store, slug, current._id);
}

/** Makes the account's profile once; a second call (or a registration event after it) answers the first. */
async function createProfile(
  store: ProfileStore,
  { userId, roles, wanted, fallbackName }: { userId: string; roles: Role[]; wanted: NewProfile; fallbackName: string },
  ctx: CausalContext,
) {
  const existing = await store.get(userId);
  if (existing) return { record: existing, created: false };
  // The name the caller asks for; the sign-up's own name (from auth's event) is kept as it was given.
  if (wanted.publicName !== undefined) await refuseVerifiedLookalike(store, userId, wanted.publicName);
  const publicName = wanted.publicName ?? fallbackName;
  const slug = wanted.slug
    ? await claimAsked(store, wanted.slug, userId)
    : await claimFromName(store, publicName, userId);
  const now = new Date();
  const record: ProfileRecord = {
    _id: userId,
    publicName,
    slug,
    currency: wanted.currency ?? DEFAULT_CURRENCY,
    country: wanted.country ?? DEFAULT_COUNTRY,
    claims: roles,
    creatorProfile: {},
    verified: false,
    createdAt: now,
    updatedAt: now,
    version: 0,
  };
  const made = await store.create(record, isCreator(record) ? [updated(record, ctx)] : []);
  // Two first calls at once: the other one made it.
  return made ? { record: made, created: true } : { record: (await store.get(userId))!, created: false };
}

/**
 * The roles auth signed last; becoming a creator puts the address in billing's directory. `revokedAt` is auth's
 * word on the creator role (its revoke's time, or null for a grant): while a revoke stands, a token's creator
 * claim (signed before it) is not taken.
 */
function syncClaims(store: ProfileStore, userId: string, roles: Role[], ctx: CausalContext, revokedAt?: Date | null) {
  return store.mutate(userId, (record) => {
    const revoke = revokedAt === undefined ? {} : { creatorRevokedAt: revokedAt };
    const claims = revokedAt === undefined ? claimsFromToken(record, roles) : roles;
    const sameRevoke = revokedAt === undefined || (record.creatorRevokedAt ?? null)?.getTime() === revokedAt?.getTime();
    if (sameClaims(record.claims, claims) && sameRevoke) return null;
    const becameCreator = !isCreator(record) && claims.includes('role/creator');
    return { set: { claims, ...revoke }, events: becameCreator ? [updated(record, ctx)] : [] };
  });
}

/**
 * The owner changes their profile. A verified creator whose public name comes to read differently loses the badge
 * in the same write, and their verification goes back to the staff's review (`reopen`): the badge vouched for the
 * name it was given to.
 */
async function updateProfile(
  store: ProfileStore,
  reopen: ReopenReview,
  userId: string,
  body: UpdateProfileBody,
  ctx: CausalContext,
) {
  const current = await store.get(userId);
  if (!current) throw appError('profile-not-found');
  if (body.publicName !== undefined && body.publicName !== current.publicName)
    await refuseVerifiedLookalike(store, userId, body.publicName);
  if (body.slug && body.slug !== current.slug) await changeSlug(store, current, body.slug);
  let renamed: { from: string; to: string } | null = null;
  const record = await store.mutate(userId, (record) => {
    const set: Partial<ProfileRecord> = {};
    renamed = null;
    if (body.publicName !== undefined && body.publicName !== record.publicName) set.publicName = body.publicName;
    if (body.slug !== undefined && body.slug !== record.slug) set.slug = body.slug;
    if (body.currency !== undefined) set.currency = body.currency;
    if (body.country !== undefined) set.country = body.country;
    if (body.creatorProfile) set.creatorProfile = { ...record.creatorProfile, ...body.creatorProfile };
    if (record.verified && set.publicName !== undefined) {
      if (publicNameKey(set.publicName) !== publicNameKey(record.publicName)) {
        set.verified = false;
        renamed = { from: record.publicName, to: set.publicName };
      }
    }
    const named = set.publicName !== undefined || set.slug !== undefined;
    const events: OutboxEvent[] = named && isCreator(record) ? [updated({ ...record, ...set }, ctx)] : [];
    return { set, events };
  });
  if (renamed) await reopen(userId, renamed);
  return record!;
}

/** Puts an uploaded image on the owner's profile (a hero image only on a creator's); answers what it replaced. */
async function setImage(store: ProfileStore, user: AuthUser, which: 'heroImage' | 'profilePicture', image: ImageAsset) {
  let previous: ImageAsset | undefined;
  const record = await store.mutate(user.id, (record) => {
    if (which === 'heroImage' && !isCreator(record)) throw appError('forbidden');
    previous = record.creatorProfile[which];
    return { set: { creatorProfile: { ...record.creatorProfile, [which]: image } } };
  });
  if (!record) throw appError('profile-not-found');
  return { record, previous };
}

export function profileFlows(store: ProfileStore, reopen: ReopenReview) {
  /** The owner's profile with the token's roles: the token is what auth signed last. */
  async function ownOrNull(user: AuthUser, ctx: CausalContext) {
    const record = await store.get(user.id);
    if (!record || sameClaims(record.claims, claimsFromToken(record, user.roles))) return record;
    return syncClaims(store, user.id, user.roles, ctx);
  }

  return {
    create: (userId: string, roles: Role[], wanted: NewProfile, fallbackName: string, ctx: CausalContext) =>
      createProfile(store, { userId, roles, wanted, fallbackName }, ctx),
    /** With `revokedAt` (creator role): staff took it away (`at`) or gave it back (null); the club follows. */
    syncClaims: (userId: string, roles: Role[], ctx: CausalContext, revokedAt?: Date | null) =>
      syncClaims(store, userId, roles, ctx, revokedAt),
    update: (userId: string, body: UpdateProfileBody, ctx: CausalContext) =>
      updateProfile(store, reopen, userId, body, ctx),

    /** The caller's own profile (made on first use is POST's job: GET answers 404 before it). */
    async mine(user: AuthUser, ctx: CausalContext) {
      const record = await ownOrNull(user, ctx);
      if (!record) throw appError('profile-not-found');
      return record;
    },

    /** A profile by id for its owner or support staff; 404 for anyone else, so ids cannot be probed. */
    async byId(id: string, user: AuthUser, ctx: CausalContext) {
      if (!canAccess(user, id)) throw appError('profile-not-found');
      const record = id === user.id ? await ownOrNull(user, ctx) : await store.get(id);
      if (!record) throw appError('profile-not-found');
      return record;
    },

    /** A creator's public profile by any address they have had (an old one answers the current slug). */
    async publicBySlug(text: string) {
      const slug = text.toLowerCase();
      const owner = (await store.bySlug(slug)) ?? (await historic(slug));
      if (!owner || !isCreator(owner)) throw appError('profile-not-found');
      return owner;
    },

    /**
     * Whether an address can be claimed, and why not: a malformed, reserved or taken one (another creator has or
     * had it) cannot; the caller's own can. The same reasons as claiming it, so the check never promises more.
     */
    async isAvailable(handle: string, user: AuthUser | null): Promise<IsAvailableAnswer> {
      const parsed = ClubSlugSchema.safeParse(handle);
      if (!parsed.success) return { isAvailable: false, reason: 'invalid' };
      if (isReserved(parsed.data)) return { isAvailable: false, reason: 'reserved' };
      const owner = await store.slugOwner(parsed.data);
      return owner === null || owner === user?.id ? { isAvailable: true } : { isAvailable: false, reason: 'taken' };
    },

    setImage: async (user: AuthUser, id: string, which: 'heroImage' | 'profilePicture', image: ImageAsset) => {
      if (id !== user.id) throw appError('profile-not-found');
      return setImage(store, user, which, image);
    },

    /**
     * Where the creator's paid plan stands, as billing last said. Plan events of one creator arrive in order,
     * but a replayed old one must not undo a newer state: the newer `at` wins.
     */
    async setPlan(userId: string, plan: NonNullable<ProfileRecord['plan']>) {
      await store.mutate(userId, (record) => (record.plan?.at && record.plan.at >= plan.at ? null : { set: { plan } }));
    },

    /** First touch: the first attribution stays; later ones change nothing. */
    async attribute(userId: string, attribution: UserAttribution) {
      const record = await store.mutate(userId, (record) =>
        record.attribution ? null : { set: { attribution: { ...attribution, at: new Date() } } },
      );
      if (!record) throw appError('profile-not-found');
      return record;
    },
  };

  async function historic(slug: string) {
    const owner = await store.slugOwner(slug);
    return owner ? store.get(owner) : null;
  }
}
