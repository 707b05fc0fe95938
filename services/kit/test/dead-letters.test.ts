// Dead letters as an operator meets them: counted on the service's /health/details, listed, inspected and
// replayed (kit functions and `npm run dlq`), each replay done once unless forced.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { HealthDetailsSchema, topics, type EventEnvelope } from '@travelclub/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AppError,
  createService,
  createServiceConsumer,
  handler,
  listDeadLetters,
  newEvent,
  replayDeadLetters,
  type EventConsumer,
  type ServiceApp,
  type StoredDeadLetter,
} from '../src/index.js';
import { testConfig, testInfra, uniqueName } from '../src/testing/index.js';
import { invoicePaid } from './helpers.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..', '..', '..');
const ctx = { correlationId: 'corr-dlq', causationId: 'req-dlq' };
const topicPrefix = `${uniqueName('test')}.`;
const billing = topicPrefix + topics.billing;
const billingLetters = `${billing}.dlq`;
const itineraryLetters = `${topicPrefix}${topics.itinerary}.dlq`;

/** The consumer's name, as a service gives it; its group on Kafka carries the topic prefix. */
const groupName = uniqueName('dlq-group');
let app: ServiceApp;
let consumer: EventConsumer;
/** Events whose handling is refused while they are in here (a rule, or a bug not fixed yet). */
const refusing = new Set<string>();
/** How often each event was applied. */
const applied = new Map<string, number>();

beforeAll(async () => {
  app = await createService({
    name: 'kit-dead-letters',
    config: testConfig('kit-dead-letters', { KAFKA_TOPIC_PREFIX: topicPrefix }),
  });
  consumer = createServiceConsumer(app, { groupId: groupName })
    .on(
      topics.billing,
      handler('billing.invoice.paid', async (event) => {
        if (refusing.has(event.id)) throw new AppError('invoice-outdated');
        applied.set(event.id, (applied.get(event.id) ?? 0) + 1);
      }),
    )
    .on(
      topics.itinerary,
      handler('itinerary.confirmed', async () => undefined),
    );
  await consumer.start();
});
afterAll(() => app.close());

async function healthDetails() {
  const res = await app.inject({ method: 'GET', url: '/health/details' });
  expect(res.statusCode).toBe(200);
  return HealthDetailsSchema.parse(res.json());
}

/** Sends an event the handler refuses and waits for its dead letter. */
async function deadLettered(): Promise<{ event: EventEnvelope; letter: StoredDeadLetter }> {
  const id = uniqueName('inv');
  const event = newEvent('billing.invoice.paid', id, invoicePaid(id), ctx);
  refusing.add(event.id);
  await app.producer.send({ topic: billing, messages: [{ key: id, value: JSON.stringify(event) }] });
  const letter = await vi.waitFor(
    async () => {
      const found = (await listDeadLetters(app.kafka, [billingLetters])).find((l) => l.eventId === event.id);
      expect(found).toBeDefined();
      return found!;
    },
    { timeout: 20_000, interval: 250 },
  );
  return { event, letter };
}

describe('dead letters', () => {
  it('are counted on /health/details, listed, shown and replayed once, and then no longer counted', async () => {
    expect(await healthDetails()).toEqual({ deadLetters: { [billingLetters]: 0, [itineraryLetters]: 0 } });

    const { event, letter } = await deadLettered();
    expect(letter).toMatchObject({
      ref: `${billingLetters}:${letter.partition}:${letter.offset}`,
      deadLetterTopic: billingLetters,
      key: event.aggregateId,
      eventId: event.id,
      eventType: 'billing.invoice.paid',
      letter: {
        envelope: event,
        consumer: consumer.groupId,
        topic: billing,
        attempts: 1,
        error: {
          name: 'AppError',
          message: 'This itinerary changed after the invoice was made. Please review it and pay again.',
        },
      },
    });
    expect(letter.replayedAt).toBeUndefined();
    expect(Date.parse(letter.letter.failedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await healthDetails()).deadLetters[billingLetters]).toBe(1);

    // The refusal is lifted (the bug fixed, the rule's data repaired), and the letter replayed.
    refusing.delete(event.id);
    expect(await replayDeadLetters(app.producer, [letter])).toEqual([{ ref: letter.ref, outcome: 'replayed' }]);
    await vi.waitFor(() => expect(applied.get(event.id)).toBe(1), { timeout: 20_000, interval: 100 });
    await vi.waitFor(async () => expect((await healthDetails()).deadLetters[billingLetters]).toBe(0), {
      timeout: 10_000,
      interval: 200,
    });

    // Listed again, it carries its replay, and a second replay is refused unless forced.
    const [again] = (await listDeadLetters(app.kafka, [billingLetters])).filter((l) => l.ref === letter.ref);
    expect(again?.replayedAt).toBeDefined();
    expect(await replayDeadLetters(app.producer, [again!])).toEqual([{ ref: letter.ref, outcome: 'already-replayed' }]);
    // Forced, the event goes out again, and the consumer that has now handled it skips the copy.
    expect(await replayDeadLetters(app.producer, [again!], { force: true })).toEqual([
      { ref: letter.ref, outcome: 'replayed' },
    ]);
    const marker = uniqueName('inv');
    const after = newEvent('billing.invoice.paid', marker, invoicePaid(marker), ctx);
    await app.producer.send({ topic: billing, messages: [{ key: event.aggregateId, value: JSON.stringify(after) }] });
    await vi.waitFor(() => expect(applied.get(after.id)).toBe(1), { timeout: 20_000, interval: 100 });
    expect(applied.get(event.id)).toBe(1);
  }, 90_000);

  it('count an event dead-lettered again after a replay once', async () => {
    const { event, letter } = await deadLettered();
    expect(await replayDeadLetters(app.producer, [letter])).toEqual([{ ref: letter.ref, outcome: 'replayed' }]);
    await vi.waitFor(
      async () => {
        const letters = (await listDeadLetters(app.kafka, [billingLetters])).filter((l) => l.eventId === event.id);
        expect(letters).toHaveLength(2);
      },
      { timeout: 20_000, interval: 250 },
    );
    expect((await healthDetails()).deadLetters[billingLetters]).toBe(1);
    refusing.delete(event.id);
  }, 60_000);
});

