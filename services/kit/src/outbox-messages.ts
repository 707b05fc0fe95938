// The Kafka messages the outbox relay (outbox.ts) sends for its documents' events, with the publish spans that
// continue each event's trace (docs/observability.md).
import { topicOf } from '@travelclub/contracts';
import type { OutboxDocument } from './outbox.js';
import type { OutboxEvent } from './outbox-writes.js';
import { contextFrom, currentTraceCarrier, failSpan, otelTrace, SpanKind, startSpan, type Span } from './telemetry.js';

/**
 * Kafka messages by topic: each event keyed by its aggregate id, so one aggregate's events stay in order. An
 * event written inside a sampled span gets a publish span, a child of that span, whose context goes in the
 * message's `traceparent` header (an unsampled one, or any with no exporter, passes the writer's context on as
 * it is); the caller ends the spans.
 */
export function topicMessagesOf(docs: OutboxDocument[], topicPrefix: string, spans: Span[]) {
  const byTopic = new Map<string, { key: string; value: string; headers: Record<string, string> }[]>();
  for (const doc of docs) {
    for (const event of doc.outbox) {
      const topic = topicPrefix + topicOf(event.type);
      const messages = byTopic.get(topic) ?? [];
      const headers: Record<string, string> = { 'event-type': event.type, 'correlation-id': event.correlationId };
      if (event.trace) Object.assign(headers, publishTrace(event, topic, spans));
      messages.push({ key: event.aggregateId, value: JSON.stringify(event), headers });
      byTopic.set(topic, messages);
    }
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
}

function publishTrace(event: OutboxEvent, topic: string, spans: Span[]) {
  const parent = contextFrom(event.trace);
  const span = startSpan(
    `publish ${event.type}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.system': 'kafka',
        'messaging.operation.type': 'send',
        'messaging.destination.name': topic,
        'messaging.message.id': event.id,
        'messaging.kafka.message.key': event.aggregateId,
      },
    },
    parent,
  );
  if (!span.isRecording()) return event.trace;
  spans.push(span);
  return currentTraceCarrier(otelTrace.setSpan(parent, span));
}

/** Ends the publish spans of one batch, failed when the batch was. */
export function endSpans(spans: Span[], err?: unknown) {
  for (const span of spans) {
    if (err) failSpan(span, err);
    span.end();
  }
}
