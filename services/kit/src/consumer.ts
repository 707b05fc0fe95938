// The idempotent consumer: handlers per event type; handled event ids are recorded (handled-events.ts) so a
// redelivered event is skipped. A failure is classified (failures.ts): a
// transient one (a server away, a time-out) pauses the partition and retries it without limit, with capped
// backoff; a permanent one goes with its error to `<topic>.dlq` at once and the partition moves on; an
// unclassified one gets `retries` retries first. Delivery is still at-least-once: a crash after a handler
// ran and before its id was recorded runs it again. Each batch is worked through by consumer-batch.ts.
import {
  deadLetterTopic,
  eventPayloadSchemas,
  topicOf,
  type EventEnvelope,
  type EventOf,
  type EventType,
} from '@travelclub/contracts';
import type { Kafka, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { Logger } from './logger.js';
import type { CausalContext } from './context.js';
import { consumeBatch, type BatchDeps } from './consumer-batch.js';
import { consumerGroup, type ConsumerGroup } from './consumer-group.js';
import { watchDeadLetters } from './dead-letters.js';
import { PermanentEventError } from './failures.js';
import { handledEvents, recordsOfLettersOnly } from './handled-events.js';
import { ensureTopics } from './kafka.js';
import { partitionWaits } from './partition-waits.js';
import type { ServiceApp } from './service.js';

export interface HandlerContext extends CausalContext {
  log: Logger;
}

export type AnyHandler = (event: EventEnvelope, ctx: HandlerContext) => Promise<void>;

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

export interface EventConsumerOptions {
  kafka: Kafka;
  producer: Producer;
  mongo: Connection;
  logger: Logger;
  /**
   * The consumer's name (a service's own). Behind `topicPrefix` it is the Kafka consumer group and the name
   * under which handled events and dead letters are recorded.
   */
  groupId: string;
  /**
   * Retries of an unclassified failure (most likely a bug) before dead-lettering. Transient failures are
   * retried without limit, permanent ones never.
   */
  retries?: number;
  /** First retry delay; each next one doubles, up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  numPartitions?: number;
  /** Parallel partitions (ordering holds within a partition, so per aggregate). */
  concurrency?: number;
  /** Put before each topic name given to `on`, and before the group id (see KAFKA_TOPIC_PREFIX). */
  topicPrefix?: string;
  /** Where a new group starts: the topic's start (default, so nothing published before is missed) or its end. */
  fromBeginning?: boolean;
  /**
   * False for handlers whose effect is the same however often an event comes (a projection re-read from the
   * store): no record of handled events is read or written, two MongoDB commands saved per event. A group
   * made anew at each start (its name random) would also leave its records behind for nobody. The one
   * exception: an event it dead-lettered is recorded once handled (after a replay), so its letter closes.
   */
  recordsHandled?: boolean;
}

export interface EventConsumer {
  /** The consumer group on Kafka (prefix included), and the `consumer` of its records and dead letters. */
  readonly groupId: string;
  /** The topics it consumes, as named on Kafka (prefix included). */
  topics(): string[];
  on(topic: string, registration: { type: string; handle: AnyHandler }): EventConsumer;
  /** `on` the topic of `type` (its service's events), with a typed `handler`. */
  handle<T extends EventType>(type: T, fn: (event: EventOf<T>, ctx: HandlerContext) => Promise<void>): EventConsumer;
  /** Subscribes and resolves once the group has assigned partitions. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createEventConsumer(options: EventConsumerOptions): EventConsumer {
  const {
    kafka,
    mongo,
    topicPrefix = '',
    retries = 3,
    backoffMs = 200,
    maxBackoffMs = 10_000,
    concurrency = 3,
  } = options;
  // Environments sharing a cluster must not share a group: kafkajs' group leader hands out only the topics
  // it subscribes to itself, spread over every member, so another prefix's topics go to nobody, and the
  // partitions it hands to that prefix's members are dropped by them.
  const groupId = topicPrefix + options.groupId;
  const log = options.logger.child({ component: 'consumer', groupId });
  const handlers = new Map<string, AnyHandler>();
  const topics = new Set<string>();
  const waits = partitionWaits({ backoffMs, maxBackoffMs, log });
  let group: ConsumerGroup | undefined;

  const self: EventConsumer = {
    groupId,
    topics: () => [...topics],
    on(topic, registration) {
      topics.add(topicPrefix + topic);
      handlers.set(registration.type, registration.handle);
      return self;
    },
    handle: (type, fn) => self.on(topicOf(type), handler(type, fn)),
    async start() {
      const kept = await handledEvents(mongo, groupId);
      const records = options.recordsHandled === false ? recordsOfLettersOnly(kept) : kept;
      const deps: BatchDeps = { groupId, mongo, producer: options.producer, log, handlers, records, waits, retries };
      const all = [...topics];
      await ensureTopics(kafka, [...all, ...all.map(deadLetterTopic)], options.numPartitions ?? 3);
      const attempt = consumerGroup(kafka, {
        groupId,
        topics: all,
        fromBeginning: options.fromBeginning ?? true,
        concurrency,
        eachBatch: (payload) => consumeBatch(deps, payload),
      });
      group = attempt; // a stop during the start stops what it has started
      await attempt.start();
      log.info({ topics: all }, 'consumer started');
    },
    async stop() {
      await group?.stop();
      group = undefined;
    },
  };
  return self;
}

/**
 * A consumer on a service's own connections, stopped on shutdown before the producer closes. Its group is
 * `groupId` behind the service's KAFKA_TOPIC_PREFIX, like its topics.
 */
export function createServiceConsumer(
  app: ServiceApp,
  options: Omit<EventConsumerOptions, 'kafka' | 'producer' | 'mongo' | 'logger'>,
): EventConsumer {
  const consumer = createEventConsumer({
    kafka: app.kafka,
    producer: app.producer,
    mongo: app.mongo,
    logger: app.log,
    numPartitions: app.config.KAFKA_PARTITIONS,
    topicPrefix: app.config.KAFKA_TOPIC_PREFIX,
    ...options,
  });
  app.onShutdown(() => consumer.stop());
  watchDeadLetters(app, consumer);
  return consumer;
}
