// Every change of an itinerary is written under its write counter, `{ _id, version }`. The local
// MongoDB-compatible server answers a filter from an index only when its fields are exactly a unique index's,
// and scanned every itinerary for this one (seconds a write at 100,000): the store declares that index, and
// the guard still refuses a change decided on a state that moved.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newItinerary } from '../../src/domain/itinerary.js';
import { VERSION_GUARD_INDEX, versionGuard } from '../../src/store/itineraries.js';
import { useWorld } from '../helpers.js';

const world = useWorld();

describe('the write counter guard', () => {
  it('has a unique index of exactly its fields, built over the itineraries already stored', async () => {
    const indexes = await world.app.mongo.collection('itineraries').indexes();
    const guardFields = Object.keys(versionGuard('any', 0));
    const serving = indexes.find((index) => Object.keys(index.key).join() === guardFields.join());
    expect(serving).toMatchObject({ unique: true, key: VERSION_GUARD_INDEX });
  });

  it('matches only the version read, and the store writes a change under it', async () => {
    const created = await world.store.create(newItinerary(randomUUID(), 'owner-guard', {}, new Date()));
    const itineraries = world.app.mongo.collection('itineraries');
    // Another writer moved the counter: a change decided on the version read before matches nothing.
    await itineraries.updateOne(versionGuard(created._id, created.version) as never, { $inc: { version: 1 } });
    const stale = await itineraries.updateOne(versionGuard(created._id, created.version) as never, {
      $set: { title: 'stale' },
    });
    expect(stale.matchedCount).toBe(0);
    const result = await world.store.mutate(created._id, (current) => ({ record: { ...current, title: 'Lisbon' } }));
    expect(result).toMatchObject({ changed: true, record: { title: 'Lisbon', version: created.version + 2 } });
    expect(await world.store.get(created._id)).toMatchObject({ title: 'Lisbon', version: created.version + 2 });
  });
});
