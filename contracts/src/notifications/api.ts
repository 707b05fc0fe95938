// Support staff's desk (the travelclub command line): the notifications service's support bodies and answers.
// The pipeline as staff see it: the event log (every event of every service topic, by aggregate, topic or
// type), the dead letters on `<topic>.dlq` (listed, shown, replayed), and the BullMQ queues (counted, retried).
import { z } from 'zod';
import { IdSchema, InstantSchema } from '../common.js';
import { DeadLetterSchema, EventEnvelopeSchema, topics } from '../events.js';
import { multiLineText } from '../validation.js';

const SERVICE_TOPICS: readonly string[] = Object.values(topics);
const TOPIC_OF_SERVICE: Readonly<Record<string, string>> = topics;

/**
 * A service topic without the environment's prefix, written `billing`, `billing.events` or `billing.events.dlq`;
 * parsed to `billing.events`. Only the services' topics: staff never read any other topic through the desk.
 */
export const PipelineTopicSchema = z
  .string()
  .max(64, { abort: true })
  .transform((name) => {
    const bare = name.endsWith('.dlq') ? name.slice(0, -'.dlq'.length) : name;
    return TOPIC_OF_SERVICE[bare] ?? bare;
  })
  .refine((topic) => SERVICE_TOPICS.includes(topic), {
    message: `Use a service topic: ${SERVICE_TOPICS.join(', ')}`,
  });

/** A place in the event log: the insertion order, as decimal digits. Opaque to callers: pass it back as `after`. */
export const EventCursorSchema = z.string().regex(/^\d{1,15}$/, 'Use a cursor the event log gave');

/** An event type as the envelope writes it (`billing.invoice.paid`). */
export const EventTypeNameSchema = z
  .string()
  .max(128, { abort: true })
  .regex(/^[a-z]+(\.[a-z]+)+$/, 'Use an event type such as billing.invoice.paid');

/**
 * The event log, oldest first. Without `after`: the last `limit` matching events; with `after`: the matching
 * events recorded after that cursor, up to `limit` (how `events tail` follows the log).
 */
