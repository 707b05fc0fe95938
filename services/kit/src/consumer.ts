// The idempotent consumer: handlers per event type; handled event ids are recorded (handled-events.ts) so a
// redelivered event is skipped. A failure is classified (failures.ts): a
// transient one (a server away, a time-out) pauses the partition and retries it without limit, with capped
// backoff; a permanent one goes with its error to `<topic>.dlq` at once and the partition moves on; an
// unclassified one gets `retries` retries first. Delivery is still at-least-once: a crash after a handler
// ran and before its id was recorded runs it again.
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
import type { Connection } from 'mongoose';
import type { Logger } from './logger.js';
import type { CausalContext } from './context.js';
import { recordDeadLetter, watchDeadLetters } from './dead-letters.js';
import { classifyFailure, PermanentEventError, type FailureKind } from './failures.js';
import { handledEvents } from './handled-events.js';
import { ensureTopics } from './kafka.js';
import { withTimeout } from './timeout.js';
import type { ServiceApp } from './service.js';

export interface HandlerContext extends CausalContext {
  log: Logger;
}

type AnyHandler = (event: EventEnvelope, ctx: HandlerContext) => Promise<void>;

/** How often a long-running handler keeps the group's session alive (the consumer's heartbeat interval). */
const HEARTBEAT_INTERVAL_MS = 3_000;

/** A partition waiting on one message: its tries so far (and how many failed for an unclassified reason). */
interface PartitionWait {
  offset: string;
  attempts: number;
  unclassified: number;
  since: number;
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
}

