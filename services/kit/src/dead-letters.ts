// Dead letters: events a consumer gave up on (a permanent failure), kept with their error in `<topic>.dlq`.
// Operators list, inspect and replay them from Kafka (`npm run dlq`); each service also keeps a record of its
// own letters in its MongoDB, so `/health/details` can count those it has still not handled.
import { randomUUID } from 'node:crypto';
import {
  DeadLetterReplaySchema,
  DeadLetterSchema,
  deadLetterTopic,
  EventEnvelopeSchema,
  HealthDetailsSchema,
  type DeadLetter,
  type DeadLetterReplay,
} from '@travelclub/contracts';
import type { IHeaders, Kafka, Producer } from 'kafkajs';
import type { Connection, mongo } from 'mongoose';
import { handledKey, handledPairs } from './handled-events.js';
import type { ServiceApp } from './service.js';
import { withTimeout } from './timeout.js';

// ---------- the service's own record of its letters (MongoDB) ----------

/** One letter as its consumer recorded it, `_id` `<consumer>/<topic>/<partition>/<offset>` of the original message. */
interface DeadLetterRecord {
  _id: string;
  consumer: string;
  topic: string;
  partition: number;
  offset: string;
  eventId?: string;
  eventType?: string;
  error: { name: string; message: string };
  failedAt: Date;
}

const DEAD_LETTERS = 'dead_letters';

const collection = <T extends { _id: string }>(connection: Connection, name: string) =>
  connection.collection(name) as unknown as mongo.Collection<T>;

/** The id and type of the event in a letter, when the letter holds an event at all. */
function eventOf(envelope: unknown): { id?: string; type?: string } {
  const parsed = EventEnvelopeSchema.safeParse(envelope);
  return parsed.success ? { id: parsed.data.id, type: parsed.data.type } : {};
}

/**
 * Records a letter in the consumer's database before it goes to Kafka. Keyed by the original message, so a
 * consumer that retries after a failure in between writes the same record again, not a second one.
 */
export async function recordDeadLetter(connection: Connection, letter: DeadLetter): Promise<void> {
  const { id, type } = eventOf(letter.envelope);
  const record: DeadLetterRecord = {
    _id: `${letter.consumer}/${letter.topic}/${letter.partition}/${letter.offset}`,
    consumer: letter.consumer,
    topic: letter.topic,
    partition: letter.partition,
    offset: letter.offset,
    ...(id ? { eventId: id } : {}),
    ...(type ? { eventType: type } : {}),
    error: letter.error,
    failedAt: new Date(letter.failedAt),
  };
  await collection<DeadLetterRecord>(connection, DEAD_LETTERS).replaceOne({ _id: record._id }, record, {
    upsert: true,
  });
}

export interface ConsumerTopics {
  groupId: string;
  /** The topics it consumes, as named on Kafka (prefix included). */
  topics: string[];
}

/**
 * The letters of these consumers whose event they have still not handled, per dead-letter topic (every
 * consumed topic's, 0 when it has none). A letter stops counting once its event is handled, after a replay;
 * an event dead-lettered again after a replay counts once. A letter that holds no event (a message that was
 * not one) cannot be handled and keeps counting.
 */
export async function countOpenDeadLetters(
  connection: Connection,
  consumers: ConsumerTopics[],
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { topics } of consumers) for (const topic of topics) counts[deadLetterTopic(topic)] = 0;
  if (consumers.length === 0) return counts;
  const letters = await collection<DeadLetterRecord>(connection, DEAD_LETTERS)
    .find({ consumer: { $in: consumers.map((c) => c.groupId) } }, { projection: { consumer: 1, topic: 1, eventId: 1 } })
    .toArray();
  const handled = await handledPairs(
    connection,
    letters.flatMap((l) => (l.eventId ? [{ consumer: l.consumer, eventId: l.eventId }] : [])),
  );
  const open = new Map<string, string>();
  for (const letter of letters) {
    const eventKey = letter.eventId ? handledKey(letter.consumer, letter.eventId) : undefined;
    if (eventKey && handled.has(eventKey)) continue;
    open.set(eventKey ?? letter._id, deadLetterTopic(letter.topic));
  }
  for (const topic of open.values()) counts[topic] = (counts[topic] ?? 0) + 1;
  return counts;
}

