// What an operator sees in /metrics when events stop moving (docs/observability.md, docs/operations.md): with
// the broker frozen, the outbox backlog and the age of its oldest event grow, and both return to zero once it
// thaws; with a consumer stuck in its handler, the group's lag shows the events waiting, and returns to zero
// once it goes on. A broker of this file's own, so freezing it disturbs no other test.
import { topics } from '@travelclub/contracts';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { privateKafka } from '../../../scripts/private-servers.mjs';
import {
  buildService,
  createServiceConsumer,
  handler,
  newEvent,
  withEvents,
  type ServiceApp,
  type ServiceOutbox,
} from '../src/index.js';
import { readMetric, testConfig, uniqueName } from '../src/testing/index.js';
import { invoiceCreated, invoiceModel, invoicePaid } from './helpers.js';

let kafka: Awaited<ReturnType<typeof privateKafka>>;
let app: ServiceApp;
let outbox: ServiceOutbox;
let invoices: Awaited<ReturnType<typeof invoiceModel>>;
/** Held, the consumer's handler waits: a consumer stuck on a dependency that does not answer. */
let held: Promise<void> | undefined;
let release = () => {};
/** The consumer's group as Kafka knows it (the topic prefix before it). */
let groupId: string;

beforeAll(async () => {
  kafka = await privateKafka();
  ({ app, outbox } = await buildService(
    {
      name: 'kit-lag',
      config: testConfig('kit-lag', { KAFKA_BROKERS: kafka.brokers, KAFKA_TOPIC_PREFIX: `${uniqueName('lag')}.` }),
    },
    async (built, events) => {
      invoices = await invoiceModel(built.mongo);
      events.addModel(invoices);
      await events.start();
      return { app: built, outbox: events };
    },
  ));
  const consumer = createServiceConsumer(app, { groupId: uniqueName('lag-group') }).on(
    topics.billing,
    handler('billing.invoice.paid', async () => held),
  );
  await consumer.start();
  groupId = consumer.groupId;
}, 120_000);

afterAll(async () => {
  release();
  await app?.close();
  await kafka?.remove();
});

const ctx = { correlationId: 'corr-lag', causationId: 'test' };

async function writeInvoices(count: number, type: 'billing.invoice.created' | 'billing.invoice.paid') {
  const ids = Array.from({ length: count }, () => uniqueName('inv'));
  await invoices.insertMany(ids.map((id) => ({ _id: id, status: 'open', outbox: [] })));
  for (const id of ids) {
    const event =
      type === 'billing.invoice.paid'
        ? newEvent(type, id, invoicePaid(id), ctx)
        : newEvent(type, id, invoiceCreated(id), ctx);
    await invoices.updateOne({ _id: id }, withEvents({ $set: { status: 'open' } }, event));
  }
  outbox.kick(...ids);
  return ids;
}

it('shows the outbox backlog and its age while the broker is frozen, and zero once it thaws', async () => {
  await vi.waitFor(async () => expect(await readMetric(app, 'outbox_backlog_events')).toBe(0), { timeout: 20_000 });
  kafka.pause();
  try {
    await writeInvoices(5, 'billing.invoice.created');
    // Read when scraped, at most every 5 s: the backlog shows within one read, and its age keeps growing.
    await vi.waitFor(async () => expect(await readMetric(app, 'outbox_backlog_events')).toBe(5), {
      timeout: 20_000,
      interval: 500,
    });
    const age = await readMetric(app, 'outbox_oldest_event_age_seconds');
    expect(age).toBeGreaterThan(0);
    await vi.waitFor(
      async () => expect(await readMetric(app, 'outbox_oldest_event_age_seconds')).toBeGreaterThan(age),
      {
        timeout: 20_000,
        interval: 500,
      },
    );
  } finally {
    kafka.resume();
  }
  await vi.waitFor(
    async () => {
      expect(await readMetric(app, 'outbox_backlog_events')).toBe(0);
      expect(await readMetric(app, 'outbox_oldest_event_age_seconds')).toBe(0);
    },
    { timeout: 60_000, interval: 500 },
  );
  // And the consumer past them (it handles none of them, but commits them): the next test's lag is its own
  // events only. Once, CI's consumer caught up late and fetched these with the next test's events, which its
  // held handler kept from being committed: a lag of 11, not 6.
  await vi.waitFor(async () => expect(await readMetric(app, 'kafka_consumer_lag', { group: groupId })).toBe(0), {
    timeout: 60_000,
    interval: 500,
  });
}, 120_000);

it("shows a stuck consumer's lag per partition, and zero once it goes on", async () => {
  held = new Promise<void>((resolve) => (release = resolve));
  await writeInvoices(6, 'billing.invoice.paid');
  // The first event of each partition is in the handler; the rest wait behind it, uncommitted.
  await vi.waitFor(async () => expect(await readMetric(app, 'kafka_consumer_lag', { group: groupId })).toBe(6), {
    timeout: 30_000,
    interval: 500,
  });
  const byPartition = await Promise.all(
    [0, 1, 2].map((partition) =>
      readMetric(app, 'kafka_consumer_lag', { group: groupId, partition: String(partition) }),
    ),
  );
  expect(byPartition.reduce((a, b) => a + b, 0)).toBe(6);
  release();
  await vi.waitFor(async () => expect(await readMetric(app, 'kafka_consumer_lag', { group: groupId })).toBe(0), {
    timeout: 30_000,
    interval: 500,
  });
}, 120_000);
