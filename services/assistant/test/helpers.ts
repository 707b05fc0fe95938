// Shared set-up of the assistant's service tests: the real app (offline engine unless a test gives one) against
// the run's servers, a real catalog with a small demo inventory beside it, and stand-ins for the creator service
// and billing that answer the creator's own data and record which token called them.
import type { AssistantStreamEvent, Role } from '@travelclub/contracts';
import {
  readEvents,
  ServiceWorld,
  setUpForFile,
  startStandIn,
  startTestJwks,
  testEnv,
  uniqueName,
  type EventLog,
  type StandIn,
  type StandInRequest,
} from '@travelclub/kit/testing';
import { startCatalog, type CatalogApp } from '@travelclub/testing/catalog';
import { randomUUID } from 'node:crypto';
import { buildApp, engineOf, type AssistantApp } from '../src/app.js';
import { AssistantConfigSchema } from '../src/config.js';
import type { Engine, TurnInput } from '../src/engines/engine.js';

export { expectError, expectInvalid } from '@travelclub/kit/testing';

export interface Caller {
  id: string;
  token: string;
  headers: Record<string, string>;
}

export const useAssistant = (settings: Record<string, string> = {}, engine?: Engine) =>
  setUpForFile(new AssistantWorld(settings, engine));

/** The service answering through a language model at `baseUrl` (the fake server of engines/), under `limits`. */
export function useModelAssistant(baseUrl: string, limits: Record<string, string>) {
  const settings = {
    LLM_BASE_URL: baseUrl,
    LLM_MODEL: 'test-model',
    LLM_TIMEOUT_MS: '2000',
    LLM_MAX_RETRIES: '0',
    ...limits,
  };
  const config = AssistantConfigSchema.parse({
    MONGO_URL: 'mongodb://x',
    KAFKA_BROKERS: 'x',
    REDIS_URL: 'redis://x',
    ...settings,
  });
  return useAssistant(settings, engineOf(config));
}

/** The tokens a model's answer says it used. */
export const usage = (prompt: number, completion: number) => ({ prompt_tokens: prompt, completion_tokens: completion });

/** The world's engine, whose next turn a test can hold open to act while Taylor answers. */
export class HoldableEngine implements Engine {
  private held: { began: () => void; released: Promise<void> } | null = null;

  constructor(private readonly inner: Engine) {}

  get name() {
    return this.inner.name;
  }

  /** Holds the next turn once it has begun: `began` settles then, and the turn goes on after `release()`. */
  holdNext() {
    let began!: () => void;
    let release!: () => void;
    const begun = new Promise<void>((resolve) => (began = resolve));
    this.held = { began, released: new Promise<void>((resolve) => (release = resolve)) };
    return { began: begun, release };
  }

  async reply(turn: TurnInput) {
    const held = this.held;
    this.held = null;
    if (held) {
      held.began();
      await held.released;
    }
    return this.inner.reply(turn);
  }
}

export class AssistantWorld extends ServiceWorld<AssistantApp> {
  events!: EventLog;
  taylor!: HoldableEngine;
  catalog!: CatalogApp;
  creatorService!: StandIn;
  billing!: StandIn;
  /** Every call the stand-ins got, with its authorization header. */
  neighbourCalls: StandInRequest[] = [];

  constructor(
    private readonly settings: Record<string, string>,
    private readonly engine?: Engine,
  ) {
    super();
  }

