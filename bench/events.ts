// Throughput and latency of the event path: an aggregate saved with its event (outbox) → relay →
// Kafka → idempotent consumer. Writers and relay run in this process, the consumer in a child
// process with its own connections, as it would in another service. Latency runs from the event's
// occurredAt (stamped just before the save) to the moment the handler runs.
// Usage: npm run bench:events [-- --events 10000 --rate 6000]   (--rate 0: everything at once)
import { fork } from 'node:child_process';
import { Schema } from 'mongoose';
import pino from 'pino';
import {
  connectMongo,
  createKafka,
  createOutboxRelay,
  createProducer,
  defineModel,
  newEvent,
  outboxPlugin,
} from '@travelclub/kit';
import { benchOptions, kafkaOf, serverSettings } from './setup.js';

const values = benchOptions({ events: 10000, rate: 6000, warmup: 5000 });
const total = values.events;
/** Offered load in events per second; 0 offers everything at once. */
const rate = values.rate;
const TICK_MS = 10;
/** Events sent first and not measured: connections, caches and the JIT warm up on them. */
const warmup = values.warmup;
const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });

const settings = await serverSettings('MONGO_URL', 'KAFKA_BROKERS');
const runId = Date.now().toString(36);
const mongo = await connectMongo(settings.MONGO_URL, `bench_events_${runId}`);
const producer = await createProducer(createKafka(`bench-${runId}`, kafkaOf(settings.KAFKA_BROKERS), logger));
const schema = new Schema({ _id: String, status: String }, { versionKey: false });
schema.plugin(outboxPlugin);
const Invoice = await defineModel(mongo, 'Invoice', schema);

const consumer = fork(
  new URL('./events-consumer.ts', import.meta.url),
  [JSON.stringify({ ...settings, runId, total, warmup })],
  { execArgv: ['--import', 'tsx'] },
);
let stopping = false;
consumer.once('exit', (code) => {
  if (stopping) return;
  console.error(`the consumer exited early (${code})`);
  process.exit(1);
});
/** The consumer reports `ready`, then `warm`, then `done` with its measurements. */
const report = <T>(key: 'ready' | 'warm' | 'done') =>
  new Promise<T>((resolve) => consumer.on('message', (m: Record<string, T>) => key in m && resolve(m[key]!)));
const ready = report<boolean>('ready');
const warmedUp = report<boolean>('warm');
const measured = report<{ latencies: number[]; lastHandledAt: number }>('done');
await ready;

const relay = createOutboxRelay({ models: [Invoice], producer, logger, topicPrefix: `bench-${runId}.` });
relay.start();
const dueAt = new Date(Date.now() + 86_400_000).toISOString();
const save = async (phase: string, from: number, to: number) => {
  const docs = [];
  for (let i = from; i < to; i++) {
    const id = `inv-${runId}-${phase}-${i}`;
    const payload = {
      invoiceId: id,
      itineraryId: `it-${id}`,
      userId: 'u-bench',
      total: { amount: 12999, currency: 'USD' },
      dueAt,
    };
    // Each aggregate document carries its own event, written atomically with it.
    docs.push({
      _id: id,
      status: 'open',
      outbox: [newEvent('billing.invoice.created', id, payload, { correlationId: id, causationId: id })],
    });
  }
  // The load generator inserts lean: the system under test is the relay, Kafka and the consumer.
  await Invoice.insertMany(docs, { lean: true });
  relay.kick(...docs.map((d) => d._id));
};

/**
 * Open loop: every tick saves the aggregates due by then, whether or not earlier saves have finished,
 * so a slow pipeline shows as latency instead of slowing the offered load down.
 */
async function offer(phase: string, count: number) {
  const startedAt = Date.now();
  const writes: Promise<void>[] = [];
  for (let sent = 0; sent < count;) {
    const due =
      rate > 0
        ? Math.min(count, Math.floor(((Date.now() - startedAt) * rate) / 1000) + Math.ceil((rate * TICK_MS) / 1000))
        : count;
    while (sent < due) {
      const to = Math.min(due, sent + 50);
      writes.push(save(phase, sent, to));
      sent = to;
    }
    if (sent < count) await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  await Promise.all(writes);
  return startedAt;
}

await offer('warmup', warmup);
await warmedUp;
const startedAt = await offer('measured', total);
const savedIn = (Date.now() - startedAt) / 1000;
const timeout = setTimeout(() => {
  console.error('not every event was handled within 120 s');
  process.exit(1);
}, 120_000);
const result = await measured;
clearTimeout(timeout);
const seconds = (result.lastHandledAt - startedAt) / 1000;

await relay.stop();
stopping = true;
consumer.send('stop');
await new Promise((resolve) => consumer.once('exit', resolve));
await producer.disconnect();
await mongo.dropDatabase();
await mongo.close();

const sorted = result.latencies.sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
console.log(`events: ${total} offered at ${rate > 0 ? `${rate}/s` : 'once'}, saved in ${savedIn.toFixed(2)} s`);
console.log(`events: ${total} through outbox → kafka → consumer in ${seconds.toFixed(2)} s`);
console.log(`latency ms: p50 ${pct(50)}, p90 ${pct(90)}, p99 ${pct(99)}, max ${pct(100)}`);
console.log(`RESULT events_per_s=${Math.round(total / seconds)} p50_ms=${pct(50)} p99_ms=${pct(99)}`);
