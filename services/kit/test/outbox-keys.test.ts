// How the relay finds pending documents: by `outboxKey`, set by every write that adds events and dropped with
// them when none came since the relay read them, through a unique sparse index every store answers from.
// Documents written before keys are published when the relay starts.
import { topics } from '@travelclub/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  createOutboxRelay,
  ensureTopics,
  newEvent,
  OUTBOX_KEY_INDEX,
  pendingEvents,
  withEvents,
} from '../src/index.js';
import { markSent } from '../src/outbox-marks.js';
import { uniqueName } from '../src/testing/index.js';
import {
  invoiceCreated,
  invoiceModel,
  invoicePaid,
  readTopic,
  silentLogger,
  useService,
  withMethod,
} from './helpers.js';

const ctx = { correlationId: 'corr-keys', causationId: 'req-keys' };
const service = useService('kit-outbox-keys');
const { topicPrefix } = service;
const billing = topicPrefix + topics.billing;

const relayOf = (model: { collection: unknown }, sweepIntervalMs = 60_000) =>
  createOutboxRelay({
    producer: service.app.producer,
    logger: silentLogger,
    topicPrefix,
    models: [model as never],
    sweepIntervalMs,
  });

const created = (id: string) => newEvent('billing.invoice.created', id, invoiceCreated(id), ctx);

describe('the outbox key', () => {
  it('is indexed unique and sparse, set with the events, and dropped with them once published', async () => {
    await ensureTopics(service.app.kafka, [billing], 3);
    const Invoice = await invoiceModel(service.app.mongo);
    const indexes = await Invoice.collection.indexes();
    expect(indexes.find((index) => Object.keys(index.key).join() === 'outboxKey')).toMatchObject({
      key: OUTBOX_KEY_INDEX,
      unique: true,
      sparse: true,
    });
    const id = uniqueName('inv');
    await Invoice.create({ _id: id, status: 'open', ...pendingEvents(created(id)) });
    const paid = newEvent('billing.invoice.paid', id, invoicePaid(id), ctx);
    const before = (await Invoice.findById(id).lean())?.outboxKey;
    await Invoice.updateOne({ _id: id }, withEvents({ $set: { status: 'paid' } }, paid));
    const after = await Invoice.findById(id).lean();
    expect(after?.outboxKey).toEqual(expect.any(String));
    expect(after?.outboxKey).not.toBe(before);

    expect(await relayOf(Invoice).drainOnce()).toBe(2);
    const done = await Invoice.findById(id).lean();
    expect(done?.outbox).toEqual([]);
    expect(done).not.toHaveProperty('outboxKey');
  });

  it('keeps the key of a document that got another event after the relay read it, so the sweep finds that one', async () => {
    const Invoice = await invoiceModel(service.app.mongo);
    const id = uniqueName('inv');
    await Invoice.create({ _id: id, status: 'open', ...pendingEvents(created(id)) });
    const paid = newEvent('billing.invoice.paid', id, invoicePaid(id), ctx);
    // The event comes right after the relay's first read of the document.
    let reads = 0;
    const collection = withMethod(Invoice.collection, 'find', (find) => (...args: unknown[]) => {
      const cursor = find(...args) as { toArray(): Promise<unknown[]> };
      return {
        toArray: async () => {
          const docs = await cursor.toArray();
          if (docs.length > 0 && ++reads === 1)
            await Invoice.updateOne({ _id: id }, withEvents({ $set: { status: 'paid' } }, paid));
          return docs;
        },
      };
    });
    const relay = relayOf({ collection });
    expect(await relay.drainOnce()).toBe(2);
    const done = await Invoice.findById(id).lean();
    expect(done?.outbox).toEqual([]);
    expect(done).not.toHaveProperty('outboxKey');
    const onTopic = await readTopic(service.app.kafka, billing, (m) => m.key === id, 2);
    expect(onTopic.map((m) => m.value.type)).toEqual(['billing.invoice.created', 'billing.invoice.paid']);
  });

  it('publishes the documents written before keys when the relay starts', async () => {
    const Invoice = await invoiceModel(service.app.mongo);
    const id = uniqueName('inv');
    // As an older build wrote it: events, no key.
    await Invoice.collection.insertOne({ _id: id as never, status: 'open', outbox: [created(id)] });
    const relay = relayOf(Invoice);
    relay.start();
    try {
      await vi.waitFor(async () => expect((await Invoice.findById(id).lean())?.outbox).toEqual([]), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await relay.stop();
    }
  });

  it('empties a sent document only when it holds exactly what was sent: an event appended without a new key stays', async () => {
    const Invoice = await invoiceModel(service.app.mongo);
    const [kept, emptied] = [uniqueName('inv'), uniqueName('inv')];
    for (const id of [kept, emptied]) await Invoice.create({ _id: id, status: 'open', ...pendingEvents(created(id)) });
    const collection = Invoice.collection as unknown as Parameters<typeof markSent>[0];
    const read = await collection.find({ _id: { $in: [kept, emptied] } }).toArray();
    // An older build (or a bug) appends to `kept` while its mark is on the way, and leaves its key as it was.
    const paid = newEvent('billing.invoice.paid', kept, invoicePaid(kept), ctx);
    await collection.updateOne({ _id: kept }, { $push: { outbox: paid } });
    await markSent(collection, read);
    const after = await collection.find({ _id: { $in: [kept, emptied] } }).toArray();
    const byId = new Map(after.map((doc) => [String(doc._id), doc]));
    expect(byId.get(kept)?.outbox?.map((event) => event.id)).toEqual([paid.id]);
    // It keeps its key, so the sweep sends the appended event.
    expect(byId.get(kept)?.outboxKey).toBe(read.find((doc) => doc._id === kept)?.outboxKey);
    expect(byId.get(emptied)?.outbox).toEqual([]);
    expect(byId.get(emptied)).not.toHaveProperty('outboxKey');
  });
});
