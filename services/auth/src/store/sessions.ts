// Browser sessions behind the HttpOnly cookie: the cookie holds a random id, we keep its digest.
import { defineModel } from '@travelclub/kit';
import { Schema, type Connection } from 'mongoose';
import { digest, randomSecret } from '../domain/secrets.js';

interface Session {
  _id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
}

const sessionSchema = new Schema<Session>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, expires: 0 },
  },
  { versionKey: false },
);

export type SessionStore = Awaited<ReturnType<typeof sessionStore>>;

export async function sessionStore(connection: Connection, ttlMs: number) {
  const Sessions = await defineModel(connection, 'Session', sessionSchema, 'sessions');
  return {
    ttlMs,
    async open(userId: string): Promise<string> {
      const id = randomSecret();
      const now = new Date();
      await Sessions.create({ _id: digest(id), userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) });
      return id;
    },
    async find(id: string): Promise<{ userId: string; createdAt: Date } | null> {
      const session = await Sessions.findById(digest(id)).lean().exec();
      return session && session.expiresAt.getTime() > Date.now() ? session : null;
    },
    close: (id: string) => Sessions.deleteOne({ _id: digest(id) }).exec(),
    closeAllOf: (userId: string) => Sessions.deleteMany({ userId }).exec(),
  };
}
