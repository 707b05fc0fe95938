// How the invoice store reaches an invoice on the local MongoDB-compatible server, which scans every invoice for a
// filter it cannot answer through `_id` or a unique index: a change is one conditional write found through `_id`,
// and an itinerary's older and newer revisions are found by `_id`. Invoices written before the revisions record
// are filed when the store starts and are still found and changed. The relay publishes an invoice's events from the
// write that gave them, without reading the invoice back.
import { randomUUID } from 'node:crypto';
import { unheardOutbox } from '@travelclub/kit';
import { recordMongoCommands, recordRelayReads } from '@travelclub/kit/testing';
import { describe, expect, it, vi } from 'vitest';
import { invoiceIdFor } from '../../src/domain/ids.js';
import { invoiceStore, LEASE_INDEX } from '../../src/store/invoices.js';
import { useBilling, validCard } from '../helpers.js';

const world = useBilling();

describe('the invoice store’s access paths', () => {
  it('changes an invoice with one conditional write, and none when its condition no longer holds', async () => {
    const { invoice } = await world.openInvoice();
    const store = await invoiceStore(world.app.mongo, unheardOutbox);
    const { commands, stop } = recordMongoCommands({ withFilter: true, about: [invoice.id] });
    expect(await store.void(invoice.id, 'outdated')).toMatchObject({ status: 'void', voidReason: 'outdated' });
    // Its condition (open) no longer holds: nothing written.
    expect(await store.withdraw(invoice.id)).toBeNull();
    stop();
    expect(commands).toEqual([
      `invoices.findOneAndUpdate ${JSON.stringify({ _id: invoice.id, status: 'open' })}`,
      `invoices.findOneAndUpdate ${JSON.stringify({ _id: invoice.id, status: 'open', lease: null })}`,
    ]);
    // The counter still goes up with each change: an instance of the version before writes under the one it read.
    expect(await store.get(invoice.id)).toMatchObject({ status: 'void', voidReason: 'outdated', seq: 1 });
  });

  it('files invoices written before the counter at start, and still finds and voids them', async () => {
    const itineraryId = `it-${randomUUID()}`;
    const { invoice } = await world.openInvoice({ itineraryId, revision: 1 });
    const invoices = world.app.mongo.collection('invoices');
    // As the store wrote it before: no counter, no revisions record.
    await invoices.updateOne({ _id: invoice.id as never }, { $unset: { seq: '' } });
    await world.app.mongo.collection('itinerary_revisions').deleteOne({ _id: itineraryId as never });
    // ... before the filing was done and marked.
    await world.app.mongo.collection('store_migrations').deleteOne({ _id: 'invoices.seq' as never });
    const restarted = await invoiceStore(world.app.mongo, unheardOutbox);
    expect((await restarted.get(invoice.id))?.seq).toBe(0);
    const revisions = world.app.mongo.collection('itinerary_revisions');
    expect(await revisions.findOne({ _id: itineraryId as never })).toMatchObject({ latest: 1 });

    const newer = await world.openInvoice({ itineraryId, revision: 2 });
    expect(newer.invoice.id).toBe(invoiceIdFor(itineraryId, 2));
    expect(await restarted.get(invoice.id)).toMatchObject({ status: 'void', voidReason: 'outdated' });
    expect(await revisions.findOne({ _id: itineraryId as never })).toMatchObject({ latest: 2 });
  });

  it('files them once: a later start reads the mark and looks through no invoice', async () => {
    const migrations = world.app.mongo.collection('store_migrations');
    expect(await migrations.findOne({ _id: 'invoices.seq' as never })).toMatchObject({ doneAt: expect.any(Date) });
    const { invoice } = await world.openInvoice();
    const invoices = world.app.mongo.collection('invoices');
    await invoices.updateOne({ _id: invoice.id as never }, { $unset: { seq: '' } });
    await invoiceStore(world.app.mongo, unheardOutbox);
    // Left as it was: the start did not look for invoices without a counter.
    expect(await invoices.findOne({ _id: invoice.id as never })).not.toHaveProperty('seq');
  });

  it('publishes an invoice’s events without the relay reading the invoice back', async () => {
    const { user, invoice } = await world.openInvoice();
    const relayReads = recordRelayReads([invoice.id]);
    expect((await world.pay(user, invoice.id)).statusCode).toBe(200);
    const invoices = world.app.mongo.collection('invoices');
    await vi.waitFor(
      async () => {
        const stored = await invoices.findOne({ _id: invoice.id as never });
        expect(stored).toMatchObject({ status: 'paid', outbox: [] });
        expect(stored).not.toHaveProperty('outboxKey');
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(relayReads).toEqual([]);
  });

  it('finds the payments unsettled past their lease among the leased invoices, oldest first', async () => {
    const indexes = await world.app.mongo.collection('invoices').indexes();
    expect(indexes.find((index) => Object.keys(index.key).join() === 'lease.paymentId')).toMatchObject({
      key: LEASE_INDEX,
      unique: true,
      sparse: true,
    });
    const now = new Date();
    const lapsedAt = (ms: number) => new Date(now.getTime() - ms);
    const leased = async (until: Date) => {
      const { invoice } = await world.openInvoice();
      return world.leaveUnsettledAttempt(invoice, randomUUID(), validCard(), { leaseUntil: until });
    };
    const older = await leased(lapsedAt(60_000_000));
    const newer = await leased(lapsedAt(50_000_000));
    const live = await leased(new Date(now.getTime() + 60_000));
    const store = world.app.billing.store;
    const unsettled = (await store.unsettled(now, 1_000)).map((doc) => doc.lease?.paymentId);
    expect(unsettled.indexOf(older)).toBeLessThan(unsettled.indexOf(newer));
    expect(unsettled).toContain(newer);
    expect(unsettled).not.toContain(live);
    expect(await store.awaitingReconciliation(now)).toBe(unsettled.length);
    // `limit` keeps the oldest.
    const first = await store.unsettled(now, 1);
    expect(first).toHaveLength(1);
    expect(new Date(first[0]!.lease!.until).getTime()).toBeLessThanOrEqual(lapsedAt(60_000_000).getTime());
  });
});
