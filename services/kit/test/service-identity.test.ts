// Service identity: tokens a service signs for another, kept until they near their end; the guard of internal
// routes, which takes neither a user's access token nor a token meant for another service or caller.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { ApiError, endpoint, errorCatalogue, SERVICE_TOKEN_ISSUER } from '@travelclub/contracts';
import { z } from 'zod';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asAppError,
  BaseConfigSchema,
  createServiceClient,
  createService,
  createServiceIdentity,
  loadConfig,
  productionHasServiceSecret,
  serviceIdentitySettings,
  serviceSecretRequired,
  type ServiceApp,
} from '../src/index.js';
import { testConfig, testEnv } from '../src/testing/index.js';

/** An internal route of billing's, for the calls below. */
const internalThing = endpoint(
  { service: 'billing', access: { callers: ['itinerary'] } },
  'POST',
  '/internal/v1/things',
  {
    responses: { 200: z.unknown() },
    errors: [],
  },
);

const SECRET = 'a secret of this test file, 32+ characters long';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** A token with the claims of a service token for billing, signed by hand: with the secret, or as a user token. */
function handMadeToken(subject: string, expiresIn: string, userKey?: PrivateKey) {
  return new SignJWT({})
    .setProtectedHeader(userKey ? { alg: 'RS256', kid: 'k1' } : { alg: 'HS256' })
    .setIssuer(SERVICE_TOKEN_ISSUER)
    .setSubject(subject)
    .setAudience('svc:billing')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(userKey ?? new TextEncoder().encode(SECRET));
}

let app: ServiceApp;
let unconfigured: ServiceApp;

beforeAll(async () => {
  app = await createService({ name: 'billing', config: testConfig('kit-svc-id'), serviceTokenSecret: SECRET });
  app.post('/internal/v1/things', { onRequest: app.requireService('itinerary') }, async (req) => ({
    caller: req.callerService,
    body: req.body,
  }));
  await app.ready();
  unconfigured = await createService({ name: 'billing', config: testConfig('kit-svc-id-none') });
  unconfigured.get('/internal/v1/things', { onRequest: unconfigured.requireService('itinerary') }, async () => 'no');
  await unconfigured.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await unconfigured?.close();
});

const post = (authorization?: string) =>
  app.inject({
    method: 'POST',
    url: '/internal/v1/things',
    headers: authorization ? { authorization: `Bearer ${authorization}` } : {},
    payload: { x: 1 },
  });

const expectRefused = (res: { statusCode: number; json(): unknown }, code: 'unauthenticated' | 'forbidden') => {
  expect(res.statusCode).toBe(errorCatalogue[code].status);
  expect(res.json()).toMatchObject({ error: { code, message: errorCatalogue[code].message } });
};

describe('tokens', () => {
  it('gives the same token for a target until half its life is gone, then a new one', async () => {
    let now = Date.UTC(2030, 0, 1);
    const itinerary = createServiceIdentity({ name: 'itinerary', secret: SECRET, ttlSeconds: 300, now: () => now });
    const first = await itinerary.tokenFor('billing');
    expect(await itinerary.tokenFor('billing')).toBe(first);
    expect(await itinerary.tokenFor('catalog')).not.toBe(first);
    now += 149_000;
    expect(await itinerary.tokenFor('billing')).toBe(first);
    now += 2_000;
    expect(await itinerary.tokenFor('billing')).not.toBe(first);
  });

  it('names the caller to the service it is for, and to no other', async () => {
    const itinerary = createServiceIdentity({ name: 'itinerary', secret: SECRET });
    const billing = createServiceIdentity({ name: 'billing', secret: SECRET });
    const catalog = createServiceIdentity({ name: 'catalog', secret: SECRET });
    const token = await itinerary.tokenFor('billing');
    expect(await billing.verify(token)).toBe('itinerary');
    // Again, from what billing keeps: the same answer.
    expect(await billing.verify(token)).toBe('itinerary');
    await expect(catalog.verify(token)).rejects.toThrow();
  });

  it('refuses expired tokens, tokens of another secret, and tokens that live too long', async () => {
    let now = Date.UTC(2030, 0, 1);
    const clock = () => now;
    const itinerary = createServiceIdentity({ name: 'itinerary', secret: SECRET, now: clock });
    const billing = createServiceIdentity({ name: 'billing', secret: SECRET, now: clock });
    const token = await itinerary.tokenFor('billing');
    expect(await billing.verify(token)).toBe('itinerary');
    now += 5 * 60_000 + 31_000; // past its end and the clock tolerance, also for what billing kept
    await expect(billing.verify(token)).rejects.toThrow();

    const stranger = createServiceIdentity({ name: 'itinerary', secret: 'another secret, also 32+ characters' });
    await expect(billing.verify(await stranger.tokenFor('billing'))).rejects.toThrow();

    const forever = await handMadeToken('svc:itinerary', '1y');
    await expect(createServiceIdentity({ name: 'billing', secret: SECRET }).verify(forever)).rejects.toThrow('at most');
    const nobody = await handMadeToken('svc:mallory', '5m');
    await expect(createServiceIdentity({ name: 'billing', secret: SECRET }).verify(nobody)).rejects.toThrow(
      'no known service',
    );
  });

  it('has no tokens without a secret', async () => {
    const identity = createServiceIdentity({ name: 'itinerary', secret: undefined });
    expect(identity.configured).toBe(false);
    await expect(identity.tokenFor('billing')).rejects.toThrow('SERVICE_TOKEN_SECRET');
  });
});

