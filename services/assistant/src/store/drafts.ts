// Taylor's drafts in MongoDB: saved with their `assistant.draft.created` event in the same single-document write
// (the outbox), listed per creator, and marked used or dismissed by their creator only.
import type { Draft, DraftKind } from '@travelclub/contracts';
import { defineModel, outboxPlugin, required, type Outbox, type OutboxEvent } from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';

export interface DraftRecord extends Omit<Draft, 'id' | 'createdAt'> {
  _id: string;
  creatorId: string;
  createdAt: Date;
  outbox: OutboxEvent[];
}

const draftSchema = new Schema<DraftRecord>(
  {
    ...required({
      _id: String,
      creatorId: String,
      kind: String,
      status: String,
      title: String,
      conversationId: String,
      createdAt: Date,
    }),
    text: { type: String, default: '' },
    hotel: Schema.Types.Mixed,
    stays: Schema.Types.Mixed,
    guests: Number,
    packageId: String,
  },
  { versionKey: false, minimize: false },
);
draftSchema.plugin(outboxPlugin);
// A creator's drafts by status, newest first.
draftSchema.index({ creatorId: 1, status: 1, createdAt: -1 });

export function draftView({ _id, creatorId: _creator, createdAt, outbox: _outbox, ...rest }: DraftRecord): Draft {
  return { ...rest, id: _id, createdAt: createdAt.toISOString() };
}

export type DraftStore = Awaited<ReturnType<typeof draftStore>>;

export async function draftStore(connection: Connection, outbox: Outbox) {
  const model = await defineModel(connection, 'Draft', draftSchema, 'drafts');
  outbox.addModel(model);
  const drafts = model.collection as unknown as mongo.Collection<DraftRecord>;

  return {
    /** Saves a draft with its event in one write, and has the relay publish it now. */
    async insert(record: DraftRecord): Promise<Draft> {
      await drafts.insertOne(record);
      outbox.kick(record._id);
      return draftView(record);
    },

    /** A creator's drafts of a status (and kind), newest first. */
    async listOf(creatorId: string, status: Draft['status'], kind?: DraftKind): Promise<Draft[]> {
      const filter = { creatorId, status, ...(kind && { kind }) };
      const records = await drafts.find(filter, { sort: { createdAt: -1, _id: -1 }, limit: 200 }).toArray();
      return records.map(draftView);
    },

    async get(creatorId: string, id: string): Promise<Draft | null> {
      const record = await drafts.findOne({ _id: id, creatorId });
      return record && draftView(record);
    },

    async setStatus(creatorId: string, id: string, status: 'used' | 'dismissed'): Promise<Draft | null> {
      const record = await drafts.findOneAndUpdate(
        { _id: id, creatorId },
        { $set: { status } },
        { returnDocument: 'after' },
      );
      return record && draftView(record);
    },
  };
}
