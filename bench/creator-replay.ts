// How fast creators' counters are rebuilt from the topics (services/creator, docs/creator.md "Analytics"): N
// realistic events (club page views, subscribers, searches, itineraries with their rooms, bookings, payments with
// commission, cancellations and refunds, for 50 creators over 30 days) are put on fresh topics, then the
// service's own rebuild command (`npm run creator:rebuild-counters`) replays them under a fresh consumer group, in
// its own process, as it runs in production. The rate is the events over the rebuild's time (from its start to the
// switch, group join included). The rebuilt sums are checked against what was published.
// Usage: npm run bench:creator-replay [-- --events 20000 --creators 50]
import { topics, type EventPayload, type EventType } from '@travelclub/contracts';
import { connectMongo, createKafka, createProducer, ensureTopics, newEvent, type OutboxEvent } from '@travelclub/kit';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { benchOptions, kafkaOf, serverSettings } from './setup.js';

const values = benchOptions({ events: 20000, creators: 50, seed: 7 });
const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
const settings = await serverSettings('MONGO_URL', 'KAFKA_BROKERS');
const runId = Date.now().toString(36);
const prefix = `bench-replay-${runId}.`;
const database = `bench_creator_replay_${runId}`;
const DAY_MS = 86_400_000;

/** A small seeded generator (mulberry32), so every run publishes the same mix. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(values.seed);
const pick = <T>(items: T[]) => items[Math.floor(rand() * items.length)]!;

const creators = Array.from({ length: values.creators }, (_, i) => ({
  id: `bench-creator-${i}`,
  slug: `bench-${runId}-c${i}`,
}));
/** What the rebuilt counters must add up to. */
const expected = { pageViews: 0, subscribers: 0, searches: 0, started: 0, bookings: 0, cancellations: 0, gbv: 0 };
const events: OutboxEvent[] = [];
let sequence = 0;

function add<T extends EventType>(type: T, aggregateId: string, payload: EventPayload<T>, at: Date) {
  const id = `bench-${++sequence}`;
  events.push({
    ...newEvent(type, aggregateId, payload, { correlationId: id, causationId: id }),
    occurredAt: at.toISOString(),
  });
}

/** One attributed itinerary: its rooms, and perhaps a booking paid, cancelled and refunded. */
function itinerary(creator: (typeof creators)[number], at: Date) {
  const itineraryId = `it-${runId}-${sequence}`;
  const invoiceId = `inv-${itineraryId}`;
  const userId = `traveller-${Math.floor(rand() * 5000)}`;
  const total = { amount: 10_000 + Math.floor(rand() * 90_000), currency: 'USD' };
  const stay = {
    hotelId: 'hotel-1',
    roomType: 'double',
    rateId: 'rate-1',
    checkInDate: '2030-01-10',
    checkOutDate: '2030-01-12',
  };
  const rooms = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < rooms; i++)
    add(
      'itinerary.room.added',
      itineraryId,
      { ...stay, itineraryId, userId, lineItemId: `li-${i}`, totalPrice: total, creator: creator.slug },
      at,
    );
  expected.started += 1;
  if (rand() > 0.4) return;
  add('itinerary.confirmed', itineraryId, { itineraryId, userId, invoiceId, total, creator: creator.slug }, at);
  const commission = { amount: Math.round(total.amount * 0.1), currency: 'USD' };
  const paid = {
    invoiceId,
    itineraryId,
    userId,
    paymentId: `pay-${itineraryId}`,
    amount: total,
    paidAt: at.toISOString(),
  };
  add('billing.invoice.paid', invoiceId, { ...paid, creator: creator.slug, commission }, at);
  expected.bookings += 1;
  expected.gbv += total.amount;
  if (rand() > 0.15) return;
  const cancelledBy = { userId, role: 'role/customer' as const };
  const terms = { currency: 'USD', lines: [] };
  const cancelled = {
    itineraryId,
    userId,
    invoiceId,
    cancelledBy,
    cancelledAt: at.toISOString(),
    reason: 'requested' as const,
    terms,
    refund: total,
  };
  add('itinerary.cancelled', itineraryId, { ...cancelled, creator: creator.slug }, at);
  expected.cancellations += 1;
  const refund = {
    refundId: `re-${itineraryId}`,
    invoiceId,
    itineraryId,
    userId,
    amount: total,
    charge: { amount: 0, currency: 'USD' },
  };
  add(
    'billing.refund.issued',
    invoiceId,
    { ...refund, reason: 'cancelled', creator: creator.slug, commissionReversed: commission },
    at,
  );
}

