// The outbox relay's gauges (outbox.ts): what waits to be published, and for how long.
import { cachedGauge } from './metrics.js';
import type { OutboxRelay } from './outbox.js';
import type { ServiceApp } from './service.js';

/** The service's outbox backlog and the age of its oldest event, read from MongoDB when scraped (every 5 s at most). */
export function outboxMetrics(app: ServiceApp, relay: OutboxRelay) {
  let last: Promise<{ events: number; oldestAgeSeconds: number }> | undefined;
  // Both gauges come from one read: the second asks while the first's read is still the latest.
  const read = () => (last ??= relay.backlog().finally(() => setTimeout(() => (last = undefined), 1_000).unref()));
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
