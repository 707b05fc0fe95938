// Dead letters through support staff's routes: a real consumer (the kit's, in a service of the test's own on the
// same topics) gives up on an event and on a message that is no event; staff list them, read one, try a replay
// dry, replay it (the consumer then handles the event once), and a second replay is refused. Each replay is
// recorded with the staff id.
import { randomUUID } from 'node:crypto';
import {
  queryString,
  SupportDeadLetterSchema,
  SupportDeadLettersSchema,
  SupportReplayDeadLettersSchema,
  topics,
  type DeadLetterSummary,
} from '@travelclub/contracts';
import {
  createService,
  createServiceConsumer,
  handler,
  newEvent,
  PermanentEventError,
  type OutboxEvent,
  type ServiceApp,
} from '@travelclub/kit';
import { testConfig, uniqueName } from '@travelclub/kit/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectError, expectInvalid, useNotifications, type Caller } from '../helpers.js';

const world = useNotifications();
const group = uniqueName('refusing');
/** Events the refusing consumer gives up on while they are in here. */
const refusing = new Set<string>();
/** How often it handled each event. */
const handled = new Map<string, number>();
let other: ServiceApp;
let staff: Caller;

beforeAll(async () => {
  staff = await world.staff();
  const prefix = world.config.KAFKA_TOPIC_PREFIX;
  other = await createService({ name: 'refusing', config: testConfig('refusing', { KAFKA_TOPIC_PREFIX: prefix }) });
  const consumer = createServiceConsumer(other, { groupId: group }).on(
    topics.billing,
    handler('billing.invoice.paid', async (event) => {
      if (refusing.has(event.id)) throw new PermanentEventError('this invoice is refused for the test');
      handled.set(event.id, (handled.get(event.id) ?? 0) + 1);
    }),
  );
  await consumer.start();
}, 60_000);
afterAll(async () => {
  await other?.mongo.dropDatabase().catch(() => undefined);
  await other?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: unknown, headers = staff.headers) =>
  world.app.inject({ method, url: `/api/v1/support/deadLetters${url}`, headers, ...(payload ? { payload } : {}) });

async function list(query: Record<string, string> = {}): Promise<DeadLetterSummary[]> {
  const res = await call('GET', queryString({ consumer: group, ...query }));
  expect(res.statusCode, res.body).toBe(200);
  return SupportDeadLettersSchema.parse(res.json()).letters;
}

async function replay(body: Record<string, unknown>) {
  const res = await call('POST', '/replay', body);
  expect(res.statusCode, res.body).toBe(200);
  return SupportReplayDeadLettersSchema.parse(res.json());
}

/** Sends an invoice's payment the consumer refuses, and waits for its letter. */
async function refusedEvent(): Promise<{ event: OutboxEvent; letter: DeadLetterSummary }> {
  const invoiceId = uniqueName('inv');
  const payload = {
    invoiceId,
    itineraryId: uniqueName('it'),
    userId: 'u-1',
    paymentId: uniqueName('pay'),
    amount: { amount: 5_000, currency: 'USD' },
    paidAt: new Date().toISOString(),
  };
  const event = newEvent('billing.invoice.paid', invoiceId, payload, { correlationId: randomUUID(), causationId: 'x' });
  refusing.add(event.id);
  await world.publish('billing.invoice.paid', invoiceId, payload, event);
  const letter = await vi.waitFor(
    async () => {
      const found = (await list()).find((l) => l.eventId === event.id);
      expect(found).toBeDefined();
      return found!;
    },
    { timeout: 30_000, interval: 500 },
  );
  return { event, letter };
}

const staffActions = () =>
  world.app.mongo.collection('staff_actions').find({ action: 'dead-letters.replay' }).toArray();

describe("support staff's dead letters", () => {
  it('lists a letter, shows it in full, replays it dry, then for real, and only once', async () => {
    const prefix = world.config.KAFKA_TOPIC_PREFIX;
    const { event, letter } = await refusedEvent();
    expect(letter).toEqual({
      ref: expect.stringMatching(new RegExp(`^${prefix.replace(/\./g, '\\.')}billing\\.events\\.dlq:\\d+:\\d+$`)),
      from: expect.stringMatching(new RegExp(`^${prefix.replace(/\./g, '\\.')}billing\\.events:\\d+:\\d+$`)),
      consumer: prefix + group,
      eventType: 'billing.invoice.paid',
      eventId: event.id,
      aggregateId: event.aggregateId,
      failedAt: expect.any(String),
      error: { name: 'PermanentEventError', message: 'this invoice is refused for the test' },
    });
    // Found by topic in each of its spellings, and by the consumer's full group name.
    for (const topic of ['billing', 'billing.events', 'billing.events.dlq']) {
      expect((await list({ topic })).map((l) => l.ref)).toContain(letter.ref);
    }
    expect(await list({ topic: 'itinerary.events' })).toEqual([]);
    expect((await list({ consumer: prefix + group })).map((l) => l.ref)).toContain(letter.ref);

    const shown = await call('GET', `/${encodeURIComponent(letter.ref)}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(SupportDeadLetterSchema.parse(shown.json())).toMatchObject({
      ...letter,
      deadLetterTopic: `${prefix}billing.events.dlq`,
      key: event.aggregateId,
      letter: { envelope: event, consumer: prefix + group, topic: `${prefix}billing.events`, attempts: 1 },
    });

    // A dry run says what would happen and changes nothing.
    expect(await replay({ refs: [letter.ref], dryRun: true })).toEqual({
      dryRun: true,
      outcomes: [{ ref: letter.ref, outcome: 'would-replay' }],
    });
    expect((await list()).find((l) => l.ref === letter.ref)?.replayedAt).toBeUndefined();
    expect(await staffActions()).toEqual([]);

    // The refusal lifted (the bug fixed), the letter is replayed: the consumer handles the event, once.
    refusing.delete(event.id);
    expect(await replay({ refs: [letter.ref], reason: 'billing fixed the rule' })).toEqual({
      dryRun: false,
      outcomes: [{ ref: letter.ref, outcome: 'replayed' }],
    });
    await vi.waitFor(() => expect(handled.get(event.id)).toBe(1), { timeout: 20_000, interval: 100 });
    const replayed = (await list()).find((l) => l.ref === letter.ref);
    expect(Date.parse(replayed!.replayedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await list({ open: 'true' })).map((l) => l.ref)).not.toContain(letter.ref);

    // A second replay is refused, named or among all of them.
    expect((await replay({ refs: [letter.ref] })).outcomes).toEqual([{ ref: letter.ref, outcome: 'already-replayed' }]);
    const all = await replay({ all: true, topic: 'billing', consumer: group, dryRun: true });
    expect(all.outcomes).toContainEqual({ ref: letter.ref, outcome: 'already-replayed' });
    expect(handled.get(event.id)).toBe(1);

    const recorded = await staffActions();
    expect(recorded).toEqual([
      expect.objectContaining({
        staffId: staff.id,
        target: [letter.ref],
        reason: 'billing fixed the rule',
        outcome: { force: false, replayed: 1 },
        at: expect.any(Date),
      }),
      expect.objectContaining({
        staffId: staff.id,
        target: [letter.ref],
        outcome: { force: false, 'already-replayed': 1 },
      }),
    ]);
  });

  it('says a letter that holds no event has nothing to replay', async () => {
    const key = uniqueName('garbage');
    await world.app.producer.send({
      topic: `${world.config.KAFKA_TOPIC_PREFIX}${topics.billing}`,
      messages: [{ key, value: 'not an event {' }],
    });
    const letter = await vi.waitFor(
      async () => {
        const found = (await list()).find((l) => l.eventId === undefined && l.error.message.startsWith('not JSON'));
        expect(found).toBeDefined();
        return found!;
      },
      { timeout: 30_000, interval: 500 },
    );
    expect(letter.eventType).toBeUndefined();
    expect(letter.aggregateId).toBeUndefined();
    expect(await replay({ refs: [letter.ref], dryRun: true })).toEqual({
      dryRun: true,
      outcomes: [{ ref: letter.ref, outcome: 'not-an-event' }],
    });
  });

  it('answers not found for a letter that is not there, or not on a service topic', async () => {
    const prefix = world.config.KAFKA_TOPIC_PREFIX;
    for (const ref of [`${prefix}billing.events.dlq:0:999999`, 'elsewhere.dlq:0:1', `${prefix}auth.events.dlq:0:0`]) {
      expectError(await call('GET', `/${encodeURIComponent(ref)}`), 'dead-letter-not-found');
    }
    expectError(
      await call('POST', '/replay', { refs: [`${prefix}billing.events.dlq:0:999999`] }),
      'dead-letter-not-found',
    );
  });

  it('refuses a bad ref, filter or replay body', async () => {
    expectInvalid(await call('GET', '/not-a-ref'), 'ref');
    expectInvalid(await call('GET', queryString({ topic: 'payments.events' })), 'topic');
    expectInvalid(await call('GET', queryString({ open: 'maybe' })), 'open');
    expectInvalid(await call('GET', queryString({ consumer: 'a group' })), 'consumer');
    const ref = `${world.config.KAFKA_TOPIC_PREFIX}billing.events.dlq:0:1`;
    expectInvalid(await call('POST', '/replay', {}), 'refs');
    expectInvalid(await call('POST', '/replay', { refs: [ref], all: true }), 'refs');
    expectInvalid(await call('POST', '/replay', { refs: [] }), 'refs');
    expectInvalid(await call('POST', '/replay', { refs: Array.from({ length: 101 }, () => ref) }), 'refs');
    expectInvalid(await call('POST', '/replay', { all: false }), 'all');
    expectInvalid(await call('POST', '/replay', { refs: [ref], topic: 'billing' }), 'topic');
    expectInvalid(await call('POST', '/replay', { all: true, dryRun: 'yes' }), 'dryRun');
    expectInvalid(await call('POST', '/replay', { all: true, everything: true }), 'everything');
  });
});
