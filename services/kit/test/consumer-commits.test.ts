// When a consumer group commits what it handled: a trickle of events (a batch each) about once a second instead
// of once a batch, what is left after the last batch by a timer, and everything handled at once when it stops.
import type { Admin } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMIT_EVERY_MS, consumerGroup, ensureTopics } from '../src/index.js';
import { uniqueName } from '../src/testing/index.js';
import { useService, watchingConsumers } from './helpers.js';

const service = useService('kit-consumer-commits');
let admin: Admin;

beforeAll(async () => {
  admin = service.app.kafka.admin();
  await admin.connect();
});
afterAll(() => admin.disconnect());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A group on a topic of its own that counts its commits and the messages it handled. */
async function countingGroup() {
  const topic = `${service.topicPrefix}${uniqueName('commits')}`;
  await ensureTopics(service.app.kafka, [topic], 1);
  const groupId = uniqueName('group');
  const seen = { commits: 0, handled: 0 };
  const counting = watchingConsumers(service.app.kafka, (consumer) =>
    consumer.on(consumer.events.COMMIT_OFFSETS, () => seen.commits++),
  );
  const group = consumerGroup(counting, {
    groupId,
    topics: [topic],
    fromBeginning: true,
    concurrency: 1,
    eachBatch: async ({ batch, resolveOffset }) => {
      for (const message of batch.messages) {
        seen.handled++;
        resolveOffset(message.offset);
      }
    },
  });
  const send = (count: number) =>
    service.app.producer.send({ topic, messages: Array.from({ length: count }, (_, i) => ({ value: String(i) })) });
  /** The group's committed offset: the next message it would read (-1: none committed). */
  const committed = async () =>
    Number((await admin.fetchOffsets({ groupId, topics: [topic] }))[0]!.partitions[0]!.offset);
  const handled = async (count: number) => {
    const deadline = Date.now() + 10_000;
    while (seen.handled < count && Date.now() < deadline) await sleep(5);
    expect(seen.handled).toBe(count);
  };
  return { group, seen, send, committed, handled };
}

describe('offset commits', () => {
  it('come about once a second under a trickle of events, and the last ones without another batch', async () => {
    const { group, seen, send, committed, handled } = await countingGroup();
    await group.start();
    try {
      // Twenty events a tenth of a second apart: each its own batch. kafkajs' auto-commit made twenty commits.
      const began = Date.now();
      for (let i = 1; i <= 20; i++) {
        await send(1);
        await handled(i);
        await sleep(100);
      }
      const seconds = (Date.now() - began) / 1000;
      expect(seen.commits).toBeGreaterThanOrEqual(1);
      expect(seen.commits).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
      // No batch follows the last one: its offset is committed within a second all the same.
      await vi.waitFor(async () => expect(await committed()).toBe(20), { timeout: COMMIT_EVERY_MS + 2_000 });
    } finally {
      await group.stop();
    }
  });

  it('commit what was handled as soon as the group stops, however recent', async () => {
    const { group, send, committed, handled } = await countingGroup();
    await group.start();
    let stopping: Promise<void> | undefined;
    try {
      await send(1);
      await handled(1);
      await vi.waitFor(async () => expect(await committed()).toBe(1), { timeout: COMMIT_EVERY_MS + 2_000 });
      // Three more, their batch over, and the group stopped well before the next commit is due: the stop
      // commits them first thing (leaving the group waits up to a second for the fetch in flight).
      await send(3);
      await handled(4);
      await sleep(100);
      stopping = group.stop();
      await vi.waitFor(async () => expect(await committed()).toBe(4), { timeout: COMMIT_EVERY_MS * 0.6, interval: 20 });
    } finally {
      await (stopping ?? group.stop());
    }
  });
});
