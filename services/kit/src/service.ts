// createService: a Fastify app with the house plumbing (zod schemas, envelope errors, ids in logs,
// health, MongoDB, Kafka, Redis, token checks, an OpenAPI document) and one ordered shutdown. It never listens.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import fastifySwagger from '@fastify/swagger';
import type { AuthUser, Role } from '@travelclub/contracts';
import Fastify, { type FastifyInstance, type preHandlerAsyncHookHandler } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kafka, Producer } from 'kafkajs';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import type { Logger } from './logger.js';
import { authHandlers, createJwtVerifier, type TokenVerifier } from './auth.js';
import type { BaseConfig } from './config.js';
import { registerHealthDetails } from './dead-letters.js';
import { registerHealthRoutes } from './health.js';
import { applyHttpConventions, serverOptions } from './http-conventions.js';
import { createKafka, newProducer, pingKafka } from './kafka.js';
import { describeKafkaConnection, kafkaConnection } from './kafka-settings.js';
import { createStartup, type Startup } from './startup.js';
import { withTimeout } from './timeout.js';
import { connectMongo, pingMongo } from './mongo.js';
import type { Outbox } from './outbox.js';
import { serviceOutbox, startOutboxRelay } from './outbox-service.js';
import { createServiceIdentity, registerServiceIdentity } from './service-identity.js';
import { closeRedis, createRedis } from './redis.js';
import { registerServiceMetrics } from './service-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    serviceName: string;
    config: BaseConfig;
    mongo: Connection;
    kafka: Kafka;
    producer: Producer;
    redis: Redis;
    /** The start-up steps that need Kafka (see startup.ts); readiness is 503 until they have all succeeded. */
    startup: Startup;
    /** Adds a step to the shutdown; steps run last-added first, after in-flight requests finish. */
    onShutdown(step: () => Promise<unknown> | void): void;
    requireUser: preHandlerAsyncHookHandler;
    optionalUser: preHandlerAsyncHookHandler;
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** How long a shutdown waits for handlers whose client has gone (runService's own grace is longer). */
const HANDLER_GRACE_MS = 15_000;

export type ServiceApp = FastifyInstance<Server, IncomingMessage, ServerResponse, Logger, ZodTypeProvider>;

export interface ServiceOptions {
  /** The service's name: its log label, Kafka client id and default database. */
  name: string;
  config: BaseConfig;
  /** Checks access tokens; by default through the JWKS at `config.JWKS_URL`. */
  verifyToken?: TokenVerifier;
  /** Signs this service's calls to internal routes and checks its callers' (docs/identity.md). */
  serviceTokenSecret?: string | undefined;
}

/**
 * The one ordered shutdown: a start still retrying stops first, handlers still running finish (or the grace
 * ends), then the steps added with `onShutdown` run, last-added first.
 */
function orderShutdown(app: ServiceApp, startup: Startup): void {
  // Handlers still running hold the shutdown back, even when their client has gone (the server then
  // counts the connection as closed): otherwise one could find MongoDB closed half-way through its work.
  let running = 0;
  let settled: (() => void) | undefined;
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = async function tracked(this: unknown, req, reply) {
      running += 1;
      try {
        return await (handler as (...args: unknown[]) => unknown).call(this, req, reply);
      } finally {
        running -= 1;
        if (running === 0) settled?.();
      }
    };
  });

  const shutdownSteps: (() => Promise<unknown> | void)[] = [];
  app.decorate('onShutdown', (step: () => Promise<unknown> | void) => void shutdownSteps.push(step));
  app.addHook('onClose', async () => {
    // A start still retrying stops first: no step may connect something the steps below have closed.
    await startup.stop();
    if (running > 0) {
      app.log.info({ running }, 'waiting for handlers still running');
      await withTimeout(new Promise<void>((resolve) => (settled = resolve)), HANDLER_GRACE_MS, 'handlers').catch(() =>
        app.log.warn({ running }, 'handlers still running at shutdown'),
      );
    }
    for (const step of shutdownSteps.reverse()) {
      try {
        await step();
      } catch (err) {
        app.log.error({ err }, 'shutdown step failed');
      }
    }
  });
}

