// System test: auth, notifications and the gateway as separate processes; a client signs up, signs in,
// refreshes and follows a magic link, all through the gateway's port.
import type { AccountView, TokenAnswer } from '@travelclub/contracts';
import { linkIn, testInfra, uniqueName, waitForMail } from '@travelclub/kit/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPart, type RunningPart } from './processes.js';

const parts: RunningPart[] = [];
let gateway: string;

beforeAll(async () => {
  const infra = testInfra();
  const shared = {
    MONGO_URL: infra.mongoUrl,
    KAFKA_BROKERS: infra.kafkaBrokers,
    REDIS_URL: infra.redisUrl,
    KAFKA_TOPIC_PREFIX: `${uniqueName('system')}.`,
    QUEUE_PREFIX: uniqueName('system'),
  };
  const auth = await startPart('auth', 'services/auth', {
    ...shared,
    MONGO_DB: uniqueName('system_auth').replace(/-/g, '_'),
    WEB_URL: 'http://web.travelclub.test',
    COOKIE_SECURE: 'false',
    RATE_LIMIT_PREFIX: uniqueName('system-auth-rl'),
  });
  parts.push(auth);
  const notifications = await startPart('notifications', 'services/notifications', {
    ...shared,
    MONGO_DB: uniqueName('system_notifications').replace(/-/g, '_'),
    SMTP_URL: infra.smtpUrl,
  });
  parts.push(notifications);
  const front = await startPart(
    'gateway',
    'gateway',
    {
      REDIS_URL: infra.redisUrl,
      AUTH_URL: auth.url,
      NOTIFICATIONS_URL: notifications.url,
      JWKS_URL: `${auth.url}/.well-known/jwks.json`,
      RATE_LIMIT_PREFIX: `${uniqueName('system-gw')}:`,
    },
    '/health/live',
  );
  parts.push(front);
  gateway = front.url;
}, 120_000);

afterAll(async () => {
  for (const part of parts.reverse()) await part.stop();
});

/** Whatever the auth routes answer: tokens, an account, a message, or the error envelope. */
type Answer = Partial<TokenAnswer & AccountView & { message: string; returnUrl: string }> & {
  user: AccountView;
  accessToken: string;
  refreshToken: string;
  error: { code: string; message: string };
};

const call = async (method: string, path: string, body?: object, token?: string) => {
  const res = await fetch(gateway + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer };
};

it('signs up, signs in and refreshes through the gateway', async () => {
  const email = `${uniqueName('system')}@example.test`;
  const password = 'a system test secret';
  const visitor = await call('POST', '/api/v1/auth/anonymous');
  expect(visitor.status).toBe(201);
  // A new correlation id starts at the gateway, and the answer says which.
  expect(visitor.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);

  const signedUp = await call(
    'POST',
    '/api/v1/auth/signUp',
    { email, password, repassword: password, publicName: 'Sys Tem', role: 'consumer' },
    visitor.body.accessToken,
  );
  expect(signedUp.status).toBe(201);
  expect(signedUp.body.user).toMatchObject({ id: visitor.body.user.id, email, isAnonymous: false });

  const signedIn = await call('POST', '/api/v1/auth/signIn', { email, password });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body.user.id).toBe(visitor.body.user.id);

  const me = await call('GET', '/api/v1/auth/me', undefined, signedIn.body.accessToken);
  expect(me.body).toMatchObject({ id: visitor.body.user.id, email });

  const refreshed = await call('POST', '/api/v1/auth/token/refresh', { refreshToken: signedIn.body.refreshToken });
  expect(refreshed.status).toBe(200);
  expect(refreshed.body.refreshToken).not.toBe(signedIn.body.refreshToken);
  const reused = await call('POST', '/api/v1/auth/token/refresh', { refreshToken: signedIn.body.refreshToken });
  expect(reused.body.error.code).toBe('invalid-refresh-token');

  const wrong = await call('POST', '/api/v1/auth/signIn', { email, password: 'not it at all' });
  expect(wrong.status).toBe(401);
  expect(wrong.body.error).toEqual({
    code: 'wrong-password',
    message: 'The specified password does not match the records.',
  });
});

it('refuses a protected route without a token at the edge', async () => {
  const res = await call('GET', '/api/v1/auth/me');
  expect(res.status).toBe(401);
  expect(res.body.error.code).toBe('unauthenticated');
});

it('follows a magic link mailed by the notifications process', async () => {
  const email = `${uniqueName('system-link')}@example.test`;
  const asked = await call('POST', '/api/v1/authentication/magicLink', { email, returnUrl: '/user/trips' });
  expect(asked.body).toEqual({ message: 'A sign in link has been sent to your email address.' });
  const link = new URL(linkIn(await waitForMail(email, { timeoutMs: 20_000 }), '/continueSignIn'));
  const signedIn = await call('POST', '/api/v1/auth/magicLink/consume', { code: link.searchParams.get('code') });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body).toMatchObject({ returnUrl: '/user/trips', user: { email, emailVerified: true } });
});
