import { createServer, type Server } from 'node:http';
import type { AuthUser } from '@travelclub/contracts';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertCanAccess, createService, type ServiceApp } from '../src/index.js';
import { testConfig } from '../src/testing/index.js';

const ISSUER = 'travelclub-auth';
type Key = Awaited<ReturnType<typeof generateKeyPair>>;
let current: Key;
let next: Key;
let stranger: Key;
let jwks: Server;
let app: ServiceApp;

async function token(
  key: Key,
  kid: string,
  claims: Record<string, unknown>,
  options: { exp?: string; issuer?: string; audience?: string } = {},
) {
  return new SignJWT({ roles: ['role/customer'], isAnonymous: false, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setSubject('user-1')
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? 'travelclub-api')
    .setIssuedAt()
    .setExpirationTime(options.exp ?? '15m')
    .sign(key.privateKey);
}

beforeAll(async () => {
  [current, next, stranger] = await Promise.all([
    generateKeyPair('RS256'),
    generateKeyPair('RS256'),
    generateKeyPair('RS256'),
  ]);
  const keys: JWK[] = [
    { ...(await exportJWK(current.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' },
    { ...(await exportJWK(next.publicKey)), kid: 'k2', alg: 'RS256', use: 'sig' },
  ];
  jwks = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys })));
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const { port } = jwks.address() as { port: number };
  app = await createService({
    name: 'kit-auth',
    config: testConfig('kit-auth', { JWKS_URL: `http://127.0.0.1:${port}/.well-known/jwks.json` }),
  });
  app.get('/me', { preHandler: app.requireUser }, async (req) => req.user);
  app.get('/maybe', { preHandler: app.optionalUser }, async (req) => ({ signedIn: req.user !== null }));
  app.get('/dashboard', { preHandler: app.requireRole('role/creator') }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  jwks.close();
});

const call = (url: string, bearer?: string) =>
  app.inject({ method: 'GET', url, headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

describe('access tokens', () => {
  it('accepts a token signed with any published key, chosen by kid', async () => {
    for (const [key, kid] of [
      [current, 'k1'],
      [next, 'k2'],
    ] as const) {
      const res = await call('/me', await token(key, kid, { email: 'ana@example.com' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: 'user-1',
        roles: ['role/customer'],
        isAnonymous: false,
        email: 'ana@example.com',
      });
    }
  });

  it.each([
    ['no token', async () => undefined],
    ['a key that is not published', async () => token(stranger, 'k1', {})],
    ['a published kid with the wrong key', async () => token(stranger, 'k2', {})],
    ['an expired token', async () => token(current, 'k1', {}, { exp: '-1m' })],
    ['another issuer', async () => token(current, 'k1', {}, { issuer: 'someone-else' })],
    ['another audience', async () => token(current, 'k1', {}, { audience: 'travelclub-email-links' })],
    ['claims that are not ours', async () => token(current, 'k1', { roles: ['role/admin'] })],
    [
      'an HS256 token',
      async () =>
        new SignJWT({ roles: ['role/support'], isAnonymous: false })
          .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
          .setSubject('user-1')
          .setIssuer(ISSUER)
          .setAudience('travelclub-api')
          .setExpirationTime('15m')
          .sign(new TextEncoder().encode('guessable-secret-guessable-secret')),
    ],
  ])('refuses %s with 401', async (_name, make) => {
    const res = await call('/me', await make());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in to continue.' } });
  });

  it('lets optional routes through without a token', async () => {
    expect((await call('/maybe')).json()).toEqual({ signedIn: false });
    expect((await call('/maybe', await token(current, 'k1', {}))).json()).toEqual({ signedIn: true });
  });

  it('checks roles', async () => {
    expect((await call('/dashboard', await token(current, 'k1', {}))).statusCode).toBe(403);
    expect((await call('/dashboard', await token(current, 'k1', { roles: ['role/creator'] }))).statusCode).toBe(200);
  });
});

describe('ownership', () => {
  const traveller: AuthUser = { id: 'u-1', roles: ['role/customer'], isAnonymous: false };
  const support: AuthUser = { id: 'staff-1', roles: ['role/support'], isAnonymous: false };

  it('lets the owner and support staff in, and shows a stranger only not-found', () => {
    expect(() => assertCanAccess(traveller, 'u-1', 'itinerary-not-found')).not.toThrow();
    expect(() => assertCanAccess(support, 'u-1', 'itinerary-not-found')).not.toThrow();
    expect(() => assertCanAccess({ ...traveller, id: 'u-2' }, 'u-1', 'itinerary-not-found')).toThrow(
      'Itinerary not found',
    );
    expect(() => assertCanAccess(null, 'u-1', 'itinerary-not-found')).toThrow('Please sign in to continue.');
  });
});
