// The counting consumer (docs/creator.md, "Analytics"): every topic creators' counters come from, handled by the
// kit's idempotent consumer into one generation of the counters. The live one follows `analytics_state`: when a
// rebuild (analytics-rebuild.ts) switches generations, each instance moves its consumer to the rebuild's group,
// which resumes where the rebuild stopped, and drops the old generation.
import {
  createEventConsumer,
  watchDeadLetters,
  type EventConsumer,
  type EventConsumerOptions,
  type Logger,
  type ServiceApp,
} from '@travelclub/kit';
import type { CounterWriter } from '../flows/analytics.js';
import type { CounterGenerations } from '../flows/counter-generations.js';

type AnalyticsState = Awaited<ReturnType<CounterGenerations['current']>>;

/** The connections a counting consumer runs on: a service's, or a command's own (the rebuild). */
export type ConsumerDeps = Pick<
  EventConsumerOptions,
  'kafka' | 'producer' | 'mongo' | 'logger' | 'topicPrefix' | 'numPartitions'
>;

export const consumerDepsOf = (app: ServiceApp): ConsumerDeps => ({
  kafka: app.kafka,
  producer: app.producer,
  mongo: app.mongo,
  logger: app.log,
  topicPrefix: app.config.KAFKA_TOPIC_PREFIX,
  numPartitions: app.config.KAFKA_PARTITIONS,
});

/**
 * A consumer of the four topics into the writer's generation. Partitions are worked in parallel (ordering
 * holds per aggregate, which is all the counting needs): a replay of every topic goes through them at once.
 */
export function analyticsConsumer(deps: ConsumerDeps, groupId: string, writer: CounterWriter): EventConsumer {
  const consumer = createEventConsumer({ ...deps, groupId, concurrency: 12 });
  // The writer lets go of an event's guard once this consumer has recorded the event as handled.
  writer.settleBy(consumer.groupId);
  return consumer
    .handle('creator.club.viewed', (e) => writer.viewed(e))
    .handle('creator.subscriber.confirmed', (e) => writer.subscriber(e))
    .handle('creator.subscriber.removed', (e) => writer.subscriber(e))
    .handle('catalog.search.created', (e) => writer.searched(e))
    .handle('itinerary.room.added', (e) => writer.itinerary(e, 'started'))
    .handle('itinerary.confirmed', (e) => writer.itinerary(e, 'confirmed'))
    .handle('itinerary.cancelled', (e) => writer.itinerary(e, 'cancelled'))
    .handle('billing.invoice.paid', (e) => writer.paid(e))
    .handle('billing.refund.issued', (e) => writer.refunded(e));
}

interface LiveOptions {
  generations: CounterGenerations;
  /** How often to look for a switch made elsewhere. */
  followMs: number;
  log: Logger;
}

/** The instance's live counting: started on the generation read now, moved whenever another one is switched to. */
export function liveCounters(app: ServiceApp, { generations, followMs, log }: LiveOptions) {
  const deps = consumerDepsOf(app);
  let current: { state: AnalyticsState; consumer: EventConsumer } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let moving: Promise<void> = Promise.resolve();

  /** Runs `consumer` (started already) as the live one, stops the old one and drops the old generation. */
  async function adopt(state: AnalyticsState, consumer: EventConsumer) {
    const old = current;
    // Already there (a rebuild here and the follow-up both moved): one consumer of the group is enough.
    if (old?.state.generation === state.generation) {
      if (old.consumer !== consumer) await consumer.stop();
      return;
    }
    current = { state, consumer };
    watchDeadLetters(app, consumer);
    if (!old) return;
    await old.consumer.stop();
    await generations.drop(old.state);
    log.info({ from: old.state.generation, to: state.generation }, 'counters moved to a rebuilt generation');
  }

  async function startOn(state: AnalyticsState) {
    const consumer = analyticsConsumer(deps, state.groupId, generations.writerFor(state.generation));
    await consumer.start();
    await adopt(state, consumer);
  }

  /** Moves to the generation `analytics_state` names, if it is not the one counted into now. */
  const follow = () => {
    moving = moving
      .then(async () => {
        const state = await generations.current();
        if (current && state.generation !== current.state.generation) await startOn(state);
      })
      .catch((err: unknown) => log.error({ err }, 'could not follow a counters rebuild; will try again'));
    return moving;
  };

  return {
    async start() {
      await startOn(await generations.current());
      // Never what keeps the process alive: shutdown stops it anyway.
      timer ??= setInterval(() => void follow(), followMs).unref();
    },
    follow,
    /** A rebuild run here: its consumer becomes the live one at once. */
    adopt: (state: AnalyticsState, consumer: EventConsumer) => {
      moving = moving.then(() => adopt(state, consumer));
      return moving;
    },
    async stop() {
      clearInterval(timer);
      await moving;
      await current?.consumer.stop();
    },
  };
}
export type LiveCounters = ReturnType<typeof liveCounters>;