describe('npm run dlq', () => {
  const dlq = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'scripts/dlq.ts', ...args], {
      cwd: root,
      env: { ...process.env, KAFKA_BROKERS: testInfra().kafkaBrokers, KAFKA_TOPIC_PREFIX: topicPrefix },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code: number; stdout: string; stderr: string }) => ({
        code: err.code,
        stdout: err.stdout,
        stderr: err.stderr,
      }),
    );

  it('lists, shows and replays a letter, once', async () => {
    const { event, letter } = await deadLettered();

    const table = await dlq('list', '--topic', 'billing', '--open');
    expect(table.code).toBe(0);
    const row = table.stdout.split('\n').find((line) => line.startsWith(letter.ref));
    expect(row).toContain(`${billing}:${letter.letter.partition}:${letter.letter.offset}`);
    expect(row).toContain(consumer.groupId);
    expect(row).toContain('billing.invoice.paid');
    expect(row).toContain('open');
    expect(row).toContain('AppError: This itinerary changed');
    // A consumer is named as its service names it, or as its group is on Kafka.
    const refsOf = async (...args: string[]) =>
      (JSON.parse((await dlq('list', '--json', ...args)).stdout) as StoredDeadLetter[]).map((l) => l.ref);
    expect(await refsOf('--consumer', groupName)).toContain(letter.ref);
    expect(await refsOf('--consumer', consumer.groupId)).toContain(letter.ref);
    expect(await refsOf('--consumer', uniqueName('other-group'))).toEqual([]);

    const shown = await dlq('show', letter.ref);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ ref: letter.ref, eventId: event.id, letter: { envelope: event } });

    refusing.delete(event.id);
    const replayed = await dlq('replay', letter.ref);
    expect(replayed).toMatchObject({ code: 0, stdout: `${letter.ref}: replayed\n` });
    await vi.waitFor(() => expect(applied.get(event.id)).toBe(1), { timeout: 20_000, interval: 100 });

    const twice = await dlq('replay', letter.ref);
    expect(twice.code).toBe(0);
    expect(twice.stdout).toMatch(new RegExp(`^${letter.ref.replace(/\./g, '\\.')}: already-replayed \\(skipped`));
    const listed = await dlq('list', '--json');
    const mine = (JSON.parse(listed.stdout) as StoredDeadLetter[]).find((l) => l.ref === letter.ref);
    expect(mine?.replayedAt).toBeDefined();
  }, 120_000);

  it('explains what it needs: usage for a wrong command, a clear error for an unknown letter', async () => {
    const wrong = await dlq('frobnicate');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('dlq: unknown command "frobnicate"');
    expect(wrong.stderr).toContain('usage: npm run dlq -- <command> [options]');

    const noRefs = await dlq('replay');
    expect(noRefs.code).toBe(2);
    expect(noRefs.stderr).toContain('replay needs refs, or --all');

    const unknown = await dlq('show', `${billingLetters}:0:999999`);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`dlq: no dead letter ${billingLetters}:0:999999 (npm run dlq -- list shows them)`);

    const noTopic = await dlq('show', 'nowhere.dlq:0:1');
    expect(noTopic.code).toBe(1);
    expect(noTopic.stderr).toContain('dlq: no such dead-letter topic: nowhere.dlq');
  }, 60_000);
});
