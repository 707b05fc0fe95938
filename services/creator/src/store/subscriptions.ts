// Email subscriptions in MongoDB: one per address and creator (a unique index decides between two first asks
// at once). Every change is conditional on the state it was decided on, and carries its events in the same
// single-document update (the outbox).
import {
  defineModel,
  isDuplicateKeyError,
  mailLimits,
  outboxPlugin,
  required,
  windowLimit,
  withEvents,
} from '@travelclub/kit';
import type { Outbox, OutboxEvent, ServiceApp } from '@travelclub/kit';
import { Schema, type Connection, type mongo } from 'mongoose';
import type { SubscriptionRecord } from '../domain/subscriptions.js';

interface SubscriptionDocument extends SubscriptionRecord {
  outbox: OutboxEvent[];
}

const subscriptionSchema = new Schema<SubscriptionDocument>(
  {
    ...required({
      _id: String,
      email: String,
      emailKey: String,
      creatorId: String,
      timeZone: String,
      subscriptionType: String,
      unsubscribeToken: String,
      mailedAt: Date,
      createdAt: Date,
      updatedAt: Date,
    }),
    userId: String,
    settings: { type: Schema.Types.Mixed, required: true },
    status: { type: String, enum: ['pending', 'confirmed', 'unsubscribed'], required: true },
    codes: {
      type: [
        new Schema(
          { hash: { type: String, required: true }, expiresAt: { type: Date, required: true } },
          { _id: false },
        ),
      ],
      default: [],
    },
    confirmedAt: Date,
    unsubscribedAt: Date,
  },
  { versionKey: false, minimize: false },
);
subscriptionSchema.plugin(outboxPlugin);
// Also serves the support desk's lookup of an address (its prefix).
subscriptionSchema.index({ emailKey: 1, creatorId: 1 }, { unique: true });
// The traveller's own subscriptions (their home view, leaving a creator); real MongoDB only.
subscriptionSchema.index({ userId: 1, creatorId: 1 });

/** What a change may set; identity and address never change. */
export type SubscriptionChange = Partial<Omit<SubscriptionRecord, '_id' | 'email' | 'emailKey' | 'creatorId'>>;

export type SubscriptionStore = Awaited<ReturnType<typeof subscriptionStore>>;

export async function subscriptionStore(connection: Connection, outbox: Outbox) {
  const Subscription = await defineModel(connection, 'Subscription', subscriptionSchema, 'subscriptions');
  outbox.addModel(Subscription);
  const subscriptions = Subscription.collection as unknown as mongo.Collection<SubscriptionDocument>;
  const withoutOutbox = { projection: { outbox: 0 } } as const;
  const after = { returnDocument: 'after', ...withoutOutbox } as const;

  /** Writes a change with its events; the kick publishes them now rather than at the next sweep. */
  async function write(filter: mongo.Filter<SubscriptionDocument>, set: SubscriptionChange, events: OutboxEvent[]) {
    const update = { $set: set };
    const updated = await subscriptions.findOneAndUpdate(
      filter,
      events.length > 0 ? withEvents(update, ...events) : update,
      after,
    );
    if (updated && events.length > 0) outbox.kick(updated._id);
    return updated;
  }

  return {
    get: (id: string): Promise<SubscriptionRecord | null> => subscriptions.findOne({ _id: id }, withoutOutbox),

    byAddress: (emailKey: string, creatorId: string): Promise<SubscriptionRecord | null> =>
      subscriptions.findOne({ emailKey, creatorId }, withoutOutbox),

    /** Stores a new subscription; false when the address already has one with this creator. */
    async insert(record: SubscriptionRecord): Promise<boolean> {
      try {
        await subscriptions.insertOne({ ...record, outbox: [] });
        return true;
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
        return false;
      }
    },

    /**
     * Writes `set` (and `events`) only if the subscription is still as `current` was read: same status, same
     * last mail. Answers the subscription after it, or null when another write got in between.
     */
    change: (current: SubscriptionRecord, set: SubscriptionChange, events: OutboxEvent[] = []) =>
      write({ _id: current._id, status: current.status, mailedAt: current.mailedAt }, set, events),

    /** Confirms a pending subscription with the digest of one of its codes; null when it is not (or no longer) so. */
    confirm: (id: string, hash: string, now: Date, events: OutboxEvent[]) =>
      write(
        { _id: id, status: 'pending', 'codes.hash': hash },
        { status: 'confirmed', confirmedAt: now, updatedAt: now, codes: [] },
        events,
      ),

    /** Every subscription of an address (a key of `emailKeyOf`), oldest first: the support desk's lookup. */
    ofAddress: (emailKey: string): Promise<SubscriptionRecord[]> =>
      subscriptions.find({ emailKey }, { ...withoutOutbox, sort: { createdAt: 1, _id: 1 } }).toArray(),

    /** The subscriptions of an account to one creator that are not unsubscribed yet. */
    ofAccount: (userId: string, creatorId: string): Promise<SubscriptionRecord[]> =>
      subscriptions.find({ userId, creatorId, status: { $ne: 'unsubscribed' } }, withoutOutbox).toArray(),

    /**
     * The creators a traveller follows: the creator ids of the confirmed subscriptions of their account or of
     * their address (pass an address only once it is proven theirs), for the traveller's home view.
     */
    async confirmedFor(who: { userId?: string; email?: string }): Promise<string[]> {
      const anyOf: mongo.Filter<SubscriptionDocument>[] = [];
      if (who.userId) anyOf.push({ userId: who.userId });
      if (who.email) anyOf.push({ emailKey: who.email.trim().toLowerCase() });
      if (anyOf.length === 0) return [];
      const found = await subscriptions
        .find({ status: 'confirmed', $or: anyOf }, { projection: { creatorId: 1 } })
        .sort({ confirmedAt: 1 })
        .toArray();
      return [...new Set(found.map((s) => s.creatorId))];
    },
  };
}

/**
 * The limits of asking (in Redis, shared by every instance): asks per client address, answered 429; reads of a
 * subscription by its unsubscribe token per client address (each one a guess at a secret), answered 429 the same
 * way; and confirmation mails per subscriber address (whichever creators it asks for) and per account, over
 * which no mail goes and the answer stays the same (so it tells nothing about the address).
 */
export function subscriptionLimits(redis: ServiceApp['redis'], prefix: string) {
  return {
    perClient: windowLimit(redis, { prefix: `${prefix}:subscribe-ip`, points: 20, windowSeconds: 600 }),
    readsPerClient: windowLimit(redis, { prefix: `${prefix}:subscription-read-ip`, points: 20, windowSeconds: 600 }),
    mail: mailLimits(redis, { prefix: `${prefix}:subscribe`, perAddress: 5, perAccount: 20 }),
  };
}
export type SubscriptionLimits = ReturnType<typeof subscriptionLimits>;
