import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { topics } from '@travelclub/contracts';
import type { ProducerBatch } from 'kafkajs';
import { Schema } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import {
  createOutboxRelay,
  type OutboxDocument,
  type OutboxRelayOptions,
  connectMongo,
  defineModel,
  ensureTopics,
  handler,
  newEvent,
  pendingEvents,
  withEvents,
} from '../src/index.js';
import { testInfra, uniqueName } from '../src/testing/index.js';
import {
  invoiceCreated,
  invoiceModel,
  invoicePaid,
  readTopic,
  silentLogger,
  useService,
  withMethod,
} from './helpers.js';

/** The relay's reads by id name the documents in `_id.$in`. */
type Filter = { _id?: { $in: string[] } };

const ctx = { correlationId: 'corr-outbox', causationId: 'req-outbox' };
const service = useService('kit-outbox');
const { topicPrefix } = service;
const billing = topicPrefix + topics.billing;

type InvoiceModel = Awaited<ReturnType<typeof invoiceModel>>;

/** A relay of the file's app onto the file's topics, with these options. */
const relayOf = (options: Partial<OutboxRelayOptions>) =>
  createOutboxRelay({ producer: service.app.producer, logger: silentLogger, topicPrefix, ...options });

/** The ids of the events `batch` sends for the aggregate `key`. */
const sentFor = (batch: ProducerBatch, key: string) =>
  (batch.topicMessages ?? [])
    .flatMap((t) => t.messages.filter((m) => m.key === key))
    .map((m) => (JSON.parse(String(m.value)) as { id: string }).id);

/** An open invoice with its billing.invoice.created event pending in the outbox. */
const openInvoice = (id: string) => ({
  _id: id,
  status: 'open',
  ...pendingEvents(newEvent('billing.invoice.created', id, invoiceCreated(id), ctx)),
});

/** Waits until the invoice's events were all published (its outbox is empty). */
const waitUntilPublished = (Invoice: InvoiceModel, id: string, wait: { timeout: number; interval: number }) =>
  vi.waitFor(async () => expect((await Invoice.findById(id).lean())?.outbox).toEqual([]), wait);

/** A consumer whose state is a per-invoice counter in MongoDB, changed by `$inc` on each handled event. */
async function countingConsumer(mine: Set<string>, options: { fail?: (id: string) => boolean; retries?: number } = {}) {
  const State = await defineModel(
    service.app.mongo,
    uniqueName('State'),
    new Schema({ _id: String, applied: Number, types: [String] }),
  );
  const calls: string[] = [];
  const apply = async (event: { id: string; aggregateId: string; type: string }) => {
    if (!mine.has(event.aggregateId)) return;
    calls.push(event.id);
    if (options.fail?.(event.aggregateId)) throw new Error(`cannot apply ${event.type}`);
    await State.updateOne(
      { _id: event.aggregateId },
      { $inc: { applied: 1 }, $push: { types: event.type } },
      { upsert: true },
    );
  };
  const consumer = service
    .consumer({ retries: options.retries ?? 3, backoffMs: 20 })
    .on(topics.billing, handler('billing.invoice.created', apply))
    .on(topics.billing, handler('billing.invoice.paid', apply));
  await consumer.start();
  const stateOf = async (id: string) => State.findById(id).lean<{ applied: number; types: string[] }>();
  return { calls, stateOf };
}

