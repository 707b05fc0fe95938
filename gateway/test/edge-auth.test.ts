import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { closedPortUrl, gatewayConfig, useGateway } from './helpers.js';

const world = useGateway(['catalog', 'creator']);

const like = (authorization?: string) =>
  world.gateway.inject({
    method: 'PUT',
    url: '/api/v1/hotel/h-1/like',
    headers: authorization ? { authorization } : {},
  });

const unauthenticated = { error: { code: 'unauthenticated', message: 'Please sign in to continue.' } };

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

describe('protected routes', () => {
  it('let a valid token through to the service', async () => {
    const token = await world.jwks.sign();
    const res = await like(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ service: 'catalog', method: 'PUT', url: '/api/v1/hotel/h-1/like' });
    expect(res.json().headers.authorization).toBe(`Bearer ${token}`);
  });

  it('refuse a request without a token before it reaches the service', async () => {
    for (const authorization of [undefined, 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer not a token']) {
      const res = await like(authorization);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(unauthenticated);
    }
  });

  it('answer a cart call without a token with the cart error "Token not found", a bad token as any other', async () => {
    const cart = (authorization?: string) =>
      world.gateway.inject({
        method: 'GET',
        url: '/api/v1/itinerary/latest',
        headers: authorization ? { authorization } : {},
      });
    const res = await cart();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'token-not-found', message: 'Token not found' } });
    expect((await cart('Bearer abc.def.ghi')).json()).toEqual(unauthenticated);
  });

  it.each([
    [
      'alg none',
      async () => {
        const valid = (await world.jwks.sign()).split('.');
        return `${base64url({ alg: 'none', typ: 'JWT', kid: 'test-key-1' })}.${valid[1]}.`;
      },
    ],
    ['an unknown kid', () => world.jwks.sign({}, { kid: 'someone-elses-key' })],
    ['a key that is not published', () => world.jwks.signWithUnpublishedKey()],
    ['an expired token', () => world.jwks.sign({}, { exp: '-1m' })],
    ['another audience', () => world.jwks.sign({}, { audience: 'travelclub-email-links' })],
    ['another issuer', () => world.jwks.sign({}, { issuer: 'someone-else' })],
    [
      'an altered signature',
      async () => {
        const [header, payload, signature] = (await world.jwks.sign()).split('.') as [string, string, string];
        const flipped = Buffer.from(signature, 'base64url');
        flipped[0]! ^= 0xff;
        return `${header}.${payload}.${flipped.toString('base64url')}`;
      },
    ],
    [
      'claims altered after signing',
      async () => {
        const [header, payload, signature] = (await world.jwks.sign()).split('.') as [string, string, string];
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
        return `${header}.${base64url({ ...claims, roles: ['role/support'] })}.${signature}`;
      },
    ],
  ])('refuse %s with 401', async (_name, make) => {
    const res = await like(`Bearer ${await make()}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthenticated);
  });
});

describe('public routes', () => {
  it.each([
    ['GET', '/api/v1/hotel/h-1'],
    ['POST', '/api/v1/hotel/search'],
    ['POST', '/api/v1/hotel'],
    ['POST', '/api/v1/hotel/boundingBox'],
    ['GET', '/api/v1/hotel/by-slug/grand-hotel-paris'],
    ['POST', '/api/v1/recommendation'],
    ['GET', '/api/v1/images/h1-0?w=400&h=400&q=90'],
    ['GET', '/api/v1/destinations/autocomplete?query=par'],
    ['GET', '/api/v1/userProfile/public/ana'],
    ['GET', '/api/v1/creator/ana/isAvailable'],
    ['GET', '/api/v1/emailSubscription/s-1/confirm?confirmationCode=c'],
  ] as const)('%s %s passes without a token', async (method, url) => {
    const res = await world.gateway.inject({ method, url });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toBe(url);
  });

  it('pass a token along unchecked: the service decides what it is worth', async () => {
    const res = await world.gateway.inject({
      method: 'GET',
      url: '/api/v1/hotel/h-1',
      headers: { authorization: 'Bearer expired.or.bad' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().headers.authorization).toBe('Bearer expired.or.bad');
  });

  it('are public for their method only', async () => {
    expect((await world.gateway.inject({ method: 'GET', url: '/api/v1/hotel/h-1' })).statusCode).toBe(200);
    expect((await world.gateway.inject({ method: 'GET', url: '/api/v1/creator/ana/isAvailable' })).statusCode).toBe(
      200,
    );
    // A method no endpoint defines at a public path is not routed at all.
    expect((await world.gateway.inject({ method: 'DELETE', url: '/api/v1/hotel/h-1' })).statusCode).toBe(404);
    expect((await world.gateway.inject({ method: 'POST', url: '/api/v1/creator/ana/isAvailable' })).statusCode).toBe(
      404,
    );
  });
});

it('answers 503, not 401, when the signing keys cannot be fetched', async () => {
  const app = await buildApp(
    gatewayConfig({
      CATALOG_URL: world.upstreams.catalog.url,
      JWKS_URL: `${await closedPortUrl()}/.well-known/jwks.json`,
    }),
  );
  try {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/v1/hotel/h-1/like',
      headers: { authorization: `Bearer ${await world.jwks.sign()}` },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('service-unavailable');
  } finally {
    await app.close();
  }
});
