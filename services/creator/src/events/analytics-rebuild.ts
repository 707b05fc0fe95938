// Rebuilding creators' counters exactly (docs/creator.md, "Analytics"): a new generation, counted by a fresh
// consumer group that replays every topic from its start, while reads stay on the current generation. Once the
// group has handled everything that was on the topics when it started, `analytics_state` switches reads (and the
// instances' live consumers) to it; the group keeps counting from there as the live one.
import type { EventConsumer } from '@travelclub/kit';
import { counterGenerationsOn, type CounterGenerations } from '../flows/counter-generations.js';
import { analyticsConsumer, type ConsumerDeps } from './analytics.js';

type AnalyticsState = Awaited<ReturnType<CounterGenerations['current']>>;

export interface RebuildResult {
  /** The generation read before, and the one read now. */
  previous: AnalyticsState;
  state: AnalyticsState;
  /** The events that were on the topics when the rebuild started, all handled. */
  events: number;
  ms: number;
  /** The new generation's consumer, still running: the caller keeps it as the live one, or stops it. */
  consumer: EventConsumer;
  /** The generations it moved between: the caller drops the previous one through them. */
  generations: CounterGenerations;
}

interface RebuildOptions {
  generations: CounterGenerations;
  /** Give up (and drop the half-built generation) after this long. */
  timeoutMs?: number;
}

type Kafka = ConsumerDeps['kafka'];
type Admin = ReturnType<Kafka['admin']>;
type Ends = Map<string, { partition: number; high: bigint; low: bigint }[]>;

/** Where each partition of the topics ends now. */
async function endsOf(admin: Admin, topics: string[]): Promise<Ends> {
  const ends: Ends = new Map();
  for (const topic of topics) {
    const offsets = await admin.fetchTopicOffsets(topic);
    ends.set(
      topic,
      offsets.map(({ partition, high, low }) => ({ partition, high: BigInt(high), low: BigInt(low) })),
    );
  }
  return ends;
}

/** Whether the group has committed past every end in `ends` (an empty partition needs nothing). */
async function reached(admin: Admin, groupId: string, ends: Ends): Promise<boolean> {
  const committed = await admin.fetchOffsets({ groupId, topics: [...ends.keys()] });
  return committed.every(({ topic, partitions }) =>
    partitions.every(({ partition, offset }) => {
      const end = ends.get(topic)?.find((p) => p.partition === partition);
      return !end || end.high <= end.low || BigInt(offset) >= end.high;
    }),
  );
}

const eventsIn = (ends: Ends) =>
  Number([...ends.values()].flat().reduce((sum, { high, low }) => sum + (high - low), 0n));

/** Waits until the group has handled what `ends` says, polling its committed offsets. */
async function caughtUp(kafka: Kafka, groupId: string, ends: Ends, timeoutMs: number) {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    while (!(await reached(admin, groupId, ends))) {
      if (Date.now() > deadline) throw new Error(`the counters rebuild did not catch up within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await admin.disconnect();
  }
}

/**
 * Replays every topic into a new generation under a fresh group, then switches reads to it. On failure the new
 * generation is dropped and reads stay where they were.
 */
export async function rebuildCounters(
  deps: ConsumerDeps,
  { generations, timeoutMs = 30 * 60_000 }: RebuildOptions,
): Promise<RebuildResult> {
  const startedAt = Date.now();
  const previous = await generations.current();
  const state = await generations.begin();
  const consumer = analyticsConsumer(deps, state.groupId, generations.writerFor(state.generation));
  try {
    await consumer.start();
    const admin = deps.kafka.admin();
    await admin.connect();
    const ends = await endsOf(admin, consumer.topics()).finally(() => admin.disconnect());
    await caughtUp(deps.kafka, consumer.groupId, ends, timeoutMs);
    if (!(await generations.switchTo(previous.generation, state)))
      throw new Error('another rebuild switched the counters first');
    return { previous, state, events: eventsIn(ends), ms: Date.now() - startedAt, consumer, generations };
  } catch (err) {
    await consumer.stop();
    await generations.abandon(state.generation);
    throw err;
  }
}

/** `rebuildCounters` on any connections (a command's own, or a service's), with the generations on its MongoDB. */
export async function rebuildCountersOn(deps: ConsumerDeps, timeoutMs?: number): Promise<RebuildResult> {
  const generations = await counterGenerationsOn(deps.mongo, deps.topicPrefix ?? '');
  return rebuildCounters(deps, { generations, ...(timeoutMs ? { timeoutMs } : {}) });
}
