// A service's test world: the app under test with a key set of its own for travellers' tokens, set up before a
// test file's tests and down after them, and events put on the app's topics.
import type { EventPayload, EventType } from '@travelclub/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { OutboxEvent } from '../outbox.js';
import { publishEvent } from './events.js';
import type { TestJwks } from './jwks.js';

export abstract class ServiceWorld<App extends FastifyInstance> {
  jwks!: TestJwks;
  app!: App;

  /** Starts the key set, the app and whatever else the world holds. */
  abstract start(): Promise<void>;
  /** Closes what `start` started, also after a start that failed halfway. */
  abstract close(): Promise<void>;

  /** Publishes an event onto the app's topics as its owning service would; gives the envelope (to send it again). */
  publish<T extends EventType>(type: T, aggregateId: string, payload: EventPayload<T>, event?: OutboxEvent) {
    return publishEvent(this.app, type, aggregateId, payload, event);
  }
}

/** Starts `world` before the test file's tests and closes it after them; its fields are there once the tests run. */
export function setUpForFile<W extends ServiceWorld<FastifyInstance>>(world: W): W {
  beforeAll(() => world.start(), 120_000);
  afterAll(() => world.close());
  return world;
}
