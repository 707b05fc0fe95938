import { createRedis, closeRedis } from '@travelclub/kit';
import { testInfra, uniqueName } from '@travelclub/kit/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { gatewayConfig, startUpstream, type Upstream } from './helpers.js';

let catalog: Upstream;
let auth: Upstream;
const gateways: FastifyInstance[] = [];

beforeAll(async () => {
  [catalog, auth] = await Promise.all([startUpstream('catalog'), startUpstream('auth')]);
});
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()));
  await Promise.all([catalog.app.close(), auth.app.close()]);
});

async function gateway(overrides: Record<string, string> = {}) {
  const app = await buildApp(gatewayConfig({ CATALOG_URL: catalog.url, AUTH_URL: auth.url, ...overrides }));
  gateways.push(app);
  return app;
}

const tooMany = {
  error: { code: 'too-many-requests', message: 'Too many attempts. Please wait a moment and try again.' },
};

describe('rate limits', () => {
  it('answer 429 with the envelope and Retry-After once an address has used its requests', async () => {
    const app = await gateway({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '30000' });
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ method: 'GET', url: '/api/v1/hotel/h-1' })).statusCode).toBe(200);
    }
    const res = await app.inject({ method: 'GET', url: '/api/v1/hotel/h-1' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(tooMany);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(30);
    // Unknown paths count too: the limit is per address, not per route.
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(429);
    // The gateway's liveness stays answerable for the orchestrator.
    expect((await app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });

  it('are tighter on sign-in, sign-up and the other secret-guessing routes', async () => {
    const app = await gateway({ RATE_LIMIT_MAX: '10', AUTH_RATE_LIMIT_MAX: '2' });
    const signIn = () => app.inject({ method: 'POST', url: '/api/v1/auth/signIn', payload: { email: 'a@b.c' } });
    expect((await signIn()).statusCode).toBe(200);
    expect((await signIn()).statusCode).toBe(200);
    const refused = await signIn();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(tooMany);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The same address can still browse: only the global limit applies there.
    expect((await app.inject({ method: 'GET', url: '/api/v1/hotel/h-1' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' })).statusCode).toBe(429);
  });

  it('are counted in Redis, so every gateway instance shares them', async () => {
    const prefix = `${uniqueName('shared-limit')}:`;
    const [first, second] = await Promise.all([
      // An hour's window: three requests never straddle a window's end, which would start a new count.
      gateway({ RATE_LIMIT_MAX: '3', RATE_LIMIT_PREFIX: prefix, RATE_LIMIT_WINDOW_MS: '3600000' }),
      gateway({ RATE_LIMIT_MAX: '3', RATE_LIMIT_PREFIX: prefix, RATE_LIMIT_WINDOW_MS: '3600000' }),
    ]);
    const get = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/v1/hotel/h-1' });
    expect((await get(first)).statusCode).toBe(200);
    expect((await get(first)).statusCode).toBe(200);
    expect((await get(second)).statusCode).toBe(200);

    const redis = createRedis(testInfra().redisUrl);
    await new Promise((resolve) => redis.once('ready', resolve));
    try {
      // Counts reach Redis in batches (every RATE_LIMIT_SYNC_MS, 100 ms): wait until Redis holds all three
      // (a fixed sleep was too short on a loaded machine), then for one more sync round of each instance,
      // which brings the total back to both; the fourth request is then refused wherever it arrives.
      const keys = () => redis.keys(`${prefix}*`);
      await expect
        .poll(async () => Number(await redis.get((await keys())[0] ?? 'none')), { timeout: 5_000, interval: 20 })
        .toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await get(first)).statusCode).toBe(429);
      expect((await get(second)).statusCode).toBe(429);
      expect(await keys()).toHaveLength(1);
    } finally {
      await closeRedis(redis);
    }
  });
});

describe('CORS', () => {
  const origin = 'https://app.travelclub.example';

  it('offers credentials to a listed origin', async () => {
    const app = await gateway({ CORS_ORIGINS: `${origin}, https://other.travelclub.example` });
    const res = await app.inject({ method: 'GET', url: '/api/v1/hotel/h-1', headers: { origin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-expose-headers']).toContain('x-correlation-id');

    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/hotel/h-1/like',
      headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers['access-control-allow-methods']).toContain('PUT');
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization');
  });

  it('gives an unknown origin no CORS headers at all', async () => {
    const app = await gateway({ CORS_ORIGINS: origin });
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/hotel/h-1',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();

    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/hotel/h-1/like',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.statusCode).toBe(404);
  });
});

describe('security headers', () => {
  it('are on proxied answers and on the gateway’s own errors', async () => {
    const app = await gateway();
    for (const res of [
      await app.inject({ method: 'GET', url: '/api/v1/hotel/h-1' }),
      await app.inject({ method: 'PUT', url: '/api/v1/hotel/h-1/like' }),
      await app.inject({ method: 'GET', url: '/nowhere' }),
    ]) {
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(res.headers['content-security-policy']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('let a service say its public bytes may be shown by any site (the app opened as localhost, links at 127.0.0.1)', async () => {
    const app = await gateway();
    const res = await app.inject({ method: 'GET', url: '/api/v1/hotel/large' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('body size', () => {
  it('refuses a body over the limit with the 413 envelope, and passes one within it', async () => {
    const app = await gateway({ BODY_LIMIT_BYTES: '1024' });
    const post = (size: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/hotel/search',
        headers: { 'content-type': 'application/json' },
        // `{"q":"…"}`: eight characters around the filler.
        payload: JSON.stringify({ q: 'x'.repeat(size - 8) }),
      });
    const refused = await post(2048);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ error: { code: 'payload-too-large', message: 'The request is too large.' } });
    const passed = await post(1000);
    expect(passed.statusCode).toBe(200);
    expect(passed.json().body).toHaveLength(1000);
  });
});
