// kafkajs 2.2.4, its last release, re-arms a timer after every check of a broker connection's waiting requests,
// whether or not any wait. With no throttle the timer's delay is negative, which Node runs after 1 ms, so each
// connection checks an empty queue about a thousand times a second for as long as it is open
// (tulios/kafkajs#1704 and #1556; the fix proposed in #1667 was never released). Measured on the platform at
// rest: 50 to 90 ms of CPU a second in every service, half a core of the development machine's two, and Node
// 24's TimeoutNegativeWarning. Importing this module replaces that one method of kafkajs' request queue: a
// check is scheduled only while requests wait (a request that cannot go at once always waits in `pending`),
// for when the broker's throttle ends, else after kafkajs' own 10 ms. Nothing else in the queue changes.
// A static import, so a deployed part's bundle patches the copy of kafkajs it holds (scripts/build-deploy.mjs).
import KafkaRequestQueue from 'kafkajs/src/network/requestQueue/index.js';

/** The parts of kafkajs' RequestQueue (src/network/requestQueue/index.js) the schedule reads. */
export interface RequestQueueState {
  pending: unknown[];
  /** The time the broker's throttle ends, in ms since the epoch; -1 when there has been none. */
  throttledUntil: number;
  throttleCheckTimeoutId: ReturnType<typeof setTimeout> | null;
  checkPendingRequests(): void;
}

/** kafkajs' own wait before another look at requests held back by the in-flight limit or a throttle. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

/** The replacement: a timer only while requests wait, and never one with a negative delay. */
export function scheduleCheckPendingRequests(this: RequestQueueState): void {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL_MS,
  );
}

/** kafkajs' RequestQueue class (it has no export map: its files are reachable by path). */
export const RequestQueue = KafkaRequestQueue as unknown as {
  new (options: Record<string, unknown>): RequestQueueState & { destroy(): void };
  prototype: { scheduleCheckPendingRequests(this: RequestQueueState): void };
};
RequestQueue.prototype.scheduleCheckPendingRequests = scheduleCheckPendingRequests;
