// A kafkajs consumer group started the one way every consumer here starts: subscribed, running its batches
// with offsets resolved by hand and committed at most once a second, and known to have joined before the start
// resolves. The kit's idempotent consumer (consumer.ts) and any reader that needs every message with its place
// (notifications' event log) run on it; what differs is only what a batch does.
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

/**
 * How long resolved offsets may wait to be committed. kafkajs' own auto-commit sends an OffsetCommit after every
 * batch, and under a trickle of events a batch is one event: a commit per event and group, more requests than
 * the fetches, and about a third of Kafka's CPU per booking (docs/booking.md). What a crash or a rebalance
 * leaves uncommitted is delivered again; every reader here keeps what it handled (the idempotent consumer's
 * records, the event log's ids), so a second delivery changes nothing (a message dead-lettered twice has one
 * record, keyed by its place: dead-letters.ts).
 */
export const COMMIT_EVERY_MS = 1_000;

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
  /**
   * For a reader that may lag: the broker holds each fetch until `minBytes` have come in or `maxWaitMs` have
   * passed, so a trickle of events arrives as one fetch of many partitions' batches, not a fetch per event.
   * Without it a fetch is answered at the first byte.
   */
  gather?: { minBytes: number; maxWaitMs: number };
}

export interface ConsumerGroup {
  /** Subscribes and resolves once the group has assigned partitions; a failed start leaves nothing running. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Batches whose resolved offsets are committed by a timer, at most every `COMMIT_EVERY_MS`: armed when a batch
 * ends (a failed one too: what it resolved before the failure is kept), it commits whatever is resolved by then,
 * mid-batch included. Once the consumer stops (`flush`, or kafkajs' own stop), each batch that ends commits at
 * once and no timer is armed.
 */
function committedEvery(eachBatch: (payload: EachBatchPayload) => Promise<void>) {
  /** A payload of this run: its commit functions reach the group's current offsets whichever batch it was. */
  let last: EachBatchPayload | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopping = false;
  // Async, so that anything kafkajs throws while it works out the offsets is a rejection the callers catch.
  const commitResolved = async (payload: EachBatchPayload) =>
    payload.commitOffsetsIfNecessary(payload.uncommittedOffsets());
  const stopped = (payload: EachBatchPayload) => stopping || !payload.isRunning();
  return {
    async eachBatch(payload: EachBatchPayload) {
      last = payload;
      try {
        await eachBatch(payload);
      } finally {
        if (!stopped(payload))
          timer ??= setTimeout(() => {
            timer = undefined;
            // A commit refused here (a rebalance under way) is made by the next timer, or not needed.
            commitResolved(payload).catch(() => undefined);
          }, COMMIT_EVERY_MS).unref();
      }
      // Stopping: a commit refused now (the group already left) is delivered again, not an error of the batch.
      if (stopped(payload)) await commitResolved(payload).catch(() => undefined);
    },
    /** Commits what is resolved now; from here on, batches that end commit at once. */
    async flush() {
      stopping = true;
      clearTimeout(timer);
      timer = undefined;
      if (last) await commitResolved(last);
    },
  };
}

export function consumerGroup(kafka: Kafka, options: ConsumerGroupOptions): ConsumerGroup {
  const { groupId, topics, fromBeginning, concurrency, gather } = options;
  let consumer: Consumer | undefined;
  let commits: ReturnType<typeof committedEvery> | undefined;
  return {
    async start() {
      const attempt = kafka.consumer({
        groupId,
        sessionTimeout: 30_000,
        heartbeatInterval: 3_000,
        maxWaitTimeInMs: gather?.maxWaitMs ?? FETCH_WAIT_MS,
        ...(gather && { minBytes: gather.minBytes }),
      });
      consumer = attempt;
      const batches = (commits = committedEvery(options.eachBatch));
      try {
        const joined = new Promise<void>((resolve, reject) => {
          attempt.on(attempt.events.GROUP_JOIN, () => resolve());
          // A crash kafkajs will not restart from (a fresh broker's coordinator still loading) fails this start.
          attempt.on(attempt.events.CRASH, ({ payload }) => !payload.restart && reject(payload.error));
        });
        await attempt.connect();
        await attempt.subscribe({ topics, fromBeginning });
        await attempt.run({
          partitionsConsumedConcurrently: concurrency,
          eachBatchAutoResolve: false,
          autoCommit: false,
          eachBatch: batches.eachBatch,
        });
        await withTimeout(joined, 30_000, `consumer group ${groupId}`);
      } catch (err) {
        // The start is retried (a start-up step): leave no half-started consumer behind.
        consumer = undefined;
        commits = undefined;
        await batches.flush().catch(() => undefined);
        await attempt.disconnect().catch(() => undefined);
        throw err;
      }
    },
    async stop() {
      // What was handled before the stop is committed while the member is still in the group; batches that
      // end during the stop commit their own (committedEvery). What a failed commit leaves is delivered again.
      await commits?.flush().catch(() => undefined);
      await consumer?.disconnect();
      consumer = undefined;
      commits = undefined;
    },
  };
}
