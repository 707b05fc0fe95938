// Verification requests in MongoDB. A creator's requests are numbered, and the number is unique per creator,
// so two asks at once cannot open two requests; a decision is one conditional update with its event.
import { defineModel, isDuplicateKeyError, outboxPlugin, required, withEvents } from '@travelclub/kit';
import type { Outbox, OutboxEvent } from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';
import type { VerificationRecord } from '../domain/verification.js';

interface VerificationDocument extends VerificationRecord {
  outbox: OutboxEvent[];
}

const verificationSchema = new Schema<VerificationDocument>(
  {
    ...required({ _id: String, userId: String, seq: Number, createdAt: Date }),
    status: { type: String, enum: ['pending', 'approved', 'refused'], required: true },
    links: { type: [String], default: [] },
    note: String,
    reason: String,
    decidedAt: Date,
    decidedBy: String,
  },
  { versionKey: false, minimize: false },
);
verificationSchema.plugin(outboxPlugin);
verificationSchema.index({ userId: 1, seq: 1 }, { unique: true });
// The staff's queue, oldest first (real MongoDB; the local server ignores it). One creator's requests (the
// desk's `handle`) are few, found by the unique index above.
verificationSchema.index({ status: 1, createdAt: 1 });

export type VerificationStore = Awaited<ReturnType<typeof verificationStore>>;

export async function verificationStore(connection: Connection, outbox: Outbox) {
  const Verification = await defineModel(connection, 'Verification', verificationSchema, 'verifications');
  outbox.addModel(Verification);
  const requests = Verification.collection as unknown as mongo.Collection<VerificationDocument>;
  const withoutOutbox = { projection: { outbox: 0 } } as const;

  return {
    get: (id: string): Promise<VerificationRecord | null> => requests.findOne({ _id: id }, withoutOutbox),

    /** The creator's latest request, if any. */
    latest: async (userId: string): Promise<VerificationRecord | null> =>
      (await requests.find({ userId }, withoutOutbox).sort({ seq: -1 }).limit(1).toArray())[0] ?? null,

    /** Stores a new request; false when the creator's request of that number exists already (a race). */
    async insert(record: VerificationRecord): Promise<boolean> {
      try {
        await requests.insertOne({ ...record, outbox: [] });
        return true;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        return false;
      }
    },

    /** Decides a pending request with its event; null when it is not pending (any more). */
    async decide(
      id: string,
      set: Pick<VerificationRecord, 'status' | 'decidedAt' | 'decidedBy' | 'reason'>,
      events: OutboxEvent[],
    ): Promise<VerificationRecord | null> {
      const decided = await requests.findOneAndUpdate(
        { _id: id, status: 'pending' },
        withEvents({ $set: set }, ...events),
        {
          returnDocument: 'after',
          ...withoutOutbox,
        },
      );
      if (decided) outbox.kick(id);
      return decided;
    },

    /** Requests in a status (of one creator, when `userId` is given), oldest first. */
    list: (status: VerificationRecord['status'], limit: number, userId?: string): Promise<VerificationRecord[]> =>
      requests
        .find({ status, ...(userId !== undefined && { userId }) }, withoutOutbox)
        .sort({ createdAt: 1 })
        .limit(limit)
        .toArray(),
  };
}
