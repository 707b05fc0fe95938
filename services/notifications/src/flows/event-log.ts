// Support staff reading the event log (`events tail`, an itinerary's history): the last events that match, or
// those after a cursor, oldest first, and only once they have settled (domain/event-log.ts, `settledPrefix`).
import type { AuthUser, LoggedEvent, SupportEvents, SupportEventsQuery } from '@travelclub/contracts';
import type { Logger } from '@travelclub/kit';
import { RECORDS_PER_WRITE, settledPrefix, type ReadEvent } from '../domain/event-log.js';
import type { EventLogRecord, EventLogStore } from '../store/event-log.js';

const shown = (record: EventLogRecord): LoggedEvent => ({
  cursor: String(record.seq),
  topic: record.topic,
  partition: record.partition,
  offset: record.offset,
  recordedAt: record.recordedAt.toISOString(),
  event: record.event,
});

const DAY_MS = 86_400_000;

interface Batch {
  read: ReadEvent[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface Joined {
  batches: Batch[];
  size: number;
}

/** Writes the joined batches at once; when that fails, each alone, so only a batch that still fails waits. */
async function writeJoined(write: (read: ReadEvent[]) => Promise<void>, { batches }: Joined) {
  try {
    await write(batches.flatMap((b) => b.read));
    for (const b of batches) b.resolve();
  } catch (err) {
    if (batches.length === 1) return batches[0]!.reject(err);
    // What the failed write recorded is there once: written again, it counts as recorded (the store's duplicates).
    for (const b of batches) await write(b.read).then(b.resolve, b.reject);
  }
}

/**
 * Batches handed to `record` while a write is under way (every partition's batch of one fetch) wait and go
 * together in the next write: one counter update and one insert for them all. Each batch's events stay together
 * and in order. A joined write that fails is made again batch by batch, so one batch that cannot be written
 * holds back its own partition only.
 */
function joinedWrites(write: (read: ReadEvent[]) => Promise<void>) {
  let open: Joined | undefined;
  let before: Promise<unknown> = Promise.resolve();
  return (read: ReadEvent[]): Promise<void> =>
    new Promise((resolve, reject) => {
      const batch: Batch = { read, resolve, reject };
      if (open && open.size + read.length <= RECORDS_PER_WRITE) {
        open.batches.push(batch);
        open.size += read.length;
        return;
      }
      const joined: Joined = { batches: [batch], size: read.length };
      open = joined;
      // After the write before it, and after a turn of the event loop, so that batches handed out together join.
      before = before
        .then(() => new Promise((next) => setImmediate(next)))
        .then(() => {
          if (open === joined) open = undefined;
          return writeJoined(write, joined);
        });
    });
}

export function eventLogFlows(store: EventLogStore, settleMs: number, log: Logger, now = () => new Date()) {
  return {
    /**
     * Keeps a batch of events as the consumer read them (each once: an event read again keeps its record), in one
     * write with the batches handed over meanwhile.
     */
    record: joinedWrites((read) => store.record(read)),
    /** Removes the records older than `days` before `at`; answers how many went. */
    removeOlderThan: (days: number, at: Date) => store.removeRecordedBefore(new Date(at.getTime() - days * DAY_MS)),
    async read(staff: AuthUser, query: SupportEventsQuery): Promise<SupportEvents> {
      const { after, limit, ...filter } = query;
      const settledBefore = new Date(now().getTime() - settleMs);
      const records =
        after === undefined
          ? await store.last(filter, limit, settledBefore)
          : settledPrefix(await store.after(filter, Number(after), limit), settledBefore);
      const events = records.map(shown);
      // A follower polls every few seconds: its reads are logged at debug, a look at the log at info.
      const level = after === undefined ? 'info' : 'debug';
      log[level]({ staffId: staff.id, ...filter, after, count: events.length }, 'support staff read the event log');
      return { events, next: events.at(-1)?.cursor ?? after ?? null };
    },
  };
}

export type EventLogFlows = ReturnType<typeof eventLogFlows>;
