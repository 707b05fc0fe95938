// What a store writes into the outbox (outbox.ts): the fields of an aggregate's schema, new events, and the
// updates and inserts that carry them. Every write that adds events also sets a fresh `outboxKey`, by which the
// relay's sweep finds the document.
import { randomUUID } from 'node:crypto';
import {
  eventPayloadSchemas,
  eventVersions,
  type EventEnvelope,
  type EventPayload,
  type EventType,
} from '@travelclub/contracts';
import { Schema } from 'mongoose';
import type { CausalContext } from './context.js';
import type { OutboxDocument } from './outbox.js';
import { currentTraceCarrier } from './telemetry.js';

export type OutboxEvent = EventEnvelope;

/** Adds the `outbox` and `outboxKey` fields to an aggregate's schema. */
export function outboxPlugin(schema: Schema): void {
  schema.add({ outbox: { type: [Schema.Types.Mixed], default: [] }, outboxKey: String });
  // The sweep's index (`PENDING`): only documents with pending events are in it.
  schema.index(OUTBOX_KEY_INDEX, { unique: true, sparse: true });
  // Documents written before `outboxKey` are found through this one, at the relay's start (`WRITTEN_BEFORE_KEYS`).
  schema.index({ 'outbox.id': 1 }, { sparse: true });
}

export const OUTBOX_KEY_INDEX = { outboxKey: 1 } as const;

/** A new event for the outbox, its payload checked against contracts (a bad payload is a bug: it throws). */
export function newEvent<T extends EventType>(
  type: T,
  aggregateId: string,
  payload: EventPayload<T>,
  ctx: CausalContext,
): OutboxEvent {
  return {
    id: randomUUID(),
    type,
    version: eventVersions[type],
    occurredAt: new Date().toISOString(),
    aggregateId,
    correlationId: ctx.correlationId,
    causationId: ctx.causationId,
    // The span writing the event (a request's, a handler's): its publish and handling continue this trace.
    ...withTrace(currentTraceCarrier()),
    payload: eventPayloadSchemas[type].parse(payload),
  };
}

const withTrace = (trace: OutboxEvent['trace']) => (trace ? { trace } : {});

/** Adds events to an update so the state change and its events are one atomic write. */
export function withEvents<U extends { $push?: object; $set?: object; [operator: `$${string}`]: unknown }>(
  update: U,
  ...events: OutboxEvent[]
): U & { $push: { outbox: { $each: OutboxEvent[] } }; $set: { outboxKey: string } } {
  return {
    ...update,
    $push: { ...update.$push, outbox: { $each: events } },
    $set: { ...update.$set, outboxKey: randomUUID() },
  };
}

/**
 * A document as a write answered it, taken apart: the rest of it (what its store hands on: a record never carries
 * its outbox, or a change spread from it would write the events again) and its outbox, for `Outbox.kickWritten`.
 */
export function apartFromOutbox<D extends { _id: OutboxDocument['_id']; outbox?: OutboxEvent[]; outboxKey?: string }>(
  doc: D,
): { rest: Omit<D, 'outbox' | 'outboxKey'>; written: OutboxDocument } {
  const { outbox = [], outboxKey, ...rest } = doc;
  return { rest, written: { _id: doc._id, outbox, ...(outboxKey && { outboxKey }) } };
}

/** The fields of a new document that carries these events (an insert's, or an upsert's `$setOnInsert`). */
export const pendingEvents = (...events: OutboxEvent[]) => ({ outbox: events, outboxKey: randomUUID() });
