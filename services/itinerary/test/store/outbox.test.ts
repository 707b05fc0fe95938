// An itinerary's events ride in its document (the kit's outbox). A change that carries events hands the relay the
// document as its write answered it, so the relay publishes them without reading the itinerary back; the record
// the store answers carries none of the outbox, since a later change spreads the record it read into its write.
import { randomUUID } from 'node:crypto';
import { newEvent, type Outbox, type OutboxDocument } from '@travelclub/kit';
import { describe, expect, it } from 'vitest';
import { newItinerary, type ItineraryRecord } from '../../src/domain/itinerary.js';
import { itineraryStore } from '../../src/store/itineraries.js';
import { useWorld } from '../helpers.js';

const world = useWorld();
const ctx = { correlationId: 'corr-itinerary-outbox', causationId: 'req-itinerary-outbox' };

/** An outbox that keeps what it is handed. */
function listeningOutbox() {
  const written: OutboxDocument[] = [];
  const kicked: unknown[] = [];
  const outbox: Outbox = {
    addModel: () => undefined,
    kick: (...ids) => kicked.push(...ids),
    kickWritten: (_model, ...docs) => written.push(...docs),
  };
  return { outbox, written, kicked };
}

/** The change an expired cart makes: a new title stands in for the state, with its `itinerary.expired` event. */
const expire = (current: ItineraryRecord) => ({
  record: { ...current, title: `${current.title} (expired)` },
  events: [newEvent('itinerary.expired', current._id, { itineraryId: current._id, userId: current.ownerId }, ctx)],
});

describe('the itinerary store and its outbox', () => {
  it('hands the relay the written document, and answers a record without its outbox', async () => {
    const { outbox, written, kicked } = listeningOutbox();
    const store = await itineraryStore(world.app.mongo, outbox);
    const created = await store.create(newItinerary(randomUUID(), 'owner-outbox', {}, new Date()));

    const result = await store.mutate(created._id, expire);

    expect(kicked).toEqual([]);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ _id: created._id, outboxKey: expect.any(String) });
    expect(written[0]!.outbox.map((event) => event.type)).toEqual(['itinerary.expired']);
    expect(result?.record).not.toHaveProperty('outbox');
    expect(result?.record).not.toHaveProperty('outboxKey');
  });

  it('hands the relay a new itinerary’s events as inserted', async () => {
    const { outbox, written, kicked } = listeningOutbox();
    const store = await itineraryStore(world.app.mongo, outbox);
    const record = newItinerary(randomUUID(), 'owner-outbox', {}, new Date());
    const event = expire(record).events[0]!;

    const created = await store.create(record, [event]);

    expect(kicked).toEqual([]);
    expect(written).toEqual([{ _id: record._id, outbox: [event], outboxKey: expect.any(String) }]);
    expect(created).not.toHaveProperty('outbox');
    expect(created).not.toHaveProperty('outboxKey');
  });

  it('leaves no outbox key behind when a change without events was decided before the relay marked the last', async () => {
    const created = await world.store.create(newItinerary(randomUUID(), 'owner-outbox', {}, new Date()));
    const expired = await world.store.mutate(created._id, expire);
    const itineraries = world.app.mongo.collection('itineraries');
    // The relay sends the event and marks it: the outbox and its key go; the version does not move.
    await itineraries.updateOne({ _id: created._id as never }, { $set: { outbox: [] }, $unset: { outboxKey: '' } });

    await world.store.mutate(created._id, (current) => ({ record: { ...current, title: 'Lisbon' } }), expired!.record);

    const stored = await itineraries.findOne({ _id: created._id as never });
    expect(stored).toMatchObject({ title: 'Lisbon', outbox: [] });
    // A key with nothing pending would be found by every sweep, and never dropped.
    expect(stored).not.toHaveProperty('outboxKey');
  });
});
