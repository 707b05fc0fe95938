// Support staff's routes on the notifications service (role/support), for the travelclub command line: the
// event log, the dead letters and the job queues (services/notifications/README.md, "Support desk").
import { accessOf, endpoint, type Endpoint } from '../endpoint.js';
import type { ErrorCode } from '../errors.js';
import {
  SupportDeadLetterParamsSchema,
  SupportDeadLetterSchema,
  SupportDeadLettersQuerySchema,
  SupportDeadLettersSchema,
  SupportEventsQuerySchema,
  SupportEventsSchema,
  SupportQueueParamsSchema,
  SupportQueuesSchema,
  SupportReplayDeadLettersBodySchema,
  SupportReplayDeadLettersSchema,
  SupportRetryJobsBodySchema,
  SupportRetryJobsSchema,
} from './api.js';

const BASE = '/api/v1/support';
const staffOnly = ['unauthenticated', 'forbidden'] as const satisfies readonly ErrorCode[];
/** Dead letters and queue counts are read from Kafka and Redis as they are now: 503 while one does not answer. */
const live = [...staffOnly, 'service-unavailable'] as const satisfies readonly ErrorCode[];

const { support } = accessOf('notifications');

export const pipelineSupportEndpoints = {
  supportEvents: endpoint(support, 'GET', `${BASE}/events`, {
    query: SupportEventsQuerySchema,
    responses: { 200: SupportEventsSchema },
    errors: staffOnly,
    summary: 'The event log, oldest first: the last events, or those after a cursor',
  }),
  supportDeadLetters: endpoint(support, 'GET', `${BASE}/deadLetters`, {
    query: SupportDeadLettersQuerySchema,
    responses: { 200: SupportDeadLettersSchema },
    errors: live,
    summary: 'Dead letters of the service topics',
  }),
  supportDeadLetter: endpoint(support, 'GET', `${BASE}/deadLetters/:ref`, {
    params: SupportDeadLetterParamsSchema,
    responses: { 200: SupportDeadLetterSchema },
    errors: [...live, 'dead-letter-not-found'],
    summary: 'One dead letter in full, with its event',
  }),
  // Recorded with the staff id in `staff_actions` (a dry run only in the log: it changes nothing).
  supportReplayDeadLetters: endpoint(support, 'POST', `${BASE}/deadLetters/replay`, {
    body: SupportReplayDeadLettersBodySchema,
    responses: { 200: SupportReplayDeadLettersSchema },
    errors: [...live, 'dead-letter-not-found'],
    summary: 'Republishes the events of dead letters to the topics they came from',
  }),
  supportQueues: endpoint(support, 'GET', `${BASE}/queues`, {
    responses: { 200: SupportQueuesSchema },
    errors: live,
    summary: 'The jobs of every queue, by state',
  }),
  // Recorded with the staff id in `staff_actions`.
  supportRetryJobs: endpoint(support, 'POST', `${BASE}/queues/:queue/retry`, {
    params: SupportQueueParamsSchema,
    body: SupportRetryJobsBodySchema,
    responses: { 200: SupportRetryJobsSchema },
    errors: [...live, 'queue-not-found', 'job-not-found'],
    summary: 'Retries one failed job, or every failed job of a queue',
  }),
} as const satisfies Record<string, Endpoint>;
