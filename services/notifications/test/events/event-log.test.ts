// The event log end to end: events put on the service topics (real Kafka) are recorded once in MongoDB by the
// service's consumer, and support staff read them by aggregate (payload ids included), type and topic, page
// through them and follow them with a cursor.
import { randomUUID } from 'node:crypto';
import { queryString, SupportEventsSchema, topics, type SupportEvents } from '@travelclub/contracts';
import { newEvent, type OutboxEvent } from '@travelclub/kit';
import { recordMongoCommands, uniqueName } from '@travelclub/kit/testing';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eventLogFlows } from '../../src/flows/event-log.js';
import { eventLogCleanup } from '../../src/jobs/event-log-cleanup.js';
import { eventLogStore, type EventLogStore } from '../../src/store/event-log.js';
import { useNotifications, type Caller } from '../helpers.js';

const world = useNotifications();
let staff: Caller;
beforeAll(async () => {
  staff = await world.staff();
});

const usd = (amount: number) => ({ amount, currency: 'USD' });
const ctx = () => ({ correlationId: randomUUID(), causationId: randomUUID() });

async function read(query: Record<string, string | number | undefined>): Promise<SupportEvents> {
  const res = await world.app.inject({
    method: 'GET',
    url: `/api/v1/support/events${queryString(query)}`,
    headers: staff.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return SupportEventsSchema.parse(res.json());
}

/** Reads until `count` events match, then gives them. */
const readUntil = (query: Record<string, string | number | undefined>, count: number) =>
  vi.waitFor(
    async () => {
      const page = await read(query);
      expect(page.events).toHaveLength(count);
      return page;
    },
    { timeout: 20_000, interval: 200 },
  );

const ids = (page: SupportEvents) => page.events.map((e) => e.event.id);

describe('the event log', () => {
  it('records each event once, with where it was read, and finds it by any id it is about', async () => {
    const itineraryId = uniqueName('it');
    const invoiceId = uniqueName('inv');
    const userId = uniqueName('user');
    const confirmed = await world.publish('itinerary.confirmed', itineraryId, {
      itineraryId,
      userId,
      invoiceId,
      total: usd(12_999),
    });
    await readUntil({ aggregate: itineraryId }, 1);
    const paidPayload = {
      invoiceId,
      itineraryId,
      userId,
      paymentId: uniqueName('pay'),
      amount: usd(12_999),
      paidAt: new Date().toISOString(),
    };
    const paid = await world.publish('billing.invoice.paid', invoiceId, paidPayload);
    // Delivered again (a relay republishing after a crash): the same envelope at a later offset.
    await world.publish('billing.invoice.paid', invoiceId, paidPayload, paid);
    // A later event of the same aggregate, so on the same partition after the copy: once it is there, so is the copy.
    const later = await world.publish('billing.invoice.paid', invoiceId, { ...paidPayload, paymentId: 'pay-2' });

    const aboutInvoice = await readUntil({ aggregate: invoiceId }, 3);
    expect(ids(aboutInvoice)).toEqual([confirmed.id, paid.id, later.id]);
    const [first, second, third] = aboutInvoice.events;
    expect(first).toMatchObject({ topic: 'itinerary.events', event: confirmed });
    expect(second).toMatchObject({ topic: 'billing.events', event: paid });
    expect(second!.partition).toBe(third!.partition);
    // The copy came later on the same partition; the record keeps where the event was first read.
    expect(BigInt(third!.offset) - BigInt(second!.offset)).toBe(2n);
    expect(Date.parse(second!.recordedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(aboutInvoice.next).toBe(third!.cursor);
    const cursors = aboutInvoice.events.map((e) => Number(e.cursor));
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));

    // The itinerary's history holds billing's events about it (their payload's itineraryId).
    expect(ids(await read({ aggregate: itineraryId }))).toEqual([confirmed.id, paid.id, later.id]);
    expect(ids(await read({ aggregate: userId }))).toEqual([confirmed.id, paid.id, later.id]);
    expect(ids(await read({ aggregate: paidPayload.paymentId }))).toEqual([paid.id]);
    // By type, by topic (with or without `.events`), together with the aggregate.
    expect(ids(await read({ aggregate: invoiceId, type: 'billing.invoice.paid' }))).toEqual([paid.id, later.id]);
    expect(ids(await read({ aggregate: invoiceId, type: 'itinerary.cancelled' }))).toEqual([]);
    expect(ids(await read({ aggregate: invoiceId, topic: 'itinerary.events' }))).toEqual([confirmed.id]);
    expect(ids(await read({ aggregate: invoiceId, topic: 'billing' }))).toEqual([paid.id, later.id]);
    expect(await read({ aggregate: uniqueName('nobody') })).toEqual({ events: [], next: null });
  });

  it('gives the last events without a cursor, those after one with it, and follows new ones', async () => {
    const creatorId = uniqueName('creator');
    const viewed: OutboxEvent[] = [];
    for (let i = 0; i < 5; i += 1) {
      const event = newEvent(
        'creator.club.viewed',
        creatorId,
        { creatorId, day: '2026-11-24', newVisitor: true },
        ctx(),
      );
      viewed.push(await world.publish('creator.club.viewed', creatorId, event.payload as never, event));
    }
    const all = await readUntil({ aggregate: creatorId }, 5);
    expect(ids(all)).toEqual(viewed.map((e) => e.id));
    const cursor = (i: number) => all.events[i]!.cursor;

    // The last two, oldest first.
    const last = await read({ aggregate: creatorId, limit: 2 });
    expect(ids(last)).toEqual([viewed[3]!.id, viewed[4]!.id]);
    expect(last.next).toBe(cursor(4));
    // Paging on from the first one.
    const page = await read({ aggregate: creatorId, after: cursor(0), limit: 2 });
    expect(ids(page)).toEqual([viewed[1]!.id, viewed[2]!.id]);
    expect(page.next).toBe(cursor(2));
    expect(ids(await read({ aggregate: creatorId, after: page.next!, limit: 2 }))).toEqual([
      viewed[3]!.id,
      viewed[4]!.id,
    ]);
    // Nothing after the last: the same cursor again, to poll with.
    expect(await read({ aggregate: creatorId, after: cursor(4) })).toEqual({ events: [], next: cursor(4) });

    // Following: new events come after the cursor, and only they.
    const more = [
      await world.publish('creator.club.viewed', creatorId, { creatorId, day: '2026-11-24', newVisitor: true }),
      await world.publish('creator.club.viewed', creatorId, { creatorId, day: '2026-11-24', newVisitor: true }),
    ];
    const followed = await readUntil({ aggregate: creatorId, after: cursor(4) }, 2);
    expect(ids(followed)).toEqual(more.map((e) => e.id));
    expect(Number(followed.next)).toBeGreaterThan(Number(cursor(4)));
  });

  it('records a burst of events over many partitions in a few writes, not one per batch', async () => {
    const creatorIds = Array.from({ length: 24 }, (_, i) => uniqueName(`burst-${i}`));
    const viewed = creatorIds.map((creatorId) =>
      newEvent('creator.club.viewed', creatorId, { creatorId, day: '2026-12-02', newVisitor: true }, ctx()),
    );
    const onTopics = [topics.creator, topics.itinerary, topics.billing, topics.catalog];
    const mongo = recordMongoCommands();
    // Four topics, each event under a key of its own: batches of every partition of each topic, in one send.
    await world.app.producer.sendBatch({
      topicMessages: onTopics.map((topic, t) => ({
        topic: `${world.config.KAFKA_TOPIC_PREFIX}${topic}`,
        messages: viewed
          .filter((_, i) => i % onTopics.length === t)
          .map((event) => ({ key: event.aggregateId, value: JSON.stringify(event) })),
      })),
    });
    await vi.waitFor(
      async () => {
        for (const creatorId of creatorIds) expect((await read({ aggregate: creatorId })).events).toHaveLength(1);
      },
      { timeout: 20_000, interval: 200 },
    );
    mongo.stop();
    const inserts = mongo.commands.filter((c) => c === 'event_log.insertMany').length;
    expect(inserts).toBeGreaterThan(0);
    // Written a batch at a time, the 24 events on 12 partitions took about one write per partition.
    expect(inserts).toBeLessThanOrEqual(3);
    expect(mongo.commands.filter((c) => c === 'counters.findOneAndUpdate')).toHaveLength(inserts);
  });

  it('goes on past a message that is not an event', async () => {
    const itineraryId = uniqueName('it');
    await world.app.producer.send({
      topic: `${world.config.KAFKA_TOPIC_PREFIX}${topics.itinerary}`,
      messages: [
        { key: itineraryId, value: 'not an event {' },
        { key: itineraryId, value: '{"id":"x"}' },
      ],
    });
    const expired = await world.publish('itinerary.expired', itineraryId, { itineraryId, userId: 'u-1' });
    expect(ids(await readUntil({ aggregate: itineraryId }, 1))).toEqual([expired.id]);
  });
});

describe('the event log store', () => {
  let store: EventLogStore;
  beforeAll(async () => {
    store = await eventLogStore(world.app.mongo);
  });
  const envelope = (aggregateId: string) =>
    newEvent(
      'creator.club.viewed',
      aggregateId,
      { creatorId: aggregateId, day: '2026-11-24', newVisitor: false },
      ctx(),
    );
  const readEvent = (aggregateId: string, offset: string) => ({
    topic: 'creator.events',
    partition: 0,
    offset,
    event: envelope(aggregateId),
  });

  it('holds back an event recorded later under an earlier number, and every one after it, until it settles', async () => {
    const aggregate = uniqueName('settling');
    const now = Date.now();
    // Numbered first, but its write still in flight (stamped in the future), then one numbered after it, written.
    await store.record([readEvent(aggregate, '1')], () => new Date(now + 60_000));
    await store.record([readEvent(aggregate, '2')], () => new Date(now - 60_000));
    const settledBefore = new Date(now);
    expect(await store.last({ aggregate }, 10, settledBefore)).toEqual([]);
    const later = await store.last({ aggregate }, 10, new Date(now + 120_000));
    expect(later.map((r) => r.offset)).toEqual(['1', '2']);
    // Through the route too: nothing is shown yet, so a follower's cursor does not move past the first.
    expect(await read({ aggregate })).toEqual({ events: [], next: null });
    expect(await read({ aggregate, after: '0' })).toEqual({ events: [], next: '0' });
  });

  it('records batches handed over together in one write, each in its order, and retries a failed one batch by batch', async () => {
    const aggregate = uniqueName('joined');
    const record = vi.fn(store.record);
    const flows = eventLogFlows({ ...store, record }, 0, world.app.log);
    const batches = [
      [readEvent(aggregate, '1'), readEvent(aggregate, '2')],
      [readEvent(aggregate, '3')],
      [readEvent(aggregate, '4'), readEvent(aggregate, '5')],
    ];
    await Promise.all(batches.map((batch) => flows.record(batch)));
    expect(record.mock.calls.map(([read]) => read.map((r) => r.offset))).toEqual([['1', '2', '3', '4', '5']]);
    const recorded = await store.last({ aggregate }, 10, new Date(Date.now() + 60_000));
    expect(recorded.map((r) => r.offset)).toEqual(['1', '2', '3', '4', '5']);

    // A batch the store refuses: the joined write fails, each batch is written alone, and only that one fails.
    const refusing = vi.fn(async (read: Parameters<typeof store.record>[0]) => {
      if (read.some((r) => r.offset === 'bad')) throw new Error('refused');
      await store.record(read);
    });
    const failing = eventLogFlows({ ...store, record: refusing }, 0, world.app.log);
    const outcomes = await Promise.allSettled(
      ['6', 'bad', '7'].map((offset) => failing.record([readEvent(aggregate, offset)])),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(refusing).toHaveBeenCalledTimes(4);
    const after = await store.last({ aggregate }, 10, new Date(Date.now() + 60_000));
    expect(after.map((r) => r.offset)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('keeps the events of the last EVENT_LOG_DAYS and removes older ones', async () => {
    const aggregate = uniqueName('old');
    const day = 86_400_000;
    await store.record([readEvent(aggregate, '1')], () => new Date(Date.now() - 31 * day));
    await store.record([readEvent(aggregate, '2')], () => new Date(Date.now() - 29 * day));
    // A round at start, then every hour.
    const cleanup = eventLogCleanup(world.app, eventLogFlows(store, 0, world.app.log), 30);
    expect(await cleanup.first).toBe(1);
    const left = await store.last({ aggregate }, 10, new Date());
    expect(left.map((r) => r.offset)).toEqual(['2']);
    await store.record([readEvent(aggregate, '3')], () => new Date(Date.now() - 40 * day));
    expect(await cleanup.run()).toBe(1);
    expect(await cleanup.run()).toBe(0);
    // Two days on, the 29-day-old one is past the 30 days too.
    expect(await cleanup.run(new Date(Date.now() + 2 * day))).toBe(1);
  });
});
