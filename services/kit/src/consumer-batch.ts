// How the consumer (consumer.ts) works through one batch of a partition: each event not handled before goes to
// its handler, a message that is no event and an event that failed for good go to `<topic>.dlq`, and a failure
// worth another try stops the batch there and makes the partition wait (partition-waits.ts).
import { deadLetterTopic, EventEnvelopeSchema, type DeadLetter, type EventEnvelope } from '@travelclub/contracts';
import type { EachBatchPayload, KafkaMessage, Producer } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { AnyHandler, HandlerContext } from './consumer.js';
import { recordDeadLetter } from './dead-letters.js';
import { classifyFailure, PermanentEventError } from './failures.js';
import type { HandledEvents } from './handled-events.js';
import type { Logger } from './logger.js';
import type { PartitionWaits, WaitReason } from './partition-waits.js';
import { processHistogram, WORK_BUCKETS } from './metrics.js';
import { contextFrom, failSpan, inSpan, SpanKind } from './telemetry.js';

/** How long each event's handling took, by consumer group, event type and outcome (`handled`, `failed`). */
const handling = processHistogram({
  name: 'kafka_consumer_handling_duration_seconds',
  help: 'Time a consumer took to handle one event, by group, event type and outcome',
  labelNames: ['group', 'event_type', 'outcome'] as const,
  buckets: WORK_BUCKETS,
});

/** How often a long-running handler keeps the group's session alive (the consumer's heartbeat interval). */
const HEARTBEAT_INTERVAL_MS = 3_000;

/** What a batch is worked through with: the consumer's handlers, records, waits and connections. */
export interface BatchDeps {
  /** The consumer group (prefix included), the `consumer` of its dead letters. */
  groupId: string;
  mongo: Connection;
  producer: Producer;
  log: Logger;
  /** The handler of each event type. */
  handlers: ReadonlyMap<string, AnyHandler>;
  records: HandledEvents;
  waits: PartitionWaits;
  /** Retries of an unclassified failure before dead-lettering. */
  retries: number;
}

/** Each message with its event, or with its text and why it is no event. */
function parseMessages(messages: KafkaMessage[]) {
  return messages.map((message) => {
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
}

async function deadLetter(
  deps: BatchDeps,
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
    consumer: deps.groupId,
    topic,
    partition,
    offset: message.offset,
    attempts,
    failedAt: new Date().toISOString(),
  };
  // Recorded first, under the original message's id: a failure between the two is retried and writes the
  // same record again (and at worst the letter twice), never a letter the service does not count.
  await recordDeadLetter(deps.mongo, letter);
  await deps.producer.send({
    topic: deadLetterTopic(topic),
    acks: -1,
    messages: [{ key: message.key, value: JSON.stringify(letter), headers: message.headers }],
  });
  deps.log.error({ topic, partition, offset: message.offset, attempts, err }, 'event dead-lettered');
}

/**
 * Runs a handler once and returns its error, if any. While it runs the group keeps hearing from us, so a
 * handler stuck on a server that hangs does not cost the partition a rebalance.
 */
async function runHandler(
  handle: AnyHandler,
  event: EventEnvelope,
  message: KafkaMessage,
  groupId: string,
  heartbeat: () => Promise<void>,
  log: Logger,
) {
  // The handling is a child of the publish span the message's header names (or, for a message from before
  // tracing, the span that wrote the event): one trace from the request through every consumer.
  const trace = message.headers?.traceparent ? message.headers : event.trace;
  return inSpan(
    `process ${event.type}`,
    {
      kind: SpanKind.CONSUMER,
      parent: contextFrom(trace as Record<string, unknown> | undefined),
      attributes: {
        'messaging.system': 'kafka',
        'messaging.operation.type': 'process',
        'messaging.consumer.group.name': groupId,
        'messaging.message.id': event.id,
      },
    },
    async (span) => {
      const end = handling.startTimer({ group: groupId, event_type: event.type });
      const error = await handleOnce(handle, event, heartbeat, log);
      end({ outcome: error ? 'failed' : 'handled' });
      if (error) failSpan(span, error);
      return error;
    },
  );
}

async function handleOnce(handle: AnyHandler, event: EventEnvelope, heartbeat: () => Promise<void>, log: Logger) {
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
 * After a handler failed: why the partition is to wait and try the event again, or nothing once the event is
 * dead-lettered (a permanent failure, or an unclassified one out of retries).
 */
async function retryOrDeadLetter(
  deps: BatchDeps,
  topic: string,
  partition: number,
  message: KafkaMessage,
  event: EventEnvelope,
  error: Error,
): Promise<WaitReason | undefined> {
  const kind = classifyFailure(error);
  const tries = deps.waits.triesOf(`${topic}/${partition}`, message.offset);
  if (kind === 'transient' || (kind === 'unclassified' && tries.unclassified < deps.retries)) {
    return { err: error, kind, event };
  }
  // Told first: a letter recorded before its send failed is counted too, and closes once the event is handled.
  deps.records.deadLettered?.(event.id);
  await deadLetter(deps, topic, partition, message, event, error, tries.attempts + 1);
  return undefined;
}

export async function consumeBatch(deps: BatchDeps, payload: EachBatchPayload) {
  const { batch, resolveOffset, heartbeat, pause, isRunning, isStale } = payload;
  const { topic, partition } = batch;
  const where = `${topic}/${partition}`;
  const parsed = parseMessages(batch.messages);
  const handled: string[] = [];
  let done: string | undefined;
  /** The message being worked on: where the partition starts again after a wait. */
  let current = batch.messages[0]?.offset;
  /** Set when the partition must wait, then retry from `current`. */
  let waitFor: WaitReason | undefined;
  // An offset is committed only once the ids handled up to it are recorded: a crash in between
  // redelivers those events, and the records then make their second delivery a no-op.
  const flush = async () => {
    await deps.records.record(handled.splice(0));
    if (done !== undefined) resolveOffset(done);
  };
  try {
    // Only the events this consumer handles can have records: a batch of other types asks MongoDB nothing.
    const seen = await deps.records.handledOf(
      parsed.flatMap((p) => (p.event && deps.handlers.has(p.event.type) ? [p.event.id] : [])),
    );
    for (const item of parsed) {
      if (!isRunning() || isStale()) break;
      current = item.message.offset;
      if (!item.event) {
        await deadLetter(deps, topic, partition, item.message, item.raw, new PermanentEventError(item.problem), 1);
      } else if (!seen.has(item.event.id)) {
        const handle = deps.handlers.get(item.event.type);
        if (handle) {
          const error = await runHandler(handle, item.event, item.message, deps.groupId, heartbeat, deps.log);
          if (!error) handled.push(item.event.id);
          else {
            // A failure while stopping, or after the partition went to another member, says nothing
            // about the event: it stays unresolved for whoever consumes the partition next.
            if (!isRunning() || isStale()) break;
            waitFor = await retryOrDeadLetter(deps, topic, partition, item.message, item.event, error);
            if (waitFor) break;
          }
        }
        seen.add(item.event.id);
      }
      done = item.message.offset;
      deps.waits.passed(where, done);
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
      await deps.records
        .record(handled)
        .catch((err: unknown) => deps.log.error({ err }, 'could not record handled events'));
    }
  }
  if (waitFor && current !== undefined) deps.waits.waitAndRetry(topic, partition, current, waitFor, pause);
}
