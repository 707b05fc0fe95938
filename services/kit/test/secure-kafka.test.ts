// A service of the kit against a broker that only speaks SASL_SSL (scripts/secure-kafka.mjs): TLS with a CA of
// the test's own and a client certificate, SCRAM-SHA-512 users made when its storage was formatted. A message
// produced, events the outbox relay publishes and the kit's consumer reading them all go through that listener;
// PLAIN, SCRAM-SHA-256 and OAUTHBEARER (its token from a local client credentials endpoint) sign in too, and a
// wrong password stops the start with the broker's refusal.
import { randomBytes } from 'node:crypto';
import { topics } from '@travelclub/contracts';
import { Schema } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSecureKafka, unsecuredJwt } from '../../../scripts/secure-kafka.mjs';
import {
  BaseConfigSchema,
  buildService,
  createEventConsumer,
  createKafka,
  createService,
  defineModel,
  handler,
  kafkaConnection,
  KafkaSettingsSchema,
  loadConfig,
  newEvent,
  pendingEvents,
  outboxPlugin,
  type EventConsumer,
  type ServiceApp,
} from '../src/index.js';
import { testEnv, uniqueName } from '../src/testing/index.js';
import { invoiceCreated, invoicePaid, silentLogger } from './helpers.js';
import { startTokenEndpoint } from './token-endpoint.js';

/** Starting the broker: formatting its storage and a JVM on a busy 2-core machine. */
const BROKER_START_MS = 180_000;

const user = { name: 'travelclub-app', password: randomBytes(12).toString('hex') };
let broker: Awaited<ReturnType<typeof startSecureKafka>>;
const toClose: { close(): Promise<unknown> }[] = [];

beforeAll(async () => {
  broker = await startSecureKafka({ users: [user] });
}, BROKER_START_MS);

afterAll(async () => {
  for (const c of toClose.reverse()) await c.close().catch(() => undefined);
  await broker?.remove();
}, 60_000);

/** The environment an operator would give a service for this cluster, `overrides` over it. */
const secureEnv = (overrides: Record<string, string> = {}) => ({
  KAFKA_BROKERS: broker.brokers,
  KAFKA_SSL_CA_FILE: broker.certs.ca,
  KAFKA_SSL_CERT_FILE: broker.certs.clientCert,
  KAFKA_SSL_KEY_FILE: broker.certs.clientKey,
  KAFKA_SASL_MECHANISM: 'scram-sha-512',
  KAFKA_SASL_USERNAME: user.name,
  KAFKA_SASL_PASSWORD: user.password,
  KAFKA_TOPIC_PREFIX: `${uniqueName('secure')}.`,
  KAFKA_PARTITIONS: '1',
  ...overrides,
});

/** A service's settings for this cluster, through the same `loadConfig` a server.ts uses. */
const serviceConfig = (name: string, overrides: Record<string, string> = {}) =>
  loadConfig(BaseConfigSchema, testEnv(name, secureEnv(overrides)));

interface Invoice {
  _id: string;
  status: string;
  outbox: unknown[];
}

