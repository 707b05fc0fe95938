// Shared set-up of the catalog service tests: the real app against the run's servers with a small demo
// inventory of its own, tokens from a local key set, and small clients.
import { SearchPageSchema, topicOf, type EventPayload, type EventType, type SearchPage } from '@travelclub/contracts';
import { createKafka, newEvent } from '@travelclub/kit';
import { startTestJwks, testInfra, uniqueName, type TestJwks } from '@travelclub/kit/testing';
import { startCatalog as startCatalogApp } from '@travelclub/testing/catalog';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { expect } from 'vitest';
import type { CatalogApp } from '../src/app.js';

export const TEST_HOTELS = 300;

/** The app (@travelclub/testing's, as other services' tests start it) with `TEST_HOTELS` hotels. */
export const startCatalog = (jwks: TestJwks, overrides: Record<string, string> = {}): Promise<CatalogApp> =>
  startCatalogApp({ JWKS_URL: jwks.jwksUrl, SEED_HOTELS: String(TEST_HOTELS), ...overrides });

export { expectError, expectInvalid, inDays } from '@travelclub/kit/testing';
export { startTestJwks };

export async function traveller(jwks: TestJwks, roles: string[] = ['role/customer']) {
  const id = `user-${randomUUID().slice(0, 8)}`;
  return { id, headers: { authorization: `Bearer ${await jwks.sign({ sub: id, roles })}` } };
}

/** The biggest destination of the test inventory (its city with the most hotels). */
export function busiestCity(app: CatalogApp): string {
  const counts = new Map<string, number>();
  for (const hotel of app.catalog.index().hotels)
    counts.set(hotel.destinationId, (counts.get(hotel.destinationId) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

export async function search(app: CatalogApp, body: Record<string, unknown>): Promise<SearchPage> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/hotel/search', payload: body });
  if (res.statusCode !== 200) throw new Error(`search answered ${res.statusCode}: ${res.body}`);
  // The route writes its answer without parsing it (routes/json.ts): the shape is checked here.
  SearchPageSchema.parse(res.json());
  return res.json() as SearchPage;
}

export async function createSearch(app: CatalogApp, body: Record<string, unknown>): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/hotel/search/create', payload: body });
  if (res.statusCode !== 201) throw new Error(`search/create answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { searchId: string }).searchId;
}

/** Publishes an event onto the app's topics as its owning service would. */
export async function publish<T extends EventType>(
  app: CatalogApp,
  type: T,
  aggregateId: string,
  payload: EventPayload<T>,
) {
  const event = newEvent(type, aggregateId, payload, { correlationId: randomUUID(), causationId: randomUUID() });
  await app.producer.send({
    topic: `${app.config.KAFKA_TOPIC_PREFIX}${topicOf(type)}`,
    messages: [{ key: aggregateId, value: JSON.stringify(event) }],
  });
}

/** Reads the app's catalog events until `count` distinct ones match `keep` (delivery is at least once: copies are dropped by id). */
export async function catalogEvents(
  app: CatalogApp,
  keep: (event: { type: string; payload: Record<string, unknown> }) => boolean,
  count: number,
): Promise<{ type: string; payload: Record<string, unknown> }[]> {
  const kafka = createKafka(uniqueName('reader'), testInfra().kafkaBrokers.split(','), pino({ level: 'silent' }));
  const consumer = kafka.consumer({ groupId: uniqueName('reader'), maxWaitTimeInMs: 100 });
  const seen: { id: string; type: string; payload: Record<string, unknown> }[] = [];
  try {
    await consumer.connect();
    await consumer.subscribe({ topic: `${app.config.KAFKA_TOPIC_PREFIX}catalog.events`, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(message.value!.toString()) as {
          id: string;
          type: string;
          payload: Record<string, unknown>;
        };
        if (keep(event) && !seen.some((e) => e.id === event.id)) seen.push(event);
      },
    });
    await expect.poll(() => seen.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(count);
  } finally {
    await consumer.disconnect();
  }
  return seen;
}
