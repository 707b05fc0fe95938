// A service's `GET /metrics` (Prometheus' text format) and the gauges it reads when scraped: Kafka consumer
// lag per group and partition, open dead letters by topic, and MongoDB's connection pool. The HTTP figures come
// from http-conventions.ts, the outbox's from outbox.ts, the queues' from queues.ts, Node's and the business
// counters from metrics.ts. Names and meanings: docs/observability.md.
import type { Admin } from 'kafkajs';
import { consumersOfApp, countOpenDeadLetters } from './dead-letters.js';
import { cachedGauge, Gauge, metricsText, METRICS_CONTENT_TYPE } from './metrics.js';
import type { ServiceApp } from './service.js';

export function registerServiceMetrics(app: ServiceApp): void {
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (_req, reply) =>
    reply.type(METRICS_CONTENT_TYPE).send(await metricsText(app.metrics)),
  );
  cachedGauge(
    app.metrics,
    {
      name: 'dead_letters',
      help: 'Dead letters whose event the consumer has still not handled, by dead-letter topic',
      labelNames: ['topic'],
    },
    async () =>
      Object.entries(await countOpenDeadLetters(app.mongo, consumersOfApp(app))).map(([topic, value]) => ({
        labels: { topic },
        value,
      })),
  );
  measureConsumerLag(app);
  measureMongoPool(app);
}

/**
 * `kafka_consumer_lag{group,topic,partition}`: messages on the partition that the group has not committed yet
 * (the high watermark less the committed offset), as the broker sees it, like a lag exporter would. A group
 * that never committed counts from the partition's first offset.
 */
function measureConsumerLag(app: ServiceApp) {
  let admin: Admin | undefined;
  let connected: Promise<void> | undefined;
  app.onShutdown(async () => {
    if (connected) await connected.then(() => admin?.disconnect()).catch(() => undefined);
  });
  cachedGauge(
    app.metrics,
    {
      name: 'kafka_consumer_lag',
      help: 'Messages not yet consumed (committed) by each consumer group, per topic and partition',
      labelNames: ['group', 'topic', 'partition'],
    },
    async () => {
      const consumers = consumersOfApp(app);
      if (consumers.length === 0) return [];
      admin ??= app.kafka.admin({ retry: { retries: 0 } });
      connected ??= admin.connect().catch((err: unknown) => {
        connected = undefined;
        throw err;
      });
      await connected;
      const reader = admin;
      const topics = [...new Set(consumers.flatMap((c) => c.topics))];
      const ends = new Map(
        await Promise.all(topics.map(async (topic) => [topic, await reader.fetchTopicOffsets(topic)] as const)),
      );
      const values = await Promise.all(
        consumers.map(async ({ groupId, topics: own }) => {
          const committed = await reader.fetchOffsets({ groupId, topics: own });
          return committed.flatMap(({ topic, partitions }) =>
            partitions.map(({ partition, offset }) => {
              const end = ends.get(topic)?.find((p) => p.partition === partition);
              const high = Number(end?.high ?? 0);
              const from = Number(offset) >= 0 ? Number(offset) : Number(end?.low ?? 0);
              return { labels: { group: groupId, topic, partition }, value: Math.max(0, high - from) };
            }),
          );
        }),
      );
      return values.flat();
    },
  );
}

/**
 * `mongodb_pool_connections{state}` (open, in_use) and `mongodb_pool_waiting` (operations waiting for a
 * connection), kept from the driver's pool events.
 */
function measureMongoPool(app: ServiceApp) {
  const client = app.mongo.getClient();
  let open = 0;
  let inUse = 0;
  let waiting = 0;
  client.on('connectionCreated', () => void (open += 1));
  client.on('connectionClosed', () => void (open = Math.max(0, open - 1)));
  client.on('connectionCheckOutStarted', () => void (waiting += 1));
  client.on('connectionCheckOutFailed', () => void (waiting = Math.max(0, waiting - 1)));
  client.on('connectionCheckedOut', () => {
    waiting = Math.max(0, waiting - 1);
    inUse += 1;
  });
  client.on('connectionCheckedIn', () => void (inUse = Math.max(0, inUse - 1)));
  new Gauge({
    name: 'mongodb_pool_connections',
    help: 'Connections in the MongoDB pool: open, and in use by an operation',
    labelNames: ['state'] as const,
    registers: [app.metrics],
    collect() {
      this.set({ state: 'open' }, open);
      this.set({ state: 'in_use' }, inUse);
    },
  });
  new Gauge({
    name: 'mongodb_pool_waiting',
    help: 'Operations waiting for a MongoDB connection',
    registers: [app.metrics],
    collect() {
      this.set(waiting);
    },
  });
}