/** The consumers of each service app, as `createServiceConsumer` registers them. */
const consumersOf = new WeakMap<object, Map<string, () => string[]>>();

/** Counts this consumer's letters on the app's `/health/details`. */
export function watchDeadLetters(app: ServiceApp, consumer: { groupId: string; topics(): string[] }): void {
  const consumers = consumersOf.get(app) ?? new Map<string, () => string[]>();
  consumersOf.set(app, consumers);
  consumers.set(consumer.groupId, () => consumer.topics());
}

/** The app's consumers (`createServiceConsumer`) with the topics each reads, prefix included. */
export function consumersOfApp(app: ServiceApp): ConsumerTopics[] {
  return [...(consumersOf.get(app) ?? new Map<string, () => string[]>())].map(([groupId, topics]) => ({
    groupId,
    topics: topics(),
  }));
}

/** `GET /health/details`: the open dead letters of the service's consumers (see `countOpenDeadLetters`). */
export function registerHealthDetails(app: ServiceApp): void {
  app.get('/health/details', { logLevel: 'warn', schema: { response: { 200: HealthDetailsSchema } } }, async () => ({
    deadLetters: await countOpenDeadLetters(app.mongo, consumersOfApp(app)),
  }));
}

// ---------- listing, inspecting and replaying (Kafka) ----------

/** A letter as it is on its dead-letter topic, with the mark of its replay if it had one. */
export interface StoredDeadLetter {
  /** `<dead-letter topic>:<partition>:<offset>`: how `show` and `replay` name it. */
  ref: string;
  deadLetterTopic: string;
  partition: number;
  offset: string;
  key: string | null;
  headers: IHeaders;
  letter: DeadLetter;
  eventId?: string;
  eventType?: string;
  /** When `replay` republished it (the latest time, if it was forced again). */
  replayedAt?: string;
}

export const deadLetterRef = (topic: string, partition: number, offset: string) => `${topic}:${partition}:${offset}`;

interface TopicMessage {
  topic: string;
  partition: number;
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
  headers: IHeaders;
}

/** Every message on the topics up to their ends as they are now, read with a group of its own, then removed. */
async function readTopicsToEnd(kafka: Kafka, topics: string[], timeoutMs: number): Promise<TopicMessage[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const remaining = new Map<string, bigint>();
    for (const topic of topics) {
      for (const { partition, high, low } of await admin.fetchTopicOffsets(topic)) {
        if (BigInt(high) > BigInt(low)) remaining.set(`${topic}/${partition}`, BigInt(high) - 1n);
      }
    }
    if (remaining.size === 0) return [];
    const groupId = `dead-letter-reader-${randomUUID()}`;
    const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
    const messages: TopicMessage[] = [];
    try {
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      await withTimeout(
        new Promise<void>((resolve, reject) => {
          consumer.on(consumer.events.CRASH, ({ payload }) => reject(payload.error));
          void consumer.run({
            eachBatch: async ({ batch }) => {
              const where = `${batch.topic}/${batch.partition}`;
              const last = remaining.get(where);
              if (last === undefined) return;
              for (const m of batch.messages) {
                if (BigInt(m.offset) > last) break;
                messages.push({
                  topic: batch.topic,
                  partition: batch.partition,
                  offset: m.offset,
                  key: m.key,
                  value: m.value,
                  headers: m.headers ?? {},
                });
              }
              if (BigInt(batch.lastOffset()) >= last) remaining.delete(where);
              if (remaining.size === 0) resolve();
            },
          });
        }),
        timeoutMs,
        `reading ${topics.join(', ')}`,
      );
    } finally {
      await consumer.disconnect();
      await admin.deleteGroups([groupId]).catch(() => undefined);
    }
    return messages;
  } finally {
    await admin.disconnect();
  }
}

