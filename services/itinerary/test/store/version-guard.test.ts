// Every change of an itinerary is written under its write counter, `{ _id, version }`. The local
// MongoDB-compatible server answers a filter from an index only when its fields are exactly a unique index's,
// and scanned every itinerary for this one (seconds a write at 100,000): the store declares that index, and
// the guard still refuses a change decided on a state that moved. A request that read the itinerary already
// (its owner checked) hands that read to the change, which then writes without reading again.
import { randomUUID } from 'node:crypto';
import { recordMongoCommands } from '@travelclub/kit/testing';
import { describe, expect, it } from 'vitest';
import { newItinerary, type ItineraryRecord } from '../../src/domain/itinerary.js';
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

  describe('a change decided on the itinerary the request read', () => {
    /** The store's commands on the itineraries while `run` runs, in order. */
    async function commandsDuring(run: () => Promise<unknown>) {
      const { commands, stop } = recordMongoCommands();
      await run();
      stop();
      return commands.filter((c) => c.startsWith('itineraries.')).map((c) => c.slice('itineraries.'.length));
    }

    it('is written without reading the itinerary again', async () => {
      const known = await world.store.create(newItinerary(randomUUID(), 'owner-known', {}, new Date()));
      let result;
      const commands = await commandsDuring(async () => {
        result = await world.store.mutate(known._id, (current) => ({ record: { ...current, title: 'Lisbon' } }), known);
      });
      expect(commands).toEqual(['findOneAndUpdate']);
      expect(result).toMatchObject({ changed: true, record: { title: 'Lisbon', version: known.version + 1 } });
    });

    it('is decided again on the stored itinerary when it moved since that read', async () => {
      const known = await world.store.create(newItinerary(randomUUID(), 'owner-known', {}, new Date()));
      await world.store.mutate(known._id, (current) => ({ record: { ...current, title: 'Porto' } }));
      const seen: string[] = [];
      const commands = await commandsDuring(() =>
        world.store.mutate(
          known._id,
          (current) => {
            seen.push(current.title);
            return { record: { ...current, title: `${current.title} and Lisbon` } };
          },
          known,
        ),
      );
      expect(commands).toEqual(['findOneAndUpdate', 'findOne', 'findOneAndUpdate']);
      expect(seen).toEqual([known.title, 'Porto']);
      expect(await world.store.get(known._id)).toMatchObject({ title: 'Porto and Lisbon', version: known.version + 2 });
    });

    it('answers no change, or a refusal, only from the stored itinerary', async () => {
      const known = await world.store.create(newItinerary(randomUUID(), 'owner-known', {}, new Date()));
      await world.store.mutate(known._id, (current) => ({ record: { ...current, title: 'Porto' } }));
      // Nothing to do on the earlier read, something on the stored one: done.
      const onlyOnPorto = (current: ItineraryRecord) =>
        current.title === 'Porto' ? { record: { ...current, title: 'Porto, again' } } : null;
      expect(await world.store.mutate(known._id, onlyOnPorto, known)).toMatchObject({
        changed: true,
        record: { title: 'Porto, again' },
      });
      // Refused on the earlier read, allowed on the stored one: done too.
      const refusedUnlessAgain = (current: ItineraryRecord) => {
        if (current.title !== 'Porto, again') throw new Error('refused');
        return { record: { ...current, title: 'Porto, a third time' } };
      };
      expect(await world.store.mutate(known._id, refusedUnlessAgain, known)).toMatchObject({ changed: true });
      // Nothing to do on either: the stored itinerary is the answer.
      expect(await world.store.mutate(known._id, () => null, known)).toMatchObject({
        changed: false,
        record: { title: 'Porto, a third time' },
      });
    });
  });
});
