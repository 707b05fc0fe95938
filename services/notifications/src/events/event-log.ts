// The event log's consumer: every service topic, read by a group of its own (`notifications-event-log` behind
// the topic prefix) from the start, each batch's events recorded at once with the topic, partition and offset
// they were read at. It runs on the kit's consumer group and partition waits, not on its idempotent consumer,
// whose handlers see an event without where it was read and only the types they name: the log wants every
// envelope and its place, and the record keyed by event id is its own idempotence. A message that is no event
// is left to the consumers that dead-letter it.
import { EventEnvelopeSchema, topics, type EventEnvelope } from '@travelclub/contracts';
import {
  consumerGroup,
  ensureTopics,
  partitionWaits,
  type ConsumerGroup,
  type Logger,
  type ServiceApp,
} from '@travelclub/kit';
import type { EachBatchPayload, KafkaMessage } from 'kafkajs';
import { RECORDS_PER_WRITE, type ReadEvent } from '../domain/event-log.js';

export const EVENT_LOG_GROUP = 'notifications-event-log';

/**
 * The log may lag by half a second: each fetch gathers that long (or 256 KiB), and every partition's batch of it
 * is worked at once, so the flow records the whole fetch in one write (`record` joins calls made meanwhile).
 * Answered at the first byte, a trickle of events was a fetch, a counter update and an insert per event: about
 * a sixth of MongoDB's commands per booking (docs/booking.md).
 */
const GATHER = { minBytes: 256 * 1024, maxWaitMs: 500 };

function eventOf(message: KafkaMessage): EventEnvelope | undefined {
  try {
    const parsed = EventEnvelopeSchema.safeParse(JSON.parse(message.value?.toString() ?? ''));
    return parsed.success ? (parsed.data as EventEnvelope) : undefined;
  } catch {
    return undefined;
  }
}

export interface EventLogConsumer extends ConsumerGroup {
  readonly groupId: string;
}

/**
 * Works one batch: records its events, a part at a time, resolving offsets after each. When recording fails
 * (MongoDB away), the partition waits as the kit's consumer's do: paused, and fetched again from the first
 * unrecorded message after a capped backoff. An outage delays the log; it loses nothing.
 */
function batchRecorder(record: (read: ReadEvent[]) => Promise<void>, prefix: string, log: Logger) {
  const waits = partitionWaits({ backoffMs: 200, maxBackoffMs: 10_000, log });
  return async ({ batch, resolveOffset, heartbeat, pause, isRunning, isStale }: EachBatchPayload) => {
    const topic = batch.topic.slice(prefix.length);
    for (let start = 0; start < batch.messages.length; start += RECORDS_PER_WRITE) {
      if (!isRunning() || isStale()) return;
      const part = batch.messages.slice(start, start + RECORDS_PER_WRITE);
      const read = part.flatMap((message): ReadEvent[] => {
        const event = eventOf(message);
        return event ? [{ topic, partition: batch.partition, offset: message.offset, event }] : [];
      });
      try {
        await record(read);
      } catch (err) {
        if (!isRunning() || isStale()) return;
        const reason = { err: err as Error, kind: 'transient' as const };
        waits.waitAndRetry(batch.topic, batch.partition, part[0]!.offset, reason, pause);
        return;
      }
      const last = part.at(-1)!.offset;
      waits.passed(`${batch.topic}/${batch.partition}`, last);
      resolveOffset(last);
      await heartbeat();
    }
  };
}

/** The consumer of every service topic; `record` keeps each batch's events (the event log's flow). */
export function eventLogConsumer(app: ServiceApp, record: (read: ReadEvent[]) => Promise<void>): EventLogConsumer {
  const prefix = app.config.KAFKA_TOPIC_PREFIX;
  // Environments sharing a cluster must not share a group (see the kit's consumer): the prefix goes first.
  const groupId = prefix + EVENT_LOG_GROUP;
  const all = Object.values(topics).map((topic) => prefix + topic);
  const log = app.log.child({ component: 'event-log', groupId });
  const group = consumerGroup(app.kafka, {
    groupId,
    topics: all,
    fromBeginning: true,
    concurrency: all.length * app.config.KAFKA_PARTITIONS,
    gather: GATHER,
    eachBatch: batchRecorder(record, prefix, log),
  });
  return {
    groupId,
    async start() {
      await ensureTopics(app.kafka, all, app.config.KAFKA_PARTITIONS);
      await group.start();
      log.info({ topics: all }, 'event log consumer started');
    },
    stop: () => group.stop(),
  };
}