describe('outbox', () => {
  it('publishes an aggregate’s events in order, keyed by its id, to a consumer', async () => {
    const Invoice = await invoiceModel(service.app.mongo);
    const id = uniqueName('inv');
    const created = newEvent('billing.invoice.created', id, invoiceCreated(id), ctx);
    await Invoice.create({ _id: id, status: 'open', ...pendingEvents(created) });
    const paid = newEvent('billing.invoice.paid', id, invoicePaid(id), ctx);
    // The state change and its event in one single-document update.
    await Invoice.updateOne({ _id: id, status: 'open' }, withEvents({ $set: { status: 'paid' } }, paid));

    const { stateOf } = await countingConsumer(new Set([id]));
    const relay = relayOf({ models: [Invoice] });
    expect(await relay.drainOnce()).toBeGreaterThanOrEqual(2);

    const onTopic = await readTopic(service.app.kafka, billing, (m) => m.key === id, 2);
    expect(onTopic.map((m) => m.value.type)).toEqual(['billing.invoice.created', 'billing.invoice.paid']);
    expect(onTopic.map((m) => m.value.id)).toEqual([created.id, paid.id]);
    expect(onTopic.map((m) => m.value.correlationId)).toEqual(['corr-outbox', 'corr-outbox']);
    await vi.waitFor(
      async () => expect((await stateOf(id))?.types).toEqual(['billing.invoice.created', 'billing.invoice.paid']),
      {
        timeout: 15_000,
      },
    );
    expect((await Invoice.findById(id).lean())?.outbox).toEqual([]);
  });

  it('republishes after a crash between publish and mark, and the consumer applies each event once', async () => {
    const Invoice = await invoiceModel(service.app.mongo);
    const id = uniqueName('inv');
    const events = [
      newEvent('billing.invoice.created', id, invoiceCreated(id), ctx),
      newEvent('billing.invoice.paid', id, invoicePaid(id), ctx),
    ];
    await Invoice.create({ _id: id, status: 'paid', outbox: events });
    const { calls, stateOf } = await countingConsumer(new Set([id]));

    const infra = testInfra();
    const fixture = fileURLToPath(new URL('./fixtures/crashing-relay.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fixture, infra.mongoUrl, service.app.config.MONGO_DB ?? '', infra.kafkaBrokers, topicPrefix],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    const signal = await new Promise((resolve) => child.once('exit', (_code, sig) => resolve(sig)));
    expect(signal).toBe('SIGKILL');
    expect(output).toBe('published\n');
    // Kafka has the events, but the document still holds them: they were never marked sent.
    expect((await Invoice.findById(id).lean())?.outbox).toHaveLength(2);

    // The relay comes back and publishes them again.
    const relay = relayOf({ models: [Invoice] });
    await relay.drainOnce();
    expect((await Invoice.findById(id).lean())?.outbox).toEqual([]);
    const onTopic = await readTopic(service.app.kafka, billing, (m) => m.key === id, 4);
    expect(onTopic.map((m) => m.value.id)).toEqual([events[0]?.id, events[1]?.id, events[0]?.id, events[1]?.id]);

    await vi.waitFor(async () => expect((await stateOf(id))?.applied).toBe(2), { timeout: 15_000 });
    // Give the duplicates time to arrive, then check they changed nothing.
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await stateOf(id))?.applied).toBe(2);
    expect(calls).toEqual([events[0]?.id, events[1]?.id]);
  });
});

describe('running relay', () => {
  it('publishes a kicked aggregate at once, and finds one nobody kicked on its sweep', async () => {
    const Invoice = await invoiceModel(service.app.mongo);
    const relay = relayOf({ models: [Invoice], sweepIntervalMs: 1_500 });
    relay.start();
    try {
      // Let the first sweep pass, so the next one is a full interval away.
      await new Promise((r) => setTimeout(r, 200));
      const kicked = uniqueName('inv');
      const quiet = uniqueName('inv');
      await Invoice.create(openInvoice(quiet));
      const savedAt = Date.now();
      await Invoice.create(openInvoice(kicked));
      relay.kick(kicked);

      await waitUntilPublished(Invoice, kicked, { timeout: 1_000, interval: 20 });
      expect(Date.now() - savedAt).toBeLessThan(1_000);
      expect((await Invoice.findById(quiet).lean())?.outbox).toHaveLength(1);

      await waitUntilPublished(Invoice, quiet, { timeout: 5_000, interval: 50 });
      const onTopic = await readTopic(service.app.kafka, billing, (m) => m.key === kicked || m.key === quiet, 2);
      expect(onTopic.map((m) => m.key).sort()).toEqual([kicked, quiet].sort());
    } finally {
      await relay.stop();
    }
  });
});

describe('relay with kicks its sweep answered', () => {
  it('reads a kicked aggregate once when the sweep sent its events first, and still sends a newer kick', async () => {
    await ensureTopics(service.app.kafka, [billing], 3);
    const Invoice = await invoiceModel(service.app.mongo);
    const swept = uniqueName('inv');
    await Invoice.create(openInvoice(swept));
    // Reads by id (the hinted rounds), counted per aggregate.
    const readsById: string[] = [];
    const collection = withMethod(Invoice.collection, 'find', (find) => (filter: Filter, ...rest: unknown[]) => {
      readsById.push(...(filter._id?.$in ?? []));
      return find(filter, ...rest);
    });
    const relay = relayOf({ models: [{ collection }], sweepIntervalMs: 60_000 });
    // Kicked before the start: the first round is a sweep, which sends it; its kick is spent with it.
    relay.kick(swept);
    relay.start();
    try {
      await waitUntilPublished(Invoice, swept, { timeout: 5_000, interval: 20 });
      const later = newEvent('billing.invoice.paid', swept, invoicePaid(swept), ctx);
      await Invoice.updateOne({ _id: swept }, withEvents({ $set: { status: 'paid' } }, later));
      relay.kick(swept);
      await waitUntilPublished(Invoice, swept, { timeout: 5_000, interval: 20 });
      // One read by id: the newer kick's, none for the kick the sweep answered.
      expect(readsById).toEqual([swept]);
      const onTopic = await readTopic(service.app.kafka, billing, (m) => m.key === swept, 2);
      expect(onTopic.map((m) => m.value.type)).toEqual(['billing.invoice.created', 'billing.invoice.paid']);
    } finally {
      await relay.stop();
    }
  });
});

