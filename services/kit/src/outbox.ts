// The outbox: an aggregate's pending events live in its own document (field `outbox`), written in the
// same single-document update as the state change. The relay publishes them to Kafka, keyed by the
// aggregate id, and only then pulls them from the document. A crash in between republishes: nothing is
// lost, and idempotent consumers drop the copies.
import { randomUUID } from 'node:crypto';
import {
  eventPayloadSchemas,
  eventVersions,
  topicOf,
  topics as allTopics,
  type EventEnvelope,
  type EventPayload,
  type EventType,
} from '@travelclub/contracts';
import type { Producer } from 'kafkajs';
import { Schema, type Model, type mongo } from 'mongoose';
import type { Logger } from './logger.js';
import type { CausalContext } from './context.js';
import { ensureTopics } from './kafka.js';
import type { ServiceApp } from './service.js';

export type OutboxEvent = EventEnvelope;

/** Adds the `outbox` field to an aggregate's schema. */
export function outboxPlugin(schema: Schema): void {
  schema.add({ outbox: { type: [Schema.Types.Mixed], default: [] } });
  // Production MongoDB finds pending documents through this sparse index; empty outboxes are not in it.
  schema.index({ 'outbox.id': 1 }, { sparse: true });
}

/** A new event for the outbox, its payload checked against contracts (a bad payload is a bug: it throws). */
export function newEvent<T extends EventType>(
  type: T,
  aggregateId: string,
  payload: EventPayload<T>,
  ctx: CausalContext,
): OutboxEvent {
  return {
    id: randomUUID(),
    type,
    version: eventVersions[type],
    occurredAt: new Date().toISOString(),
    aggregateId,
    correlationId: ctx.correlationId,
    causationId: ctx.causationId,
    payload: eventPayloadSchemas[type].parse(payload),
  };
}

/** Adds events to an update so the state change and its events are one atomic write. */
export function withEvents<U extends { $push?: object; [operator: `$${string}`]: unknown }>(
  update: U,
  ...events: OutboxEvent[]
): U & { $push: { outbox: { $each: OutboxEvent[] } } } {
  return { ...update, $push: { ...update.$push, outbox: { $each: events } } };
}

/** Aggregate ids as services choose them: strings (uuids, slugs), numbers or ObjectIds. */
export type AggregateKey = string | number | mongo.ObjectId;

interface OutboxDocument {
  _id: AggregateKey;
  outbox: OutboxEvent[];
}

const PENDING = { 'outbox.id': { $exists: true } } as const;

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
}

export interface OutboxRelayOptions {
  /** The models known now; stores made later add theirs (`addModel`). */
  models?: OutboxModel[];
  /** Only `sendBatch` is used. */
  producer: Pick<Producer, 'sendBatch'>;
  logger: Logger;
  /** How often to sweep the whole collection for pending events (other writers, or a crash). */
  sweepIntervalMs?: number;
  /** Documents per round. */
  batchSize?: number;
  /** Put before each topic name (see KAFKA_TOPIC_PREFIX). */
  topicPrefix?: string;
}

export interface OutboxRelay extends Outbox {
  start(): void;
  /** Publishes everything pending now (a full sweep); returns the number of events sent. */
  drainOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { producer, logger, sweepIntervalMs = 1_000, batchSize = 500, topicPrefix = '' } = options;
  const models = [...(options.models ?? [])];
  const log = logger.child({ component: 'outbox-relay' });
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let hinted = new Set<AggregateKey>();
  let lastSweep = 0;
  /**
   * The last round's mark, overlapping the next round's read and publish. Its failure is kept (so it
   * is never an unhandled rejection) and surfaces at the next `settleMark`; the events it did not mark
   * stay pending and are published again.
   */
  let marking: Promise<unknown> = Promise.resolve();
  async function settleMark() {
    const previous = marking;
    marking = Promise.resolve();
    await previous;
  }

  function messagesOf(docs: OutboxDocument[]) {
    const byTopic = new Map<string, { key: string; value: string; headers: Record<string, string> }[]>();
    for (const doc of docs) {
      for (const event of doc.outbox) {
        const topic = topicPrefix + topicOf(event.type);
        const messages = byTopic.get(topic) ?? [];
        messages.push({
          key: event.aggregateId,
          value: JSON.stringify(event),
          headers: { 'event-type': event.type, 'correlation-id': event.correlationId },
        });
        byTopic.set(topic, messages);
      }
    }
    return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
  }

  /**
   * Publishes the documents' events in one batch. When the batch fails, each document is tried alone, so
   * one that cannot be published (a malformed or oversized event) stays pending, is logged, and does not
   * hold the others back. Returns the documents whose events Kafka acknowledged.
   */
  async function publish(docs: OutboxDocument[]): Promise<OutboxDocument[]> {
    try {
      await producer.sendBatch({ acks: -1, topicMessages: messagesOf(docs) });
      return docs;
    } catch (err) {
      if (docs.length === 1) throw err;
      const sent: OutboxDocument[] = [];
      for (const doc of docs) {
        try {
          await producer.sendBatch({ acks: -1, topicMessages: messagesOf([doc]) });
          sent.push(doc);
        } catch (docErr) {
          log.error({ err: docErr, aggregateId: String(doc._id) }, 'cannot publish these events; they stay pending');
        }
      }
      if (sent.length === 0) throw err;
      return sent;
    }
  }

