// One-time codes (magic link, email verification, password reset, provider sign-in state and result):
// stored as digests, each usable once and only before it expires.
import { defineModel, required } from '@travelclub/kit';
import { Schema, type Connection } from 'mongoose';
import { digest, randomSecret } from '../domain/secrets.js';

export type CodeKind = 'magic-link' | 'email-verification' | 'password-reset' | 'oauth-state' | 'oauth-result';

export interface CodeRecord {
  _id: string;
  kind: CodeKind;
  userId?: string | null;
  email?: string | null;
  returnUrl?: string | null;
  /** What a provider sign-in needs to finish (PKCE verifier, nonce, creator sign-up asked for). */
  data?: Record<string, string> | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

const codeSchema = new Schema<CodeRecord>(
  {
    ...required({ _id: String, kind: String, createdAt: Date }),
    userId: { type: String, default: null },
    email: { type: String, default: null },
    returnUrl: { type: String, default: null },
    data: { type: Schema.Types.Mixed, default: null },
    expiresAt: { type: Date, required: true, expires: 0 },
    usedAt: { type: Date, default: null },
  },
  { versionKey: false },
);

export type CodeStore = Awaited<ReturnType<typeof codeStore>>;

export async function codeStore(connection: Connection) {
  const Codes = await defineModel(connection, 'OneTimeCode', codeSchema, 'one_time_codes');
  return {
    async create(
      kind: CodeKind,
      ttlMs: number,
      fields: Pick<CodeRecord, 'userId' | 'email' | 'returnUrl' | 'data'> = {},
    ): Promise<string> {
      const code = randomSecret();
      const now = new Date();
      await Codes.create({
        _id: digest(code),
        kind,
        ...fields,
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
      });
      return code;
    },

    /** Adds to an unused code's data (what is known only after it was handed out). */
    async attach(code: string, data: Record<string, string>) {
      const set = Object.fromEntries(Object.entries(data).map(([key, value]) => [`data.${key}`, value]));
      await Codes.updateOne({ _id: digest(code), usedAt: null }, { $set: set });
    },

    /** Uses a code up; null when it is unknown, of another kind, expired or used. One caller wins a race. */
    consume: (kind: CodeKind, code: string) =>
      Codes.findOneAndUpdate(
        { _id: digest(code), kind, usedAt: null, expiresAt: { $gt: new Date() } },
        { $set: { usedAt: new Date() } },
        { lean: true },
      ).exec() as Promise<CodeRecord | null>,
  };
}
