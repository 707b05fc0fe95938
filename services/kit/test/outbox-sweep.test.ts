// The relay's sweep on a store that answers it slowly (as the local MongoDB-compatible server did while it
// scanned for it: docs/performance-data-growth.md). Here a real collection answers the sweep's query late.
import { topics } from '@travelclub/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createOutboxRelay, ensureTopics, newEvent, pendingEvents, restAfter } from '../src/index.js';
import { uniqueName } from '../src/testing/index.js';
import { invoiceCreated, invoiceModel, silentLogger, useService, withMethod } from './helpers.js';

const ctx = { correlationId: 'corr-sweep', causationId: 'req-sweep' };
const service = useService('kit-outbox-sweep');
const { topicPrefix } = service;

const SLOW_MS = 150;

/** The invoices' collection, whose sweeps (a query on `outboxKey`) answer `SLOW_MS` late and are counted. */
async function slowlySweptInvoices() {
  await ensureTopics(service.app.kafka, [topicPrefix + topics.billing], 3);
  const Invoice = await invoiceModel(service.app.mongo);
  const sweeps: number[] = [];
  const collection = withMethod(
    Invoice.collection,
    'find',
    (find) =>
      (filter: Record<string, unknown>, ...rest: unknown[]) => {
        const read = () => find(filter, ...rest) as { toArray(): Promise<unknown[]> };
        if (!(filter.outboxKey as { $regex?: string } | undefined)?.$regex) return read();
        sweeps.push(Date.now());
        return { toArray: () => new Promise((r) => setTimeout(r, SLOW_MS)).then(() => read().toArray()) };
      },
  );
  const open = (id: string) => ({
    _id: id,
    status: 'open',
    ...pendingEvents(newEvent('billing.invoice.created', id, invoiceCreated(id), ctx)),
  });
  const published = (id: string, timeout: number) =>
    vi.waitFor(async () => expect((await Invoice.findById(id).lean())?.outbox).toEqual([]), { timeout, interval: 20 });
  return { Invoice, model: { collection }, sweeps, open, published };
}

const relayOf = (model: { collection: unknown }, options: { sweepIntervalMs: number; batchSize?: number }) =>
  createOutboxRelay({
    producer: service.app.producer,
    logger: silentLogger,
    topicPrefix,
    models: [model as never],
    ...options,
  });

it('rests after a look twenty times as long as it took, and never less than the interval', () => {
  expect(restAfter(3, 1_000)).toBe(1_000);
  expect(restAfter(8_700, 1_000)).toBe(174_000);
});

describe('relay on a store slow to sweep', () => {
  it('sweeps it less often while nothing is pending, and still publishes kicked aggregates at once', async () => {
    const { Invoice, model, sweeps, open, published } = await slowlySweptInvoices();
    const relay = relayOf(model, { sweepIntervalMs: 50 });
    relay.start();
    try {
      await new Promise((r) => setTimeout(r, 1_500));
      // At the interval alone it would have swept about 7 times by now (150 ms each, 50 ms apart).
      expect(sweeps).toHaveLength(1);

      const kicked = uniqueName('inv');
      await Invoice.create(open(kicked));
      const savedAt = Date.now();
      relay.kick(kicked);
      await published(kicked, 1_000);
      expect(Date.now() - savedAt).toBeLessThan(1_000);

      // One nobody kicked (another instance's crash) waits for the next sweep, 3 s after the first.
      const quiet = uniqueName('inv');
      await Invoice.create(open(quiet));
      await published(quiet, 5_000);
      // (That sweep found an event, so another may have followed it at the interval.)
      expect((sweeps[1] ?? 0) - (sweeps[0] ?? 0)).toBeGreaterThanOrEqual(SLOW_MS * 20 - 50);
    } finally {
      await relay.stop();
    }
  });

  it('sweeps again at the interval while its sweeps find events', async () => {
    const { Invoice, model, sweeps, open, published } = await slowlySweptInvoices();
    const ids = Array.from({ length: 5 }, () => uniqueName('inv'));
    await Invoice.create(ids.map(open));
    // Two documents a round: three rounds find events, then one finds none.
    const relay = relayOf(model, { sweepIntervalMs: 50, batchSize: 2 });
    relay.start();
    try {
      const started = Date.now();
      for (const id of ids) await published(id, 3_000);
      // Backing off after each of those rounds would have taken over 6 s.
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(sweeps.length).toBeGreaterThanOrEqual(3);
    } finally {
      await relay.stop();
    }
  });
});
