// A relay of several models (a service's stores each add theirs): a kick names only an aggregate, so the relay
// looks for it model by model, first in the one that last held kicked events, and asks no other model about
// an aggregate whose events it found.
import { topics } from '@travelclub/contracts';
import { Schema, type Collection } from 'mongoose';
import { describe, expect, it, vi } from 'vitest';
import { createOutboxRelay, defineModel, ensureTopics, newEvent, outboxPlugin, pendingEvents } from '../src/index.js';
import { uniqueName } from '../src/testing/index.js';
import { invoiceCreated, invoiceModel, silentLogger, useService, withMethod } from './helpers.js';

const ctx = { correlationId: 'corr-models', causationId: 'req-models' };
const service = useService('kit-outbox-models');
const { topicPrefix } = service;

/** The relay's reads by id name the documents in `_id.$in`. */
type Filter = { _id?: { $in: string[] } };

/** A second outbox model beside the invoices, in a collection of its own. */
function ledgerModel() {
  const schema = new Schema({ _id: String, status: String }, { versionKey: false });
  schema.plugin(outboxPlugin);
  return defineModel(service.app.mongo, uniqueName('Ledger'), schema);
}

/** The model's collection with its reads by id recorded, per aggregate asked about, and its sweeps answered. */
function countingReads(model: { collection: Collection }) {
  const asked: string[] = [];
  let swept = 0;
  const collection = withMethod(model.collection, 'find', (find) => (filter: Filter, ...rest: unknown[]) => {
    asked.push(...(filter._id?.$in ?? []));
    const cursor = find(filter, ...rest) as { toArray(): Promise<unknown[]> };
    if (filter._id) return cursor;
    return { toArray: () => cursor.toArray().finally(() => (swept += 1)) };
  });
  return { model: { collection }, asked, swept: () => swept };
}

/** The events still pending in the document `id` of the model. */
const pendingIn = async (model: { collection: Collection }, id: string) =>
  ((await model.collection.findOne({ _id: id } as never)) as { outbox?: unknown[] } | null)?.outbox;

const withEventPending = (id: string) => ({
  _id: id,
  status: 'open',
  ...pendingEvents(newEvent('billing.invoice.created', id, invoiceCreated(id), ctx)),
});

describe('relay of several models', () => {
  it('asks the model that last held kicked events first, and no other about the aggregates it held', async () => {
    await ensureTopics(service.app.kafka, [topicPrefix + topics.billing], 3);
    const Invoice = await invoiceModel(service.app.mongo);
    const Ledger = await ledgerModel();
    const invoices = countingReads(Invoice);
    const ledgers = countingReads(Ledger);
    const relay = createOutboxRelay({
      producer: service.app.producer,
      logger: silentLogger,
      topicPrefix,
      models: [invoices.model, ledgers.model],
      sweepIntervalMs: 60_000,
    });
    const published = (model: { collection: Collection }, id: string) =>
      vi.waitFor(async () => expect(await pendingIn(model, id)).toEqual([]), { timeout: 5_000, interval: 20 });
    relay.start();
    try {
      // The start's sweep has read both models (the ledger last): from here on only kicks are read.
      await vi.waitFor(() => expect(ledgers.swept()).toBeGreaterThanOrEqual(2), { timeout: 5_000, interval: 10 });
      const [first, second, third] = [uniqueName('ledger'), uniqueName('ledger'), uniqueName('ledger')];
      await Ledger.create(withEventPending(first));
      relay.kick(first);
      await published(Ledger, first);
      // The invoices came first and held nothing; the ledger held it, and is asked first from now on.
      expect(invoices.asked).toEqual([first]);
      expect(ledgers.asked).toEqual([first]);

      await Ledger.create(withEventPending(second));
      relay.kick(second);
      await published(Ledger, second);
      await Ledger.create(withEventPending(third));
      relay.kick(third);
      await published(Ledger, third);
      expect(invoices.asked).toEqual([first]);
      expect(ledgers.asked).toEqual([first, second, third]);

      // An invoice kicked now: the ledger is asked first and holds nothing, then the invoices.
      const invoice = uniqueName('inv');
      await Invoice.create(withEventPending(invoice));
      relay.kick(invoice);
      await published(Invoice, invoice);
      expect(ledgers.asked).toEqual([first, second, third, invoice]);
      expect(invoices.asked).toEqual([first, invoice]);
    } finally {
      await relay.stop();
    }
  });

  it('publishes events of one id in two models, the second model’s by the next sweep', async () => {
    await ensureTopics(service.app.kafka, [topicPrefix + topics.billing], 3);
    const Invoice = await invoiceModel(service.app.mongo);
    const Ledger = await ledgerModel();
    const relay = createOutboxRelay({
      producer: service.app.producer,
      logger: silentLogger,
      topicPrefix,
      models: [Invoice, Ledger],
      sweepIntervalMs: 500,
    });
    const id = uniqueName('shared');
    relay.start();
    try {
      await Invoice.create(withEventPending(id));
      await Ledger.create(withEventPending(id));
      relay.kick(id);
      await vi.waitFor(
        async () => {
          expect(await pendingIn(Invoice, id)).toEqual([]);
          expect(await pendingIn(Ledger, id)).toEqual([]);
        },
        // A sweep that found nothing is followed by one after a rest as long as it was slow (`restAfter`).
        { timeout: 30_000, interval: 20 },
      );
    } finally {
      await relay.stop();
    }
  });
});