while (events.length < values.events) {
  const creator = pick(creators);
  const at = new Date(Date.now() - Math.floor(rand() * 30) * DAY_MS);
  const day = at.toISOString().slice(0, 10);
  const r = rand();
  if (r < 0.55) {
    add('creator.club.viewed', creator.id, { creatorId: creator.id, day, newVisitor: rand() < 0.6 }, at);
    expected.pageViews += 1;
  } else if (r < 0.62) {
    const subscriptionId = `sub-${sequence}`;
    const removed = rand() < 0.2;
    add(
      `creator.subscriber.${removed ? 'removed' : 'confirmed'}`,
      subscriptionId,
      { subscriptionId, creatorId: creator.id, at: at.toISOString() },
      at,
    );
    expected.subscribers += removed ? -1 : 1;
  } else if (r < 0.8) {
    const searchId = `search-${runId}-${sequence}`;
    const attributed = rand() < 0.8;
    add('catalog.search.created', searchId, { searchId, ...(attributed ? { creator: creator.slug } : {}) }, at);
    if (attributed) expected.searches += 1;
  } else itinerary(creator, at);
}

// The creators' slug history (the service keeps it from profiles; here it is written as the service stores it).
const mongo = await connectMongo(settings.MONGO_URL, database);
await mongo
  .collection('slugs')
  .insertMany(creators.map((c) => ({ _id: c.slug as never, userId: c.id, claimedAt: new Date() })));

const kafka = createKafka(`bench-replay-${runId}`, kafkaOf(settings.KAFKA_BROKERS), logger);
const producer = await createProducer(kafka);
const ownTopics = Object.values(topics).map((topic) => prefix + topic);
await ensureTopics(kafka, ownTopics, 3);
const publishStart = Date.now();
for (let i = 0; i < events.length; i += 2000) {
  const byTopic = new Map<string, { key: string; value: string }[]>();
  for (const event of events.slice(i, i + 2000)) {
    const topic = prefix + event.type.slice(0, event.type.indexOf('.')) + '.events';
    byTopic.set(topic, [...(byTopic.get(topic) ?? []), { key: event.aggregateId, value: JSON.stringify(event) }]);
  }
  await producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
}
const publishedIn = (Date.now() - publishStart) / 1000;

/** Runs the service's rebuild command on this run's topics and database; its last line is its outcome. */
function rebuild(): Promise<{ events: number; ms: number; generation: number }> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/creator/src/rebuild-counters.ts'], {
    cwd: root,
    env: {
      ...process.env,
      MONGO_URL: settings.MONGO_URL,
      MONGO_DB: database,
      KAFKA_BROKERS: settings.KAFKA_BROKERS,
      REDIS_URL: settings.REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      KAFKA_TOPIC_PREFIX: prefix,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0) return reject(new Error(`the rebuild exited with ${code}: ${out}`));
      console.log(out.trim().split('\n').slice(0, -1).join('\n'));
      resolve(JSON.parse(last) as { events: number; ms: number; generation: number });
    }),
  );
}

const result = await rebuild();
const rebuilt = await mongo.collection('counters').find({ generation: result.generation }).toArray();
const total = (name: string) => rebuilt.reduce((sum, doc) => sum + ((doc[name] as number | undefined) ?? 0), 0);
const gbv = rebuilt.reduce((sum, doc) => sum + ((doc.grossBookingValue as { USD?: number } | undefined)?.USD ?? 0), 0);
const got = {
  pageViews: total('pageViews'),
  subscribers: total('subscribers'),
  searches: total('searches'),
  started: total('itinerariesStarted'),
  bookings: total('bookings'),
  cancellations: total('cancellations'),
  gbv,
};
const exact = JSON.stringify(got) === JSON.stringify(expected) && result.events === events.length;

const admin = kafka.admin();
await admin.connect();
await admin.deleteTopics({ topics: ownTopics }).catch(() => undefined);
await admin.disconnect();
await producer.disconnect();
await mongo.dropDatabase();
await mongo.close();

console.log(`events: ${events.length} published in ${publishedIn.toFixed(2)} s for ${values.creators} creators`);
console.log(
  `rebuilt: ${result.events} events in ${(result.ms / 1000).toFixed(2)} s; sums ${exact ? 'exact' : 'WRONG'}`,
);
if (!exact) {
  console.error({ expected, got });
  process.exitCode = 1;
}
console.log(
  `RESULT events_per_s=${Math.round(result.events / (result.ms / 1000))} events=${result.events} rebuild_s=${(result.ms / 1000).toFixed(2)}`,
);
