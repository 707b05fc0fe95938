// Refresh tokens: opaque `<family>.<secret>`, stored as digests and rotated on every use. A token that
// was already rotated away coming back means it leaked: the whole family is revoked.
import { randomUUID } from 'node:crypto';
import { appError, defineModel } from '@travelclub/kit';
import { Schema, type Connection } from 'mongoose';
import type { Logger } from 'pino';
import { digest, randomSecret } from '../domain/secrets.js';

interface RefreshFamily {
  _id: string;
  userId: string;
  current: string;
  /** Digests rotated away, newest last; kept to recognise reuse. */
  previous: string[];
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

const familySchema = new Schema<RefreshFamily>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    current: { type: String, required: true },
    previous: { type: [String], default: [] },
    createdAt: { type: Date, required: true },
    // Real MongoDB drops expired families by itself; the checks below never rely on it.
    expiresAt: { type: Date, required: true, expires: 0 },
    revokedAt: { type: Date, default: null },
  },
  { versionKey: false },
);

const KEEP_PREVIOUS = 100;

export type RefreshTokenStore = Awaited<ReturnType<typeof refreshTokenStore>>;

export async function refreshTokenStore(connection: Connection, ttlDays: number, log: Logger) {
  const Families = await defineModel(connection, 'RefreshFamily', familySchema, 'refresh_families');
  const split = (token: string) => {
    const dot = token.indexOf('.');
    return dot > 0 ? { familyId: token.slice(0, dot), secret: token.slice(dot + 1) } : null;
  };
  const revoke = (filter: object) =>
    Families.updateMany({ ...filter, revokedAt: null }, { $set: { revokedAt: new Date() } });

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
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlDays * 86_400_000),
      });
      return `${familyId}.${secret}`;
    },

    /**
     * Swaps a token for the next one of its family. `prepare` runs first (read the account, sign the
     * access token) and may refuse; only then is the old token given up, so a failure there does not
     * make the client's retry look like reuse.
     */
    async rotate<T>(
      token: string,
      prepare: (family: { userId: string; createdAt: Date }) => Promise<T>,
    ): Promise<{ token: string; prepared: T }> {
      const parts = split(token);
      const family = parts ? await Families.findById(parts.familyId).lean().exec() : null;
      if (!parts || !family || family.revokedAt || family.expiresAt.getTime() <= Date.now()) {
        throw appError('invalid-refresh-token');
      }
      const presented = digest(parts.secret);
      if (presented === family.current) {
        const prepared = await prepare({ userId: family.userId, createdAt: family.createdAt });
        const next = randomSecret();
        // The current-digest condition lets exactly one of two concurrent uses win.
        const rotated = await Families.findOneAndUpdate(
          { _id: family._id, current: presented, revokedAt: null },
          { $set: { current: digest(next) }, $push: { previous: { $each: [presented], $slice: -KEEP_PREVIOUS } } },
        ).exec();
        if (rotated) return { token: `${family._id}.${next}`, prepared };
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
  };
}
