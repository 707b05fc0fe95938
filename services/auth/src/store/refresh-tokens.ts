// Refresh tokens: opaque `<family>.<secret>`, stored as digests and rotated on every use. A token that
// was already rotated away coming back means it leaked: the whole family is revoked, except within a few
// seconds of its rotation, when it is a second tab refreshing at the same moment and gets the same new token.
import { randomUUID } from 'node:crypto';
import { appError, defineModel, required, type Logger } from '@travelclub/kit';
import { Schema, type Connection, type Model } from 'mongoose';
import { digest, openWith, randomSecret, sealWith } from '../domain/secrets.js';
import { liveFilter } from './sessions.js';

/** The last rotation, for the grace: who may still get its successor, until when, and the successor sealed. */
interface RotationGrace {
  /** Digest of the secret rotated away. */
  from: string;
  until: Date;
  /** The successor secret, sealed with the secret rotated away: readable only by whoever presents that. */
  successor: string;
}

interface RefreshFamily {
  _id: string;
  userId: string;
  current: string;
  /** Digests rotated away, newest last; kept to recognise reuse. */
  previous: string[];
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  grace: RotationGrace | null;
}

const graceSchema = new Schema<RotationGrace>(
  {
    ...required({ from: String, until: Date, successor: String }),
  },
  { _id: false },
);

const familySchema = new Schema<RefreshFamily>(
  {
    ...required({ _id: String, current: String, createdAt: Date }),
    userId: { type: String, required: true, index: true },
    previous: { type: [String], default: [] },
    // Real MongoDB drops expired families by itself; the checks below never rely on it.
    expiresAt: { type: Date, required: true, expires: 0 },
    revokedAt: { type: Date, default: null },
    grace: { type: graceSchema, default: null },
  },
  { versionKey: false },
);

const KEEP_PREVIOUS = 100;
const GRACE_CONTEXT = 'refresh-grace';

const split = (token: string) => {
  const dot = token.indexOf('.');
  return dot > 0 ? { familyId: token.slice(0, dot), secret: token.slice(dot + 1) } : null;
};

/** The successor of `secret` when it was rotated away less than the grace ago and nothing rotated since. */
function successorInGrace(family: RefreshFamily, presented: string, secret: string): string | null {
  const grace = family.grace;
  if (!grace || grace.from !== presented || grace.until.getTime() <= Date.now()) return null;
  const successor = openWith(secret, grace.successor, GRACE_CONTEXT);
  return successor !== null && digest(successor) === family.current ? successor : null;
}

/**
 * Moves the family from the presented secret to a new one, keeping the new one sealed with the old for the
 * grace; the new secret, or null when another use of the same token moved it first.
 */
async function advance(
  Families: Model<RefreshFamily>,
  family: RefreshFamily,
  presented: string,
  secret: string,
  reuseGraceMs: number,
): Promise<string | null> {
  const next = randomSecret();
  const grace: RotationGrace | null =
    reuseGraceMs > 0
      ? {
          from: presented,
          until: new Date(Date.now() + reuseGraceMs),
          successor: sealWith(secret, next, GRACE_CONTEXT),
        }
      : null;
  // The current-digest condition lets exactly one of two concurrent uses rotate.
  const rotated = await Families.findOneAndUpdate(
    { _id: family._id, current: presented, revokedAt: null },
    {
      $set: { current: digest(next), grace },
      $push: { previous: { $each: [presented], $slice: -KEEP_PREVIOUS } },
    },
  ).exec();
  return rotated ? next : null;
}

