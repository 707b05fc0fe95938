// Keeps the event log to its last EVENT_LOG_DAYS: at start and every hour, the records older than that go. A
// timer, not a TTL index: the local MongoDB-compatible server has none, and a TTL index's period cannot be changed
// by declaring it again (real MongoDB refuses the new options at start). Every instance runs it; deleting
// what another instance deleted already deletes nothing.
import type { ServiceApp } from '@travelclub/kit';
import type { EventLogFlows } from '../flows/event-log.js';

const EVERY_MS = 3_600_000;

export function eventLogCleanup(app: ServiceApp, eventLog: Pick<EventLogFlows, 'removeOlderThan'>, days: number) {
  const inFlight = new Set<Promise<number>>();
  /** One round: answers how many records went (0 when it failed, which is logged and tried again next round). */
  const run = (now = new Date()): Promise<number> => {
    const round = eventLog.removeOlderThan(days, now).then(
      (removed) => {
        if (removed > 0) app.log.info({ removed, days }, 'event log: old events removed');
        return removed;
      },
      (err: unknown) => {
        app.log.warn({ err }, 'event log: could not remove old events; trying again next round');
        return 0;
      },
    );
    inFlight.add(round);
    void round.finally(() => inFlight.delete(round));
    return round;
  };
  // Never what keeps the process alive; a round in flight finishes before MongoDB closes.
  const timer = setInterval(() => void run(), EVERY_MS).unref();
  app.onShutdown(async () => {
    clearInterval(timer);
    await Promise.all(inFlight);
  });
  /** The round at start. */
  const first = run();
  return { run, first };
}
