// The event envelope, the topics, and the payload of every event type.
import { z } from 'zod';
import { assistantEvents } from './assistant/events.js';
import { authEvents } from './auth/events.js';
import { billingEvents } from './billing/events.js';
import { catalogEvents } from './catalog/events.js';
import { creatorEvents } from './creator/events.js';
import { itineraryEvents } from './itinerary/events.js';
import { IdSchema, InstantSchema } from './common.js';

/** One topic per owning service; the message key is the aggregate id, so one aggregate's events stay in order. */
export const topics = {
  auth: 'auth.events',
  catalog: 'catalog.events',
  itinerary: 'itinerary.events',
  billing: 'billing.events',
  creator: 'creator.events',
  assistant: 'assistant.events',
} as const;
export type Topic = (typeof topics)[keyof typeof topics];

/** Where a consumer puts an event it gave up on (a permanent failure, see docs/events.md). */
export const deadLetterTopic = (topic: string) => `${topic}.dlq`;

/** Every event type's payload schema, from each service's events.ts. */
export const eventPayloadSchemas = {
  ...authEvents,
  ...itineraryEvents,
  ...billingEvents,
  ...catalogEvents,
  ...creatorEvents,
  ...assistantEvents,
} as const;

export type EventType = keyof typeof eventPayloadSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof eventPayloadSchemas)[T]>;

/**
 * The version of each payload shape (1 unless named here); bump it on a breaking change and say in docs/events.md
 * how the consumers move over.
 */
const bumped: Partial<Record<EventType, number>> = {
  // 2: carries the refund the itinerary worked out; billing no longer applies the terms itself.
  'itinerary.cancelled': 2,
};
export const eventVersions: Record<EventType, number> = Object.fromEntries(
  Object.keys(eventPayloadSchemas).map((type) => [type, bumped[type as EventType] ?? 1]),
) as Record<EventType, number>;

/** An event's topic follows from its type: `<service>.<entity>.<verb>` goes to `<service>.events`. */
export function topicOf(type: string): string {
  return `${type.slice(0, type.indexOf('.'))}.events`;
}

export const EventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z
    .string()
    .max(128, { abort: true })
    .regex(/^[a-z]+(\.[a-z]+)+$/),
  version: z.number().int().positive(),
  occurredAt: InstantSchema,
  aggregateId: IdSchema,
  correlationId: z.string().min(1),
  /** The id of the event or request that caused this one. */
  causationId: z.string().min(1),
  /**
   * The W3C trace context of the span that wrote the event (docs/observability.md): the relay's publish and
   * every consumer's handling continue that trace. Absent when tracing is off.
   */
  trace: z
    .object({
      traceparent: z
        .string()
        .max(64)
        .regex(/^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/),
      tracestate: z.string().max(512).optional(),
    })
    .optional(),
  payload: z.unknown(),
});
export type EventEnvelope<P = unknown> = Omit<z.infer<typeof EventEnvelopeSchema>, 'payload'> & { payload: P };

/** The envelope schema of one event type, with its payload checked. */
export function eventSchema<T extends EventType>(type: T) {
  return EventEnvelopeSchema.extend({ type: z.literal(type), payload: eventPayloadSchemas[type] });
}
export type EventOf<T extends EventType> = EventEnvelope<EventPayload<T>> & { type: T };

/** What a consumer writes to `<topic>.dlq` when it gives an event up: the original event and why it failed. */
export const DeadLetterSchema = z.object({
  /** The original envelope as parsed, or the raw message text when it was not valid JSON. */
  envelope: z.unknown(),
  error: z.object({ name: z.string(), message: z.string() }),
  consumer: z.string(),
  topic: z.string(),
  partition: z.number().int(),
  offset: z.string(),
  attempts: z.number().int().min(1),
  failedAt: InstantSchema,
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;

/**
 * What `npm run dlq -- replay` appends to the same `<topic>.dlq` (same key, so same partition) after it has
 * republished a letter's event: the mark that keeps a replay from being repeated by accident.
 */
export const DeadLetterReplaySchema = z.object({
  replayOf: z.object({ partition: z.number().int(), offset: z.string() }),
  replayedAt: InstantSchema,
});
export type DeadLetterReplay = z.infer<typeof DeadLetterReplaySchema>;
