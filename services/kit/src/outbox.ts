// The outbox: an aggregate's pending events live in its own document (field `outbox`), written in the
// same single-document update as the state change. The relay publishes them to Kafka, keyed by the
// aggregate id, and only then pulls them from the document. A crash in between republishes; consumers
// are idempotent, so nothing is lost and nothing is applied twice.
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
import { Schema, type Model } from 'mongoose';
import type { Logger } from 'pino';
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

interface OutboxDocument {
  _id: unknown;
  outbox: OutboxEvent[];
}

const PENDING = { 'outbox.id': { $exists: true } };

export interface OutboxRelayOptions {
  /** The aggregate models whose documents carry an outbox. */
  models: Model<any>[]; // eslint-disable-line @typescript-eslint/no-explicit-any -- any aggregate shape
  producer: Producer;
  logger: Logger;
  /** How often to look for pending events when nobody kicks the relay. */
  pollIntervalMs?: number;
  /** Documents per round. */
  batchSize?: number;
  /** Test seam: runs after Kafka acknowledged a round and before it is marked sent. */
  afterPublish?: () => Promise<void>;
}

export interface OutboxRelay {
  start(): void;
  /** Wakes the relay now (after a local write), instead of at the next poll. */
  kick(): void;
  /** Publishes what is pending now; returns the number of events sent. */
  drainOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { models, producer, logger, pollIntervalMs = 100, batchSize = 500 } = options;
  const log = logger.child({ component: 'outbox-relay' });
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let kicked = false;

  async function drainModel(model: Model<OutboxDocument>): Promise<number> {
    const docs = await model.find(PENDING, { outbox: 1 }).limit(batchSize).lean<OutboxDocument[]>();
    if (docs.length === 0) return 0;
    const byTopic = new Map<string, { key: string; value: string; headers: Record<string, string> }[]>();
    for (const doc of docs) {
      for (const event of doc.outbox) {
        const topic = topicOf(event.type);
        const messages = byTopic.get(topic) ?? [];
        messages.push({
          key: event.aggregateId,
          value: JSON.stringify(event),
          headers: { 'event-type': event.type, 'correlation-id': event.correlationId },
        });
        byTopic.set(topic, messages);
      }
    }
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
    await options.afterPublish?.();
    // Pull exactly what was sent: events appended meanwhile stay for the next round.
    await model.bulkWrite(
      docs.map((doc) => ({
        updateOne: {
          filter: { _id: doc._id },
          update: { $pull: { outbox: { id: { $in: doc.outbox.map((e) => e.id) } } } },
        },
      })),
      { ordered: false },
    );
    return docs.reduce((n, doc) => n + doc.outbox.length, 0);
  }

  async function drainOnce(): Promise<number> {
    let sent = 0;
    for (const model of models) sent += await drainModel(model as Model<OutboxDocument>);
    return sent;
  }

  async function run() {
    let failures = 0;
    while (running) {
      kicked = false;
      try {
        const sent = await drainOnce();
        failures = 0;
        if (sent > 0) continue;
      } catch (err) {
        failures += 1;
        log.error({ err }, 'outbox relay round failed; will retry');
      }
      if (!kicked && running) {
        const delay = failures > 0 ? Math.min(pollIntervalMs * 2 ** failures, 5_000) : pollIntervalMs;
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
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    kick() {
      kicked = true;
      wake?.();
    },
    drainOnce,
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}

/**
 * Starts a relay for a service's aggregates, after making sure its topics exist,
 * and stops it on shutdown (before the producer closes).
 */
export async function startOutboxRelay(
  app: ServiceApp,
  models: OutboxRelayOptions['models'],
  options: Partial<OutboxRelayOptions> = {},
): Promise<OutboxRelay> {
  await ensureTopics(app.kafka, Object.values(allTopics), app.config.KAFKA_PARTITIONS);
  const relay = createOutboxRelay({ models, producer: app.producer, logger: app.log as unknown as Logger, ...options });
  relay.start();
  app.onShutdown(() => relay.stop());
  return relay;
}