  /** Publishes the pending events of the documents `filter` finds, then pulls exactly those events. */
  async function relay(model: OutboxModel, filter: mongo.Filter<OutboxDocument>) {
    // Raw driver calls: the relay moves stored documents as they are, with nothing for mongoose to cast.
    const collection = model.collection as unknown as mongo.Collection<OutboxDocument>;
    const found = await collection.find(filter, { projection: { outbox: 1 }, limit: batchSize }).toArray();
    const pending = found.filter((doc) => doc.outbox?.length > 0);
    if (pending.length === 0) return 0;
    const docs = await publish(pending);
    // Mark while the next round reads and publishes, with one mark in flight at most. Pull exactly
    // what was sent, by event id: events appended meanwhile stay for the next round.
    await settleMark();
    const mark = collection.updateMany(
      { _id: { $in: docs.map((doc) => doc._id) } },
      { $pull: { outbox: { id: { $in: docs.flatMap((doc) => doc.outbox.map((e) => e.id)) } } } },
    );
    mark.catch(() => undefined); // observed here, rethrown by the next settleMark
    marking = mark;
    return docs.reduce((n, doc) => n + doc.outbox.length, 0);
  }

  const each = async (filter: mongo.Filter<OutboxDocument>) => {
    let sent = 0;
    for (const model of models) sent += await relay(model, filter);
    return sent;
  };

  /**
   * Sweeps until nothing is pending, each round after the previous mark landed. For tests and recovery
   * tools, when the relay loop is not running.
   */
  async function drainOnce(): Promise<number> {
    lastSweep = Date.now();
    let sent = 0;
    for (;;) {
      await settleMark();
      const round = await each(PENDING);
      if (round === 0) {
        await settleMark();
        return sent;
      }
      sent += round;
    }
  }

  async function publishHinted(): Promise<number> {
    const ids = [...hinted].slice(0, batchSize);
    for (const id of ids) hinted.delete(id);
    try {
      // By id alone: mongo-java-server answers `_id $in` from its index but scans for any compound filter.
      return await each({ _id: { $in: ids } });
    } catch (err) {
      for (const id of ids) hinted.add(id);
      throw err;
    }
  }

  async function run() {
    let failures = 0;
    while (running) {
      try {
        // One sweep round per interval, not a drain: under steady writes a drain never ends, and its
        // scans would starve the hinted aggregates.
        if (Date.now() - lastSweep >= sweepIntervalMs) {
          lastSweep = Date.now();
          await settleMark();
          await each(PENDING);
        }
        // Hinted rounds until the next sweep is due: steady local writes must not postpone it.
        while (hinted.size > 0 && running && Date.now() - lastSweep < sweepIntervalMs) await publishHinted();
        await settleMark();
        failures = 0;
      } catch (err) {
        failures += 1;
        log.error({ err }, 'outbox relay round failed; will retry');
      }
      if (running && (hinted.size === 0 || failures > 0)) {
        const delay = failures > 0 ? Math.min(100 * 2 ** failures, 5_000) : sweepIntervalMs;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  }

  return {
    addModel(model) {
      if (!models.includes(model)) models.push(model);
    },
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    kick(...aggregateIds) {
      for (const id of aggregateIds) hinted.add(id);
      wake?.();
    },
    drainOnce,
    async stop() {
      running = false;
      hinted = new Set();
      wake?.();
      await loop;
      await settleMark().catch((err: unknown) =>
        log.error({ err }, 'last outbox mark failed; its events stay pending'),
      );
    },
  };
}

/**
 * The service's outbox relay, made before its stores (they add their models to it and kick it) and started
 * by `startOutboxRelay` once they exist.
 */
export function serviceOutbox(app: ServiceApp): OutboxRelay {
  return createOutboxRelay({ producer: app.producer, logger: app.log, topicPrefix: app.config.KAFKA_TOPIC_PREFIX });
}

/**
 * Starts a service's relay once its topics exist, and stops it on shutdown (before the producer closes).
 * Making the topics is a start-up step (retried while Kafka is not ready, in the background under
 * runService); events kicked meanwhile wait for the relay.
 */
export async function startOutboxRelay(app: ServiceApp, relay: OutboxRelay): Promise<void> {
  app.onShutdown(() => relay.stop());
  await app.startup.step('outbox relay', async () => {
    await ensureTopics(
      app.kafka,
      Object.values(allTopics).map((topic) => app.config.KAFKA_TOPIC_PREFIX + topic),
      app.config.KAFKA_PARTITIONS,
    );
    relay.start();
  });
}
