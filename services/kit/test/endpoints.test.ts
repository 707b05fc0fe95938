// Routes from endpoint definitions: each definition needs its handler and the other way round; the access rule
// of the definition guards the route; the typed service client calls through the same definitions and maps
// every failure one way.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { endpoint, errorCatalogue, IdSchema } from '@travelclub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AppError,
  createService,
  createServiceClient,
  createServiceIdentity,
  registerEndpoints,
  type ServiceApp,
} from '../src/index.js';
import { startTestJwks, testConfig, TEST_SERVICE_TOKEN_SECRET, type TestJwks } from '../src/testing/index.js';

const Thing = z.object({ id: IdSchema, name: z.string() });
let flakyCalls = 0;
const things = {
  create: endpoint({ service: 'catalog', access: 'user' }, 'POST', '/api/v1/things', {
    body: z.strictObject({ name: z.string().min(2) }),
    responses: { 201: Thing },
    errors: [],
  }),
  read: endpoint({ service: 'catalog', access: 'public-or-user' }, 'GET', '/api/v1/things/:id', {
    params: z.strictObject({ id: IdSchema }),
    responses: { 200: Thing.extend({ reader: z.string().nullable() }) },
    errors: ['not-found'],
  }),
  card: endpoint({ service: 'catalog', access: 'public' }, 'GET', '/api/v1/things/:id/card', {
    params: z.strictObject({ id: IdSchema }),
    responses: { 200: Thing },
    errors: ['not-found'],
    cacheSeconds: 60,
  }),
  cart: endpoint({ service: 'catalog', access: 'user' }, 'GET', '/api/v1/things/cart', {
    missingToken: 'token-not-found',
    responses: { 200: z.object({ owner: z.string() }) },
    errors: [],
  }),
  staff: endpoint({ service: 'catalog', access: 'support' }, 'GET', '/api/v1/things/staff', {
    responses: { 200: z.object({ ok: z.boolean() }) },
    errors: ['forbidden'],
  }),
  internal: endpoint({ service: 'catalog', access: { callers: ['itinerary'] } }, 'GET', '/internal/v1/things/:id', {
    params: z.strictObject({ id: IdSchema }),
    query: z.strictObject({ slow: z.enum(['yes', 'no']).optional(), bad: z.enum(['yes']).optional() }),
    responses: { 200: Thing },
    errors: ['not-found'],
  }),
};

let app: ServiceApp;
let jwks: TestJwks;
let baseUrl: string;

