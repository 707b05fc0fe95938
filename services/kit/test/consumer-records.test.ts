// The consumer's records of handled events are read only for the events it handles: a batch of types it does
// not handle costs no MongoDB read (it was a fifth of a booking's MongoDB operations, docs/booking.md), and a
// redelivered event it handles is still skipped. A consumer that keeps none still closes the letters it wrote.
import { topics } from '@travelclub/contracts';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { countOpenDeadLetters, ensureTopics, handler, newEvent, PermanentEventError } from '../src/index.js';
import { uniqueName } from '../src/testing/index.js';
import { invoiceCreated, invoicePaid, useService } from './helpers.js';

const ctx = { correlationId: 'corr-records', causationId: 'req-records' };
const service = useService('kit-consumer-records');
const billing = service.topicPrefix + topics.billing;

beforeAll(async () => {
  await ensureTopics(service.app.kafka, [billing, `${billing}.dlq`], 1);
});

describe('records of handled events', () => {
  it('are looked up for the events the consumer handles only, and still skip a redelivery', async () => {
    const find = vi.spyOn(service.app.mongo.collection('processed_events'), 'find');
    const handled: string[] = [];
    const consumer = service.consumer().on(
      topics.billing,
      handler('billing.invoice.paid', async (event) => {
        handled.push(event.id);
      }),
    );
    await consumer.start();
    const others = Array.from({ length: 3 }, () =>
      newEvent('billing.invoice.created', uniqueName('inv'), invoiceCreated(uniqueName('inv')), ctx),
    );
    const paid = newEvent('billing.invoice.paid', 'inv-paid', invoicePaid('inv-paid'), ctx);
    const send = (events: typeof others) =>
      service.app.producer.send({
        topic: billing,
        messages: events.map((e) => ({ key: e.aggregateId, value: JSON.stringify(e) })),
      });
    await send(others);
    await send([paid]);
    await vi.waitFor(() => expect(handled).toEqual([paid.id]), { timeout: 20_000 });
    // The same event again, after a batch of others: found in the records, not handled twice.
    await send([...others, paid]);
    const marker = newEvent('billing.invoice.paid', 'inv-marker', invoicePaid('inv-marker'), ctx);
    await send([marker]);
    await vi.waitFor(() => expect(handled).toEqual([paid.id, marker.id]), { timeout: 20_000 });
    const asked = find.mock.calls.flatMap(([filter]) => (filter as unknown as { _id: { $in: string[] } })._id.$in);
    expect(asked.some((key) => key.endsWith(paid.id))).toBe(true);
    expect(asked.filter((key) => others.some((e) => key.endsWith(e.id)))).toEqual([]);
    await consumer.stop();
  });

  it('are neither read nor written by a consumer that keeps none, which handles a redelivery again', async () => {
    const collection = service.app.mongo.collection('processed_events');
    const find = vi.spyOn(collection, 'find');
    const insertMany = vi.spyOn(collection, 'insertMany');
    find.mockClear();
    insertMany.mockClear();
    const handled: string[] = [];
    const invoiceId = uniqueName('inv-again');
    const consumer = service.consumer({ recordsHandled: false }).on(
      topics.billing,
      // From the topic's start: the events of the test before are read too, and left alone.
      handler('billing.invoice.paid', async (event) => {
        if (event.aggregateId === invoiceId) handled.push(event.id);
      }),
    );
    await consumer.start();
    const paid = newEvent('billing.invoice.paid', invoiceId, invoicePaid(invoiceId), ctx);
    const message = { key: paid.aggregateId, value: JSON.stringify(paid) };
    await service.app.producer.send({ topic: billing, messages: [message] });
    await vi.waitFor(() => expect(handled).toEqual([paid.id]), { timeout: 20_000 });
    await service.app.producer.send({ topic: billing, messages: [message] });
    await vi.waitFor(() => expect(handled).toEqual([paid.id, paid.id]), { timeout: 20_000 });
    expect(find).not.toHaveBeenCalled();
    expect(insertMany).not.toHaveBeenCalled();
    expect(await collection.countDocuments({ consumer: consumer.groupId })).toBe(0);
    await consumer.stop();
  });

  it('are kept by a consumer that keeps none for the events it dead-lettered: handled after a replay, the letter closes', async () => {
    const invoiceId = uniqueName('inv-letter');
    let refuse = true;
    const handled: string[] = [];
    const consumer = service.consumer({ recordsHandled: false }).on(
      topics.billing,
      handler('billing.invoice.paid', async (event) => {
        if (!event.aggregateId.startsWith(invoiceId)) return;
        if (refuse && event.aggregateId === invoiceId) throw new PermanentEventError('refused until replayed');
        handled.push(event.aggregateId);
      }),
    );
    await consumer.start();
    const open = async () =>
      (await countOpenDeadLetters(service.app.mongo, [{ groupId: consumer.groupId, topics: consumer.topics() }]))[
        `${billing}.dlq`
      ];
    const paid = newEvent('billing.invoice.paid', invoiceId, invoicePaid(invoiceId), ctx);
    const other = newEvent('billing.invoice.paid', `${invoiceId}-other`, invoicePaid(`${invoiceId}-other`), ctx);
    const message = { key: paid.aggregateId, value: JSON.stringify(paid) };
    await service.app.producer.send({ topic: billing, messages: [message] });
    await vi.waitFor(async () => expect(await open()).toBe(1), { timeout: 20_000 });
    // The event comes again, as `npm run dlq replay` sends it, and is handled this time.
    refuse = false;
    await service.app.producer.send({ topic: billing, messages: [message] });
    await service.app.producer.send({
      topic: billing,
      messages: [{ key: other.aggregateId, value: JSON.stringify(other) }],
    });
    await vi.waitFor(() => expect(handled).toEqual([invoiceId, `${invoiceId}-other`]), { timeout: 20_000 });
    await vi.waitFor(async () => expect(await open()).toBe(0), { timeout: 20_000 });
    // Only the letter's event is recorded.
    const records = service.app.mongo.collection('processed_events');
    expect(await records.countDocuments({ consumer: consumer.groupId })).toBe(1);
    await consumer.stop();
  });
});
