// Helpers for service tests: configuration against the run's real servers, with names of their own
// (database, topics, consumer groups, queue prefixes) so test files running in parallel stay apart; the mail
// the run's catcher received; events put on a service's topics and read from them; stand-ins for neighbours;
// a service's world for a test file; a figure of a service's /metrics; the MongoDB commands a path sends.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { BaseConfigSchema, type BaseConfig } from '../config.js';
import type { InfraSettings } from './infra.js';
import { TEST_SERVICE_TOKEN_SECRET } from './service-tokens.js';

export type { InfraSettings } from './infra.js';
export { expectError, expectInvalid, inDays, type InjectedAnswer } from './answers.js';
export { publishEvent, readEvents, type EventLog, type SeenEvent } from './events.js';
export { startTestJwks, type TestJwks, type TestTokenOptions } from './jwks.js';
export { linkIn, mailsTo, waitForMail, type CaughtMail } from './mail.js';
export { readMetric } from './metrics.js';
export { recordMongoCommands, recordRelayReads } from './mongo-commands.js';
export { parsePrometheusText, sumOf, type MetricFamily, type MetricType, type Sample } from './prometheus-text.js';
export { serviceHeaders, TEST_SERVICE_TOKEN_SECRET } from './service-tokens.js';
export { startStandIn, type StandIn, type StandInAnswer, type StandInRequest } from './stand-in.js';
export { ServiceWorld, setUpForFile } from './world.js';

export const testInfra = (): InfraSettings => inject('infra');

/** A name no other test uses: `prefix-1a2b3c4d`. */
export const uniqueName = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Service settings against the run's servers, with a database of the test's own. */
export function testConfig(service: string, overrides: Record<string, string> = {}): BaseConfig {
  return BaseConfigSchema.parse(testEnv(service, overrides));
}

/** The same settings as environment strings, for a service's own (wider) config schema. */
export function testEnv(service: string, overrides: Record<string, string> = {}): Record<string, string> {
  const infra = testInfra();
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: uniqueName(`test_${service}`).replace(/-/g, '_'),
    KAFKA_BROKERS: infra.kafkaBrokers,
    REDIS_URL: infra.redisUrl,
    // Queues of one test file stay apart from every other's.
    QUEUE_PREFIX: uniqueName(`test-${service}`),
    // So do the counters of rate and mail limits: Redis outlives a run, and a fixed test address would
    // otherwise use up its hourly mail allowance over a few runs.
    RATE_LIMIT_PREFIX: uniqueName(`test-${service}-rl`),
    // Services of one test file recognise each other's calls to internal routes.
    SERVICE_TOKEN_SECRET: TEST_SERVICE_TOKEN_SECRET,
    ...overrides,
  };
}
