// A service's outbox relay (outbox.ts): made before its stores, started once its topics exist, with its gauges
// (what waits to be published, and for how long).
import { topics as allTopics } from '@travelclub/contracts';
import { ensureTopics } from './kafka.js';
import { cachedGauge } from './metrics.js';
import { createOutboxRelay, restAfterEmptySweep, type OutboxRelay } from './outbox.js';
import type { ServiceApp } from './service.js';

/**
 * The service's outbox backlog and the age of its oldest event, read from MongoDB when scraped. A read is kept
 * for a second, or longer when it was slow and found nothing (`restAfterEmptySweep`: the local store scans).
 */
function outboxMetrics(app: ServiceApp, relay: OutboxRelay) {
  let last: Promise<{ events: number; oldestAgeSeconds: number }> | undefined;
  const readFresh = async () => {
    const started = Date.now();
    let keep = 1_000;
    try {
      const backlog = await relay.backlog();
      if (backlog.events === 0) keep = restAfterEmptySweep(Date.now() - started, keep);
      return backlog;
    } finally {
      setTimeout(() => (last = undefined), keep).unref();
    }
  };
  // Both gauges come from one read: the second asks while the first's read is still the latest.
  const read = () => (last ??= readFresh());
  cachedGauge(
    app.metrics,
    { name: 'outbox_backlog_events', help: 'Events written but not yet published to Kafka' },
    async () => [{ labels: {}, value: (await read()).events }],
  );
  cachedGauge(
    app.metrics,
    { name: 'outbox_oldest_event_age_seconds', help: 'Age of the oldest event not yet published to Kafka (0: none)' },
    async () => [{ labels: {}, value: (await read()).oldestAgeSeconds }],
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
