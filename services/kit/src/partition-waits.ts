// The consumer's partitions that wait after a failed message: each is paused on that message and fetched again
// from it after a backoff that doubles with each try, up to a cap; its tries are counted while it waits.
import type { EventEnvelope } from '@travelclub/contracts';
import type { FailureKind } from './failures.js';
import type { Logger } from './logger.js';

/** A partition waiting on one message: its tries so far (and how many failed for an unclassified reason). */
export interface PartitionWait {
  offset: string;
  attempts: number;
  unclassified: number;
  since: number;
}

/** Why a partition waits: the failure, and the event when its handler failed. */
export interface WaitReason {
  err: Error;
  kind: FailureKind;
  event?: EventEnvelope;
}

export type PartitionWaits = ReturnType<typeof partitionWaits>;

export function partitionWaits({
  backoffMs,
  maxBackoffMs,
  log,
}: {
  backoffMs: number;
  maxBackoffMs: number;
  log: Logger;
}) {
  /** Where each partition (`topic/partition`) waits after a failure: the message it stopped at and its tries. */
  const waits = new Map<string, PartitionWait>();
  const delayAfter = (attempts: number) => Math.min(maxBackoffMs, backoffMs * 2 ** (attempts - 1));
  /** The tries a message has had so far, counted while its partition waits on it. */
  const triesOf = (where: string, offset: string): PartitionWait => {
    const wait = waits.get(where);
    return wait?.offset === offset ? wait : { offset, attempts: 0, unclassified: 0, since: Date.now() };
  };

  return {
    triesOf,
    /**
     * The partition is done with `offset`: past the message it waited on (not just past an earlier one handled
     * again), the wait is over.
     */
    passed(where: string, offset: string) {
      const wait = waits.get(where);
      if (wait && BigInt(offset) >= BigInt(wait.offset)) waits.delete(where);
    },
    /**
     * Pauses the partition and resumes it after a backoff. Nothing from the failed message on was resolved, so
     * kafkajs fetches the partition again from that message; the other partitions go on meanwhile, the group's
     * heartbeats go on (the fetch loop sends them), and a stop is not held up: the wait is a timer, not a
     * handler that kafkajs would wait for.
     */
    waitAndRetry(topic: string, partition: number, offset: string, reason: WaitReason, pause: () => () => void) {
      const { err, kind, event } = reason;
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
    },
  };
}