describe('relay with a mark in flight', () => {
  it('publishes an event once when its aggregate gets another one before the first one’s mark lands', async () => {
    await ensureTopics(service.app.kafka, [billing], 3);
    const Invoice = await invoiceModel(service.app.mongo);
    const id = uniqueName('inv');
    const first = newEvent('billing.invoice.created', id, invoiceCreated(id), ctx);
    await Invoice.create({ _id: id, status: 'open', ...pendingEvents(first) });

    // The relay's marks wait for `landMarks`; its first publish waits until the second event is written and kicked.
    let landMarks!: () => void;
    const marksMayLand = new Promise<void>((resolve) => (landMarks = resolve));
    let secondKicked!: () => void;
    const secondIsKicked = new Promise<void>((resolve) => (secondKicked = resolve));
    const collection = withMethod(Invoice.collection, 'bulkWrite', (bulkWrite) => async (...args: unknown[]) => {
      await marksMayLand;
      return bulkWrite(...args);
    });
    const sent: string[] = [];
    const relay = relayOf({
      models: [{ collection }],
      sweepIntervalMs: 60_000,
      producer: {
        async sendBatch(batch) {
          sent.push(...sentFor(batch, id));
          const acks = await service.app.producer.sendBatch(batch);
          if (sent.length === 1) await secondIsKicked;
          return acks;
        },
      },
    });
    relay.kick(id);
    relay.start();
    try {
      await vi.waitFor(() => expect(sent).toEqual([first.id]), { timeout: 5_000, interval: 20 });
      const second = newEvent('billing.invoice.paid', id, invoicePaid(id), ctx);
      await Invoice.updateOne({ _id: id }, withEvents({ $set: { status: 'paid' } }, second));
      relay.kick(id);
      secondKicked();
      // The next round reads both events while the first one's mark waits: it sends the second alone.
      await vi.waitFor(() => expect(sent).toEqual([first.id, second.id]), { timeout: 5_000, interval: 20 });
      landMarks();
      await waitUntilPublished(Invoice, id, { timeout: 5_000, interval: 20 });
      expect(sent).toEqual([first.id, second.id]);
    } finally {
      landMarks();
      secondKicked();
      await relay.stop();
    }
  });
});

/** A relay over `Invoice` whose reads by id are counted, and whose sends of `id`'s events are listed. */
function watchedRelay(Invoice: InvoiceModel, id: string, options: { failFirstMark?: boolean } = {}) {
  const readsById: string[] = [];
  const sent: string[] = [];
  let marks = 0;
  const reading = withMethod(Invoice.collection, 'find', (find) => (filter: Filter, ...rest: unknown[]) => {
    readsById.push(...(filter._id?.$in ?? []));
    return find(filter, ...rest);
  });
  // The relay's marks are its bulk writes (outbox-marks.ts): a write per document sent.
  const collection = withMethod(reading, 'bulkWrite', (bulkWrite) => async (...args: unknown[]) => {
    marks += 1;
    if (options.failFirstMark && marks === 1) throw new Error('the store went away');
    return bulkWrite(...args);
  });
  const relay = relayOf({
    models: [{ collection }],
    sweepIntervalMs: 60_000,
    producer: {
      async sendBatch(batch) {
        sent.push(...sentFor(batch, id));
        return service.app.producer.sendBatch(batch);
      },
    },
  });
  /** Started, and past its first sweep: kicked rounds come next. */
  const start = async () => {
    relay.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
  };
  return { relay, start, model: { collection }, readsById, sent, marks: () => marks };
}

type WatchedRun = ReturnType<typeof watchedRelay> & {
  Invoice: InvoiceModel;
  id: string;
  created: ReturnType<typeof openInvoice>;
};

