// The pipeline's desk for support staff (contracts' `endpoints.notifications`): thin handlers over the flows.
// The kit's `registerEndpoints` lets only role/support callers in (from each definition's `access`).
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { DeadLetterFlows } from '../flows/dead-letters.js';
import type { EventLogFlows } from '../flows/event-log.js';
import type { QueueFlows } from '../flows/queues.js';

export interface SupportFlows {
  eventLog: EventLogFlows;
  deadLetters: DeadLetterFlows;
  queues: QueueFlows;
}

export function supportRoutes({
  eventLog,
  deadLetters,
  queues,
}: SupportFlows): Handlers<typeof endpoints.notifications> {
  return {
    supportEvents: ({ user, query }) => eventLog.read(user, query),
    supportDeadLetters: ({ user, query }) => deadLetters.list(user, query),
    supportDeadLetter: ({ user, params }) => deadLetters.show(user, params.ref),
    supportReplayDeadLetters: ({ user, body }) => deadLetters.replay(user, body),
    supportQueues: ({ user }) => queues.stats(user),
    supportRetryJobs: ({ user, params, body }) => queues.retry(user, params.queue, body),
  };
}
