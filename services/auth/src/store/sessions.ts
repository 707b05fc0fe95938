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
  };
}
