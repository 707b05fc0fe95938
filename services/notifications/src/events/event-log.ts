// The event log's consumer: every service topic, read by a group of its own (`notifications-event-log` behind
// the topic prefix) from the start, each batch's events recorded at once with the topic, partition and offset
// they were read at. Not the kit's idempotent consumer, whose handlers see an event without where it was read
// and only the types they name: the log wants every envelope and its place, and the record keyed by event id
// is its own idempotence. A message that is no event is left to the consumers that dead-letter it.
import { EventEnvelopeSchema, topics, type EventEnvelope } from '@travelclub/contracts';
import { ensureTopics, withTimeout, type ServiceApp } from '@travelclub/kit';
import type { Consumer, EachBatchPayload, KafkaMessage } from 'kafkajs';
import type { EventLogStore, ReadEvent } from '../store/event-log.js';

export const EVENT_LOG_GROUP = 'notifications-event-log';

/** Records written at once; a bigger batch is recorded in parts, its offsets resolved after each. */
const CHUNK = 500;
const BACKOFF_MS = 200;
const MAX_BACKOFF_MS = 10_000;

function eventOf(message: KafkaMessage): EventEnvelope | undefined {
  try {
    const parsed = EventEnvelopeSchema.safeParse(JSON.parse(message.value?.toString() ?? ''));
    return parsed.success ? (parsed.data as EventEnvelope) : undefined;
  } catch {
    return undefined;
  }
}

export interface EventLogConsumer {
  readonly groupId: string;
  /** Subscribes and resolves once the group has assigned partitions. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Works one batch: records its events, a part at a time, resolving offsets after each. When recording fails
 * (MongoDB away), the partition pauses and is fetched again from the first unrecorded message after a capped
 * backoff, as the kit's consumer does: an outage delays the log, it loses nothing.
 */
function batchRecorder(app: ServiceApp, store: EventLogStore, prefix: string) {
  const failures = new Map<string, number>();
  return async ({ batch, resolveOffset, heartbeat, pause, isRunning, isStale }: EachBatchPayload) => {
    const where = `${batch.topic}/${batch.partition}`;
    const topic = batch.topic.slice(prefix.length);
    for (let start = 0; start < batch.messages.length; start += CHUNK) {
      if (!isRunning() || isStale()) return;
      const part = batch.messages.slice(start, start + CHUNK);
      const read = part.flatMap((message): ReadEvent[] => {
        const event = eventOf(message);
        return event ? [{ topic, partition: batch.partition, offset: message.offset, event }] : [];
      });
      try {
        await store.record(read);
      } catch (err) {
        if (!isRunning() || isStale()) return;
        const attempts = (failures.get(where) ?? 0) + 1;
        failures.set(where, attempts);
        const retryInMs = Math.min(MAX_BACKOFF_MS, BACKOFF_MS * 2 ** (attempts - 1));
        app.log.warn(
          { err, topic: batch.topic, partition: batch.partition, attempts, retryInMs },
          'event log: recording failed; the partition waits and retries',
        );
        const resume = pause();
        setTimeout(resume, retryInMs).unref();
        return;
      }
      failures.delete(where);
      resolveOffset(part.at(-1)!.offset);
      await heartbeat();
    }
  };
}

export function eventLogConsumer(app: ServiceApp, store: EventLogStore): EventLogConsumer {
  const prefix = app.config.KAFKA_TOPIC_PREFIX;
  // Environments sharing a cluster must not share a group (see the kit's consumer): the prefix goes first.
  const groupId = prefix + EVENT_LOG_GROUP;
  const all = Object.values(topics).map((topic) => prefix + topic);
  const log = app.log.child({ component: 'event-log', groupId });
  let consumer: Consumer | undefined;

  return {
    groupId,
    async start() {
      await ensureTopics(app.kafka, all, app.config.KAFKA_PARTITIONS);
      const attempt = app.kafka.consumer({
        groupId,
        sessionTimeout: 30_000,
        heartbeatInterval: 3_000,
        maxWaitTimeInMs: 100,
      });
      consumer = attempt;
      try {
        const joined = new Promise<void>((resolve, reject) => {
          attempt.on(attempt.events.GROUP_JOIN, () => resolve());
          attempt.on(attempt.events.CRASH, ({ payload }) => !payload.restart && reject(payload.error));
        });
        await attempt.connect();
        await attempt.subscribe({ topics: all, fromBeginning: true });
        await attempt.run({
          partitionsConsumedConcurrently: 3,
          eachBatchAutoResolve: false,
          eachBatch: batchRecorder(app, store, prefix),
        });
        await withTimeout(joined, 30_000, `consumer group ${groupId}`);
      } catch (err) {
        // The start is retried (a start-up step): leave no half-started consumer behind.
        consumer = undefined;
        await attempt.disconnect().catch(() => undefined);
        throw err;
      }
      log.info({ topics: all }, 'event log consumer started');
    },
    async stop() {
      await consumer?.disconnect();
      consumer = undefined;
    },
  };
}
