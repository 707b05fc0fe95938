// The consuming side of bench/events.ts, in its own process: an idempotent consumer on its own
// connections that notes, for each of this run's events, how long after occurredAt it was handled: the
// cold-start (warmup) events apart from the measured ones.
import { topics } from '@travelclub/contracts';
import pino from 'pino';
import { connectMongo, createEventConsumer, createKafka, createProducer, handler } from '@travelclub/kit';
import { kafkaOf } from './setup.js';

const { MONGO_URL, KAFKA_BROKERS, runId, total, warmup } = JSON.parse(process.argv[2] ?? '{}') as {
  MONGO_URL: string;
  KAFKA_BROKERS: string;
  runId: string;
  total: number;
  warmup: number;
};
const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
const mongo = await connectMongo(MONGO_URL, `bench_events_consumer_${runId}`);
const kafka = createKafka(`bench-consumer-${runId}`, kafkaOf(KAFKA_BROKERS), logger);
const producer = await createProducer(kafka);
const latencies: number[] = [];
const coldLatencies: number[] = [];

const consumer = createEventConsumer({
  kafka,
  producer,
  mongo,
  logger,
  groupId: `bench-${runId}`,
  // This run's own topics: earlier runs and tests never share them.
  topicPrefix: `bench-${runId}.`,
}).on(
  topics.billing,
  handler('billing.invoice.created', async (event) => {
    const now = Date.now();
    if (event.aggregateId.startsWith(`inv-${runId}-warmup-`)) {
      coldLatencies.push(now - Date.parse(event.occurredAt));
      if (coldLatencies.length === warmup) process.send?.({ warm: { latencies: coldLatencies, lastHandledAt: now } });
      return;
    }
    latencies.push(now - Date.parse(event.occurredAt));
    if (latencies.length === total) {
      process.send?.({ done: { latencies, lastHandledAt: now } });
    }
  }),
);
await consumer.start();
process.send?.({ ready: true });
async function stop() {
  await consumer.stop();
  await producer.disconnect();
  await mongo.dropDatabase();
  await mongo.close();
  process.exit(0);
}
process.on('message', (message) => {
  if (message === 'stop') void stop();
});