describe('relay given the written documents', () => {
  /** Runs `body` beside a watched relay, started and past its first sweep, for a new invoice not yet stored. */
  async function onWatchedRelay(body: (run: WatchedRun) => Promise<void>, options: { failFirstMark?: boolean } = {}) {
    await ensureTopics(service.app.kafka, [billing], 3);
    const Invoice = await invoiceModel(service.app.mongo);
    const id = uniqueName('inv');
    const watched = watchedRelay(Invoice, id, options);
    await watched.start();
    try {
      await body({ ...watched, Invoice, id, created: openInvoice(id) });
    } finally {
      await watched.relay.stop();
    }
  }

  /** The invoice's second write (a payment), as the write answers it: its whole outbox, its new key. */
  async function pay(Invoice: InvoiceModel, id: string) {
    const paid = newEvent('billing.invoice.paid', id, invoicePaid(id), ctx);
    const written = await Invoice.collection.findOneAndUpdate(
      { _id: id } as never,
      withEvents({ $set: { status: 'paid' } }, paid) as never,
      { returnDocument: 'after', projection: { outbox: 1, outboxKey: 1 } },
    );
    return { paid, written: written as unknown as OutboxDocument };
  }

  /** The invoice's events are all out of its document, and so is its key (the sweep has nothing left to find). */
  const expectClean = async (Invoice: InvoiceModel, id: string) => {
    const stored = await Invoice.collection.findOne({ _id: id } as never);
    expect(stored?.outbox).toEqual([]);
    expect(stored).not.toHaveProperty('outboxKey');
  };

  it('publishes their events without reading them back, and not again from a document written before a mark', () =>
    onWatchedRelay(async ({ Invoice, id, created, relay, model, readsById, sent }) => {
      await Invoice.collection.insertOne(created as never);
      relay.kickWritten(model, created);
      await waitUntilPublished(Invoice, id, { timeout: 5_000, interval: 20 });
      expect(sent).toEqual([created.outbox[0]!.id]);

      // Written before the first mark landed, it still holds the first event beside its own.
      const { paid, written } = await pay(Invoice, id);
      relay.kickWritten(model, { ...written, outbox: [...created.outbox, ...written.outbox] });
      await vi.waitFor(() => expect(sent).toHaveLength(2), { timeout: 5_000, interval: 20 });
      await vi.waitFor(() => expectClean(Invoice, id), { timeout: 5_000, interval: 20 });
      expect(sent).toEqual([created.outbox[0]!.id, paid.id]);
      expect(readsById).toEqual([]);
    }));

  it('sends again an event whose mark failed, and leaves nothing pending', () =>
    onWatchedRelay(
      async ({ Invoice, id, created, relay, model, sent, marks }) => {
        await Invoice.collection.insertOne(created as never);
        relay.kickWritten(model, created);
        await vi.waitFor(() => expect(marks()).toBe(1), { timeout: 5_000, interval: 20 });
        // The mark failed: the first event is still in the document, which the payment's write answers whole.
        const { paid, written } = await pay(Invoice, id);
        expect(written.outbox.map((event) => event.id)).toEqual([created.outbox[0]!.id, paid.id]);
        relay.kickWritten(model, written);
        await vi.waitFor(() => expectClean(Invoice, id), { timeout: 5_000, interval: 20 });
        // Sent again after its mark failed; the payment's event once or, had its round met that failure, twice.
        expect(sent.filter((sentId) => sentId === created.outbox[0]!.id)).toHaveLength(2);
        expect(sent.at(-1)).toBe(paid.id);
      },
      { failFirstMark: true },
    ));

  it('keeps the later of two written documents kicked in the other order than they were written', () =>
    onWatchedRelay(async ({ Invoice, id, created, relay, model, readsById, sent }) => {
      await Invoice.collection.insertOne(created as never);
      const { paid, written } = await pay(Invoice, id);
      // The payment's writer kicks first; the creating writer, slower, after it.
      relay.kickWritten(model, written);
      relay.kickWritten(model, created);
      // Both out long before the next sweep (a minute away), and nothing read back.
      await vi.waitFor(() => expectClean(Invoice, id), { timeout: 5_000, interval: 20 });
      expect(sent).toEqual([created.outbox[0]!.id, paid.id]);
      expect(readsById).toEqual([]);
    }));

  it('drops the key of a document that has nothing pending', async () => {
    const Invoice = await invoiceModel(service.app.mongo);
    const id = uniqueName('inv');
    // As an itinerary change once left one: its key written back after the relay's mark.
    await Invoice.collection.insertOne({ _id: id, status: 'open', outbox: [], outboxKey: uniqueName('key') } as never);
    await relayOf({ models: [Invoice] }).drainOnce();
    await expectClean(Invoice, id);
  });
});