export const SupportEventsQuerySchema = z.strictObject({
  /** Any id the events are about: the aggregate's, or one in the payload (`itineraryId`, `invoiceId`, `userId`, …). */
  aggregate: IdSchema.optional(),
  topic: PipelineTopicSchema.optional(),
  type: EventTypeNameSchema.optional(),
  after: EventCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type SupportEventsQuery = z.infer<typeof SupportEventsQuerySchema>;

/** One event as the log recorded it: where it was read, when, and the envelope as it came. */
export const LoggedEventSchema = z.object({
  cursor: EventCursorSchema,
  /** Without the environment's prefix: `billing.events`. */
  topic: z.string(),
  partition: z.number().int().min(0),
  offset: z.string(),
  recordedAt: InstantSchema,
  event: EventEnvelopeSchema,
});
export type LoggedEvent = z.infer<typeof LoggedEventSchema>;

export const SupportEventsSchema = z.object({
  events: z.array(LoggedEventSchema),
  /** The cursor to ask `after` next: the last event's, or the `after` given when none came; null for an empty log. */
  next: EventCursorSchema.nullable(),
});
export type SupportEvents = z.infer<typeof SupportEventsSchema>;

/** A consumer group as letters name it, with or without the environment's prefix (`itinerary`). */
export const ConsumerNameSchema = z
  .string()
  .min(1)
  .max(200, { abort: true })
  .regex(/^[A-Za-z0-9._-]+$/, 'Use a consumer group name');

export const SupportDeadLettersQuerySchema = z.strictObject({
  /** The topic the letters' events came from (its dead-letter topic is read). */
  topic: PipelineTopicSchema.optional(),
  consumer: ConsumerNameSchema.optional(),
  /** Only the letters not replayed yet. */
  open: z.stringbool().optional(),
});
export type SupportDeadLettersQuery = z.infer<typeof SupportDeadLettersQuerySchema>;

/** A letter's name: its place on its dead-letter topic, `<prefix><topic>.dlq:<partition>:<offset>`. */
export const DeadLetterRefSchema = z
  .string()
  .max(300, { abort: true })
  .regex(/^[A-Za-z0-9._-]+\.dlq:\d{1,9}:\d{1,19}$/, 'Use a ref as the dead-letter list gives it');

export const DeadLetterSummarySchema = z.object({
  ref: DeadLetterRefSchema,
  /** Where the event was read when its consumer gave up: `<topic>:<partition>:<offset>`. */
  from: z.string(),
  consumer: z.string(),
  /** Absent when the message was not an event at all (then there is nothing to replay). */
  eventType: z.string().optional(),
  eventId: z.string().optional(),
  aggregateId: z.string().optional(),
  failedAt: InstantSchema,
  error: z.object({ name: z.string(), message: z.string() }),
  /** When it was last replayed; absent while it is open. */
  replayedAt: InstantSchema.optional(),
});
export type DeadLetterSummary = z.infer<typeof DeadLetterSummarySchema>;

export const SupportDeadLettersSchema = z.object({ letters: z.array(DeadLetterSummarySchema) });
export type SupportDeadLetters = z.infer<typeof SupportDeadLettersSchema>;

export const SupportDeadLetterParamsSchema = z.strictObject({ ref: DeadLetterRefSchema });

/** One letter in full: the summary, where it lies, and the letter itself (the original envelope among it). */
export const SupportDeadLetterSchema = DeadLetterSummarySchema.extend({
  deadLetterTopic: z.string(),
  partition: z.number().int().min(0),
  offset: z.string(),
  /** The message key (the aggregate id) the replay sends again. */
  key: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  letter: DeadLetterSchema,
});
export type SupportDeadLetter = z.infer<typeof SupportDeadLetterSchema>;

/** What staff write down for a change they make: why, in a few words. */
export const PipelineReasonSchema = multiLineText(z.string().trim().min(3).max(500));

/**
 * Replays letters: the named `refs`, or `all` of them (narrowed by `topic` and `consumer`). A letter replayed
 * before is skipped unless `force`. A dry run says what would happen and changes nothing.
 */
export const SupportReplayDeadLettersBodySchema = z
  .strictObject({
    refs: z.array(DeadLetterRefSchema).min(1).max(100).optional(),
    all: z.literal(true).optional(),
    topic: PipelineTopicSchema.optional(),
    consumer: ConsumerNameSchema.optional(),
    dryRun: z.boolean().default(false),
    force: z.boolean().default(false),
    reason: PipelineReasonSchema.optional(),
  })
  .refine((body) => (body.refs === undefined) !== (body.all === undefined), {
    message: 'Give exactly one of refs or all',
    path: ['refs'],
  })
  .refine((body) => body.all || (body.topic === undefined && body.consumer === undefined), {
    message: 'topic and consumer narrow all; name refs alone',
    path: ['topic'],
  });
export type SupportReplayDeadLettersBody = z.infer<typeof SupportReplayDeadLettersBodySchema>;

export const ReplayOutcomeSchema = z.enum(['replayed', 'would-replay', 'already-replayed', 'not-an-event']);
export type ReplayOutcome = z.infer<typeof ReplayOutcomeSchema>;

export const SupportReplayDeadLettersSchema = z.object({
  dryRun: z.boolean(),
  outcomes: z.array(z.object({ ref: DeadLetterRefSchema, outcome: ReplayOutcomeSchema })),
});
export type SupportReplayDeadLetters = z.infer<typeof SupportReplayDeadLettersSchema>;

/** One queue's jobs by state (`waiting` counts the prioritised ones too; a paused queue's stay waiting). */
export const QueueStatsSchema = z.object({
  name: z.string(),
  waiting: z.number().int().min(0),
  active: z.number().int().min(0),
  delayed: z.number().int().min(0),
  failed: z.number().int().min(0),
  completed: z.number().int().min(0),
  paused: z.boolean(),
});
export type QueueStats = z.infer<typeof QueueStatsSchema>;

export const SupportQueuesSchema = z.object({ queues: z.array(QueueStatsSchema) });
export type SupportQueues = z.infer<typeof SupportQueuesSchema>;

/** A queue's name (`emails`); one that is not among contracts' `queueNames` is `queue-not-found`. */
export const SupportQueueParamsSchema = z.strictObject({
  queue: z
    .string()
    .max(64, { abort: true })
    .regex(/^[a-z0-9-]+$/, 'Use a queue name'),
});

/** One failed job (`jobId`), or every failed job of the queue. */
export const SupportRetryJobsBodySchema = z.strictObject({
  jobId: z.string().min(1).max(256, { abort: true }).regex(/^\S+$/, 'Use a job id').optional(),
  reason: PipelineReasonSchema.optional(),
});
export type SupportRetryJobsBody = z.infer<typeof SupportRetryJobsBodySchema>;

export const SupportRetryJobsSchema = z.object({ retried: z.number().int().min(0) });
export type SupportRetryJobs = z.infer<typeof SupportRetryJobsSchema>;
