// Start-up against a Kafka that is not ready, as on a fresh machine: topics made by several services at once
// on a new broker, and services started before their broker is up. A passing Kafka problem never kills a
// service: it listens, answers 503 naming the start-up, and becomes ready once Kafka is.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { deadLetterTopic, topics } from '@travelclub/contracts';
import { freePort } from '@travelclub/testing';
import * as kafkajs from 'kafkajs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { privateKafka } from '../../../scripts/private-servers.mjs';
import {
  buildWithStartupInBackground,
  createKafka,
  createStartup,
  ensureTopics,
  isRetriableStartError,
  newEvent,
  pendingEvents,
} from '../src/index.js';
import { testConfig, testEnv, uniqueName } from '../src/testing/index.js';
import { buildKafkaService, type KafkaService } from './fixtures/kafka-service.js';
import { invoicePaid } from './helpers.js';

const logger = pino({ level: 'silent' });

/** A kafkajs error as kafkajs builds it (its typings leave out some constructors' arguments). */
const kafkaError = (name: string, ...args: unknown[]): Error =>
  new (kafkajs as unknown as Record<string, new (...rest: unknown[]) => Error>)[name]!(...args);
const protocolError = (type: string, retriable: boolean) =>
  kafkaError('KafkaJSProtocolError', { type, code: 0, retriable, message: type });
/** What kafkajs' retrier throws for an error it will not retry. */
const wrapped = (err: Error) => kafkaError('KafkaJSNonRetriableError', err, { cause: err });

