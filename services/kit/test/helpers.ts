// Test helpers: a test file's service app on topics of its own, a small aggregate with an outbox, and a raw
// reader of what is on a topic.
import { randomUUID } from 'node:crypto';
import type { Consumer, Kafka } from 'kafkajs';
import { Schema, type Connection } from 'mongoose';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import {
  applyHttpConventions,
  createEventConsumer,
  createService,
  defineModel,
  outboxPlugin,
  serverOptions,
  withTimeout,
  type EventConsumer,
  type EventConsumerOptions,
  type ServiceApp,
} from '../src/index.js';
import { testConfig, uniqueName } from '../src/testing/index.js';

export const silentLogger = pino({ level: 'silent' });

export interface TestService {
  app: ServiceApp;
  /** The prefix of the file's own topics: other test files and benchmarks do not share them. */
  topicPrefix: string;
  /** A consumer of the file's topics (a group of its own), these options over the defaults; stopped after the tests. */
  consumer(options?: Partial<EventConsumerOptions>): EventConsumer;
}

/** The service app `name` of a test file: made before its tests, closed after them (its consumers first). */
export function useService(name: string): TestService {
  const consumers: EventConsumer[] = [];
  const service: TestService = {
    app: undefined as unknown as ServiceApp,
    topicPrefix: `${uniqueName('test')}.`,
    consumer(options = {}) {
      const consumer = createEventConsumer({
        kafka: service.app.kafka,
        producer: service.app.producer,
        mongo: service.app.mongo,
        logger: silentLogger,
        groupId: uniqueName('group'),
        topicPrefix: service.topicPrefix,
        ...options,
      });
      consumers.push(consumer);
      return consumer;
    },
  };
  beforeAll(async () => {
    service.app = await createService({ name, config: testConfig(name) });
  });
  afterAll(async () => {
    await Promise.all(consumers.map((c) => c.stop()));
    await service.app?.close();
  });
  return service;
}

export interface TestInvoice {
  _id: string;
  status: 'open' | 'paid';
  outbox: unknown[];
  outboxKey?: string;
}

export function invoiceModel(mongo: Connection) {
  const schema = new Schema<TestInvoice>({ _id: String, status: String }, { versionKey: false });
  schema.plugin(outboxPlugin);
  return defineModel(mongo, 'Invoice', schema);
}

export const money = (amount: number) => ({ amount, currency: 'USD' });

/** `kafka` as a consumer group sees it: each consumer it makes is handed to `watch` first (to count its events). */
export function watchingConsumers(kafka: Kafka, watch: (consumer: Consumer) => void): Kafka {
  return withMethod(kafka, 'consumer', (original) => (...args: never[]) => {
    const consumer = original(...args) as Consumer;
    watch(consumer);
    return consumer;
  });
}

/**
 * `collection` as the relay sees it, with `method` given by `replace` (which gets the original, bound): how a
 * test watches, slows or interleaves the relay's reads and writes. Everything else is the collection's own.
 */
export function withMethod<C extends object>(
  collection: C,
  method: keyof C & string,
  replace: (original: (...args: unknown[]) => unknown) => (...args: never[]) => unknown,
): C {
  const original = collection[method] as (...args: unknown[]) => unknown;
  const replaced = replace(original.bind(collection));
  return new Proxy(collection, {
    get(target, key) {
      if (key === method) return replaced;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export const invoiceCreated = (invoiceId: string) => ({
  invoiceId,
  itineraryId: `it-${invoiceId}`,
  userId: 'u-1',
  total: money(12999),
  dueAt: new Date(Date.now() + 3600_000).toISOString(),
});

export const invoicePaid = (invoiceId: string) => ({
  invoiceId,
  itineraryId: `it-${invoiceId}`,
  userId: 'u-1',
  paymentId: `pay-${invoiceId}`,
  amount: money(12999),
  paidAt: new Date().toISOString(),
});

/** Other tests put malformed messages on shared topics on purpose: keep those as text. */
function parseOrKeep(text: string): Record<string, unknown> {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { text };
  }
}

export interface RawMessage {
  key: string;
  partition: number;
  offset: string;
  value: Record<string, unknown>;
}

/** Reads a topic from its start until `count` messages match `keep`, with their keys and order. */
export async function readTopic(
  kafka: Kafka,
  topic: string,
  keep: (m: RawMessage) => boolean,
  count: number,
  timeoutMs = 20_000,
): Promise<RawMessage[]> {
  const consumer = kafka.consumer({ groupId: `reader-${randomUUID()}`, maxWaitTimeInMs: 100 });
  const found: RawMessage[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        consumer.on(consumer.events.CRASH, ({ payload }) => reject(payload.error));
        void consumer.run({
          eachMessage: async ({ message, partition }) => {
            const raw: RawMessage = {
              key: message.key?.toString() ?? '',
              partition,
              offset: message.offset,
              value: parseOrKeep(message.value?.toString() ?? ''),
            };
            if (keep(raw)) found.push(raw);
            if (found.length >= count) resolve();
          },
        });
      }),
      timeoutMs,
      `${count} messages on ${topic} (found ${found.length})`,
    );
    return found;
  } finally {
    await consumer.disconnect();
  }
}

/** A Fastify app made as every part makes its own, logging at `info` into `lines` (one object per line). */
export function appLoggingTo(name: string, lines: Record<string, unknown>[]): FastifyInstance {
  const options = serverOptions({ name, logLevel: 'info' });
  const app = Fastify({
    ...options,
    logger: { ...(options.logger as object), stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  applyHttpConventions(app);
  return app;
}