describe('the guard of internal routes', () => {
  it('lets the named caller through, and says who called', async () => {
    const itinerary = createServiceIdentity({ name: 'itinerary', secret: SECRET });
    const res = await post(await itinerary.tokenFor('billing'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ caller: 'itinerary', body: { x: 1 } });
  });

  it('refuses no token, a user’s access token, another audience and another caller', async () => {
    expectRefused(await post(), 'unauthenticated');
    const { privateKey } = await generateKeyPair('RS256');
    const userToken = await new SignJWT({ roles: ['role/customer'], isAnonymous: false })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('user-1')
      .setIssuer('travelclub-auth')
      .setAudience('travelclub-api')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(privateKey);
    expectRefused(await post(userToken), 'unauthenticated');
    // A user token with the service's claims, signed as a user token (RS256), is not a service token either.
    const dressedUp = await handMadeToken('svc:itinerary', '5m', privateKey);
    expectRefused(await post(dressedUp), 'unauthenticated');
    const itinerary = createServiceIdentity({ name: 'itinerary', secret: SECRET });
    expectRefused(await post(await itinerary.tokenFor('catalog')), 'unauthenticated');
    const catalog = createServiceIdentity({ name: 'catalog', secret: SECRET });
    expectRefused(await post(await catalog.tokenFor('billing')), 'forbidden');
  });

  it('answers 503 on a service without a secret, rather than letting anyone in', async () => {
    const itinerary = createServiceIdentity({ name: 'itinerary', secret: SECRET });
    const res = await unconfigured.inject({
      method: 'GET',
      url: '/internal/v1/things',
      headers: { authorization: `Bearer ${await itinerary.tokenFor('billing')}` },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('auth-not-ready');
  });
});

describe('calls with a service identity', () => {
  let server: Server;
  let base: string;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'unauthenticated', message: 'no' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => server.close());

  it('sends the identity’s token, and a refusal of it is unavailable, never the user’s sign-in failing', async () => {
    const itinerary = createServiceIdentity({ name: 'itinerary', secret: SECRET });
    const ctx = { correlationId: 'c', causationId: 'r' };
    const billing = createServiceClient({ target: 'billing', baseUrl: base, identity: itinerary, timeoutMs: 2_000 });
    const err = await billing.call(internalThing, {}, ctx).catch((e: unknown) => e);
    expect(seen[0]?.authorization).toBe(`Bearer ${await itinerary.tokenFor('billing')}`);
    expect(err).toMatchObject({ code: 'service-unavailable' });
    // A refusal about the request itself is passed on as it is.
    const notFound = new ApiError(404, 'itinerary-not-found', 'x');
    expect(asAppError(notFound, 'itinerary').code).toBe('itinerary-not-found');
  });

  it('sends a user’s own token to a public route, and its refusal is the user’s; never to an internal route', async () => {
    const assistant = createServiceIdentity({ name: 'assistant', secret: SECRET });
    const ctx = { correlationId: 'c', causationId: 'r' };
    const billing = createServiceClient({ target: 'billing', baseUrl: base, identity: assistant, timeoutMs: 2_000 });
    const publicThing = { ...internalThing, access: 'creator' } as const;
    const err = await billing
      .call(publicThing, {}, ctx, { accessToken: 'the-creators-token' })
      .catch((e: unknown) => e);
    expect(seen.at(-1)?.authorization).toBe('Bearer the-creators-token');
    expect(err).toMatchObject({ code: 'unauthenticated' });
    await expect(billing.call(internalThing, {}, ctx, { accessToken: 'the-creators-token' })).rejects.toThrow(
      /internal/,
    );
  });
});

describe('the setting', () => {
  // As catalog, itinerary and billing declare it.
  const schema = BaseConfigSchema.extend({ ...serviceIdentitySettings }).refine(
    productionHasServiceSecret,
    serviceSecretRequired,
  );
  const env = (more: Record<string, string>) => {
    const { SERVICE_TOKEN_SECRET: _omitted, ...rest } = testEnv('kit-svc-setting');
    return { ...rest, ...more };
  };

  it('is required in production, and must be long enough', () => {
    expect(() => loadConfig(schema, env({ NODE_ENV: 'production' }))).toThrow(
      'SERVICE_TOKEN_SECRET is required in production',
    );
    expect(() => loadConfig(schema, env({ NODE_ENV: 'production', SERVICE_TOKEN_SECRET: 'short' }))).toThrow(
      'at least 32 characters',
    );
    expect(loadConfig(schema, env({ NODE_ENV: 'production', SERVICE_TOKEN_SECRET: SECRET })).SERVICE_TOKEN_SECRET).toBe(
      SECRET,
    );
    // A developer's machine may start without one (its internal routes then answer 503).
    expect(loadConfig(schema, env({})).SERVICE_TOKEN_SECRET).toBeUndefined();
  });
});
