// What the idempotent consumer does when a handler fails: a server away is waited for without limit (the
// partition paused, the others going on), a refusal goes to the dead letters at once, and a stop does not
// wait for a partition that waits.
import { topics, type EventEnvelope } from '@travelclub/contracts';
import mongoose from 'mongoose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { tcpGate } from '../../../scripts/private-servers.mjs';
import { AppError, ensureTopics, handler, listDeadLetters, newEvent, type EventConsumerOptions } from '../src/index.js';
import { testInfra, uniqueName } from '../src/testing/index.js';
import { invoiceCreated, invoicePaid, useService } from './helpers.js';

const ctx = { correlationId: 'corr-failures', causationId: 'req-failures' };
const service = useService('kit-consumer-failures');
const { topicPrefix } = service;
const billing = topicPrefix + topics.billing;

beforeAll(async () => {
  await ensureTopics(service.app.kafka, [billing, `${billing}.dlq`], 3);
});

type Handle = (event: EventEnvelope) => Promise<void>;

/** A consumer of this file's billing topic that passes the events of `mine` (by aggregate id) to `handle`. */
async function consumerOf(mine: Set<string>, handle: Handle, options: Partial<EventConsumerOptions> = {}) {
  const only: Handle = async (event) => {
    if (mine.has(event.aggregateId)) await handle(event);
  };
  const consumer = service
    .consumer(options)
    .on(topics.billing, handler('billing.invoice.paid', only))
    .on(topics.billing, handler('billing.invoice.created', only));
  await consumer.start();
  return consumer;
}

const send = (events: EventEnvelope[], partition?: number) =>
  service.app.producer.send({
    topic: billing,
    messages: events.map((e) => ({ key: e.aggregateId, value: JSON.stringify(e), partition })),
  });

/** The letters this consumer group wrote, as its own record (MongoDB) and as Kafka holds them. */
async function lettersOf(groupId: string) {
  const recorded = await service.app.mongo.collection('dead_letters').countDocuments({ consumer: groupId });
  const onKafka = (await listDeadLetters(service.app.kafka, [`${billing}.dlq`])).filter(
    (l) => l.letter.consumer === groupId,
  );
  return { recorded, onKafka };
}