describe('relay made before the stores', () => {
  it('publishes, once started, from the models added and the aggregates kicked before', async () => {
    const relay = relayOf({ sweepIntervalMs: 60_000 });
    const Invoice = await invoiceModel(service.app.mongo);
    relay.addModel(Invoice);
    const id = uniqueName('inv');
    await Invoice.create(openInvoice(id));
    relay.kick(id);
    relay.start();
    try {
      await waitUntilPublished(Invoice, id, { timeout: 5_000, interval: 20 });
      const [published] = await readTopic(service.app.kafka, billing, (m) => m.key === id, 1);
      expect(published?.value.type).toBe('billing.invoice.created');
    } finally {
      await relay.stop();
    }
  });
});

describe('relay under a backlog', () => {
  it('sweeps one round at a time, so a kicked aggregate does not wait for the whole backlog', async () => {
    await ensureTopics(service.app.kafka, [billing], 3);
    const Invoice = await invoiceModel(service.app.mongo);
    const backlog = Array.from({ length: 1_500 }, () => uniqueName('old'));
    await Invoice.insertMany(backlog.map(openInvoice));
    const kicked = uniqueName('inv');
    await Invoice.create(openInvoice(kicked));

    const relay = relayOf({ models: [Invoice], sweepIntervalMs: 60_000 });
    relay.kick(kicked);
    relay.start();
    try {
      await waitUntilPublished(Invoice, kicked, { timeout: 10_000, interval: 10 });
      // One sweep round (500 documents) went before it; the rest waits for the next sweep.
      const pending = await Invoice.countDocuments({ _id: { $in: backlog }, 'outbox.id': { $exists: true } });
      expect(pending).toBeGreaterThanOrEqual(500);
    } finally {
      await relay.stop();
    }
    await relay.drainOnce();
    expect(await Invoice.countDocuments({ _id: { $in: backlog }, 'outbox.id': { $exists: true } })).toBe(0);
  });
});

describe('relay failures', () => {
  it('survives a failed mark: the events stay pending and go out again', async () => {
    await ensureTopics(service.app.kafka, [billing], 3);
    // The relay gets a connection of its own, which breaks right after Kafka acknowledged.
    const own = await connectMongo(testInfra().mongoUrl, service.app.config.MONGO_DB ?? '');
    const Invoice = await invoiceModel(service.app.mongo);
    const id = uniqueName('inv');
    const event = newEvent('billing.invoice.created', id, invoiceCreated(id), ctx);
    await Invoice.create({ _id: id, status: 'open', ...pendingEvents(event) });
    const failing = relayOf({
      models: [await invoiceModel(own)],
      producer: {
        async sendBatch(batch) {
          const acks = await service.app.producer.sendBatch(batch);
          await own.close();
          return acks;
        },
      },
    });
    failing.kick(id);
    failing.start();
    await new Promise((r) => setTimeout(r, 500));
    await failing.stop();
    // Published once, never marked: still pending. (An unhandled rejection would fail this run.)
    expect((await Invoice.findById(id).lean())?.outbox).toHaveLength(1);

    const relay = relayOf({ models: [Invoice] });
    expect(await relay.drainOnce()).toBeGreaterThanOrEqual(1);
    expect((await Invoice.findById(id).lean())?.outbox).toEqual([]);
    const copies = await readTopic(service.app.kafka, billing, (m) => m.key === id, 2);
    expect(copies.map((m) => m.value.id)).toEqual([event.id, event.id]);
  });

  it('publishes the others when one aggregate’s events cannot be published, and keeps that one pending', async () => {
    await ensureTopics(service.app.kafka, [billing], 3);
    const Invoice = await invoiceModel(service.app.mongo);
    const good = [uniqueName('inv'), uniqueName('inv'), uniqueName('inv')];
    const poison = uniqueName('poison');
    // Over Kafka's 1 MB message limit: the broker refuses it.
    const huge = {
      ...newEvent('billing.invoice.created', poison, invoiceCreated(poison), ctx),
      padding: 'x'.repeat(2_000_000),
    };
    await Invoice.insertMany([{ _id: poison, status: 'open', ...pendingEvents(huge) }, ...good.map(openInvoice)]);
    const relay = relayOf({ models: [Invoice] });
    relay.kick(poison, ...good);
    relay.start();
    try {
      await vi.waitFor(
        async () =>
          expect(await Invoice.countDocuments({ _id: { $in: good }, 'outbox.id': { $exists: true } })).toBe(0),
        { timeout: 15_000, interval: 100 },
      );
      expect((await Invoice.findById(poison).lean())?.outbox).toHaveLength(1);
    } finally {
      await relay.stop();
    }
  });
});

