// How handler failures are classified, on the errors the real clients throw: a server away is transient,
// a refusal or a broken event permanent, a bug unclassified.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, endpoint, EventEnvelopeSchema } from '@travelclub/contracts';
import { z } from 'zod';
import { Kafka, logLevel } from 'kafkajs';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AppError,
  classifyFailure,
  createRedis,
  isTransientError,
  PermanentEventError,
  withTimeout,
} from '../src/index.js';
import { testInfra, uniqueName } from '../src/testing/index.js';

/** A port nothing listens on. */
let closedPort: number;
let answering: Server;
let answeringUrl: string;

beforeAll(async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  // Answers with the status in its path: /503, /409, ...
  answering = createServer((req, res) =>
    res.writeHead(Number(req.url?.slice(1)), { 'content-type': 'application/json' }).end('{"error":{"code":"x"}}'),
  );
  await new Promise<void>((resolve) => answering.listen(0, '127.0.0.1', resolve));
  answeringUrl = `http://127.0.0.1:${(answering.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => answering.close(resolve)));

/** A call of `GET /:status` at a base URL, as a neighbour's typed client makes it. */
const answer = endpoint({ service: 'catalog', access: 'public' }, 'GET', '/:status', {
  params: z.object({ status: z.string() }),
  responses: { 200: z.unknown() },
  errors: [],
});
const callNeighbour = (baseUrl: string, status: string | number) =>
  createApiClient({ baseUrl }).call(answer, { params: { status: String(status) } });

const failureOf = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error('expected the work to fail');
};

describe('transient: infrastructure away, or answering too late', () => {
  it('MongoDB unreachable (server selection), on connect and on a connection that lost its server', async () => {
    const connecting = await failureOf(() =>
      mongoose.createConnection(`mongodb://127.0.0.1:${closedPort}`, { serverSelectionTimeoutMS: 200 }).asPromise(),
    );
    expect((connecting as Error).name).toMatch(/ServerSelectionError$/);
    expect(classifyFailure(connecting)).toBe('transient');
  });

  it('a mongoose operation that waited for a connection in vain (buffering timed out)', async () => {
    const never = mongoose.createConnection();
    const Model = never.model(uniqueName('Never'), new mongoose.Schema({ n: Number }, { bufferTimeoutMS: 100 }));
    const err = await failureOf(() => Model.findOne().exec());
    expect((err as Error).message).toMatch(/buffering timed out/);
    expect(classifyFailure(err)).toBe('transient');
    await never.close();
  });

  it('MongoDB driver errors with a retryable server code', () => {
    const stepDown = Object.assign(new mongoose.mongo.MongoServerError({ message: 'primary stepped down' }), {
      code: 189,
    });
    expect(classifyFailure(stepDown)).toBe('transient');
    expect(classifyFailure(new mongoose.mongo.MongoNetworkError('connection reset'))).toBe('transient');
  });

  it('Redis away (ioredis without an offline queue, as the kit creates it)', async () => {
    const redis = createRedis(`redis://127.0.0.1:${closedPort}`);
    redis.on('error', () => undefined);
    try {
      const err = await failureOf(() => redis.ping());
      expect(classifyFailure(err)).toBe('transient');
    } finally {
      redis.disconnect();
    }
  });

  it('Kafka unreachable (kafkajs, retries exhausted)', async () => {
    const kafka = new Kafka({
      brokers: [`127.0.0.1:${closedPort}`],
      retry: { retries: 1, initialRetryTime: 50 },
      logLevel: logLevel.NOTHING,
    });
    const producer = kafka.producer();
    const err = await failureOf(() => producer.connect());
    expect((err as Error).name).toMatch(/^KafkaJS/);
    expect(classifyFailure(err)).toBe('transient');
  });

  it('a neighbour unreachable, timing out, or answering 5xx, 429 or 408 (the typed client)', async () => {
    const unreachable = await failureOf(() => callNeighbour(`http://127.0.0.1:${closedPort}`, 'x'));
    expect(classifyFailure(unreachable)).toBe('transient');
    for (const status of [500, 502, 503, 504, 429, 408]) {
      const err = await failureOf(() => callNeighbour(answeringUrl, status));
      expect(classifyFailure(err), String(status)).toBe('transient');
    }
    // fetch itself: undici's "TypeError: fetch failed" wraps ECONNREFUSED.
    const raw = await failureOf(() => fetch(`http://127.0.0.1:${closedPort}/`));
    expect(raw).toBeInstanceOf(TypeError);
    expect(classifyFailure(raw)).toBe('transient');
  });

  it('a bounded wait that ran out, and AppErrors that mean "try again later"', async () => {
    const err = await failureOf(() => withTimeout(new Promise(() => undefined), 10, 'Redis'));
    expect(classifyFailure(err)).toBe('transient');
    expect(isTransientError(new AppError('service-unavailable'))).toBe(true);
    expect(isTransientError(new AppError('upstream-timeout'))).toBe(true);
    expect(isTransientError(new AppError('too-many-requests'))).toBe(true);
  });

  it('an error that says nothing itself but wraps a transient one', async () => {
    const cause = await failureOf(() => callNeighbour(`http://127.0.0.1:${closedPort}`, 'x'));
    expect(classifyFailure(new AppError('internal', undefined, { cause }))).toBe('transient');
    expect(classifyFailure(new Error('could not book', { cause }))).toBe('transient');
  });
});

describe('permanent: the event is refused or broken', () => {
  it('an invalid event, a contract violation, a rule refusing the event', () => {
    expect(classifyFailure(new PermanentEventError('invalid payload'))).toBe('permanent');
    const zod = EventEnvelopeSchema.safeParse({ id: 1 });
    expect(classifyFailure(zod.error)).toBe('permanent');
    expect(classifyFailure(new AppError('itinerary-not-cancellable'))).toBe('permanent');
    expect(classifyFailure(new AppError('invoice-not-found'))).toBe('permanent');
  });

  it('a neighbour refusing the request (4xx)', async () => {
    for (const status of [400, 404, 409]) {
      const err = await failureOf(() => callNeighbour(answeringUrl, status));
      expect(classifyFailure(err), String(status)).toBe('permanent');
    }
  });

  it('a refusal stays permanent even when it wraps a transient error', async () => {
    const cause = await failureOf(() => callNeighbour(`http://127.0.0.1:${closedPort}`, 'x'));
    expect(classifyFailure(new AppError('hold-expired', undefined, { cause }))).toBe('permanent');
  });
});

describe('unclassified: most likely a bug', () => {
  it('programming errors, plain errors, a MongoDB refusal such as a duplicate key, and non-errors', async () => {
    const typeError = await failureOf(async () => (undefined as unknown as { x(): void }).x());
    expect(classifyFailure(typeError)).toBe('unclassified');
    expect(classifyFailure(new RangeError('bad length'))).toBe('unclassified');
    expect(classifyFailure(new Error('itinerary kept changing'))).toBe('unclassified');
    expect(classifyFailure('a string')).toBe('unclassified');
    expect(classifyFailure(undefined)).toBe('unclassified');

    const connection = await mongoose
      .createConnection(testInfra().mongoUrl, { dbName: uniqueName('test_failures').replace(/-/g, '_') })
      .asPromise();
    try {
      const things = connection.collection<{ _id: string }>('things');
      await things.insertOne({ _id: 'one' });
      const duplicate = await failureOf(() => things.insertOne({ _id: 'one' }));
      expect((duplicate as { code?: number }).code).toBe(11000);
      expect(classifyFailure(duplicate)).toBe('unclassified');
    } finally {
      await connection.dropDatabase();
      await connection.close();
    }
  });
});
