// A counting consumer in a process of its own, for the crash test (crash.test.ts): one group into one generation of
// the counters, every handler a little slow so that the test can kill the process (SIGKILL: nothing runs on the
// way out) in the middle of a batch. Settings from the environment: MONGO_URL, MONGO_DB, KAFKA_BROKERS,
// KAFKA_TOPIC_PREFIX, KAFKA_PARTITIONS, GROUP, GENERATION, HANDLER_DELAY_MS. Prints `counting` once started.
import { connectMongo, createKafka, createProducer, unheardOutbox } from '@travelclub/kit';
import pino from 'pino';
import { analyticsConsumer } from '../../src/events/analytics.js';
import { counterWriter, rememberedOwners, type CounterWriter } from '../../src/flows/analytics.js';
import { analyticsStore } from '../../src/store/analytics.js';
import { profileStore } from '../../src/store/profiles.js';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const logger = pino({ level: 'warn' });
const mongo = await connectMongo(env('MONGO_URL'), env('MONGO_DB'));
const kafka = createKafka('creator-counting-process', env('KAFKA_BROKERS').split(','), logger);
const producer = await createProducer(kafka);
const store = await analyticsStore(mongo);
const owners = rememberedOwners((await profileStore(mongo, unheardOutbox)).slugOwner);
const writer = counterWriter(store, owners, Number(env('GENERATION')));
const delay = Number(env('HANDLER_DELAY_MS'));
const slow = <K extends Exclude<keyof CounterWriter, 'settleBy'>>(name: K) => {
  const handle = writer[name] as (...args: unknown[]) => Promise<void>;
  (writer as Record<string, unknown>)[name] = async (...args: unknown[]) => {
    await handle(...args);
    await new Promise((resolve) => setTimeout(resolve, delay));
  };
};
for (const name of ['viewed', 'subscriber', 'searched', 'itinerary', 'paid', 'refunded'] as const) slow(name);
const consumer = analyticsConsumer(
  {
    kafka,
    producer,
    mongo,
    logger,
    topicPrefix: env('KAFKA_TOPIC_PREFIX'),
    numPartitions: Number(env('KAFKA_PARTITIONS')),
  },
  env('GROUP'),
  writer,
);
await consumer.start();
console.log('counting');
