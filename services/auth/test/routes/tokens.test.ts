// Refresh rotation and reuse detection, sign-out, the JWKS, and tokens the service must refuse.
import { errorCatalogue } from '@travelclub/contracts';
import { base64url, decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthApp } from '../../src/app.js';
import { anonymous, bearer, signUp, startAuth } from '../helpers.js';

let app: AuthApp;
beforeAll(async () => {
  app = await startAuth();
  // A creator-only route as any service would declare it, to prove the role check with real tokens.
  app.get('/test/creator-only', { preHandler: app.requireRole('role/creator') }, async (req) => ({ id: req.user!.id }));
});
afterAll(() => app?.close());

const refresh = (refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/token/refresh', payload: { refreshToken } });
/** The grace of the family's last rotation runs out (instead of waiting for it). */
const endGrace = (refreshToken: string) =>
  app.mongo
    .collection('refresh_families')
    .updateOne({ _id: refreshToken.split('.')[0] as never }, { $set: { 'grace.until': new Date(Date.now() - 1) } });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

describe('refresh tokens', () => {
  it('rotate on every use: the new one works, the answer carries a fresh access token', async () => {
    const { refreshToken, user } = await signUp(app);
    const first = await refresh(refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json();
    expect(next.refreshToken).not.toBe(refreshToken);
    expect(next.user.id).toBe(user.id);
    expect((await me(next.accessToken)).json().id).toBe(user.id);
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it('a rotated token used again after the grace revokes the whole family, the newest token too', async () => {
    const { refreshToken } = await signUp(app);
    const rotated = (await refresh(refreshToken)).json().refreshToken;
    await endGrace(refreshToken);
    const reuse = await refresh(refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error).toEqual({
      code: 'invalid-refresh-token',
      message: errorCatalogue['invalid-refresh-token'].message,
    });
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it('two tabs refreshing one token at once both get the same new token, and stay signed in', async () => {
    const { refreshToken, user } = await signUp(app);
    const answers = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const [first, second] = answers.map((a) => a.json());
    expect(second.refreshToken).toBe(first.refreshToken);
    expect(second.refreshToken).not.toBe(refreshToken);
    for (const answer of [first, second]) expect((await me(answer.accessToken)).json().id).toBe(user.id);
    // A moment later (a third tab, or a retry) still within the grace: the same pair again.
    const late = await refresh(refreshToken);
    expect(late.statusCode).toBe(200);
    expect(late.json().refreshToken).toBe(first.refreshToken);
    // The shared successor rotates on as usual, and the session lives on.
    const onward = await refresh(first.refreshToken);
    expect(onward.statusCode).toBe(200);
    expect((await me(onward.json().accessToken)).json().id).toBe(user.id);
  });

  it('the grace covers only the token rotated away last', async () => {
    const { refreshToken } = await signUp(app);
    const second = (await refresh(refreshToken)).json().refreshToken;
    const third = (await refresh(second)).json().refreshToken;
    // The first token was rotated away two steps ago: that is reuse, grace or not.
    expect((await refresh(refreshToken)).statusCode).toBe(401);
    expect((await refresh(third)).statusCode).toBe(401);
  });

  it('without a grace, the loser of two uses at once revokes the family', async () => {
    const strict = await startAuth({ REFRESH_REUSE_GRACE_S: '0' });
    try {
      const { refreshToken } = await signUp(strict);
      const use = (token: string) =>
        strict.inject({ method: 'POST', url: '/api/v1/auth/token/refresh', payload: { refreshToken: token } });
      const answers = await Promise.all([use(refreshToken), use(refreshToken)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
      const winner = answers.find((a) => a.statusCode === 200)!.json().refreshToken;
      expect((await use(winner)).statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });

  it('keeps the successor sealed: the database alone does not give the new token away', async () => {
    const { refreshToken } = await signUp(app);
    const next = (await refresh(refreshToken)).json().refreshToken as string;
    const stored = await app.mongo.collection('refresh_families').findOne({ _id: refreshToken.split('.')[0] as never });
    expect(JSON.stringify(stored)).not.toContain(next.split('.')[1]);
    // Someone who guesses at the old token's place gets nothing either.
    const [family] = refreshToken.split('.');
    expect((await refresh(`${family}.guessed-secret`)).statusCode).toBe(401);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('refuses made-up and malformed tokens', async () => {
    const { refreshToken } = await signUp(app);
    const [family] = refreshToken.split('.');
    expect((await refresh(`${family}.guessed-secret`)).statusCode).toBe(401);
    expect((await refresh('no-dot-here')).statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(200); // a wrong guess did not revoke the family
    const operator = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/refresh',
      payload: { refreshToken: { $ne: '' } },
    });
    expect(operator.statusCode).toBe(400);
  });

  it('sign-out ends the family', async () => {
    const { refreshToken } = await signUp(app);
    const out = await app.inject({ method: 'POST', url: '/api/v1/auth/signOut', payload: { refreshToken } });
    expect(out.statusCode).toBe(200);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('are RS256 with a kid found in the published JWKS', async () => {
    const { accessToken } = await signUp(app);
    const jwks = (await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const header = decodeProtectedHeader(accessToken);
    expect(header.alg).toBe('RS256');
    expect(jwks.keys.map((k: JWK) => k.kid)).toContain(header.kid);
    expect(jwks.keys[0]).not.toHaveProperty('d'); // never the private part
  });

  describe('tampered with, are refused by the service', () => {
    const forge = async (change: (token: string) => Promise<string> | string) => {
      const { accessToken } = await signUp(app);
      return me(await change(accessToken));
    };
    it('alg none', async () => {
      const res = await forge((token) => {
        const claims = decodeJwt(token);
        const part = (value: object) => base64url.encode(JSON.stringify(value));
        return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
      });
      expect(res.statusCode).toBe(401);
    });

    it('an unknown kid, signed by another key', async () => {
      const res = await forge(async (token) => {
        const { privateKey } = await generateKeyPair('RS256');
        const claims = decodeJwt(token);
        return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'someone-else' }).sign(privateKey);
      });
      expect(res.statusCode).toBe(401);
    });

    it('the right kid, signed by another key', async () => {
      const res = await forge(async (token) => {
        const { privateKey } = await generateKeyPair('RS256');
        const claims = decodeJwt(token);
        return new SignJWT(claims).setProtectedHeader(decodeProtectedHeader(token) as { alg: string }).sign(privateKey);
      });
      expect(res.statusCode).toBe(401);
    });

    it('an altered payload under the original signature', async () => {
      const res = await forge((token) => {
        const [h, , s] = token.split('.');
        const claims = { ...decodeJwt(token), roles: ['role/support'] };
        return `${h}.${base64url.encode(JSON.stringify(claims))}.${s}`;
      });
      expect(res.statusCode).toBe(401);
    });

    it('expired', async () => {
      const expiring = await startAuth({ ACCESS_TOKEN_TTL_S: '1' });
      try {
        const { accessToken } = await signUp(expiring);
        await new Promise((resolve) => setTimeout(resolve, 2_100));
        const res = await expiring.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(accessToken) });
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('unauthenticated');
      } finally {
        await expiring.close();
      }
    });
  });

  it('a traveller calling a creator-only route gets 403; a creator passes', async () => {
    const traveller = await signUp(app);
    const creator = await signUp(app, { role: 'creator' });
    const visitor = await anonymous(app);
    const call = (token: string) => app.inject({ method: 'GET', url: '/test/creator-only', headers: bearer(token) });
    expect((await call(traveller.accessToken)).json().error.code).toBe('forbidden');
    expect((await call(traveller.accessToken)).statusCode).toBe(403);
    expect((await call(visitor.accessToken)).statusCode).toBe(403);
    expect((await call(creator.accessToken)).json()).toEqual({ id: creator.user.id });
  });
});

describe('refresh when something fails half-way', () => {
  it('a failure before the new token is issued keeps the old one usable (the retry is not reuse)', async () => {
    const { refreshToken, user } = await signUp(app);
    // The accounts' model, as the store reads it.
    const Accounts = app.mongo.model('Account');
    const findById = Accounts.findById;
    Accounts.findById = () => {
      throw new Error('MongoDB hiccup');
    };
    try {
      expect((await refresh(refreshToken)).statusCode).toBe(500);
    } finally {
      Accounts.findById = findById;
    }
    const retry = await refresh(refreshToken);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().user.id).toBe(user.id);
  });
});
