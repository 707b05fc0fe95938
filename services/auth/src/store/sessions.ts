// Browser sessions behind the HttpOnly cookie: the cookie holds a random id, we keep its digest.
import { indexedCollection } from '@travelclub/kit';
import type { Connection } from 'mongoose';
import { digest, randomSecret } from '../domain/secrets.js';

interface Session {
  _id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
}

/** An account's sessions that have not expired and began after `since` (when given). */
/** An account's records (sessions, refresh-token families) that still work: not expired, begun after `since`. */
export const liveFilter = (userId: string, since: Date | null) => ({
  userId,
  expiresAt: { $gt: new Date() },
  ...(since && { createdAt: { $gt: since } }),
});

export type SessionStore = Awaited<ReturnType<typeof sessionStore>>;

export async function sessionStore(connection: Connection, ttlMs: number) {
  const sessions = await indexedCollection<Session>(connection, 'sessions', [
    [{ userId: 1 }],
    [{ expiresAt: 1 }, { expireAfterSeconds: 0 }],
  ]);
  return {
    ttlMs,
    async open(userId: string): Promise<string> {
      const id = randomSecret();
      const now = new Date();
      await sessions.insertOne({ _id: digest(id), userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
      return id;
    },
    async find(id: string): Promise<{ userId: string; createdAt: Date } | null> {
      const session = await sessions.findOne({ _id: digest(id) });
      return session && session.expiresAt.getTime() > Date.now() ? session : null;
    },
    close: (id: string) => sessions.deleteOne({ _id: digest(id) }),
    closeAllOf: (userId: string) => sessions.deleteMany({ userId }),

    /** Closes every session of the account; how many still worked (not expired, begun after `since`). */
    async closeAllCounting(userId: string, since: Date | null): Promise<number> {
      const live = await sessions.deleteMany(liveFilter(userId, since));
      await sessions.deleteMany({ userId });
      return live.deletedCount;
    },

    /** The account's sessions that still work: not expired, begun after `since`. */
    countLive: (userId: string, since: Date | null) => sessions.countDocuments(liveFilter(userId, since)),
  };
}