describe('which start-up failures are retried', () => {
  it('retries what a fresh or late broker answers', () => {
    const refused = kafkaError('KafkaJSConnectionError', 'Connection error: connect ECONNREFUSED 127.0.0.1:9092');
    for (const err of [
      protocolError('UNKNOWN_TOPIC_OR_PARTITION', true),
      protocolError('LEADER_NOT_AVAILABLE', true),
      protocolError('COORDINATOR_LOAD_IN_PROGRESS', true),
      refused,
      kafkaError('KafkaJSNumberOfRetriesExceeded', refused, { retryCount: 8, retryTime: 30_000 }),
      wrapped(protocolError('UNKNOWN_TOPIC_OR_PARTITION', true)),
      kafkaError('KafkaJSGroupCoordinatorNotFound', 'Failed to find group coordinator'),
      kafkaError('KafkaJSTimeout', 'Timed out while waiting for topic leaders'),
      new Error('consumer group billing did not answer within 30000 ms'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:27017'), { name: 'MongoServerSelectionError' }),
    ]) {
      expect(isRetriableStartError(err), err.message).toBe(true);
    }
  });

  it('gives up on bugs and on refusals no wait cures', () => {
    for (const err of [
      new TypeError('producer.conect is not a function'),
      wrapped(new TypeError('Cannot read properties of undefined')),
      kafkaError('KafkaJSSASLAuthenticationError', 'SASL PLAIN authentication failed'),
      protocolError('TOPIC_AUTHORIZATION_FAILED', false),
      kafkaError('KafkaJSAggregateError', 'Topic creation errors', [
        kafkaError('KafkaJSCreateTopicError', protocolError('INVALID_REPLICATION_FACTOR', false), 'billing.events'),
      ]),
    ]) {
      expect(isRetriableStartError(err), err.message).toBe(false);
    }
  });
});

describe('start-up steps', () => {
  const flaky = (failures: number, err: () => Error = () => protocolError('UNKNOWN_TOPIC_OR_PARTITION', true)) => {
    let calls = 0;
    const run = async () => {
      calls += 1;
      if (calls <= failures) throw err();
    };
    return { run, calls: () => calls };
  };

  it('retries a step until it succeeds, in order after the steps before it; the builder waits for it', async () => {
    const startup = createStartup({ log: logger, inBackground: false, backoffMs: 5 });
    const first = flaky(3);
    const order: string[] = [];
    const a = startup.step('topics', async () => {
      await first.run();
      order.push('topics');
    });
    const b = startup.step('consumer', async () => void order.push('consumer'));
    expect(startup.pending()).toEqual(['topics', 'consumer']);
    await Promise.all([a, b]);
    expect(first.calls()).toBe(4);
    expect(order).toEqual(['topics', 'consumer']);
    expect(startup.pending()).toEqual([]);
  });

  it('stops at once on a failure no retry cures, and the steps after it never run', async () => {
    const startup = createStartup({ log: logger, inBackground: false, backoffMs: 5 });
    const broken = flaky(Infinity, () => new TypeError('not a function'));
    const after = flaky(0);
    const failing = startup.step('broken', broken.run);
    const next = startup.step('after', after.run);
    await expect(failing).rejects.toThrow('not a function');
    await expect(next).rejects.toThrow('not a function');
    expect(broken.calls()).toBe(1);
    expect(after.calls()).toBe(0);
    expect(startup.pending()).toEqual(['broken', 'after']);
  });

  it('in the background, returns at once and reports the steps pending until they succeed', async () => {
    const startup = await buildWithStartupInBackground(async () =>
      createStartup({ log: logger, backoffMs: 20, maxBackoffMs: 20 }),
    );
    expect(startup.inBackground).toBe(true);
    const step = flaky(5);
    await startup.step('producer', step.run);
    expect(startup.pending()).toEqual(['producer']);
    await startup.whenDone();
    expect(step.calls()).toBe(6);
    expect(startup.pending()).toEqual([]);
  });

  it('stops retrying when the app closes', async () => {
    const startup = createStartup({ log: logger, inBackground: true, backoffMs: 10, maxBackoffMs: 10 });
    const never = flaky(Infinity);
    await startup.step('producer', never.run);
    await vi.waitFor(() => expect(never.calls()).toBeGreaterThan(2));
    await startup.stop();
    await expect(startup.whenDone()).rejects.toThrow('start-up stopped');
    const calls = never.calls();
    await sleep(50);
    expect(never.calls()).toBe(calls);
  });
});

let kafka: Awaited<ReturnType<typeof privateKafka>>;
beforeAll(async () => {
  kafka = await privateKafka();
}, 120_000);
afterAll(async () => {
  await kafka?.remove();
});

describe("kafkajs' logs", () => {
  it("show a broker's error answer as a warning, and the caller still gets the error", async () => {
    const lines: { level: number; msg: string }[] = [];
    const capture = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const admin = createKafka('log-levels', [kafka.brokers], capture).admin({ retry: { retries: 1 } });
    await admin.connect();
    try {
      await expect(admin.fetchTopicOffsets(uniqueName('missing'))).rejects.toThrow();
    } finally {
      await admin.disconnect();
    }
    const answers = lines.filter((line) => line.msg.startsWith('Response '));
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((line) => line.level === 40)).toBe(true);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe('topics on a fresh broker', () => {
  it('are made by several services at once, each returning only once its topics can be used', async () => {
    const prefix = `${uniqueName('fresh')}.`;
    const all = Object.values(topics).flatMap((topic) => [prefix + topic, deadLetterTopic(prefix + topic)]);
    // Overlapping sets, as the services ask: every topic for the relays, a few for each consumer.
    const sets = Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? all : all.filter((_, j) => j % 3 === i % 3)));
    await Promise.all(
      sets.map(async (wanted, i) => {
        const client = createKafka(`creator-${i}`, [kafka.brokers], logger);
        await ensureTopics(client, wanted, 3);
        // At once, with no retry of its own, a producer finds every topic and its partitions' leaders.
        const producer = client.producer({ retry: { retries: 0 }, allowAutoTopicCreation: false });
        await producer.connect();
        try {
          await producer.sendBatch({
            acks: -1,
            topicMessages: wanted.map((topic) => ({
              topic,
              messages: [0, 1, 2].map((partition) => ({ partition, value: 'probe' })),
            })),
          });
        } finally {
          await producer.disconnect();
        }
      }),
    );
  }, 60_000);
});

describe('a service started before its broker is up', () => {
  const services: KafkaService[] = [];
  let child: ReturnType<typeof spawn> | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await Promise.all(services.map((s) => s.app.close()));
  });

  it('listens at once, answers 503 naming the start-up, never exits, and is ready once the broker is', async () => {
    await kafka.stop();
    const topicPrefix = `${uniqueName('late')}.`;
    const settings = { KAFKA_BROKERS: kafka.brokers, KAFKA_TOPIC_PREFIX: topicPrefix };

    // As server.ts runs a service: its own process, listening first.
    const port = await freePort();
    const fixture = fileURLToPath(new URL('./fixtures/kafka-service-server.ts', import.meta.url));
    child = spawn(process.execPath, ['--import', 'tsx', fixture], {
      env: { ...process.env, ...testEnv('kit-late', { ...settings, PORT: String(port), LOG_LEVEL: 'warn' }) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const probe = () =>
      fetch(`http://127.0.0.1:${port}/health/ready`).then(async (res) => ({
        status: res.status,
        body: await res.json(),
      }));

    // In this process too: built in the background (as runService builds), and built as tests build.
    const background = await buildWithStartupInBackground(() =>
      buildKafkaService('kit-late-bg', testConfig('kit-late-bg', settings)),
    );
    services.push(background);
    let awaitedSettled = false;
    const awaited = buildKafkaService('kit-late-await', testConfig('kit-late-await', settings)).finally(
      () => (awaitedSettled = true),
    );

    const notReady = { status: 'not-ready', checks: { mongo: 'up', kafka: 'down', redis: 'up', startup: 'down' } };
    await vi.waitFor(async () => expect(await probe()).toEqual({ status: 503, body: notReady }), {
      timeout: 30_000,
      interval: 200,
    });
    for (let i = 0; i < 5; i++) {
      await sleep(300);
      expect(await probe()).toEqual({ status: 503, body: notReady });
    }
    const inProcess = await background.app.inject({ method: 'GET', url: '/health/ready' });
    expect({ status: inProcess.statusCode, body: inProcess.json() }).toEqual({ status: 503, body: notReady });
    expect(awaitedSettled).toBe(false);
    expect(child.exitCode).toBeNull();

    await kafka.start();
    await vi.waitFor(async () => expect((await probe()).status).toBe(200), { timeout: 60_000, interval: 250 });
    await vi.waitFor(
      async () => expect((await background.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200),
      { timeout: 30_000, interval: 250 },
    );
    const late = await awaited;
    services.push(late);
    expect(child.exitCode).toBeNull();

    // Really started: an event written through the outbox reaches both consumers.
    const id = uniqueName('inv');
    const ctx = { correlationId: 'corr-late', causationId: 'req-late' };
    await background.Invoice.create({
      _id: id,
      status: 'paid',
      ...pendingEvents(newEvent('billing.invoice.paid', id, invoicePaid(id), ctx)),
    });
    background.relay.kick(id);
    await vi.waitFor(
      () => {
        expect(background.seen.map((e) => e.aggregateId)).toContain(id);
        expect(late.seen.map((e) => e.aggregateId)).toContain(id);
      },
      { timeout: 30_000, interval: 200 },
    );

    // Kafka being down was logged once, not on every probe.
    const logged = output.split('\n').filter((line) => line.includes('"dependency":"kafka"'));
    expect(logged.filter((line) => line.includes('dependency not ready'))).toHaveLength(1);
  }, 180_000);
});