describe('idempotent consumer', () => {
  it('changes its state once for an event delivered three times', async () => {
    const id = uniqueName('inv');
    const event = newEvent('billing.invoice.paid', id, invoicePaid(id), ctx);
    const { calls, stateOf } = await countingConsumer(new Set([id]));
    const message = { key: id, value: JSON.stringify(event) };
    await service.app.producer.send({ topic: billing, messages: [message, message] });
    await service.app.producer.send({ topic: billing, messages: [message] });
    const marker = newEvent('billing.invoice.created', id, invoiceCreated(id), ctx);
    await service.app.producer.send({ topic: billing, messages: [{ key: id, value: JSON.stringify(marker) }] });

    // The marker comes after the three copies on the same partition: once it is applied, all copies were seen.
    await vi.waitFor(async () => expect((await stateOf(id))?.types).toContain('billing.invoice.created'), {
      timeout: 15_000,
    });
    expect((await stateOf(id))?.applied).toBe(2);
    expect(calls).toEqual([event.id, marker.id]);
  });

  it('retries a failing handler, dead-letters the event with its error, and handles the next one', async () => {
    const failing = uniqueName('inv');
    const bad = newEvent('billing.invoice.paid', failing, invoicePaid(failing), ctx);
    const next = newEvent('billing.invoice.created', failing, invoiceCreated(failing), { ...ctx, causationId: 'x' });
    const { calls, stateOf } = await countingConsumer(new Set([failing]), {
      retries: 2,
      fail: () => calls.length <= 3,
    });
    await service.app.producer.send({
      topic: billing,
      messages: [bad, next].map((e) => ({ key: failing, value: JSON.stringify(e) })),
    });

    const [letter] = await readTopic(
      service.app.kafka,
      `${billing}.dlq`,
      (m) => (m.value.envelope as { id?: string })?.id === bad.id,
      1,
    );
    expect(letter?.key).toBe(failing);
    expect(letter?.value).toMatchObject({
      envelope: bad,
      error: { name: 'Error', message: 'cannot apply billing.invoice.paid' },
      topic: billing,
      attempts: 3,
    });
    await vi.waitFor(async () => expect((await stateOf(failing))?.types).toEqual(['billing.invoice.created']), {
      timeout: 15_000,
    });
    // One try and two retries for the bad event, then the next event once.
    expect(calls).toEqual([bad.id, bad.id, bad.id, next.id]);
  });

  it('dead-letters an event whose payload breaks the contract, without retrying', async () => {
    const id = uniqueName('inv');
    const { calls } = await countingConsumer(new Set([id]));
    const bad = { ...newEvent('billing.invoice.paid', id, invoicePaid(id), ctx), payload: { invoiceId: id } };
    await service.app.producer.send({ topic: billing, messages: [{ key: id, value: JSON.stringify(bad) }] });
    const [letter] = await readTopic(service.app.kafka, `${billing}.dlq`, (m) => m.key === id, 1);
    expect(letter?.value).toMatchObject({ envelope: bad, attempts: 1, error: { name: 'PermanentEventError' } });
    expect(calls).toEqual([]);
  });

  it('dead-letters a message that is not an event, without retrying', async () => {
    const key = uniqueName('junk');
    await countingConsumer(new Set());
    await service.app.producer.send({ topic: billing, messages: [{ key, value: '{"not": "an event"' }] });
    const [letter] = await readTopic(service.app.kafka, `${billing}.dlq`, (m) => m.key === key, 1);
    expect(letter?.value).toMatchObject({
      envelope: '{"not": "an event"',
      attempts: 1,
      error: { name: 'PermanentEventError' },
    });
  });
});

it('refuses to put an event with a bad payload in the outbox', () => {
  const id = randomUUID();
  expect(() =>
    newEvent('billing.invoice.paid', id, { ...invoicePaid(id), amount: { amount: 1.5, currency: 'USD' } }, ctx),
  ).toThrow();
});
