// Rebuilding the counters by replay (events/analytics-rebuild.ts, as `npm run creator:rebuild-counters` runs it):
// a realistic mix counted live, then every topic replayed from its start under a fresh consumer group into a new
// generation; the rebuilt counters are exactly the live ones (and the ones worked out by hand), the running
// app moves its counting to the new group, and the old generation is gone.
import { describe, expect, it } from 'vitest';
import { consumerDepsOf } from '../../src/events/analytics.js';
import { rebuildCountersOn } from '../../src/events/analytics-rebuild.js';
import { analyticsStore } from '../../src/store/analytics.js';
import { useCreator } from '../helpers.js';
import { countersOf, publishMix, today } from './mix.js';

const world = useCreator({ ANALYTICS_FOLLOW_MS: '200' });

/** A generation's stored days in a stable order, without their ids. */
async function storedDays(generation: number) {
  const store = await analyticsStore(world.app.mongo);
  const days = await store.all(generation);
  const key = (day: { day: string }) => `${(day as { creatorId?: string }).creatorId}|${day.day}`;
  return days.sort((x, y) => key(x).localeCompare(key(y)));
}

describe('rebuilding the counters by replay', () => {
  it('gives exactly the live counters, and the app counts on in the rebuilt generation', async () => {
    const a = await world.creator('Ana Replays');
    const b = await world.creator('Ben Replays');
    const expected = await publishMix(world, { id: a.id, slug: a.profile.slug }, { id: b.id, slug: b.profile.slug });
    await expect.poll(async () => (await countersOf(world, a)).totals, { timeout: 30_000 }).toEqual(expected.a.totals);
    await expect.poll(async () => (await countersOf(world, b)).totals, { timeout: 30_000 }).toEqual(expected.b.totals);
    const live = { a: await countersOf(world, a), b: await countersOf(world, b) };
    const liveDays = await storedDays(0);
    expect(liveDays.length).toBeGreaterThanOrEqual(3);

    const result = await rebuildCountersOn(consumerDepsOf(world.app), 60_000);
    await result.consumer.stop();
    await result.generations.drop(result.previous);
    expect(result.previous).toEqual({ generation: 0, groupId: 'creator-analytics' });
    expect(result.state).toEqual({ generation: 1, groupId: 'creator-analytics-r1' });
    expect(result.events).toBeGreaterThanOrEqual(40);

    // Reads are on the rebuilt generation at once: the same answers, to the last figure.
    expect(await storedDays(1)).toEqual(liveDays);
    expect(await countersOf(world, a)).toEqual(live.a);
    expect(await countersOf(world, b)).toEqual(live.b);
    expect(live.a.days).toEqual(expected.a.days);

    // The app's live consumer follows to the rebuild's group, which carries on where the rebuild stopped; the
    // old generation stays gone.
    await world.publish('creator.club.viewed', a.id, { creatorId: a.id, day: today, newVisitor: false });
    await expect
      .poll(async () => (await countersOf(world, a)).totals.pageViews, { timeout: 20_000 })
      .toBe(expected.a.totals.pageViews + 1);
    // Once it has moved, nothing is left of the old generation (it may have counted that view before moving).
    await expect.poll(() => storedDays(0), { timeout: 20_000 }).toEqual([]);
    const handled = () =>
      world.app.mongo
        .collection('processed_events')
        .countDocuments({ consumer: `${world.app.config.KAFKA_TOPIC_PREFIX}creator-analytics` });
    await expect.poll(handled, { timeout: 20_000 }).toBe(0);
  });
});
