// Shared set-up of the creator service tests (`useCreator` for a test file): the real app against the run's
// servers with a key set of its own, what it publishes on creator.events, and callers of every kind.
import type { Profile, Role } from '@travelclub/contracts';
import {
  readEvents,
  ServiceWorld,
  setUpForFile,
  startTestJwks,
  testEnv,
  uniqueName,
  type EventLog,
} from '@travelclub/kit/testing';
import { randomUUID } from 'node:crypto';
import { buildApp, type CreatorApp } from '../src/app.js';
import { CreatorConfigSchema } from '../src/config.js';

export { expectError, expectInvalid } from '@travelclub/kit/testing';

export interface Caller {
  id: string;
  headers: Record<string, string>;
}

export const useCreator = (settings: Record<string, string> = {}) => setUpForFile(new CreatorWorld(settings));

export class CreatorWorld extends ServiceWorld<CreatorApp> {
  /** What the app published on creator.events, read from the start. */
  events!: EventLog;

  constructor(private readonly settings: Record<string, string>) {
    super();
  }

  async start(): Promise<void> {
    this.jwks = await startTestJwks();
    this.app = await buildApp(
      CreatorConfigSchema.parse({
        ...testEnv('creator'),
        JWKS_URL: this.jwks.jwksUrl,
        KAFKA_TOPIC_PREFIX: `${uniqueName('creator')}.`,
        ...this.settings,
      }),
    );
    this.events = await readEvents(this.app, 'creator.events');
  }

  async close(): Promise<void> {
    await this.events?.stop();
    await this.app?.close();
    await this.jwks?.close();
  }

  /** A signed-in caller with these roles (a customer unless told). */
  async caller(roles: Role[] = ['role/customer'], claims: Record<string, unknown> = {}): Promise<Caller> {
    const id = `user-${randomUUID().slice(0, 8)}`;
    const token = await this.jwks.sign({ sub: id, roles, email: `${id}@example.com`, ...claims });
    return { id, headers: { authorization: `Bearer ${token}` } };
  }

  /** A creator with a profile (and so a club address), made through the API. */
  async creator(publicName = 'Ana Travels', slug?: string): Promise<Caller & { profile: Profile }> {
    const caller = await this.caller(['role/customer', 'role/creator']);
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/v1/userProfile',
      headers: caller.headers,
      payload: { publicName, ...(slug && { slug }) },
    });
    if (res.statusCode !== 201) throw new Error(`create profile answered ${res.statusCode}: ${res.body}`);
    return { ...caller, profile: res.json() as Profile };
  }
}
