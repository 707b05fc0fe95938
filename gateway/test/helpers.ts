// Stand-ins for the gateway's tests: small real upstream services on ephemeral ports, gateway settings
// against the test run's real Redis, and a test file's gateway in front of them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applyHttpConventions, appError, PUBLIC_ASSET_HEADERS } from '@travelclub/kit';
import { startTestJwks, testInfra, uniqueName, type TestJwks } from '@travelclub/kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { GatewayConfigSchema, type GatewayConfig } from '../src/config.js';

export interface Upstream {
  app: FastifyInstance;
  url: string;
}

/**
 * A service that answers every path with what it received, so a test can see what the gateway sent.
 * `/slow` answers after three seconds, `/missing` with a 404 envelope, `/large` with 200 kB;
 * `POST /api/v1/auth/signOut` sets two cookies;
 * `/health/ready` answers ready.
 */
export async function startUpstream(name: string): Promise<Upstream> {
  const app = Fastify();
  applyHttpConventions(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.get('/health/ready', async () => ({ status: 'ready', checks: {} }));
  app.get('/api/v1/hotel/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    return { late: true };
  });
  app.get('/api/v1/hotel/large', async (_req, reply) =>
    reply.headers(PUBLIC_ASSET_HEADERS).type('image/jpeg').send(Buffer.alloc(200_000, 7)),
  );
  app.get('/api/v1/hotel/missing', async () => {
    throw appError('hotel-not-found');
  });
  app.post('/api/v1/auth/signOut', async (_req, reply) => {
    reply.header('set-cookie', ['session=abc; HttpOnly; Secure; SameSite=Lax', 'csrf=xyz; Secure']);
    return { cookies: 2 };
  });
  app.all('/*', async (req) => ({
    service: name,
    method: req.method,
    url: req.url,
    headers: req.headers,
    body: req.body ?? null,
  }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

/** A port where nothing listens: taken and released at once. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** Gateway settings against the run's Redis, with rate-limit keys of the test's own. */
export function gatewayConfig(overrides: Record<string, string>): GatewayConfig {
  return GatewayConfigSchema.parse({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    REDIS_URL: testInfra().redisUrl,
    RATE_LIMIT_PREFIX: `${uniqueName('test-gateway')}:`,
    JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
    ...overrides,
  });
}

export interface GatewayWorld<S extends string> {
  gateway: FastifyInstance;
  upstreams: Record<S, Upstream>;
  jwks: TestJwks;
  /** A token of the key set (`user-1`, a customer). */
  token: string;
}

/**
 * A test file's gateway in front of stand-ins of these services (`<NAME>_URL`) and a key set of its own, with
 * `settings` over the test defaults and `unreachable` services at a port where nothing listens: started before
 * the file's tests, closed after them. Its fields are there once the tests run.
 */
export function useGateway<S extends string>(
  services: S[],
  { settings = {}, unreachable = [] }: { settings?: Record<string, string>; unreachable?: string[] } = {},
): GatewayWorld<S> {
  const world = {} as GatewayWorld<S>;
  const urlSetting = (service: string) => `${service.toUpperCase()}_URL`;
  beforeAll(async () => {
    const [jwks, ...started] = await Promise.all([startTestJwks(), ...services.map((s) => startUpstream(s))]);
    world.jwks = jwks;
    world.upstreams = Object.fromEntries(services.map((s, i) => [s, started[i]!])) as Record<S, Upstream>;
    const urls = [
      ...services.map((s, i) => [urlSetting(s), started[i]!.url]),
      ...(await Promise.all(unreachable.map(async (s) => [urlSetting(s), await closedPortUrl()]))),
    ];
    world.gateway = await buildApp(gatewayConfig({ ...Object.fromEntries(urls), JWKS_URL: jwks.jwksUrl, ...settings }));
    world.token = await jwks.sign();
  });
  afterAll(async () => {
    await world.gateway?.close();
    await Promise.all([
      ...Object.values<Upstream>(world.upstreams ?? {}).map((u) => u.app.close()),
      world.jwks?.close(),
    ]);
  });
  return world;
}

/** Example requests and the service each belongs to. */
export const ROUTE_OWNERS: ['GET' | 'POST' | 'PUT' | 'DELETE', string, string][] = [
  ['GET', '/api/v1/hotel/h-1', 'catalog'],
  ['POST', '/api/v1/hotel', 'catalog'],
  ['POST', '/api/v1/hotel/search/create', 'catalog'],
  ['GET', '/api/v1/hotel/recommended?take=4', 'catalog'],
  // the deeper prefix wins
  ['PUT', '/api/v1/hotel/h-1/recommend', 'creator'],
  ['DELETE', '/api/v1/hotel/h-1/recommend', 'creator'],
  ['GET', '/api/v1/hotel/h-1/recommendation/r-1', 'creator'],
  ['POST', '/api/v1/creator/subscription', 'billing'],
  ['POST', '/api/v1/creator/subscription/manage', 'billing'],
  ['GET', '/api/v1/creator/ana/isAvailable', 'creator'],
  ['POST', '/api/v1/creator/requestVerification', 'creator'],
  ['GET', '/api/v1/userProfile/my/payout', 'billing'],
  ['GET', '/api/v1/userProfile/my', 'creator'],
  ['PUT', '/api/v1/userProfile/role', 'auth'],
  ['GET', '/api/v1/userProfile/public/ana', 'creator'],
  ['POST', '/api/v1/auth/signIn', 'auth'],
  ['POST', '/api/v1/authentication/magicLink', 'auth'],
  ['POST', '/api/sessionLogin', 'auth'],
  ['POST', '/api/sessionlogin/endpoint', 'auth'],
  ['GET', '/.well-known/jwks.json', 'auth'],
  ['GET', '/api/v1/itinerary/latest', 'itinerary'],
  ['GET', '/api/v1/invoice/i-1', 'billing'],
  ['GET', '/api/v1/destinations/autocomplete?query=par', 'catalog'],
  ['POST', '/api/v1/recommendation', 'catalog'],
  ['GET', '/api/v1/images/h1-0?w=400', 'catalog'],
  ['GET', '/api/itinerary-content/c-1', 'creator'],
  ['GET', '/api/v1/getAnonymousUserData', 'creator'],
  // the creator service composes the page views
  ['GET', '/api/v1/bff/creator/ana', 'creator'],
  ['GET', '/api/v1/bff/traveller/home', 'creator'],
  // a club whose address starts like billing's plan routes is still the creator's
  ['GET', '/api/v1/creator/subscriptions-club/isAvailable', 'creator'],
  ['POST', '/api/v1/creator/subscription/manage', 'billing'],
  ['GET', '/api/v1/creator/subscription', 'billing'],
  ['GET', '/api/v1/media/abc/600px.jpg', 'creator'],
  ['POST', '/api/v1/request-travel-package', 'creator'],
  ['GET', '/api/v1/experimental/gpt/destinations?query=sea', 'assistant'],
  ['POST', '/api/v1/assistant/conversations', 'assistant'],
  ['DELETE', '/api/v1/emailSubscription/s-1', 'creator'],
];
