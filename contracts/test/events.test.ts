import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventPayloadSchemas, eventSchema, eventVersions, topicOf, topics } from '../src/index.js';

const envelope = (type: string, payload: unknown) => ({
  id: randomUUID(),
  type,
  version: 1,
  occurredAt: new Date().toISOString(),
  aggregateId: 'inv-1',
  correlationId: 'req-1',
  causationId: 'req-1',
  payload,
});

describe('events', () => {
  it('routes every event type to its owner topic', () => {
    const owners = new Set<string>(Object.values(topics));
    for (const type of Object.keys(eventPayloadSchemas)) expect(owners.has(topicOf(type))).toBe(true);
    expect(topicOf('billing.invoice.paid')).toBe('billing.events');
  });

  it('checks the payload of a typed envelope', () => {
    const paid = {
      invoiceId: 'inv-1',
      itineraryId: 'it-1',
      userId: 'u-1',
      paymentId: 'p-1',
      amount: { amount: 12999, currency: 'USD' },
      paidAt: new Date().toISOString(),
    };
    expect(eventSchema('billing.invoice.paid').safeParse(envelope('billing.invoice.paid', paid)).success).toBe(true);
    const fractional = { ...paid, amount: { amount: 129.99, currency: 'USD' } };
    expect(eventSchema('billing.invoice.paid').safeParse(envelope('billing.invoice.paid', fractional)).success).toBe(
      false,
    );
    expect(eventSchema('billing.invoice.paid').safeParse(envelope('billing.invoice.created', paid)).success).toBe(
      false,
    );
  });

  it('gives itinerary.cancelled version 2, which must carry the refund the itinerary worked out', () => {
    expect(eventVersions['itinerary.cancelled']).toBe(2);
    expect(eventVersions['itinerary.expired']).toBe(1);
    const cancelled = {
      itineraryId: 'it-1',
      userId: 'u-1',
      invoiceId: 'inv-1',
      cancelledBy: { userId: 'u-1', role: 'role/customer' },
      cancelledAt: new Date().toISOString(),
      reason: 'requested',
      terms: { currency: 'USD', lines: [] },
      refund: { amount: 90_00, currency: 'USD' },
    };
    const schema = eventSchema('itinerary.cancelled');
    expect(schema.safeParse({ ...envelope('itinerary.cancelled', cancelled), version: 2 }).success).toBe(true);
    // A version 1 copy says nothing of the refund: billing cannot take it for one (docs/events.md, "Versions").
    const { refund: _refund, ...older } = cancelled;
    expect(schema.safeParse(envelope('itinerary.cancelled', older)).success).toBe(false);
  });
});
