import { createServer, type Server } from 'node:http';
import type * as joseModule from 'jose';
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJwtVerifier } from '../src/auth.js';
import { verifiedTokens } from '../src/verified-tokens.js';

// Every signature check the verifier makes, counted.
vi.mock('jose', async (original) => {
  const jose = await original<typeof joseModule>();
  return { ...jose, jwtVerify: vi.fn(jose.jwtVerify) };
});
const checks = () => vi.mocked(jwtVerify).mock.calls.length;

const ISSUER = 'travelclub-auth';
const AUDIENCE = 'travelclub-api';
type Key = Awaited<ReturnType<typeof generateKeyPair>>;
let key: Key;
let published: JWK[] = [];
let jwks: Server;
let jwksUrl: string;

const sign = (expiresAt: number, sub = 'user-1') =>
  new SignJWT({ roles: ['role/customer'], isAnonymous: false })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(expiresAt / 1000) - 900)
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(key.privateKey);

beforeAll(async () => {
  key = await generateKeyPair('RS256');
  published = [{ ...(await exportJWK(key.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }];
  jwks = createServer((_req, res) =>
    res.setHeader('content-type', 'application/json').end(JSON.stringify({ keys: published })),
  );
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(jwks.address() as { port: number }).port}/jwks.json`;
});
afterAll(() => jwks.close());

describe('verified access tokens', () => {
  it('checks a token once, trusts it again until its expiry or five minutes, then checks it again', async () => {
    let now = Date.now();
    const verify = createJwtVerifier({ jwksUrl, issuer: ISSUER, audience: AUDIENCE }, () => now);
    const token = await sign(now + 15 * 60_000);
    const before = checks();
    expect((await verify(token)).id).toBe('user-1');
    now += 4 * 60_000;
    expect((await verify(token)).id).toBe('user-1');
    expect(checks() - before).toBe(1);
    now += 61_000;
    expect((await verify(token)).id).toBe('user-1');
    expect(checks() - before).toBe(2);
  });

  it('refuses a kept token once it has expired', async () => {
    let now = Date.now();
    const verify = createJwtVerifier({ jwksUrl, issuer: ISSUER, audience: AUDIENCE }, () => now);
    const token = await sign(now + 60_000);
    expect((await verify(token)).id).toBe('user-1');
    now += 61_000;
    await expect(verify(token)).rejects.toThrow(/exp/);
  });

  it('keeps nothing for a token that failed, even one that differs from a kept token by its signature', async () => {
    const now = Date.now();
    const verify = createJwtVerifier({ jwksUrl, issuer: ISSUER, audience: AUDIENCE }, () => now);
    const token = await sign(now + 15 * 60_000);
    await verify(token);
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(342)}`;
    const before = checks();
    await expect(verify(forged)).rejects.toThrow();
    await expect(verify(forged)).rejects.toThrow();
    expect(checks() - before).toBe(2);
  });

  it('hands out a user that callers cannot change for the next request', async () => {
    const now = Date.now();
    const verify = createJwtVerifier({ jwksUrl, issuer: ISSUER, audience: AUDIENCE }, () => now);
    const token = await sign(now + 15 * 60_000);
    const user = await verify(token);
    expect(() => (user.roles as string[]).push('role/support')).toThrow();
    expect((await verify(token)).roles).toEqual(['role/customer']);
  });
});

describe('the kept tokens', () => {
  it('drop expired ones when full, and everything when still full', () => {
    const kept = verifiedTokens<string>(2);
    kept.remember('a', 'A', 100, 0);
    kept.remember('b', 'B', 1_000, 0);
    // Full: 'a' has expired by 200 and goes; 'b' stays.
    kept.remember('c', 'C', 1_000, 200);
    expect([kept.get('a', 200), kept.get('b', 200), kept.get('c', 200)]).toEqual([undefined, 'B', 'C']);
    // Full of live tokens: all go, the new one stays.
    kept.remember('d', 'D', 1_000, 300);
    expect([kept.get('b', 300), kept.get('c', 300), kept.get('d', 300)]).toEqual([undefined, undefined, 'D']);
    expect(kept.get('d', 1_000)).toBeUndefined();
  });
});
