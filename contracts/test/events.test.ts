import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eventPayloadSchemas, eventSchema, topicOf, topics } from '../src/index.js';

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
});