describe('a transient failure', () => {
  it('is waited out, far beyond the old three retries, when MongoDB is unreachable for seconds: no dead letter', async () => {
    // The handler's state lives behind a gate the test closes: MongoDB away for this handler only.
    const gate = await tcpGate(testInfra().mongoUrl.replace('mongodb://', ''));
    const stateDb = await mongoose
      .createConnection(`mongodb://127.0.0.1:${gate.port}`, {
        dbName: service.app.config.MONGO_DB,
        serverSelectionTimeoutMS: 300,
      })
      .asPromise();
    const state = stateDb.db!.collection<{ _id: string; applied: number }>(uniqueName('state'));
    try {
      const id = uniqueName('inv');
      let calls = 0;
      const consumer = await consumerOf(
        new Set([id]),
        async (event) => {
          calls += 1;
          await state.updateOne({ _id: event.aggregateId }, { $inc: { applied: 1 } }, { upsert: true });
        },
        { backoffMs: 200, maxBackoffMs: 1_000 },
      );
      await gate.close();
      await send([newEvent('billing.invoice.paid', id, invoicePaid(id), ctx)]);
      // The old consumer gave up after four tries, about 2.6 s with this server-selection time-out.
      await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(6), { timeout: 15_000, interval: 100 });
      await gate.open();
      await vi.waitFor(async () => expect((await state.findOne({ _id: id }))?.applied).toBe(1), {
        timeout: 15_000,
        interval: 100,
      });
      const letters = await lettersOf(consumer.groupId);
      expect(letters.recorded).toBe(0);
      expect(letters.onKafka).toEqual([]);
    } finally {
      await gate.close();
      await stateDb.close();
    }
  }, 60_000);

  it('pauses only its partition: an event on another partition is handled while it waits', async () => {
    const waiting = uniqueName('inv');
    const other = uniqueName('inv');
    const handled: string[] = [];
    let away = true;
    let waitingCalls = 0;
    await consumerOf(
      new Set([waiting, other]),
      async (event) => {
        if (event.aggregateId === waiting) {
          waitingCalls += 1;
          if (away) throw new AppError('service-unavailable');
        }
        handled.push(event.aggregateId);
      },
      { backoffMs: 100, maxBackoffMs: 300 },
    );
    await send([newEvent('billing.invoice.paid', waiting, invoicePaid(waiting), ctx)], 0);
    await vi.waitFor(() => expect(waitingCalls).toBeGreaterThanOrEqual(2), { timeout: 15_000, interval: 50 });
    await send([newEvent('billing.invoice.paid', other, invoicePaid(other), ctx)], 1);
    await vi.waitFor(() => expect(handled).toEqual([other]), { timeout: 15_000, interval: 50 });
    away = false;
    await vi.waitFor(() => expect(handled).toEqual([other, waiting]), { timeout: 15_000, interval: 50 });
  });

  it('keeps the order of its partition: the next event of the aggregate waits for it', async () => {
    const id = uniqueName('inv');
    const handled: string[] = [];
    let failures = 0;
    const consumer = await consumerOf(
      new Set([id]),
      async (event) => {
        if (event.type === 'billing.invoice.created' && failures < 8) {
          failures += 1;
          throw new AppError('upstream-timeout');
        }
        handled.push(event.type);
      },
      { backoffMs: 20, maxBackoffMs: 100 },
    );
    await send([
      newEvent('billing.invoice.created', id, invoiceCreated(id), ctx),
      newEvent('billing.invoice.paid', id, invoicePaid(id), ctx),
    ]);
    await vi.waitFor(() => expect(handled).toEqual(['billing.invoice.created', 'billing.invoice.paid']), {
      timeout: 15_000,
      interval: 50,
    });
    expect(failures).toBe(8);
    expect((await lettersOf(consumer.groupId)).recorded).toBe(0);
  });

  it('does not hold up a stop: the partition’s wait ends with it', async () => {
    const id = uniqueName('inv');
    let calls = 0;
    const consumer = await consumerOf(
      new Set([id]),
      async () => {
        calls += 1;
        throw new AppError('service-unavailable');
      },
      { backoffMs: 2_000, maxBackoffMs: 10_000 },
    );
    await send([newEvent('billing.invoice.paid', id, invoicePaid(id), ctx)]);
    // After the second try the partition waits 4 s.
    await vi.waitFor(() => expect(calls).toBe(2), { timeout: 15_000, interval: 50 });
    const stopping = Date.now();
    await consumer.stop();
    expect(Date.now() - stopping).toBeLessThan(1_500);
  });
});

describe('a permanent failure', () => {
  it('goes to the dead letters at once, with its error, and the partition moves on', async () => {
    const id = uniqueName('inv');
    const refused = newEvent('billing.invoice.paid', id, invoicePaid(id), ctx);
    const next = newEvent('billing.invoice.created', id, invoiceCreated(id), ctx);
    const calls: string[] = [];
    const consumer = await consumerOf(
      new Set([id]),
      async (event) => {
        calls.push(event.id);
        if (event.id === refused.id) throw new AppError('itinerary-not-cancellable');
      },
      { backoffMs: 20 },
    );
    await send([refused, next]);
    await vi.waitFor(() => expect(calls).toEqual([refused.id, next.id]), { timeout: 15_000, interval: 50 });
    const { recorded, onKafka } = await vi.waitFor(
      async () => {
        const letters = await lettersOf(consumer.groupId);
        expect(letters.onKafka).toHaveLength(1);
        return letters;
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(recorded).toBe(1);
    expect(onKafka[0]?.letter).toMatchObject({
      envelope: refused,
      attempts: 1,
      consumer: consumer.groupId,
      topic: billing,
      error: { name: 'AppError', message: 'This itinerary cannot be cancelled.' },
    });
  });
});
