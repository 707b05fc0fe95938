// Events in service tests: one put on a service's topics as its owning service would, and a reader of a topic
// from its start.
import { randomUUID } from 'node:crypto';
import { topicOf, type EventPayload, type EventType } from '@travelclub/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { newEvent, type OutboxEvent } from '../outbox-writes.js';

/** Publishes an event onto the app's topics as its owning service would; gives the envelope (pass it as `event` to send it again). */
export async function publishEvent<T extends EventType>(
  app: FastifyInstance,
  type: T,
  aggregateId: string,
  payload: EventPayload<T>,
  event: OutboxEvent = newEvent(type, aggregateId, payload, { correlationId: randomUUID(), causationId: randomUUID() }),
): Promise<OutboxEvent> {
  await app.producer.send({
    topic: `${app.config.KAFKA_TOPIC_PREFIX}${topicOf(type)}`,
    messages: [{ key: aggregateId, value: JSON.stringify(event) }],
  });
  return event;
}

export interface SeenEvent {
  id: string;
  type: string;
  aggregateId: string;
  payload: Record<string, unknown>;
}

export interface EventLog {
  /** Every event read so far, once each: delivery is at least once, and copies are dropped by id. */
  all: SeenEvent[];
  /** Waits until `count` events match `keep`, then `settleMs` longer for any more; gives those that match. */
  wait(keep: (event: SeenEvent) => boolean, count?: number, settleMs?: number): Promise<SeenEvent[]>;
  stop(): Promise<void>;
}

/** Reads one of the app's topics (`billing.events`: the prefix is the app's) from its start, until stopped. */
export async function readEvents(app: FastifyInstance, topic: string): Promise<EventLog> {
  const consumer = app.kafka.consumer({ groupId: `reader-${randomUUID().slice(0, 8)}`, maxWaitTimeInMs: 100 });
  const all: SeenEvent[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic: `${app.config.KAFKA_TOPIC_PREFIX}${topic}`, fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      const event = JSON.parse(message.value!.toString()) as SeenEvent;
      if (!all.some((seen) => seen.id === event.id)) all.push(event);
    },
  });
  return {
    all,
    async wait(keep, count = 1, settleMs = 0) {
      await expect.poll(() => all.filter(keep).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
      if (settleMs) await new Promise((resolve) => setTimeout(resolve, settleMs));
      return all.filter(keep);
    },
    stop: () => consumer.disconnect(),
  };
}
