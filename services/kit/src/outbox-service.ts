// A service's outbox relay (outbox.ts): made before its stores, started once its topics exist, with its gauges
// (what waits to be published, and for how long).
import { topics as allTopics } from '@travelclub/contracts';
import { ensureTopics } from './kafka.js';
import { cachedGauge } from './metrics.js';
import { createOutboxRelay, type OutboxRelay } from './outbox.js';
import type { ServiceApp } from './service.js';

/** The service's outbox backlog and the age of its oldest event, read from MongoDB when scraped (`cachedGauge`, resting). */
function outboxMetrics(app: ServiceApp, relay: OutboxRelay) {
  let last: Promise<{ events: number; oldestAgeSeconds: number }> | undefined;
  // Both gauges come from one read: the second asks while the first's read is still the latest.
  const read = () => (last ??= relay.backlog().finally(() => setTimeout(() => (last = undefined), 1_000).unref()));
  cachedGauge(
    app.metrics,
    { name: 'outbox_backlog_events', help: 'Events written but not yet published to Kafka' },
    async () => [{ labels: {}, value: (await read()).events }],
    { rests: true },
  );
  cachedGauge(
    app.metrics,
    { name: 'outbox_oldest_event_age_seconds', help: 'Age of the oldest event not yet published to Kafka (0: none)' },
    async () => [{ labels: {}, value: (await read()).oldestAgeSeconds }],
    { rests: true },
  );
}

/**
 * The service's outbox relay, made before its stores (they add their models to it and kick it) and started
 * by `startOutboxRelay` once they exist.
 */
export function serviceOutbox(app: ServiceApp): OutboxRelay {
  return createOutboxRelay({ producer: app.producer, logger: app.log, topicPrefix: app.config.KAFKA_TOPIC_PREFIX });
}

/**
 * Starts a service's relay once its topics exist, and stops it on shutdown (before the producer closes).
 * Making the topics is a start-up step (retried while Kafka is not ready, in the background under
 * runService); events kicked meanwhile wait for the relay.
 */
export async function startOutboxRelay(app: ServiceApp, relay: OutboxRelay): Promise<void> {
  app.onShutdown(() => relay.stop());
  outboxMetrics(app, relay);
  await app.startup.step('outbox relay', async () => {
    await ensureTopics(
      app.kafka,
      Object.values(allTopics).map((topic) => app.config.KAFKA_TOPIC_PREFIX + topic),
      app.config.KAFKA_PARTITIONS,
    );
    relay.start();
  });
}