/** An account's families that have not expired and began after `since` (when given). */
/** What support staff see and do to all of an account's families at once. */
function accountWide(
  Families: Model<RefreshFamily>,
  revoke: (filter: object) => PromiseLike<{ modifiedCount: number }>,
) {
  return {
    /**
     * Revokes every family of the account; how many of them still worked (not expired, begun after `since`,
     * the account's previous `credentialsChangedAt`).
     */
    async revokeAllCounting(userId: string, since: Date | null): Promise<number> {
      const live = await revoke(liveFilter(userId, since));
      await revoke({ userId });
      return live.modifiedCount;
    },

    /** The account's families that still work: not revoked, not expired, begun after `since`. */
    countLive: (userId: string, since: Date | null) =>
      Families.countDocuments({ ...liveFilter(userId, since), revokedAt: null }).exec(),

    /** When the account's newest family began (every sign-in begins one), while it is still kept. */
    async lastIssuedTo(userId: string): Promise<Date | null> {
      const newest = await Families.findOne({ userId }, { createdAt: 1 }).sort({ createdAt: -1 }).lean().exec();
      return newest?.createdAt ?? null;
    },
  };
}

export type RefreshTokenStore = Awaited<ReturnType<typeof refreshTokenStore>>;

export async function refreshTokenStore(
  connection: Connection,
  { ttlDays, reuseGraceMs, log }: { ttlDays: number; reuseGraceMs: number; log: Logger },
) {
  const Families = await defineModel(connection, 'RefreshFamily', familySchema, 'refresh_families');
  const revoke = (filter: object) =>
    Families.updateMany({ ...filter, revokedAt: null }, { $set: { revokedAt: new Date() } });
  const load = async (familyId: string) => {
    const family = await Families.findById(familyId).lean().exec();
    return family && !family.revokedAt && family.expiresAt.getTime() > Date.now() ? family : null;
  };

  return {
    async issue(userId: string): Promise<string> {
      const familyId = randomUUID();
      const secret = randomSecret();
      const now = new Date();
      await Families.create({
        _id: familyId,
        userId,
        current: digest(secret),
        previous: [],
        grace: null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlDays * 86_400_000),
      });
      return `${familyId}.${secret}`;
    },

    /**
     * Swaps a token for the next one of its family. `prepare` runs first (read the account, sign the
     * access token) and may refuse; only then is the old token given up, so a failure there does not
     * make the client's retry look like reuse. The token rotated away last, presented again within the
     * grace, gets the same successor (two tabs refreshing at once both stay signed in).
     */
    async rotate<T>(
      token: string,
      prepare: (family: { userId: string; createdAt: Date }) => Promise<T>,
    ): Promise<{ token: string; prepared: T }> {
      const parts = split(token);
      let family = parts ? await load(parts.familyId) : null;
      if (!parts || !family) throw appError('invalid-refresh-token');
      const presented = digest(parts.secret);
      let prepared: { value: T } | null = null;
      if (presented === family.current) {
        prepared = { value: await prepare({ userId: family.userId, createdAt: family.createdAt }) };
        const next = await advance(Families, family, presented, parts.secret, reuseGraceMs);
        if (next) return { token: `${family._id}.${next}`, prepared: prepared.value };
        // Another use of the same token rotated first: its successor may be ours too (read below).
        family = await load(parts.familyId);
        if (!family) throw appError('invalid-refresh-token');
      }
      const successor = successorInGrace(family, presented, parts.secret);
      if (successor !== null) {
        prepared ??= { value: await prepare({ userId: family.userId, createdAt: family.createdAt }) };
        return { token: `${family._id}.${successor}`, prepared: prepared.value };
      }
      if (presented === family.current || family.previous.includes(presented)) {
        log.warn(
          { familyId: family._id, userId: family.userId },
          'a rotated refresh token was used again: family revoked',
        );
        await revoke({ _id: family._id });
      }
      throw appError('invalid-refresh-token');
    },

    async revokeFamilyOf(token: string): Promise<void> {
      const parts = split(token);
      if (!parts) return;
      // Only the holder of the current secret may end the family.
      await revoke({ _id: parts.familyId, current: digest(parts.secret) });
    },

    revokeAllOf: (userId: string) => revoke({ userId }),

    ...accountWide(Families, revoke),
  };
}
