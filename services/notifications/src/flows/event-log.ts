// Support staff reading the event log (`events tail`, an itinerary's history): the last events that match, or
// those after a cursor, oldest first, and only once they have settled (domain/event-log.ts, `settledPrefix`).
import type { AuthUser, LoggedEvent, SupportEvents, SupportEventsQuery } from '@travelclub/contracts';
import type { Logger } from '@travelclub/kit';
import { settledPrefix } from '../domain/event-log.js';
import type { EventLogRecord, EventLogStore } from '../store/event-log.js';

const shown = (record: EventLogRecord): LoggedEvent => ({
  cursor: String(record.seq),
  topic: record.topic,
  partition: record.partition,
  offset: record.offset,
  recordedAt: record.recordedAt.toISOString(),
  event: record.event,
});

export function eventLogFlows(store: EventLogStore, settleMs: number, log: Logger, now = () => new Date()) {
  return {
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
