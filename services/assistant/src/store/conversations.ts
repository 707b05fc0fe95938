// Conversations with Taylor in MongoDB, one document each with its messages (at most 200), kept per creator.
// A turn holds the conversation (`busyUntil`) so two answers never interleave; a holder that died frees it when
// its time runs out. Support's reads are recorded, with their event, in `support_reads`.
import type { ChatMessage, ConversationSummary } from '@travelclub/contracts';
import { assistantLimits } from '@travelclub/contracts';
import { defineModel, outboxPlugin, pendingEvents, required, type Outbox, type OutboxEvent } from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';

/** A message as stored: what the chat shows, plus what later turns need (the hotels named, the grounded facts). */
export interface StoredMessage extends ChatMessage {
  hotels?: { id: string; name: string; slug: string }[];
  /** Prices and hotel paths its tools returned, for the grounding check of later answers. */
  grounds?: string[];
}

export interface ConversationRecord {
  _id: string;
  creatorId: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
  messages: StoredMessage[];
  /** Kept beside the messages, so a list need not read them. */
  messageCount: number;
  tokensUsed: number;
  busyUntil: Date | null;
  /** The turn holding the conversation until `busyUntil`. */
  heldBy?: string | null;
}

const conversationSchema = new Schema<ConversationRecord>(
  {
    ...required({ _id: String, creatorId: String, title: String, createdAt: Date, updatedAt: Date }),
    messages: { type: Schema.Types.Mixed, default: [] },
    messageCount: { type: Number, default: 0 },
    tokensUsed: { type: Number, default: 0 },
    busyUntil: { type: Date, default: null },
    heldBy: { type: String, default: null },
  },
  { versionKey: false, minimize: false },
);
// A creator's list, most recently active first.
conversationSchema.index({ creatorId: 1, updatedAt: -1 });

interface SupportReadRecord {
  _id: string;
  conversationId: string;
  creatorId: string;
  staffId: string;
  reason: string;
  at: Date;
  outbox: OutboxEvent[];
}
const supportReadSchema = new Schema<SupportReadRecord>(
  {
    ...required({ _id: String, conversationId: String, creatorId: String, staffId: String, reason: String, at: Date }),
  },
  { versionKey: false },
);
supportReadSchema.plugin(outboxPlugin);
supportReadSchema.index({ conversationId: 1, at: -1 });

export const summaryOf = (c: ConversationRecord): ConversationSummary => ({
  id: c._id,
  title: c.title,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
  messageCount: c.messageCount,
});

/** A message as the API shows it: without the store's own fields. */
export const messageView = ({ hotels: _hotels, grounds: _grounds, ...message }: StoredMessage): ChatMessage => message;

export type ConversationStore = Awaited<ReturnType<typeof conversationStore>>;

export async function conversationStore(connection: Connection, outbox: Outbox) {
  const model = await defineModel(connection, 'Conversation', conversationSchema, 'conversations');
  const conversations = model.collection as unknown as mongo.Collection<ConversationRecord>;
  const reads = await defineModel(connection, 'SupportRead', supportReadSchema, 'support_reads');
  outbox.addModel(reads);

  return {
    listOf: (creatorId: string) =>
      conversations.find({ creatorId }, { sort: { updatedAt: -1, _id: 1 }, projection: { messages: 0 } }).toArray(),
    count: (creatorId: string) => conversations.countDocuments({ creatorId }),
    /** A creator's own conversation (null for anyone else's). */
    get: (creatorId: string, id: string) => conversations.findOne({ _id: id, creatorId }),
    /** Any conversation, for support's audited read. */
    getAny: (id: string) => conversations.findOne({ _id: id }),
    async insert(record: ConversationRecord) {
      await conversations.insertOne(record);
      return record;
    },
    remove: async (creatorId: string, id: string) =>
      (await conversations.deleteOne({ _id: id, creatorId })).deletedCount > 0,

    /**
     * Takes the conversation for one turn until `until`, adding the creator's message. Null when it is someone else's, missing, full, or another turn holds it: `why` says which.
     */
    async begin(creatorId: string, id: string, message: StoredMessage, now: Date, until: Date, turnId: string) {
      const taken = await conversations.findOneAndUpdate(
        {
          _id: id,
          creatorId,
          $or: [{ busyUntil: null }, { busyUntil: { $lt: now } }],
          [`messages.${assistantLimits.maxMessages - 2}`]: { $exists: false },
        },
        {
          $set: { busyUntil: until, heldBy: turnId, updatedAt: now },
          $push: { messages: message },
          $inc: { messageCount: 1 },
        },
        { returnDocument: 'after' },
      );
      if (taken) return { conversation: taken, why: null } as const;
      // Not taken: missing, full, or held by another turn (which may have ended since: still busy for this one).
      const found = await conversations.findOne({ _id: id, creatorId });
      const why = !found ? 'missing' : found.messages.length >= assistantLimits.maxMessages - 1 ? 'full' : 'busy';
      return { conversation: null, why } as const;
    },

    /**
     * Ends a turn: Taylor's message added, the tokens counted, the title set, and the conversation freed if this
     * turn still holds it (one whose hold ran out leaves the next turn's alone).
     */
    async finish(id: string, turnId: string, reply: StoredMessage, tokensUsed: number, title: string) {
      const change = { $push: { messages: reply }, $inc: { tokensUsed, messageCount: 1 } };
      const freed = await conversations.updateOne(
        { _id: id, heldBy: turnId },
        { ...change, $set: { busyUntil: null, heldBy: null, updatedAt: new Date(), title } },
      );
      if (freed.matchedCount === 0)
        await conversations.updateOne({ _id: id }, { ...change, $set: { updatedAt: new Date() } });
    },

    /** Records support's read of a conversation with its event, in one write. */
    async recordSupportRead(record: Omit<SupportReadRecord, 'outbox'>, event: OutboxEvent) {
      await reads.collection.insertOne({ ...record, ...pendingEvents(event) } as never);
      outbox.kick(record._id);
    },
  };
}