/**
 * Every letter on these dead-letter topics, oldest first per partition, each with the time of its replay if
 * `replayDeadLetters` marked one. Messages that are neither a letter nor a mark are left out.
 */
export async function listDeadLetters(
  kafka: Kafka,
  deadLetterTopics: string[],
  { timeoutMs = 30_000 }: { timeoutMs?: number } = {},
): Promise<StoredDeadLetter[]> {
  const letters: StoredDeadLetter[] = [];
  const replays = new Map<string, string>();
  for (const message of await readTopicsToEnd(kafka, deadLetterTopics, timeoutMs)) {
    let value: unknown;
    try {
      value = JSON.parse(message.value?.toString() ?? '');
    } catch {
      continue;
    }
    const letter = DeadLetterSchema.safeParse(value);
    if (letter.success) {
      const { id, type } = eventOf(letter.data.envelope);
      letters.push({
        ref: deadLetterRef(message.topic, message.partition, message.offset),
        deadLetterTopic: message.topic,
        partition: message.partition,
        offset: message.offset,
        key: message.key?.toString() ?? null,
        headers: message.headers,
        letter: letter.data,
        ...(id ? { eventId: id } : {}),
        ...(type ? { eventType: type } : {}),
      });
      continue;
    }
    const replay = DeadLetterReplaySchema.safeParse(value);
    if (replay.success) {
      const ref = deadLetterRef(message.topic, replay.data.replayOf.partition, replay.data.replayOf.offset);
      const before = replays.get(ref);
      if (!before || before < replay.data.replayedAt) replays.set(ref, replay.data.replayedAt);
    }
  }
  for (const letter of letters) {
    const replayedAt = replays.get(letter.ref);
    if (replayedAt) letter.replayedAt = replayedAt;
  }
  return letters;
}

export type ReplayOutcome = 'replayed' | 'already-replayed' | 'not-an-event';

/**
 * Republishes each letter's original event, unchanged (same id, key and headers), to the topic it came from:
 * the consumer that gave up on it handles it like any event, and the other groups on that topic, which
 * handled it already, skip it by its id. Then marks the letter replayed on its dead-letter topic, so a second
 * replay is refused unless `force`. A crash between the two leaves the letter unmarked: a repeat then
 * delivers one more copy, which the idempotent consumers drop.
 */
export async function replayDeadLetters(
  producer: Producer,
  letters: StoredDeadLetter[],
  { force = false, now = () => new Date() }: { force?: boolean; now?: () => Date } = {},
): Promise<{ ref: string; outcome: ReplayOutcome }[]> {
  const results: { ref: string; outcome: ReplayOutcome }[] = [];
  for (const stored of letters) {
    if (stored.replayedAt && !force) {
      results.push({ ref: stored.ref, outcome: 'already-replayed' });
      continue;
    }
    const envelope = EventEnvelopeSchema.safeParse(stored.letter.envelope);
    if (!envelope.success) {
      results.push({ ref: stored.ref, outcome: 'not-an-event' });
      continue;
    }
    await producer.send({
      topic: stored.letter.topic,
      acks: -1,
      messages: [{ key: stored.key, value: JSON.stringify(stored.letter.envelope), headers: stored.headers }],
    });
    const mark: DeadLetterReplay = {
      replayOf: { partition: stored.partition, offset: stored.offset },
      replayedAt: now().toISOString(),
    };
    await producer.send({
      topic: stored.deadLetterTopic,
      acks: -1,
      messages: [{ key: stored.key, value: JSON.stringify(mark) }],
    });
    stored.replayedAt = mark.replayedAt;
    results.push({ ref: stored.ref, outcome: 'replayed' });
  }
  return results;
}
