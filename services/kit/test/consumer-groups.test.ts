// Two environments on one Kafka cluster (KAFKA_TOPIC_PREFIX) with services of the same name: each consumer
// gets every event of its own topics. Sharing one group id, kafkajs' group leader would hand out only its
// own topics, over both members, and some events of each environment would never be handled.
import { topics, type EventEnvelope } from '@travelclub/contracts';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createService, createServiceConsumer, handler, newEvent, type ServiceApp } from '../src/index.js';
import { testConfig, uniqueName } from '../src/testing/index.js';
import { invoicePaid } from './helpers.js';

const PARTITIONS = 3;
const service = uniqueName('kit-shared-name');
const environments = [`${uniqueName('env-a')}.`, `${uniqueName('env-b')}.`];
const apps: ServiceApp[] = [];
const handled = new Map<string, EventEnvelope[]>();

beforeAll(async () => {
  for (const prefix of environments) {
    const app = await createService({
      name: 'kit-consumer-groups',
      config: testConfig('kit-consumer-groups', {
        KAFKA_TOPIC_PREFIX: prefix,
        KAFKA_PARTITIONS: String(PARTITIONS),
      }),
    });
    apps.push(app);
    const seen: EventEnvelope[] = [];
    handled.set(prefix, seen);
    const consumer = createServiceConsumer(app, { groupId: service }).on(
      topics.billing,
      handler('billing.invoice.paid', async (event) => void seen.push(event)),
    );
    await consumer.start();
    expect(consumer.groupId).toBe(prefix + service);
  }
}, 120_000);
afterAll(() => Promise.all(apps.map((app) => app.close())));

it('gives consumers of the same name in two prefixes every event of their own topics', async () => {
  const sent = new Map<string, string[]>();
  for (const [i, prefix] of environments.entries()) {
    // One event on every partition, so none can hide on a partition the other environment's member holds.
    const events = Array.from({ length: PARTITIONS }, () => {
      const id = uniqueName('inv');
      return newEvent('billing.invoice.paid', id, invoicePaid(id), { correlationId: 'corr-groups', causationId: id });
    });
    await apps[i]!.producer.send({
      topic: prefix + topics.billing,
      messages: events.map((event, partition) => ({ key: event.aggregateId, value: JSON.stringify(event), partition })),
    });
    sent.set(
      prefix,
      events.map((e) => e.id),
    );
  }
  await vi.waitFor(
    () => {
      for (const prefix of environments)
        expect(
          handled
            .get(prefix)!
            .map((e) => e.id)
            .sort(),
          prefix,
        ).toEqual([...sent.get(prefix)!].sort());
    },
    { timeout: 20_000, interval: 200 },
  );
}, 60_000);
