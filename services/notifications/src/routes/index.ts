// The pipeline's desk for support staff (contracts' `endpoints.notifications`): thin handlers over the flows.
// The kit's `registerEndpoints` lets only role/support callers in (from each definition's `access`).
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { NotificationFlows } from '../flows/index.js';

/** Every route of the service: the support desk's. */
export function notificationRoutes({
  eventLog,
  deadLetters,
  queues,
}: NotificationFlows): Handlers<typeof endpoints.notifications> {
  return {
    supportEvents: ({ user, query }) => eventLog.read(user, query),
    supportDeadLetters: ({ user, query }) => deadLetters.list(user, query),
    supportDeadLetter: ({ user, params }) => deadLetters.show(user, params.ref),
    supportReplayDeadLetters: ({ user, body }) => deadLetters.replay(user, body),
    supportQueues: ({ user }) => queues.stats(user),
    supportRetryJobs: ({ user, params, body }) => queues.retry(user, params.queue, body),
  };
}
