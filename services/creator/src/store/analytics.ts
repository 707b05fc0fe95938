// Creators' counters in MongoDB, per generation: a rebuild replays the topics into a new generation while
// reads stay on the current one, then `analytics_state` names the new one and the old one is dropped. One
// document per creator and UTC day (`counters`), each `$inc` made once per event: the event's id goes into the
// same single-document update as its increment (`applied`), and leaves it once the consumer's own record of the
// event exists (docs/creator.md, "Counting exactly once"); and what the counting remembers of attributed
// itineraries (`started_itineraries`: started, confirmed, cancelled, each by the event that did it).
import { handledKey, handledPairs, indexedCollection, isDuplicateKeyError } from '@travelclub/kit';
import type { Connection, mongo } from 'mongoose';
import type { CounterChange, StoredDay } from '../domain/analytics.js';

/** The consumer group of the first generation; a rebuild's group is this with `-r<generation>`. */
export const ANALYTICS_GROUP = 'creator-analytics';

/** Which generation of the counters is read and kept up to date, and the consumer group that keeps it. */
export interface AnalyticsState {
  generation: number;
  groupId: string;
}

interface StateDocument extends AnalyticsState {
  _id: 'counters';
  /** The last generation number handed out (a rebuild that failed keeps its number). */
  next: number;
  switchedAt?: Date;
}

type CounterDocument = StoredDay & {
  _id: string;
  generation: number;
  creatorId: string;
  /**
   * The ids of the events counted here that the consumer may still be handed again (its record of them not
   * written yet): a redelivered one finds its id and adds nothing.
   */
  applied?: string[];
};

/** One step of an attributed itinerary: each is counted once, by the event that took it. */
export type ItineraryStep = 'started' | 'confirmed' | 'cancelled';

type ItineraryMemory = { _id: string; generation: number; creatorId: string } & Partial<Record<ItineraryStep, string>>;

const FIRST: AnalyticsState = { generation: 0, groupId: ANALYTICS_GROUP };

const counterId = (generation: number, creatorId: string, day: string) => `${generation}|${creatorId}|${day}`;

/** The `$inc` of a change: counts by name, amounts under `<name>.<currency>`. */
function incOf(change: CounterChange): Record<string, number> {
  const inc: Record<string, number> = { ...change.counts };
  for (const [name, money] of Object.entries(change.amounts ?? {})) inc[`${name}.${money.currency}`] = money.amount;
  return inc;
}

/**
 * Takes a step of an itinerary once: true when this event takes it (or took it before: a redelivery after a
 * crash between the step and its count goes on to the count, which `add` makes once per event id).
 */