export async function createService({
  name,
  config,
  verifyToken,
  serviceTokenSecret,
}: ServiceOptions): Promise<ServiceApp> {
  const base = Fastify(serverOptions({ name, logLevel: config.LOG_LEVEL, trustProxy: config.TRUST_PROXY }));
  applyHttpConventions(base);
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);

  // The document is generated from the routes' zod schemas (contracts), so it cannot drift from the code;
  // the gateway merges every service's into the public one. Registered first: it sees only later routes.
  await app.register(fastifySwagger, {
    openapi: { openapi: '3.1.0', info: { title: name, version: '0.1.0' } },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const startup = createStartup({ log: app.log });
  app.decorate('startup', startup);
  orderShutdown(app, startup);

  app.decorate('serviceName', name);
  app.decorate('config', config);
  const log = app.log;
  try {
    const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB ?? name, { log });
    app.decorate('mongo', mongo);
    app.onShutdown(() => mongo.close());

    const redis = createRedis(config.REDIS_URL);
    app.onShutdown(() => closeRedis(redis));
    await withTimeout(new Promise((ready, fail) => redis.once('ready', ready).once('error', fail)), 5_000, 'Redis');
    app.decorate('redis', redis);

    const connection = kafkaConnection(config);
    log.info({ kafka: describeKafkaConnection(connection) }, 'Kafka connection');
    const kafka = createKafka(name, connection, log);
    const producer = newProducer(kafka);
    app.onShutdown(() => producer.disconnect());
    app.decorate('kafka', kafka);
    app.decorate('producer', producer);
    // A quick probe first: a broker not up yet is asked again within seconds by the start-up's own backoff,
    // instead of by kafkajs' connect retries, whose delays grow to half a minute.
    await startup.step('kafka producer', async () => {
      await pingKafka(kafka, 3_000);
      await producer.connect();
    });
  } catch (err) {
    await app.close();
    throw err;
  }

  const verify =
    verifyToken ??
    (config.JWKS_URL
      ? createJwtVerifier({ jwksUrl: config.JWKS_URL, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE })
      : undefined);
  const { requireUser, optionalUser, requireRole } = authHandlers(verify);
  app.decorate('requireUser', requireUser);
  app.decorate('optionalUser', optionalUser);
  app.decorate('requireRole', requireRole);
  registerServiceIdentity(app, createServiceIdentity({ name, secret: serviceTokenSecret }));

  registerHealthDetails(app);
  registerServiceMetrics(app);
  registerHealthRoutes(app, {
    mongo: () => pingMongo(app.mongo),
    kafka: () => pingKafka(app.kafka, 1_500),
    redis: async () => void (await app.redis.ping()),
  });
  return app;
}

/** A service's outbox as its `buildService` step sees it: handed to the stores, and started once they exist. */
export interface ServiceOutbox extends Outbox {
  /** Starts the relay (`startOutboxRelay`): after the stores are made, before the consumers start. */
  start(): Promise<void>;
}

/**
 * A service on the kit's (`createService`), built by `build`: its parts (the stores writing their events to
 * `outbox`), the relay started, its consumers, jobs and endpoints. A failure on the way closes what was
 * opened, then throws.
 */
export async function buildService<T>(
  options: ServiceOptions,
  build: (app: ServiceApp, outbox: ServiceOutbox) => Promise<T>,
): Promise<T> {
  const app = await createService(options);
  try {
    const relay = serviceOutbox(app);
    return await build(app, {
      addModel: (model) => relay.addModel(model),
      kick: (...aggregateIds) => relay.kick(...aggregateIds),
      kickWritten: (model, ...docs) => relay.kickWritten(model, ...docs),
      start: () => startOutboxRelay(app, relay),
    });
  } catch (err) {
    await app.close();
    throw err;
  }
}
