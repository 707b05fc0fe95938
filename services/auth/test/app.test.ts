// Start-up behaviour of the auth service: the support account from configuration, signing keys.
import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { AuthConfigSchema } from '../src/config.js';
import { newEmail, startAuth } from './helpers.js';

describe('start-up', () => {
  it('creates the support account from SUPPORT_EMAIL and SUPPORT_PASSWORD', async () => {
    const email = newEmail('support');
    const app = await startAuth({ SUPPORT_EMAIL: email, SUPPORT_PASSWORD: 'a long support secret' });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signIn',
        payload: { email, password: 'a long support secret' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.roles).toEqual(['role/support']);
      expect(decodeJwt(res.json().accessToken).roles).toEqual(['role/support']);
    } finally {
      await app.close();
    }
  });

  it('signs with the configured key and kid, and publishes only its public half', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const app = await startAuth({ JWT_SIGNING_KEY: pem, JWT_KEY_ID: 'key-2026-11' });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' });
      expect(decodeProtectedHeader(res.json().accessToken).kid).toBe('key-2026-11');
      const jwks = (await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
      expect(jwks.keys).toEqual([
        expect.objectContaining({ kid: 'key-2026-11', kty: 'RSA', alg: 'RS256', use: 'sig' }),
      ]);
      expect(jwks.keys[0].d).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('refuses to start in production without a signing key, and a support email without a password', () => {
    const base = { MONGO_URL: 'mongodb://x', KAFKA_BROKERS: 'k:9092', REDIS_URL: 'redis://r' };
    expect(AuthConfigSchema.safeParse({ ...base, NODE_ENV: 'production' }).success).toBe(false);
    expect(AuthConfigSchema.safeParse({ ...base, SUPPORT_EMAIL: 'help@travelclub.test' }).success).toBe(false);
    expect(AuthConfigSchema.safeParse(base).success).toBe(true);
  });
});

describe('the support account', () => {
  it('is never made from an account someone else signed up with that email', async () => {
    const email = newEmail('squatted-support');
    const first = await startAuth();
    try {
      const payload = { email, password: 'secret-1', repassword: 'secret-1', publicName: 'Squatter' };
      expect((await first.inject({ method: 'POST', url: '/api/v1/auth/signUp', payload })).statusCode).toBe(201);
      const db = first.config.MONGO_DB!;
      await expect(
        startAuth({ MONGO_DB: db, SUPPORT_EMAIL: email, SUPPORT_PASSWORD: 'a long support secret' }),
      ).rejects.toThrow(/not support staff/);
    } finally {
      await first.close();
    }
  });
});
