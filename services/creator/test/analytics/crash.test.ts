// Counting exactly once across a crash (docs/creator.md, "Counting exactly once"): a counting consumer in a process
// of its own is killed (SIGKILL) in the middle of a batch, after it counted events whose handled records were not
// written yet; a consumer of the same group then starts, is handed those events again, and the counters equal
// the published totals exactly: page views, visitors, subscribers, booking value, commission and its reversal.
import type { CreatorCounters } from '@travelclub/contracts';
import { unheardOutbox } from '@travelclub/kit';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { analyticsConsumer, consumerDepsOf } from '../../src/events/analytics.js';
import { counterWriter, rememberedOwners } from '../../src/flows/analytics.js';
import { seriesOf } from '../../src/domain/analytics.js';
import { analyticsStore } from '../../src/store/analytics.js';
import { profileStore } from '../../src/store/profiles.js';
import { useCreator } from '../helpers.js';
import { publishOn, today, usd, zeros } from './mix.js';

const world = useCreator();
const root = resolve(import.meta.dirname, '..', '..', '..', '..');
const VIEWS = 240;

/** Starts the counting process; resolves with it once it counts. */
async function countingProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'counting-process.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  await new Promise<void>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => String(chunk).includes('counting') && done());
    child.once('exit', (code) => fail(new Error(`the counting process exited (${code}):\n${output}`)));
  });
  return child;
}

it('counts every event once when the consumer is killed mid-batch and its events come again', async () => {
  const creator = await world.creator('Kim Crashes');
  const creatorId = creator.id;
  const slug = creator.profile.slug;
  const generation = 1_000 + Math.floor(Math.random() * 1_000_000);
  const group = `creator-analytics-crash-${randomUUID().slice(0, 8)}`;
  const store = await analyticsStore(world.app.mongo);

  // What the creator's day must add up to, as it is published.
  const expected: CreatorCounters = zeros();
  const ids: string[] = [];
  const viewIds: string[] = [];
  for (let i = 0; i < VIEWS; i++) {
    const newVisitor = i % 3 === 0;
    const event = await publishOn(world, today, 'creator.club.viewed', creatorId, {
      creatorId,
      day: today,
      newVisitor,
    });
    viewIds.push(event.id);
    expected.pageViews += 1;
    expected.uniqueVisitors += newVisitor ? 1 : 0;
  }
  for (let i = 0; i < 25; i++) {
    const subscriptionId = randomUUID();
    const type = i % 5 === 4 ? 'creator.subscriber.removed' : 'creator.subscriber.confirmed';
    const event = await publishOn(world, today, type, subscriptionId, {
      subscriptionId,
      creatorId,
      at: `${today}T12:00:00.000Z`,
    });
    ids.push(event.id);
    expected.subscribers += type === 'creator.subscriber.confirmed' ? 1 : -1;
  }
  for (let i = 0; i < 30; i++) {
    const invoiceId = `inv_${randomUUID().slice(0, 12)}`;
    const itineraryId = `it_${randomUUID().slice(0, 12)}`;
    const userId = `traveller-${i}`;
    const amount = usd(100_00 + i);
    const commission = usd(15_00 + i);
    const paid = await publishOn(world, today, 'billing.invoice.paid', invoiceId, {
      invoiceId,
      itineraryId,
      userId,
      paymentId: `pay_${i}`,
      amount,
      paidAt: new Date().toISOString(),
      creator: slug,
      commission,
    });
    ids.push(paid.id);
    expected.grossBookingValue.USD = (expected.grossBookingValue.USD ?? 0) + amount.amount;
    expected.commission.USD = (expected.commission.USD ?? 0) + commission.amount;
    if (i % 3 === 0) {
      const reversed = usd(5_00 + i);
      const refund = await publishOn(world, today, 'billing.refund.issued', invoiceId, {
        refundId: `re_${i}`,
        invoiceId,
        itineraryId,
        userId,
        amount: usd(50_00),
        charge: usd(0),
        reason: 'cancelled',
        creator: slug,
        commissionReversed: reversed,
      });
      ids.push(refund.id);
      expected.commissionReversed.USD = (expected.commissionReversed.USD ?? 0) + reversed.amount;
    }
  }
  ids.push(...viewIds);

  const read = async () => seriesOf(await store.read(generation, creatorId, [today]), { from: today, to: today });
  const handled = () =>
    world.app.mongo
      .collection('processed_events')
      .countDocuments({ consumer: `${world.app.config.KAFKA_TOPIC_PREFIX}${group}`, eventId: { $in: viewIds } });
  const { config } = world.app;
  const child = await countingProcess({
    MONGO_URL: config.MONGO_URL,
    MONGO_DB: config.MONGO_DB ?? 'creator',
    KAFKA_BROKERS: config.KAFKA_BROKERS.join(','),
    KAFKA_TOPIC_PREFIX: config.KAFKA_TOPIC_PREFIX,
    KAFKA_PARTITIONS: String(config.KAFKA_PARTITIONS),
    GROUP: group,
    GENERATION: String(generation),
    HANDLER_DELAY_MS: '20',
  });
  // Killed once it has counted some of the views (a batch of them, recorded in hundreds at most).
  await expect.poll(async () => (await read()).totals.pageViews, { timeout: 30_000, interval: 20 }).toBeGreaterThan(20);
  child.kill('SIGKILL');
  await new Promise((done) => child.once('exit', done));
  const before = (await read()).totals.pageViews;
  // The crash lost the records of views it had counted: they are handed over again.
  expect(before).toBeGreaterThan(await handled());
  expect(before).toBeLessThan(VIEWS);

  // The group's next member: it joins once the killed one's session is over, and resumes from the committed
  // offsets.
  const profiles = await profileStore(world.app.mongo, unheardOutbox);
  const writer = counterWriter(store, rememberedOwners(profiles.slugOwner), generation);
  const consumer = analyticsConsumer(consumerDepsOf(world.app), group, writer);
  for (let tries = 0; ; tries++) {
    try {
      await consumer.start();
      break;
    } catch (err) {
      if (tries >= 3) throw err;
    }
  }
  try {
    const all = () =>
      world.app.mongo
        .collection('processed_events')
        .countDocuments({ consumer: consumer.groupId, eventId: { $in: ids } });
    await expect.poll(all, { timeout: 60_000, interval: 200 }).toBe(ids.length);
    expect((await read()).totals).toEqual(expected);
    // The ids guarding the day go once their events are recorded (the writer settles at every 50th count).
    await store.settle(generation, creatorId, today, consumer.groupId);
    expect(await store.appliedIds(generation)).toBe(0);
  } finally {
    await consumer.stop();
    await store.drop(generation);
    await world.app.mongo.collection('processed_events').deleteMany({ consumer: consumer.groupId });
  }
}, 180_000);