async function takeStep(
  itineraries: mongo.Collection<ItineraryMemory>,
  generation: number,
  itineraryId: string,
  creatorId: string,
  step: ItineraryStep,
  eventId: string,
): Promise<boolean> {
  const _id = `${generation}|${itineraryId}`;
  // A cancellation counts only for a booking that was confirmed: never an upsert.
  const after = step === 'cancelled' ? { confirmed: { $exists: true } } : {};
  try {
    const { matchedCount, upsertedCount } = await itineraries.updateOne(
      { _id, [step]: { $exists: false }, ...after },
      { $set: { [step]: eventId, generation, creatorId } },
      { upsert: step !== 'cancelled' },
    );
    if (matchedCount + upsertedCount === 1) return true;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  return (await itineraries.findOne({ _id }, { projection: { [step]: 1 } }))?.[step] === eventId;
}

type StepArgs = [generation: number, itineraryId: string, creatorId: string, step: ItineraryStep, eventId: string];

/**
 * Adds an event's change to a creator's day in a generation, once: the event's id and the increment are one
 * single-document update, which matches only while the id is not among the day's `applied`. When it is, the
 * upsert's insert collides with the existing `_id` (a duplicate key): counted before, nothing added. True when
 * this call counted it.
 */
async function addOnce(
  counters: mongo.Collection<CounterDocument>,
  generation: number,
  creatorId: string,
  day: string,
  change: CounterChange,
  eventId: string,
): Promise<boolean> {
  try {
    await counters.updateOne(
      { _id: counterId(generation, creatorId, day), applied: { $ne: eventId } },
      { $inc: incOf(change), $push: { applied: eventId }, $setOnInsert: { generation, creatorId, day } },
      { upsert: true },
    );
    return true;
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}

type AddArgs = [generation: number, creatorId: string, day: string, change: CounterChange, eventId: string];

/**
 * Lets go of the ids of a day's `applied` that `consumer` has recorded as handled: the kit never hands it those
 * events again, so their ids guard nothing any more. Ids it has not recorded stay.
 */
async function settle(
  connection: Connection,
  counters: mongo.Collection<CounterDocument>,
  generation: number,
  creatorId: string,
  day: string,
  consumer: string,
): Promise<void> {
  const _id = counterId(generation, creatorId, day);
  const applied = (await counters.findOne({ _id }, { projection: { applied: 1 } }))?.applied ?? [];
  if (applied.length === 0) return;
  const recorded = await handledPairs(
    connection,
    applied.map((eventId) => ({ consumer, eventId })),
  );
  const settled = applied.filter((eventId) => recorded.has(handledKey(consumer, eventId)));
  if (settled.length > 0) await counters.updateOne({ _id }, { $pullAll: { applied: settled } });
}

type SettleArgs = [generation: number, creatorId: string, day: string, consumer: string];

export type AnalyticsStore = Awaited<ReturnType<typeof analyticsStore>>;

export async function analyticsStore(connection: Connection) {
  const counters = await indexedCollection<CounterDocument>(connection, 'counters', [[{ generation: 1 }]]);
  const itineraries = await indexedCollection<ItineraryMemory>(connection, 'started_itineraries', [
    [{ generation: 1 }],
  ]);
  const states = await indexedCollection<StateDocument>(connection, 'analytics_state', []);

  return {
    takeStep: (...args: StepArgs) => takeStep(itineraries, ...args),

    /** The generation read now (the first one until a rebuild switches). */
    async state(): Promise<AnalyticsState> {
      const found = await states.findOne({ _id: 'counters' });
      return found ? { generation: found.generation, groupId: found.groupId } : FIRST;
    },

    add: (...args: AddArgs) => addOnce(counters, ...args),
    settle: (...args: SettleArgs) => settle(connection, counters, ...args),

    /** A creator's stored days among `days` (those with anything counted). */
    read: (generation: number, creatorId: string, days: string[]): Promise<StoredDay[]> =>
      counters
        .find(
          { _id: { $in: days.map((day) => counterId(generation, creatorId, day)) } },
          { projection: { applied: 0 } },
        )
        .toArray(),

    /** A number no generation had, for a rebuild. */
    async newGeneration(): Promise<number> {
      const state = await states.findOneAndUpdate(
        { _id: 'counters' },
        { $inc: { next: 1 }, $setOnInsert: FIRST },
        { upsert: true, returnDocument: 'after' },
      );
      return state!.next;
    },

    /** Makes `to` the generation read, if `from` still is (another rebuild may have switched first). */
    async switchTo(from: number, to: AnalyticsState): Promise<boolean> {
      const { modifiedCount } = await states.updateOne(
        { _id: 'counters', generation: from },
        { $set: { ...to, switchedAt: new Date() } },
      );
      return modifiedCount === 1;
    },

    /** Drops what a generation counted and remembered. */
    async drop(generation: number): Promise<void> {
      await counters.deleteMany({ generation });
      await itineraries.deleteMany({ generation });
    },

    /** Every stored day of a generation (the rebuild test compares generations). */
    all: (generation: number): Promise<StoredDay[]> =>
      counters.find({ generation }, { projection: { _id: 0, generation: 0, applied: 0 } }).toArray() as Promise<
        StoredDay[]
      >,

    /** The ids a generation's stored days still guard (tests: they shrink once the events are recorded). */
    async appliedIds(generation: number): Promise<number> {
      const days = await counters.find({ generation }, { projection: { applied: 1 } }).toArray();
      return days.reduce((sum, day) => sum + (day.applied?.length ?? 0), 0);
    },
  };
}
