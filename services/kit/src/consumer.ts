// The idempotent consumer: handlers per event type; handled event ids are recorded (unique index on
// consumer and event id) so a redelivered event is skipped; failures are retried with backoff and,
// after the last retry, sent with the error to `<topic>.dlq` so the partition moves on. Delivery is
// still at-least-once: a crash after a handler ran and before its id was recorded runs it again.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  deadLetterTopic,
  EventEnvelopeSchema,
  eventPayloadSchemas,
  type DeadLetter,
  type EventEnvelope,
  type EventOf,
  type EventType,
} from '@travelclub/contracts';
import type { Consumer, EachBatchPayload, Kafka, KafkaMessage, Producer } from 'kafkajs';
import { Schema, type Connection, type Model, type mongo } from 'mongoose';
import type { Logger } from 'pino';
import type { CausalContext } from './context.js';
import { ensureTopics } from './kafka.js';
import { withTimeout } from './timeout.js';
import { defineModel, isDuplicateKeyError } from './mongo.js';
import type { ServiceApp } from './service.js';

export interface HandlerContext extends CausalContext {
  log: Logger;
}

type AnyHandler = (event: EventEnvelope, ctx: HandlerContext) => Promise<void>;

/** An error that retrying cannot fix (a malformed event): it goes to the dead letters at once. */
export class PermanentEventError extends Error {
  override name = 'PermanentEventError';
}

/**
 * A typed handler. The consumer has already checked the envelope and routed by type; the payload is
 * checked here against contracts before `fn` runs.
 */
export function handler<T extends EventType>(type: T, fn: (event: EventOf<T>, ctx: HandlerContext) => Promise<void>) {
  const schema = eventPayloadSchemas[type];
  return {
    type,
    handle: (async (event, ctx) => {
      const parsed = schema.safeParse(event.payload);
      if (!parsed.success) throw new PermanentEventError(`invalid ${type} payload: ${parsed.error.message}`);
      await fn({ ...event, payload: parsed.data } as EventOf<T>, ctx);
    }) as AnyHandler,
  };
}

interface ProcessedEvent {
  /** `<consumer>/<event id>`: looked up by _id, which every MongoDB-compatible server indexes. */
  _id: string;
  consumer: string;
  eventId: string;
  handledAt: Date;
}

const processedEventSchema = new Schema<ProcessedEvent>(
  {
    _id: { type: String, required: true },
    consumer: { type: String, required: true },
    eventId: { type: String, required: true },
    handledAt: Date,
  },
  { versionKey: false },
);
processedEventSchema.index({ consumer: 1, eventId: 1 }, { unique: true });

export interface EventConsumerOptions {
  kafka: Kafka;
  producer: Producer;
  mongo: Connection;
  logger: Logger;
  /** The consumer group, and the name under which handled events are recorded. */
  groupId: string;
  /** Retries after the first failure before dead-lettering. */
  retries?: number;
  /** First retry delay; each next one doubles. */
  backoffMs?: number;
  numPartitions?: number;
  /** Parallel partitions (ordering holds within a partition, so per aggregate). */
  concurrency?: number;
  /** Put before each topic name given to `on` (see KAFKA_TOPIC_PREFIX). */
  topicPrefix?: string;
  /** Where a new group starts: the topic's start (default, so nothing published before is missed) or its end. */
  fromBeginning?: boolean;
}

export interface EventConsumer {
  on(topic: string, registration: { type: string; handle: AnyHandler }): EventConsumer;
  /** Subscribes and resolves once the group has assigned partitions. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createEventConsumer(options: EventConsumerOptions): EventConsumer {
  const { kafka, producer, mongo, groupId, retries = 3, backoffMs = 200, concurrency = 3 } = options;
  const log = options.logger.child({ component: 'consumer', groupId });
  const handlers = new Map<string, AnyHandler>();
  const topics = new Set<string>();
  let Processed: Model<ProcessedEvent>;
  const recordId = (eventId: string) => `${groupId}/${eventId}`;
  // The raw collection: recording handled ids is hot, and there is nothing for mongoose to cast.
  const records = () => Processed.collection as unknown as mongo.Collection<ProcessedEvent>;
  let consumer: Consumer | undefined;

  async function deadLetter(
    topic: string,
    partition: number,
    message: KafkaMessage,
    envelope: unknown,
    err: Error,
    attempts: number,
  ) {
    const letter: DeadLetter = {
      envelope,
      error: { name: err.name, message: err.message },
      consumer: groupId,
      topic,
      partition,
      offset: message.offset,
      attempts,
      failedAt: new Date().toISOString(),
    };
    await producer.send({
      topic: deadLetterTopic(topic),
      acks: -1,
      messages: [{ key: message.key, value: JSON.stringify(letter), headers: message.headers }],
    });
    log.error({ topic, partition, offset: message.offset, attempts, err }, 'event dead-lettered');
  }

  /** Runs a handler with retries; true when it succeeded. */
  async function handleWithRetries(handle: AnyHandler, event: EventEnvelope, heartbeat: () => Promise<void>) {
    const ctx: HandlerContext = {
      correlationId: event.correlationId,
      causationId: event.id,
      log: log.child({ correlationId: event.correlationId, eventId: event.id, eventType: event.type }),
    };
    for (let attempt = 1; ; attempt++) {
      try {
        await handle(event, ctx);
        return { ok: true as const };
      } catch (err) {
        const error = err instanceof Error ? err : new Error(String(err));
        if (error instanceof PermanentEventError || attempt > retries)
          return { ok: false as const, error, attempts: attempt };
        ctx.log.warn({ err: error, attempt }, 'event handler failed; retrying');
        await sleep(backoffMs * 2 ** (attempt - 1));
        await heartbeat();
      }
    }
  }

