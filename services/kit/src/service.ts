// createService: a Fastify app with the house plumbing (zod schemas, envelope errors, ids in logs,
// health, MongoDB, Kafka, Redis, token checks) and one ordered shutdown. It never listens.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { errorEnvelope, type AuthUser, type Role } from '@travelclub/contracts';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type preHandlerAsyncHookHandler,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kafka, Producer } from 'kafkajs';
import type { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { authHandlers, createJwtVerifier, type TokenVerifier } from './auth.js';
import type { BaseConfig } from './config.js';
import { acceptableId, CORRELATION_ID_HEADER, REQUEST_ID_HEADER } from './context.js';
import { handleError } from './error-handler.js';
import { registerHealthRoutes } from './health.js';
import { createKafka, createProducer, pingKafka } from './kafka.js';
import { withTimeout } from './timeout.js';
import { connectMongo, pingMongo } from './mongo.js';
import { closeRedis, createRedis } from './redis.js';

declare module 'fastify' {
  interface FastifyInstance {
    serviceName: string;
    config: BaseConfig;
    mongo: Connection;
    kafka: Kafka;
    producer: Producer;
    redis: Redis;
    /** Adds a step to the shutdown; steps run last-added first, after in-flight requests finish. */
    onShutdown(step: () => Promise<unknown> | void): void;
    requireUser: preHandlerAsyncHookHandler;
    optionalUser: preHandlerAsyncHookHandler;
    requireRole(...roles: Role[]): preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    correlationId: string;
    user: AuthUser | null;
  }
}

export type ServiceApp = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface ServiceOptions {
  /** The service's name: its log label, Kafka client id and default database. */
  name: string;
  config: BaseConfig;
  /** Checks access tokens; by default through the JWKS at `config.JWKS_URL`. */
  verifyToken?: TokenVerifier;
}

export async function createService({ name, config, verifyToken }: ServiceOptions): Promise<ServiceApp> {
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      base: { service: name },
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    genReqId: (req) => acceptableId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID(),
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler((_req, reply) => reply.code(404).send(errorEnvelope('not-found')));

  app.decorateRequest('correlationId', '');
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req, reply) => {
    req.correlationId = acceptableId(req.headers[CORRELATION_ID_HEADER]) ?? req.id;
    req.log = req.log.child({ correlationId: req.correlationId });
    reply.header(REQUEST_ID_HEADER, req.id).header(CORRELATION_ID_HEADER, req.correlationId);
  });

  // Responses finished during shutdown close their connection; otherwise a kept-alive socket
  // holds the server open for Fastify's whole keep-alive timeout (72 s).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  const shutdownSteps: (() => Promise<unknown> | void)[] = [];
  app.decorate('onShutdown', (step: () => Promise<unknown> | void) => void shutdownSteps.push(step));
  app.addHook('onClose', async () => {
    for (const step of shutdownSteps.reverse()) {
      try {
        await step();
      } catch (err) {
        app.log.error({ err }, 'shutdown step failed');
      }
    }
  });

  app.decorate('serviceName', name);
  app.decorate('config', config);
  const log = app.log as unknown as Logger;
  try {
    const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB ?? name);
    app.decorate('mongo', mongo);
    app.onShutdown(() => mongo.close());

    const redis = createRedis(config.REDIS_URL);
    app.onShutdown(() => closeRedis(redis));
    await withTimeout(new Promise((ready, fail) => redis.once('ready', ready).once('error', fail)), 5_000, 'Redis');
    app.decorate('redis', redis);

    const kafka = createKafka(name, config.KAFKA_BROKERS, log);
    const producer = await createProducer(kafka);
    app.onShutdown(() => producer.disconnect());
    app.decorate('kafka', kafka);
    app.decorate('producer', producer);
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

  registerHealthRoutes(app, {
    mongo: () => pingMongo(app.mongo),
    kafka: () => pingKafka(app.kafka, 1_500),
    redis: async () => void (await app.redis.ping()),
  });
  return app;
}