  async start(): Promise<void> {
    this.jwks = await startTestJwks();
    const prefix = `${uniqueName('assistant')}.`;
    this.catalog = await startCatalog({ JWKS_URL: this.jwks.jwksUrl, KAFKA_TOPIC_PREFIX: prefix, SEED_HOTELS: '120' });
    const catalogUrl = await this.catalog.listen({ port: 0, host: '127.0.0.1' });
    this.creatorService = await startStandIn('creator', (req) => this.answerCreator(req));
    this.billing = await startStandIn('billing', (req) => {
      this.neighbourCalls.push(req);
      const balances = [{ currency: 'USD', balance: 1250, pending: 3400, paid: 10000 }];
      return { status: 200, body: { creator: 'ana', commissionRate: 0.1, balances, entries: [] } };
    });
    const config = AssistantConfigSchema.parse({
      ...testEnv('assistant'),
      JWKS_URL: this.jwks.jwksUrl,
      KAFKA_TOPIC_PREFIX: prefix,
      REDIS_PREFIX: uniqueName('assistant'),
      CATALOG_URL: catalogUrl,
      CREATOR_URL: this.creatorService.url,
      BILLING_URL: this.billing.url,
      ...this.settings,
    });
    this.taylor = new HoldableEngine(this.engine ?? engineOf(config));
    this.app = await buildApp(config, this.taylor);
    this.events = await readEvents(this.app, 'assistant.events');
  }

  private answerCreator(req: StandInRequest) {
    this.neighbourCalls.push(req);
    if (req.url.startsWith('/api/v1/userProfile/creatorCounters')) {
      const day = {
        pageViews: 0,
        uniqueVisitors: 0,
        subscribers: 0,
        searches: 0,
        itinerariesStarted: 0,
        bookings: 0,
        cancellations: 0,
      };
      const totals = {
        ...day,
        pageViews: 120,
        uniqueVisitors: 45,
        subscribers: 3,
        searches: 9,
        itinerariesStarted: 4,
        bookings: 2,
        grossBookingValue: { USD: 64000 },
        commission: { USD: 6400 },
        commissionReversed: {},
      };
      const q = new URL(req.url, 'http://x').searchParams;
      return { status: 200, body: { from: q.get('from'), to: q.get('to'), totals, days: [] } };
    }
    return {
      status: 404,
      body: { error: { code: 'not-found', message: 'The page you are looking for does not exist.' } },
    };
  }

  async close(): Promise<void> {
    await this.events?.stop();
    await this.app?.close();
    await this.catalog?.close();
    await this.creatorService?.close();
    await this.billing?.close();
    await this.jwks?.close();
  }

  /** A creator (unless `roles` say otherwise) whose email is verified (unless `claims` say otherwise). */
  async caller(
    roles: Role[] = ['role/customer', 'role/creator'],
    claims: Record<string, unknown> = {},
  ): Promise<Caller> {
    const id = `user-${randomUUID().slice(0, 8)}`;
    const token = await this.jwks.sign({ sub: id, roles, email: `${id}@example.com`, emailVerified: true, ...claims });
    return { id, token, headers: { authorization: `Bearer ${token}` } };
  }

  /** The city of the catalog's inventory with the most hotels. */
  async busiestCity(): Promise<string> {
    const hotels = await this.catalog.mongo
      .collection('hotels')
      .find({}, { projection: { 'address.city': 1 } })
      .toArray();
    const counts = new Map<string, number>();
    for (const h of hotels) counts.set(h.address.city, (counts.get(h.address.city) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  }

  async startConversation(caller: Caller): Promise<string> {
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/v1/assistant/conversations',
      headers: caller.headers,
      payload: {},
    });
    if (res.statusCode !== 201) throw new Error(`start answered ${res.statusCode}: ${res.body}`);
    return (res.json() as { id: string }).id;
  }

  /** Sends a message (from `address`, as the gateway forwards it); gives the status and, for a stream, its events. */
  async send(caller: Caller, conversationId: string, text: string, address?: string) {
    const res = await this.app.inject({
      method: 'POST',
      url: `/api/v1/assistant/conversations/${conversationId}/messages`,
      headers: { ...caller.headers, ...(address && { 'x-forwarded-for': address }) },
      payload: { text },
    });
    return {
      res,
      events: res.headers['content-type']?.toString().startsWith('text/event-stream') ? parseStream(res.body) : [],
    };
  }
}

/** The events of a Server-Sent Events body. */
export function parseStream(body: string): AssistantStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return {
        type: eventLine!.slice('event: '.length),
        data: JSON.parse(dataLine!.slice('data: '.length)),
      } as AssistantStreamEvent;
    });
}