beforeAll(async () => {
  jwks = await startTestJwks();
  app = await createService({
    name: 'catalog',
    config: testConfig('kit-endpoints', { JWKS_URL: jwks.jwksUrl }),
    serviceTokenSecret: TEST_SERVICE_TOKEN_SECRET,
  });
  registerEndpoints(app, things, {
    create: async ({ body }) => ({ id: 'thing-1', name: body.name }),
    read: async ({ params, user }) => {
      if (params.id === 'missing') throw new AppError('not-found');
      return { id: params.id, name: 'a thing', reader: user?.id ?? null };
    },
    card: async ({ params }, reply) => {
      if (params.id === 'missing') throw new AppError('not-found');
      if (params.id === 'personal') reply.header('cache-control', 'private, no-store');
      return { id: params.id, name: 'a thing' };
    },
    cart: async ({ user }) => ({ owner: user.id }),
    staff: async () => ({ ok: true }),
    internal: async ({ params, query }) => {
      if (params.id === 'missing') throw new AppError('not-found');
      if (params.id === 'flaky' && ++flakyCalls <= 2) throw new AppError('service-unavailable');
      if (query.slow === 'yes') await new Promise((resolve) => setTimeout(resolve, 600));
      return query.bad ? ({ id: params.id } as never) : { id: params.id, name: 'inside' };
    },
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await jwks?.close();
});

const bearer = async (claims?: Record<string, unknown>) => ({ authorization: `Bearer ${await jwks.sign(claims)}` });
const expectCode = (res: { statusCode: number; json(): unknown }, code: keyof typeof errorCatalogue) => {
  expect(res.statusCode).toBe(errorCatalogue[code].status);
  expect(res.json()).toMatchObject({ error: { code, message: errorCatalogue[code].message } });
};

describe('registering endpoints', () => {
  const blank = async () => createService({ name: 'catalog', config: testConfig('kit-endpoints-blank') });

  it('refuses a definition without a handler, a handler without a definition, and another service’s endpoint', async () => {
    const one = await blank();
    try {
      const { create, read } = things;
      expect(() =>
        registerEndpoints(one, { create, read }, { create: async () => ({ id: 'x', name: 'y' }) } as never),
      ).toThrow('the endpoint read (GET /api/v1/things/:id) has no handler');
      expect(() =>
        registerEndpoints(one, { create }, {
          create: async () => ({ id: 'x', name: 'y' }),
          extra: async () => ({}),
        } as never),
      ).toThrow('the handler extra has no endpoint definition');
      const foreign = { create: { ...create, service: 'billing' as const } };
      expect(() => registerEndpoints(one, foreign, { create: async () => ({ id: 'x', name: 'y' }) })).toThrow(
        'belongs to billing, not catalog',
      );
    } finally {
      await one.close();
    }
  });
});

describe('the routes', () => {
  it('answers with the only success status of the definition, after the body is checked', async () => {
    const headers = await bearer();
    const made = await app.inject({ method: 'POST', url: '/api/v1/things', headers, payload: { name: 'tent' } });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ id: 'thing-1', name: 'tent' });
    const bad = await app.inject({ method: 'POST', url: '/api/v1/things', headers, payload: { name: 't', x: 1 } });
    expectCode(bad, 'validation-failed');
  });

  it('marks the success of a definition with cacheSeconds as anyone may keep it, never its error, and never over its handler’s own', async () => {
    const card = await app.inject({ method: 'GET', url: '/api/v1/things/t-1/card' });
    expect(card.statusCode).toBe(200);
    expect(card.headers['cache-control']).toBe('public, max-age=60');
    const missing = await app.inject({ method: 'GET', url: '/api/v1/things/missing/card' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();
    // A handler that says its answer is not to be kept is not overruled.
    const personal = await app.inject({ method: 'GET', url: '/api/v1/things/personal/card' });
    expect(personal.statusCode).toBe(200);
    expect(personal.headers['cache-control']).toBe('private, no-store');
    // Nor anything a definition does not say may be kept.
    expect((await app.inject({ method: 'GET', url: '/api/v1/things/t-1' })).headers['cache-control']).toBeUndefined();
  });

  it('guards each route by its access rule', async () => {
    expectCode(
      await app.inject({ method: 'POST', url: '/api/v1/things', payload: { name: 'tent' } }),
      'unauthenticated',
    );
    expectCode(await app.inject({ method: 'GET', url: '/api/v1/things/cart' }), 'token-not-found');
    const cart = await app.inject({ method: 'GET', url: '/api/v1/things/cart', headers: await bearer({ sub: 'u-7' }) });
    expect(cart.json()).toEqual({ owner: 'u-7' });
    expectCode(await app.inject({ method: 'GET', url: '/api/v1/things/staff', headers: await bearer() }), 'forbidden');
    const staff = await app.inject({
      method: 'GET',
      url: '/api/v1/things/staff',
      headers: await bearer({ roles: ['role/support'] }),
    });
    expect(staff.json()).toEqual({ ok: true });
    expectCode(
      await app.inject({ method: 'GET', url: '/internal/v1/things/a1', headers: await bearer() }),
      'unauthenticated',
    );
  });

  it('names the caller where a token is optional, and no one without it', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/things/t1' });
    expect(anonymous.json()).toMatchObject({ reader: null });
    const named = await app.inject({ method: 'GET', url: '/api/v1/things/t1', headers: await bearer({ sub: 'u-9' }) });
    expect(named.json()).toMatchObject({ reader: 'u-9' });
  });
});

describe('the service client', () => {
  const ctx = { correlationId: 'corr-1', causationId: 'req-1' };
  const client = (timeoutMs = 2_000, identityName: 'itinerary' | 'billing' = 'itinerary') =>
    createServiceClient({
      target: 'catalog',
      baseUrl,
      identity: createServiceIdentity({ name: identityName, secret: TEST_SERVICE_TOKEN_SECRET }),
      timeoutMs,
    });

  it('calls an internal endpoint with its own identity and parses the answer', async () => {
    expect(await client().call(things.internal, { params: { id: 'a1' } }, ctx)).toEqual({ id: 'a1', name: 'inside' });
  });

  it('gives a refusal back as the catalogue’s typed error', async () => {
    const err = await client()
      .call(things.internal, { params: { id: 'missing' } }, ctx)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'not-found', statusCode: 404 });
  });

  it('turns a refusal of its own identity, a wrong shape, no answer and a time-out into 503 or 504', async () => {
    const refused = await client(2_000, 'billing')
      .call(things.internal, { params: { id: 'a1' } }, ctx)
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'service-unavailable' });
    const misshapen = await client()
      .call(things.internal, { params: { id: 'a1' }, query: { bad: 'yes' } }, ctx)
      .catch((e: unknown) => e);
    expect(misshapen).toMatchObject({ code: 'service-unavailable' });
    const slow = await client(200)
      .call(things.internal, { params: { id: 'a1' }, query: { slow: 'yes' } }, ctx)
      .catch((e: unknown) => e);
    expect(slow).toMatchObject({ code: 'upstream-timeout', statusCode: 504 });
    const nowhere = createServiceClient({
      target: 'catalog',
      baseUrl: 'http://127.0.0.1:9',
      identity: createServiceIdentity({ name: 'itinerary', secret: TEST_SERVICE_TOKEN_SECRET }),
      timeoutMs: 500,
      retries: 0,
    });
    await expect(nowhere.call(things.internal, { params: { id: 'a1' } }, ctx)).rejects.toMatchObject({
      code: 'service-unavailable',
    });
  });

  it('counts a body that stops half-way as a time-out', async () => {
    const stalling = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).write('{"id":');
      setTimeout(() => res.end('"a1","name":"late"}'), 1_000);
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    try {
      const halfway = createServiceClient({
        target: 'catalog',
        baseUrl: `http://127.0.0.1:${(stalling.address() as AddressInfo).port}`,
        identity: createServiceIdentity({ name: 'itinerary', secret: TEST_SERVICE_TOKEN_SECRET }),
        timeoutMs: 200,
        retries: 0,
      });
      await expect(halfway.call(things.internal, { params: { id: 'a1' } }, ctx)).rejects.toMatchObject({
        code: 'upstream-timeout',
      });
    } finally {
      stalling.closeAllConnections();
      await new Promise((resolve) => stalling.close(resolve));
    }
  });

  it('tries a GET again after a 5xx', async () => {
    flakyCalls = 0;
    expect(await client().call(things.internal, { params: { id: 'flaky' } }, ctx)).toMatchObject({ id: 'flaky' });
    expect(flakyCalls).toBe(3);
  });

  it('refuses an endpoint of another service', async () => {
    await expect(
      client().call({ ...things.internal, service: 'billing' }, { params: { id: 'a1' } }, ctx),
    ).rejects.toThrow('is not an endpoint of catalog');
  });
});