describe('Kafka over SASL_SSL with a client certificate and SCRAM-SHA-512', () => {
  it('carries a produced message, the outbox relay’s events and the consumer’s reads', async () => {
    const ctx = { correlationId: uniqueName('corr'), causationId: 'secure-kafka-test' };
    const produced = uniqueName('inv');
    const stored = uniqueName('inv');
    const handled: string[] = [];

    const { app, Invoice } = await buildService(
      { name: 'kit-secure', config: serviceConfig('kit-secure') },
      async (app: ServiceApp, outbox) => {
        const schema = new Schema<Invoice>({ _id: String, status: String }, { versionKey: false });
        schema.plugin(outboxPlugin);
        const Invoice = await defineModel(app.mongo, 'Invoice', schema);
        outbox.addModel(Invoice);
        // The relay makes the service's topics (through the listener) before it starts.
        await outbox.start();
        return { app, Invoice };
      },
    );
    toClose.push(app);

    const consumer: EventConsumer = createEventConsumer({
      kafka: app.kafka,
      producer: app.producer,
      mongo: app.mongo,
      logger: silentLogger,
      groupId: uniqueName('secure-group'),
      topicPrefix: app.config.KAFKA_TOPIC_PREFIX,
      numPartitions: 1,
    })
      .on(
        topics.billing,
        handler('billing.invoice.created', async (event) => void handled.push(`created ${event.aggregateId}`)),
      )
      .on(
        topics.billing,
        handler('billing.invoice.paid', async (event) => void handled.push(`paid ${event.aggregateId}`)),
      );
    toClose.push({ close: () => consumer.stop() });
    await consumer.start();

    // A produce by hand, on the service's producer.
    const direct = newEvent('billing.invoice.created', produced, invoiceCreated(produced), ctx);
    await app.producer.send({
      topic: app.config.KAFKA_TOPIC_PREFIX + topics.billing,
      messages: [{ key: produced, value: JSON.stringify(direct) }],
    });
    // A state change with its events in the document: the relay publishes them.
    await Invoice.create({
      _id: stored,
      status: 'paid',
      ...pendingEvents(
        newEvent('billing.invoice.created', stored, invoiceCreated(stored), ctx),
        newEvent('billing.invoice.paid', stored, invoicePaid(stored), ctx),
      ),
    });
    await vi.waitFor(async () => expect((await Invoice.findById(stored).lean())?.outbox).toEqual([]), {
      timeout: 20_000,
      interval: 100,
    });

    await vi.waitFor(
      () => expect([...handled].sort()).toEqual([`created ${produced}`, `created ${stored}`, `paid ${stored}`].sort()),
      { timeout: 30_000, interval: 100 },
    );
    // One aggregate's events in order, and the service ready on the secured cluster.
    expect(handled.filter((h) => h.endsWith(stored))).toEqual([`created ${stored}`, `paid ${stored}`]);
    const ready = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
  }, 90_000);

  it('refuses a wrong password at start-up, with the broker’s reason', async () => {
    const config = serviceConfig('kit-secure-wrong', { KAFKA_SASL_PASSWORD: 'not-the-password' });
    const started = createService({ name: 'kit-secure-wrong', config });
    await expect(started).rejects.toThrow(
      /SASL SCRAM SHA512 authentication failed: .*invalid credentials with SASL mechanism SCRAM-SHA-512/,
    );
    await expect(started).rejects.toMatchObject({ name: 'KafkaJSSASLAuthenticationError' });
  }, 60_000);

  it.each(['scram-sha-256', 'plain'])(
    'lets the same user sign in with %s',
    async (mechanism) => {
      const settings = loadConfig(KafkaSettingsSchema, secureEnv({ KAFKA_SASL_MECHANISM: mechanism }));
      const admin = createKafka(uniqueName('secure-admin'), kafkaConnection(settings), silentLogger).admin();
      await admin.connect();
      try {
        const cluster = await admin.describeCluster();
        expect(cluster.brokers.map((b) => `${b.host}:${b.port}`)).toEqual([broker.brokers]);
      } finally {
        await admin.disconnect();
      }
    },
    60_000,
  );

  it('signs in with OAUTHBEARER, one token from the client credentials grant serving every connection', async () => {
    const endpoint = await startTokenEndpoint({
      clientId: 'travelclub-kafka',
      clientSecret: 'client-secret',
      token: () => unsecuredJwt(user.name),
      expiresIn: 3600,
    });
    toClose.push(endpoint);
    const settings = loadConfig(
      KafkaSettingsSchema,
      secureEnv({
        KAFKA_SASL_MECHANISM: 'oauthbearer',
        // Empty is unset, as an overlay that clears a value passes it.
        KAFKA_SASL_USERNAME: '',
        KAFKA_SASL_PASSWORD: '',
        KAFKA_SASL_OAUTH_TOKEN_URL: endpoint.url,
        KAFKA_SASL_OAUTH_CLIENT_ID: 'travelclub-kafka',
        KAFKA_SASL_OAUTH_CLIENT_SECRET: 'client-secret',
        KAFKA_SASL_OAUTH_SCOPE: 'kafka.produce kafka.consume',
      }),
    );
    const kafka = createKafka(uniqueName('secure-oauth'), kafkaConnection(settings), silentLogger);
    const admin = kafka.admin();
    const producer = kafka.producer();
    await admin.connect();
    await producer.connect();
    try {
      const topic = uniqueName('secure-oauth');
      await admin.createTopics({ topics: [{ topic, numPartitions: 1 }] });
      const [sent] = await producer.send({ topic, messages: [{ key: 'k', value: 'through OAUTHBEARER' }] });
      expect(sent?.errorCode).toBe(0);
    } finally {
      await producer.disconnect();
      await admin.disconnect();
    }
    expect(endpoint.requests).toEqual([
      {
        clientId: 'travelclub-kafka',
        clientSecret: 'client-secret',
        grantType: 'client_credentials',
        scope: 'kafka.produce kafka.consume',
        contentType: 'application/x-www-form-urlencoded',
      },
    ]);
  }, 60_000);
});
