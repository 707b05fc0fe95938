// What support staff changed through the pipeline's desk (`staff_actions`): who, when, what, on which letters
// or jobs, why, and what came of it. Written after the change, so it records what actually happened.
import { indexedCollection } from '@travelclub/kit';
import type { Connection } from 'mongoose';

export type StaffActionKind = 'dead-letters.replay' | 'jobs.retry';

export interface StaffAction {
  at: Date;
  /** The acting staff member's user id. */
  staffId: string;
  action: StaffActionKind;
  /** What it acted on: letters' refs, or a queue (and a job: `emails/<job id>`). */
  target: string[];
  reason?: string;
  outcome: Record<string, unknown>;
}

export async function staffActionStore(connection: Connection) {
  const actions = await indexedCollection<StaffAction>(connection, 'staff_actions', [
    [{ staffId: 1, at: -1 }],
    [{ at: -1 }],
  ]);
  return {
    async record(action: StaffAction): Promise<void> {
      await actions.insertOne({ ...action });
    },
  };
}

export type StaffActionStore = Awaited<ReturnType<typeof staffActionStore>>;
