// The outbox: an aggregate's pending events live in its own document (field `outbox`), written in the
// same single-document update as the state change. The relay publishes them to Kafka, keyed by the
// aggregate id, and only then pulls them from the document. A crash in between republishes: nothing is
// lost, and idempotent consumers drop the copies.
// A document with pending events also carries `outboxKey`, a fresh random key set by every write that adds
// events, and dropped with the events when none came since the relay read them. The sweep finds pending
// documents by it, through a unique sparse index that both real MongoDB and the local MongoDB-compatible
// server answer from (the local server can use no index for `outbox.id: { $exists }` and read every document
// of the collection for each sweep: docs/performance-data-growth.md).
import type { Producer } from 'kafkajs';
import type { Model, mongo } from 'mongoose';
import type { Logger } from './logger.js';
import { Relay } from './outbox-relay.js';
import type { OutboxEvent } from './outbox-writes.js';

export type { OutboxEvent } from './outbox-writes.js';

/** Aggregate ids as services choose them: strings (uuids, slugs), numbers or ObjectIds. */
export type AggregateKey = string | number | mongo.ObjectId;

export interface OutboxDocument {
  _id: AggregateKey;
  outbox: OutboxEvent[];
  outboxKey?: string;
}

/** A model whose documents carry an outbox (any model: only its collection is used). */
export type OutboxModel = Pick<Model<unknown>, 'collection'>;

/**
 * What a store sees of its service's outbox: it adds the models whose documents carry events, and says
 * which aggregates a write just gave events. The relay behind it may start later: kicks wait for it.
 */
export interface Outbox {
  /** Adds a model whose schema has `outboxPlugin`; its store calls this once, as it defines the model. */
  addModel(model: OutboxModel): void;
  /**
   * Tells the relay which aggregates a local write just gave events, so it publishes them now, looking
   * them up by id, instead of waiting for the next sweep. Pass each `_id` as stored (an ObjectId, not
   * its string); an id that matches nothing simply waits for the sweep.
   */
  kick(...aggregateIds: AggregateKey[]): void;
  /**
   * `kick` for documents as a write just answered them (an insert's, or `returnDocument: 'after'`), each with
   * its whole `outbox` and its `outboxKey`: the relay publishes their events without reading them back. That
   * read was one of the five operations an event cost the store (docs/performance-events.md). `model` is one
   * the store added.
   */
  kickWritten(model: OutboxModel, ...docs: OutboxDocument[]): void;
}

/**
 * An outbox no relay hears: a store's events still go into its documents with its writes, and wait there for the
 * service's own relay, whose sweep finds them. For a store opened outside the service (a tool, a test).
 */
export const unheardOutbox: Outbox = { addModel: () => undefined, kick: () => undefined, kickWritten: () => undefined };

export interface OutboxRelayOptions {
  /** The models known now; stores made later add theirs (`addModel`). */
  models?: OutboxModel[];
  /** Only `sendBatch` is used. */
  producer: Pick<Producer, 'sendBatch'>;
  logger: Logger;
  /**
   * How often to sweep the whole collection for pending events (other writers, or a crash), at most: after a
   * sweep that found nothing, the next waits longer when that one was slow (`restAfter`).
   */
  sweepIntervalMs?: number;
  /** Documents per round. */
  batchSize?: number;
  /** Put before each topic name (see KAFKA_TOPIC_PREFIX). */
  topicPrefix?: string;
}

export interface OutboxRelay extends Outbox {
  start(): void;
  /** What waits to be published now (see `Relay.backlog`). */
  backlog(limit?: number): Promise<{ events: number; oldestAgeSeconds: number }>;
  /** Publishes everything pending now (a full sweep); returns the number of events sent. */
  drainOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  return new Relay(options);
}
