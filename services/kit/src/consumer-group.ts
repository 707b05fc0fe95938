// A kafkajs consumer group started the one way every consumer here starts: subscribed, running its batches
// with offsets resolved by hand, and known to have joined before the start resolves. The kit's idempotent
// consumer (consumer.ts) and any reader that needs every message with its place (notifications' event log)
// run on it; what differs is only what a batch does.
import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { withTimeout } from './timeout.js';

/**
 * How long the broker may hold a fetch that finds nothing new. A fetch is answered as soon as a message arrives
 * (at least one byte is all it waits for), so this costs no latency; it sets how often an idle consumer asks
 * again. At 100 ms every consumer of every part asked ten times a second, and the broker's CPU answering them
 * was the largest single cost of a booking (docs/booking.md); a stop waits for the fetch in flight, so at
 * most this long.
 */
const FETCH_WAIT_MS = 1_000;

export interface ConsumerGroupOptions {
  /** The group on Kafka, prefix included. */
  groupId: string;
  /** The topics, as named on Kafka. */
  topics: string[];
  /** Where a new group starts: the topic's start, or its end. */
  fromBeginning: boolean;
  /** Parallel partitions (ordering holds within a partition). */
  concurrency: number;
  /** Works one batch, resolving the offsets of what it is done with (nothing is resolved for it). */
  eachBatch: (payload: EachBatchPayload) => Promise<void>;
}

export interface ConsumerGroup {
  /** Subscribes and resolves once the group has assigned partitions; a failed start leaves nothing running. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function consumerGroup(kafka: Kafka, options: ConsumerGroupOptions): ConsumerGroup {
  const { groupId, topics, fromBeginning, concurrency, eachBatch } = options;
  let consumer: Consumer | undefined;
  return {
    async start() {
      const attempt = kafka.consumer({
        groupId,
        sessionTimeout: 30_000,
        heartbeatInterval: 3_000,
        maxWaitTimeInMs: FETCH_WAIT_MS,
      });
      consumer = attempt;
      try {
        const joined = new Promise<void>((resolve, reject) => {
          attempt.on(attempt.events.GROUP_JOIN, () => resolve());
          // A crash kafkajs will not restart from (a fresh broker's coordinator still loading) fails this start.
          attempt.on(attempt.events.CRASH, ({ payload }) => !payload.restart && reject(payload.error));
        });
        await attempt.connect();
        await attempt.subscribe({ topics, fromBeginning });
        await attempt.run({ partitionsConsumedConcurrently: concurrency, eachBatchAutoResolve: false, eachBatch });
        await withTimeout(joined, 30_000, `consumer group ${groupId}`);
      } catch (err) {
        // The start is retried (a start-up step): leave no half-started consumer behind.
        consumer = undefined;
        await attempt.disconnect().catch(() => undefined);
        throw err;
      }
    },
    async stop() {
      await consumer?.disconnect();
      consumer = undefined;
    },
  };
}
