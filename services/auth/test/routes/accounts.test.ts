// Sign-up, sign-in, anonymous visitors and role changes, against the real servers.
import { validationMessages, type TokenAnswer } from '@travelclub/contracts';
import { createKafka } from '@travelclub/kit';
import { testInfra, uniqueName } from '@travelclub/kit/testing';
import { decodeJwt } from 'jose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthApp } from '../../src/app.js';
import { anonymous, bearer, newEmail, signUp, startAuth, expectError } from '../helpers.js';

let app: AuthApp;
beforeAll(async () => {
  app = await startAuth({ SIGNIN_MAX_PER_EMAIL: '3', SIGNIN_MAX_PER_IP: '1000' });
});
afterAll(() => app?.close());

const signIn = (email: unknown, password: unknown, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/v1/auth/signIn', payload: { email, password }, remoteAddress: ip });

describe('sign-up', () => {
  it('creates a traveller with tokens, as new, and the consumer role mapped to role/customer', async () => {
    const email = newEmail();
    const answer = await signUp(app, { email });
    expect(answer.user).toMatchObject({
      email,
      roles: ['role/customer'],
      isAnonymous: false,
      isNew: true,
      emailVerified: false,
    });
    expect(answer.expiresIn).toBe(900);
    const claims = decodeJwt(answer.accessToken);
    expect(claims).toMatchObject({
      sub: answer.user.id,
      roles: ['role/customer'],
      iss: 'travelclub-auth',
      aud: 'travelclub-api',
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
  });

  it('gives role/creator to the creator form', async () => {
    const answer = await signUp(app, { role: 'creator' });
    expect(answer.user.roles).toEqual(['role/creator']);
  });

  it('refuses an email already in use, in any letter case', async () => {
    const email = newEmail();
    await signUp(app, { email });
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signUp',
      payload: { email: email.toUpperCase(), password: 'secret-1', repassword: 'secret-1', publicName: 'Twin' },
    });
    expectError(res, 'email-already-in-use');
  });

  it.each([
    ['an invalid email', { email: 'not an email' }, 'invalid-email'],
    ['a missing email', { email: undefined }, 'invalid-email'],
    ['an operator instead of an email', { email: { $ne: null } }, 'invalid-email'],
    ['a short password', { password: 'abc', repassword: 'abc' }, 'weak-password'],
  ] as const)('refuses %s with its catalogue code', async (_case, change, code) => {
    const payload = { email: newEmail(), password: 'secret-1', repassword: 'secret-1', publicName: 'Ada', ...change };
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/signUp', payload });
    expectError(res, code);
  });

  it('names the repeated password when it differs', async () => {
    const payload = { email: newEmail(), password: 'secret-1', repassword: 'secret-2', publicName: 'Ada' };
    const res = await app.inject({ method: 'POST', url: '/api/v1/auth/signUp', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toContainEqual({
      path: 'repassword',
      message: validationMessages.passwordsDoNotMatch,
    });
  });

  it('is closed when sign-up is switched off', async () => {
    const closed = await startAuth({ SIGN_UP_ENABLED: 'false' });
    try {
      const payload = { email: newEmail(), password: 'secret-1', repassword: 'secret-1', publicName: 'Ada' };
      expectError(await closed.inject({ method: 'POST', url: '/api/v1/auth/signUp', payload }), 'sign-up-disabled');
    } finally {
      await closed.close();
    }
  });
});

describe('anonymous visitors', () => {
  it('get an anonymous account, and signing up keeps its id', async () => {
    const visitor = await anonymous(app);
    expect(visitor.user).toMatchObject({ isAnonymous: true, email: null, roles: [] });
    expect(decodeJwt(visitor.accessToken)).toMatchObject({ sub: visitor.user.id, isAnonymous: true });

    const email = newEmail('upgraded');
    const upgraded = await signUp(app, { email }, bearer(visitor.accessToken));
    expect(upgraded.user).toMatchObject({ id: visitor.user.id, email, isAnonymous: false, roles: ['role/customer'] });
    expect((await signIn(email, upgraded.password)).json().user.id).toBe(visitor.user.id);
  });

  it('a second sign-up with the same anonymous token makes a new account instead of taking over the first', async () => {
    const visitor = await anonymous(app);
    const first = await signUp(app, {}, bearer(visitor.accessToken));
    const second = await signUp(app, {}, bearer(visitor.accessToken));
    expect(first.user.id).toBe(visitor.user.id);
    expect(second.user.id).not.toBe(visitor.user.id);
  });
});

describe('sign-in', () => {
  it('answers tokens for the right password', async () => {
    const { user, password } = await signUp(app);
    const res = await signIn(user.email, password);
    expect(res.statusCode).toBe(200);
    expect((res.json() as TokenAnswer).user.id).toBe(user.id);
  });

  it('refuses an unknown email, a wrong password and a bad email with the spec texts', async () => {
    const { user } = await signUp(app);
    expectError(await signIn(newEmail('nobody'), 'whatever-1'), 'user-not-found');
    expectError(await signIn(user.email, 'not the password'), 'wrong-password');
    expectError(await signIn('nope', 'whatever-1'), 'invalid-email');
    expectError(await signIn({ $gt: '' }, 'whatever-1'), 'invalid-email');
  });

  it('is limited per email: after the limit even the right password waits', async () => {
    const { user, password } = await signUp(app);
    for (let i = 0; i < 3; i++)
      expectError(await signIn(user.email, 'wrong-password', `10.1.0.${i}`), 'wrong-password');
    const limited = await signIn(user.email, password, '10.1.0.9');
    expectError(limited, 'too-many-sign-in-attempts');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is limited per IP across emails', async () => {
    const tight = await startAuth({ SIGNIN_MAX_PER_IP: '2' });
    try {
      const attempt = () =>
        tight.inject({
          method: 'POST',
          url: '/api/v1/auth/signIn',
          payload: { email: newEmail(), password: 'whatever-1' },
          remoteAddress: '10.2.0.1',
        });
      expectError(await attempt(), 'user-not-found');
      expectError(await attempt(), 'user-not-found');
      expectError(await attempt(), 'too-many-sign-in-attempts');
    } finally {
      await tight.close();
    }
  });
  it('behind the gateway, limits each forwarded client apart; a public caller cannot pick its own address', async () => {
    const tight = await startAuth({ SIGNIN_MAX_PER_IP: '1' });
    try {
      const attempt = (remoteAddress: string, forwardedFor: string) =>
        tight.inject({
          method: 'POST',
          url: '/api/v1/auth/signIn',
          payload: { email: newEmail(), password: 'whatever-1' },
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
        });
      // The gateway (a private address) forwards two different clients: each has its own count.
      expectError(await attempt('127.0.0.1', '198.51.100.1'), 'user-not-found');
      expectError(await attempt('127.0.0.1', '198.51.100.2'), 'user-not-found');
      expectError(await attempt('127.0.0.1', '198.51.100.1'), 'too-many-sign-in-attempts');
      // A public address is the client itself, whatever header it sends.
      expectError(await attempt('203.0.113.7', '198.51.100.3'), 'user-not-found');
      expectError(await attempt('203.0.113.7', '198.51.100.4'), 'too-many-sign-in-attempts');
    } finally {
      await tight.close();
    }
  });
});

describe('roles', () => {
  const changeRole = (role: string, token?: string) =>
    app.inject({
      method: 'PUT',
      url: '/api/v1/userProfile/role',
      headers: token ? bearer(token) : {},
      payload: { role },
    });

  it('a signed-in traveller becomes a creator; the new token says so', async () => {
    const traveller = await signUp(app);
    const res = await changeRole('creator', traveller.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.roles).toEqual(['role/customer', 'role/creator']);
    expect(decodeJwt(res.json().accessToken).roles).toEqual(['role/customer', 'role/creator']);
    // The refresh token issued before the change also brings the new role.
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token/refresh',
      payload: { refreshToken: traveller.refreshToken },
    });
    expect(refreshed.json().user.roles).toContain('role/creator');
  });

  it('refuses anonymous visitors, strangers without a token, and the support role', async () => {
    const visitor = await anonymous(app);
    expectError(await changeRole('creator', visitor.accessToken), 'forbidden');
    expectError(await changeRole('creator'), 'unauthenticated');
    const traveller = await signUp(app);
    expect((await changeRole('role/support', traveller.accessToken)).statusCode).toBe(400);
  });
});

it('publishes auth.account.registered (upgrade flagged) and auth.role.granted to Kafka', async () => {
  const visitor = await anonymous(app);
  const upgraded = await signUp(app, {}, bearer(visitor.accessToken));
  await app.inject({
    method: 'PUT',
    url: '/api/v1/userProfile/role',
    headers: bearer(upgraded.accessToken),
    payload: { role: 'creator' },
  });
  const kafka = createKafka(uniqueName('reader'), testInfra().kafkaBrokers.split(','), pino({ level: 'silent' }));
  const consumer = kafka.consumer({ groupId: uniqueName('reader') });
  const seen: { type: string; payload: Record<string, unknown> }[] = [];
  try {
    await consumer.connect();
    await consumer.subscribe({ topic: `${app.config.KAFKA_TOPIC_PREFIX}auth.events`, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(message.value!.toString());
        if (event.aggregateId === visitor.user.id) seen.push(event);
      },
    });
    await expect.poll(() => seen.length, { timeout: 15_000 }).toBe(2);
  } finally {
    await consumer.disconnect();
  }
  expect(seen[0]).toMatchObject({
    type: 'auth.account.registered',
    payload: { userId: visitor.user.id, upgradedFromAnonymous: true, roles: ['role/customer'] },
  });
  expect(seen[1]).toMatchObject({ type: 'auth.role.granted', payload: { role: 'role/creator' } });
});
