// The event log (`event_log`): every event of the service topics, once, with where it was read, what it is
// about (`refs`) and its number in the order of recording (`seq`, from the `counters` collection), which is
// the support routes' cursor. Keyed by the event id, so an event read again keeps its first record.
import type { EventEnvelope } from '@travelclub/contracts';
import { indexedCollection, isDuplicateKeyError } from '@travelclub/kit';
import type { Connection, mongo } from 'mongoose';
import { refsOf, type ReadEvent } from '../domain/event-log.js';

export interface EventLogRecord {
  /** The event's id. */
  _id: string;
  seq: number;
  /** Without the environment's prefix: `billing.events`. */
  topic: string;
  partition: number;
  offset: string;
  recordedAt: Date;
  /** The event's type, beside the envelope for the `type` filter's index. */
  type: string;
  refs: string[];
  event: EventEnvelope;
}

export interface EventLogFilter {
  aggregate?: string | undefined;
  topic?: string | undefined;
  type?: string | undefined;
}

const COUNTER = 'event_log';

/** A query from parsed values only: each is a plain string, matched for equality. */
const matching = ({ aggregate, topic, type }: EventLogFilter): mongo.Filter<EventLogRecord> => ({
  ...(aggregate !== undefined && { refs: aggregate }),
  ...(topic !== undefined && { topic }),
  ...(type !== undefined && { type }),
});

type Counters = mongo.Collection<{ _id: string; seq: number }>;

async function recordEvents(
  log: mongo.Collection<EventLogRecord>,
  counters: Counters,
  read: ReadEvent[],
  now: () => Date,
): Promise<void> {
  if (read.length === 0) return;
  const counter = await counters.findOneAndUpdate(
    { _id: COUNTER },
    { $inc: { seq: read.length } },
    { upsert: true, returnDocument: 'after' },
  );
  const first = (counter?.seq ?? read.length) - read.length + 1;
  // Stamped after the numbers were taken: `settledPrefix` relies on it.
  const recordedAt = now();
  const records = read.map(({ topic, partition, offset, event }, i): EventLogRecord => ({
    _id: event.id,
    seq: first + i,
    topic,
    partition,
    offset,
    recordedAt,
    type: event.type,
    refs: refsOf(event),
    event,
  }));
  try {
    await log.insertMany(records, { ordered: false });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    // Refused as duplicates: events read again, which is fine, unless one of them is not recorded at all
    // (its number was taken); then the batch is recorded again, with new numbers.
    const ids = [...new Set(records.map((r) => r._id))];
    if ((await log.countDocuments({ _id: { $in: ids } })) !== ids.length) throw err;
  }
}

export async function eventLogStore(connection: Connection) {
  // Real MongoDB answers each filter from its index, in `seq` order; the local server ignores all but the unique one.
  const log = await indexedCollection<EventLogRecord>(connection, 'event_log', [
    [{ seq: 1 }, { unique: true }],
    [{ refs: 1, seq: 1 }],
    [{ topic: 1, seq: 1 }],
    [{ type: 1, seq: 1 }],
    [{ recordedAt: 1 }],
  ]);
  const counters: Counters = connection.collection('counters');
  // A counter lost while the log was kept would number new events under old ones: it resumes after the newest.
  const newest = await log
    .find({}, { projection: { seq: 1 } })
    .sort({ seq: -1 })
    .limit(1)
    .next();
  await counters.updateOne({ _id: COUNTER }, { $max: { seq: newest?.seq ?? 0 } }, { upsert: true });

  return {
    /** Records a batch of events, numbered in order; events recorded before keep their first record. */
    record: (read: ReadEvent[], now = () => new Date()) => recordEvents(log, counters, read, now),

    /** The matching records numbered after `after`, oldest first, up to `limit`. */
    after: (filter: EventLogFilter, after: number, limit: number) =>
      log
        .find({ ...matching(filter), seq: { $gt: after } })
        .sort({ seq: 1 })
        .limit(limit)
        .toArray(),

    /** The last `limit` matching records before the first one recorded after `settledBefore`, oldest first. */
    async last(filter: EventLogFilter, limit: number, settledBefore: Date): Promise<EventLogRecord[]> {
      const unsettled = await log
        .find({ ...matching(filter), recordedAt: { $gt: settledBefore } }, { projection: { seq: 1 } })
        .sort({ seq: 1 })
        .limit(1)
        .next();
      const records = await log
        .find({ ...matching(filter), ...(unsettled && { seq: { $lt: unsettled.seq } }) })
        .sort({ seq: -1 })
        .limit(limit)
        .toArray();
      return records.reverse();
    },

    /** Removes the records older than `before`; answers how many went. */
    async removeRecordedBefore(before: Date): Promise<number> {
      const { deletedCount } = await log.deleteMany({ recordedAt: { $lt: before } });
      return deletedCount;
    },
  };
}

export type EventLogStore = Awaited<ReturnType<typeof eventLogStore>>;
