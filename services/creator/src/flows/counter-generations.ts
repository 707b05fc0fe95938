// The generations of creators' counters (docs/creator.md, "Analytics"): which one is read and counted into, a new
// one begun for a rebuild and switched to once it caught up, a half-built one abandoned, an old one dropped with
// its consumer group's records of handled events. The counting consumers (events/analytics.ts, the live one, and
// events/analytics-rebuild.ts) move between generations through these.
import { unheardOutbox } from '@travelclub/kit';
import type { Connection } from 'mongoose';
import { analyticsStore, ANALYTICS_GROUP, type AnalyticsState, type AnalyticsStore } from '../store/analytics.js';
import { profileStore } from '../store/profiles.js';
import { counterWriter, rememberedOwners, type SlugOwner } from './analytics.js';

export function counterGenerations(store: AnalyticsStore, ownerOf: SlugOwner, mongo: Connection, prefix: string) {
  const owners = rememberedOwners(ownerOf);
  return {
    /** The generation read now, and its consumer group. */
    current: (): Promise<AnalyticsState> => store.state(),
    /** What each event adds to one generation of the counters. */
    writerFor: (generation: number) => counterWriter(store, owners, generation),
    /** A new generation for a rebuild, under a group of its own; reads stay where they are. */
    async begin(): Promise<AnalyticsState> {
      const generation = await store.newGeneration();
      return { generation, groupId: `${ANALYTICS_GROUP}-r${generation}` };
    },
    /** Reads move from `from` to `to`, unless another rebuild switched first (false). */
    switchTo: (from: number, to: AnalyticsState) => store.switchTo(from, to),
    /** A rebuild that failed: its half-built counters go. */
    abandon: (generation: number) => store.drop(generation),
    /** Forgets a generation once nothing counts into it: its counters and its group's handled-event records. */
    async drop(old: AnalyticsState): Promise<void> {
      await store.drop(old.generation);
      await mongo.collection('processed_events').deleteMany({ consumer: prefix + old.groupId });
    },
  };
}

export type CounterGenerations = ReturnType<typeof counterGenerations>;

/** The generations on any connection (a command's own, such as the rebuild's), with the stores they need. */
export async function counterGenerationsOn(mongo: Connection, prefix: string): Promise<CounterGenerations> {
  const profiles = await profileStore(mongo, unheardOutbox);
  return counterGenerations(await analyticsStore(mongo), profiles.slugOwner, mongo, prefix);
}
