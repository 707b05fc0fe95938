// A kafkajs consumer group started the one way every consumer here starts: subscribed, running its batches
// with offsets resolved by hand, and known to have joined before the start resolves. The kit's idempotent
// consumer (consumer.ts) and any reader that needs every message with its place (notifications' event log)
// run on it; what differs is only what a batch does.
import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import { withTimeout } from './timeout.js';

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