  async function recordHandled(ids: string[]) {
    if (ids.length === 0) return;
    const handledAt = new Date();
    try {
      await records().insertMany(
        ids.map((eventId) => ({ _id: recordId(eventId), consumer: groupId, eventId, handledAt })),
        { ordered: false },
      );
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }

  async function eachBatch({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload) {
    const parsed = batch.messages.map((message) => {
      const text = message.value?.toString() ?? '';
      try {
        const result = EventEnvelopeSchema.safeParse(JSON.parse(text));
        return result.success
          ? { message, event: result.data as EventEnvelope }
          : { message, raw: text, problem: result.error.message };
      } catch (err) {
        return { message, raw: text, problem: `not JSON: ${(err as Error).message}` };
      }
    });
    const ids = parsed.flatMap((p) => (p.event ? [p.event.id] : []));
    const seen = new Set(
      (
        await records()
          .find({ _id: { $in: ids.map(recordId) } }, { projection: { eventId: 1 } })
          .toArray()
      ).map((d) => d.eventId),
    );
    const handled: string[] = [];
    let done: string | undefined;
    // An offset is committed only once the ids handled up to it are recorded: a crash in between
    // redelivers those events, and the records then make their second delivery a no-op.
    const flush = async () => {
      await recordHandled(handled.splice(0));
      if (done !== undefined) resolveOffset(done);
    };
    try {
      for (const item of parsed) {
        if (!isRunning() || isStale()) break;
        if (!item.event) {
          await deadLetter(
            batch.topic,
            batch.partition,
            item.message,
            item.raw,
            new PermanentEventError(item.problem),
            1,
          );
        } else if (!seen.has(item.event.id)) {
          const handle = handlers.get(item.event.type);
          if (handle) {
            const result = await handleWithRetries(handle, item.event, heartbeat);
            if (result.ok) handled.push(item.event.id);
            else
              await deadLetter(batch.topic, batch.partition, item.message, item.event, result.error, result.attempts);
          }
          seen.add(item.event.id);
        }
        done = item.message.offset;
        if (handled.length >= 200) await flush();
        await heartbeat();
      }
      await flush();
    } finally {
      // On the way out after an error, still record what was handled (its offsets stay uncommitted).
      if (handled.length > 0) {
        await recordHandled(handled).catch((err: unknown) => log.error({ err }, 'could not record handled events'));
      }
    }
  }

  const self: EventConsumer = {
    on(topic, registration) {
      topics.add((options.topicPrefix ?? '') + topic);
      handlers.set(registration.type, registration.handle);
      return self;
    },
    async start() {
      Processed = await defineModel(mongo, 'ProcessedEvent', processedEventSchema, 'processed_events');
      const all = [...topics];
      await ensureTopics(kafka, [...all, ...all.map(deadLetterTopic)], options.numPartitions ?? 3);
      consumer = kafka.consumer({ groupId, sessionTimeout: 30_000, heartbeatInterval: 3_000, maxWaitTimeInMs: 100 });
      const joined = new Promise<void>((resolve) => consumer?.on(consumer.events.GROUP_JOIN, () => resolve()));
      await consumer.connect();
      await consumer.subscribe({ topics: all, fromBeginning: options.fromBeginning ?? true });
      await consumer.run({ partitionsConsumedConcurrently: concurrency, eachBatchAutoResolve: false, eachBatch });
      await withTimeout(joined, 30_000, `consumer group ${groupId}`);
      log.info({ topics: all }, 'consumer started');
    },
    async stop() {
      await consumer?.disconnect();
      consumer = undefined;
    },
  };
  return self;
}

/** A consumer on a service's own connections, stopped on shutdown before the producer closes. */
export function createServiceConsumer(
  app: ServiceApp,
  options: Omit<EventConsumerOptions, 'kafka' | 'producer' | 'mongo' | 'logger'>,
): EventConsumer {
  const consumer = createEventConsumer({
    kafka: app.kafka,
    producer: app.producer,
    mongo: app.mongo,
    logger: app.log as unknown as Logger,
    numPartitions: app.config.KAFKA_PARTITIONS,
    topicPrefix: app.config.KAFKA_TOPIC_PREFIX,
    ...options,
  });
  app.onShutdown(() => consumer.stop());
  return consumer;
}