export interface EventConsumer {
  /** The consumer group on Kafka (prefix included), and the `consumer` of its records and dead letters. */
  readonly groupId: string;
  /** The topics it consumes, as named on Kafka (prefix included). */
  topics(): string[];
  on(topic: string, registration: { type: string; handle: AnyHandler }): EventConsumer;
  /** Subscribes and resolves once the group has assigned partitions. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createEventConsumer(options: EventConsumerOptions): EventConsumer {
  const {
    kafka,
    producer,
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
  let records: Awaited<ReturnType<typeof handledEvents>>;
  let consumer: Consumer | undefined;

  /** Where each partition (`topic/partition`) waits after a failure: the message it stopped at and its tries. */
  const waits = new Map<string, PartitionWait>();
  const delayAfter = (attempts: number) => Math.min(maxBackoffMs, backoffMs * 2 ** (attempts - 1));
  /** The tries a message has had so far, counted while its partition waits on it. */
  const triesOf = (where: string, offset: string): PartitionWait => {
    const wait = waits.get(where);
    return wait?.offset === offset ? wait : { offset, attempts: 0, unclassified: 0, since: Date.now() };
  };

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
    // Recorded first, under the original message's id: a failure between the two is retried and writes the
    // same record again (and at worst the letter twice), never a letter the service does not count.
    await recordDeadLetter(mongo, letter);
    await producer.send({
      topic: deadLetterTopic(topic),
      acks: -1,
      messages: [{ key: message.key, value: JSON.stringify(letter), headers: message.headers }],
    });
    log.error({ topic, partition, offset: message.offset, attempts, err }, 'event dead-lettered');
  }

  /**
   * Runs a handler once and returns its error, if any. While it runs the group keeps hearing from us, so a
   * handler stuck on a server that hangs does not cost the partition a rebalance.
   */
  async function runHandler(handle: AnyHandler, event: EventEnvelope, heartbeat: () => Promise<void>) {
    const ctx: HandlerContext = {
      correlationId: event.correlationId,
      causationId: event.id,
      log: log.child({ correlationId: event.correlationId, eventId: event.id, eventType: event.type }),
    };
    // A heartbeat refused here (a rebalance) surfaces again at the next one after the handler.
    const beat = setInterval(() => void heartbeat().catch(() => undefined), HEARTBEAT_INTERVAL_MS);
    try {
      await handle(event, ctx);
      return undefined;
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    } finally {
      clearInterval(beat);
    }
  }

  /**
   * Pauses the partition and resumes it after a backoff. Nothing from the failed message on was resolved, so
   * kafkajs fetches the partition again from that message; the other partitions go on meanwhile, the group's
   * heartbeats go on (the fetch loop sends them), and a stop is not held up: the wait is a timer, not a
   * handler that kafkajs would wait for.
   */
  function waitAndRetry(
    topic: string,
    partition: number,
    offset: string,
    err: Error,
    kind: FailureKind,
    pause: () => () => void,
    event?: EventEnvelope,
  ) {
    const where = `${topic}/${partition}`;
    const before = triesOf(where, offset);
    const wait: PartitionWait = {
      offset,
      attempts: before.attempts + 1,
      unclassified: before.unclassified + (kind === 'unclassified' ? 1 : 0),
      since: before.since,
    };
    waits.set(where, wait);
    const retryInMs = delayAfter(wait.attempts);
    const about = event ? { eventId: event.id, eventType: event.type, correlationId: event.correlationId } : {};
    log.warn(
      {
        topic,
        partition,
        offset,
        ...about,
        attempts: wait.attempts,
        failingForMs: Date.now() - wait.since,
        retryInMs,
        err,
      },
      kind === 'transient'
        ? 'event handling failed for a transient reason; the partition waits and retries'
        : 'event handler failed; retrying',
    );
    const resume = pause();
    setTimeout(resume, retryInMs).unref();
  }

  const recordHandled = (ids: string[]) => records.record(ids);

  async function eachBatch({ batch, resolveOffset, heartbeat, pause, isRunning, isStale }: EachBatchPayload) {
    const { topic, partition } = batch;
    const where = `${topic}/${partition}`;
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
    const handled: string[] = [];
    let done: string | undefined;
    /** The message being worked on: where the partition starts again after a wait. */
    let current = batch.messages[0]?.offset;
    /** Set when the partition must wait, then retry from `current` (the event, when its handler failed). */
    let waitFor: { err: Error; kind: FailureKind; event?: EventEnvelope } | undefined;
    // An offset is committed only once the ids handled up to it are recorded: a crash in between
    // redelivers those events, and the records then make their second delivery a no-op.
    const flush = async () => {
      await recordHandled(handled.splice(0));
      if (done !== undefined) resolveOffset(done);
    };
    try {
      const ids = parsed.flatMap((p) => (p.event ? [p.event.id] : []));
      const seen = await records.handledOf(ids);
      for (const item of parsed) {
        if (!isRunning() || isStale()) break;
        current = item.message.offset;
        if (!item.event) {
          await deadLetter(topic, partition, item.message, item.raw, new PermanentEventError(item.problem), 1);
        } else if (!seen.has(item.event.id)) {
          const handle = handlers.get(item.event.type);
          if (handle) {
            const error = await runHandler(handle, item.event, heartbeat);
            if (!error) handled.push(item.event.id);
            else {
              // A failure while stopping, or after the partition went to another member, says nothing
              // about the event: it stays unresolved for whoever consumes the partition next.
              if (!isRunning() || isStale()) break;
              const kind = classifyFailure(error);
              const tries = triesOf(where, current);
              if (kind === 'transient' || (kind === 'unclassified' && tries.unclassified < retries)) {
                waitFor = { err: error, kind, event: item.event };
                break;
              }
              await deadLetter(topic, partition, item.message, item.event, error, tries.attempts + 1);
            }
          }
          seen.add(item.event.id);
        }
        done = item.message.offset;
        // Past the message it waited on (not just past an earlier one handled again): the wait is over.
        const wait = waits.get(where);
        if (wait && BigInt(done) >= BigInt(wait.offset)) waits.delete(where);
        if (handled.length >= 200) await flush();
        await heartbeat();
      }
      await flush();
    } catch (err) {
      // The consumer's own work failed (its records in MongoDB, the dead-letter topic). A transient reason
      // makes the partition wait like a handler's; anything else goes to kafkajs, which retries the batch.
      if (!isRunning() || isStale()) return;
      if (classifyFailure(err) !== 'transient') throw err;
      waitFor ??= { err: err as Error, kind: 'transient' };
    } finally {
      // On the way out after an error, still record what was handled (its offsets stay uncommitted).
      if (handled.length > 0) {
        await recordHandled(handled).catch((err: unknown) => log.error({ err }, 'could not record handled events'));
      }
    }
    if (waitFor && current !== undefined)
      waitAndRetry(topic, partition, current, waitFor.err, waitFor.kind, pause, waitFor.event);
  }

  const self: EventConsumer = {
    groupId,
    topics: () => [...topics],
    on(topic, registration) {
      topics.add(topicPrefix + topic);
      handlers.set(registration.type, registration.handle);
      return self;
    },
    async start() {
      records = await handledEvents(mongo, groupId);
      const all = [...topics];
      await ensureTopics(kafka, [...all, ...all.map(deadLetterTopic)], options.numPartitions ?? 3);
      const attempt = kafka.consumer({
        groupId,
        sessionTimeout: 30_000,
        heartbeatInterval: 3_000,
        maxWaitTimeInMs: 100,
      });
      consumer = attempt;
      try {
        const joined = new Promise<void>((resolve, reject) => {
          attempt.on(attempt.events.GROUP_JOIN, () => resolve());
          // A crash kafkajs will not restart from (a fresh broker's coordinator still loading) fails this start.
          attempt.on(attempt.events.CRASH, ({ payload }) => !payload.restart && reject(payload.error));
        });
        await attempt.connect();
        await attempt.subscribe({ topics: all, fromBeginning: options.fromBeginning ?? true });
        await attempt.run({ partitionsConsumedConcurrently: concurrency, eachBatchAutoResolve: false, eachBatch });
        await withTimeout(joined, 30_000, `consumer group ${groupId}`);
      } catch (err) {
        // The start is retried (a start-up step): leave no half-started consumer behind.
        consumer = undefined;
        await attempt.disconnect().catch(() => undefined);
        throw err;
      }
      log.info({ topics: all }, 'consumer started');
    },
    async stop() {
      await consumer?.disconnect();
      consumer = undefined;
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
