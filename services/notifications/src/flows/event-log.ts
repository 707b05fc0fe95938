// Support staff reading the event log (`events tail`, an itinerary's history): the last events that match, or
// those after a cursor, oldest first, and only once they have settled (domain/event-log.ts, `settledPrefix`).
import type { AuthUser, LoggedEvent, SupportEvents, SupportEventsQuery } from '@travelclub/contracts';
import type { Logger } from '@travelclub/kit';
import { settledPrefix, type ReadEvent } from '../domain/event-log.js';
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

/** Most events one write takes; batches past it go in the write after. */
const MOST_PER_WRITE = 2_000;

/**
 * Batches handed to `record` while a write is under way (every partition's batch of one fetch) wait and go
 * together in the next write: one counter update and one insert for them all. Each batch's events stay together
 * and in order; when a write fails, every batch in it fails (its partition waits and is read again).
 */
function joinedWrites(write: (read: ReadEvent[]) => Promise<void>) {
  let open: { read: ReadEvent[]; done: Promise<void> } | undefined;
  let before: Promise<unknown> = Promise.resolve();
  return (read: ReadEvent[]): Promise<void> => {
    if (open && open.read.length + read.length <= MOST_PER_WRITE) {
      open.read.push(...read);
      return open.done;
    }
    const group = { read: [...read], done: Promise.resolve() };
    // After the write before it, and after a turn of the event loop, so that batches handed out together join.
    group.done = before
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => {
        if (open === group) open = undefined;
        return write(group.read);
      });
    open = group;
    before = group.done.catch(() => undefined);
    return group.done;
  };
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
