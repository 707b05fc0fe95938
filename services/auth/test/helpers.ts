// Shared set-up of the auth service tests: the real app against the run's servers, and small clients.
import { testEnv, uniqueName } from '@travelclub/kit/testing';
import { errorCatalogue, type TokenAnswer } from '@travelclub/contracts';
import { expect } from 'vitest';
import { buildApp, type AuthApp } from '../src/app.js';
import { AuthConfigSchema } from '../src/config.js';

export const WEB_URL = 'https://web.travelclub.test';

export async function startAuth(overrides: Record<string, string> = {}): Promise<AuthApp> {
  const config = AuthConfigSchema.parse({
    ...testEnv('auth'),
    WEB_URL,
    KAFKA_TOPIC_PREFIX: `${uniqueName('auth')}.`,
    RATE_LIMIT_PREFIX: uniqueName('auth-rl'),
    ...overrides,
  });
  return buildApp(config);
}

export const newEmail = (label = 'user') => `${uniqueName(label)}@example.test`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function signUp(
  app: AuthApp,
  fields: { email?: string; password?: string; role?: 'consumer' | 'creator'; publicName?: string } = {},
  headers: Record<string, string> = {},
): Promise<TokenAnswer & { password: string }> {
  const password = fields.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signUp',
    headers,
    payload: {
      email: fields.email ?? newEmail(),
      password,
      repassword: password,
      publicName: fields.publicName ?? 'Ada Traveller',
      role: fields.role ?? 'consumer',
    },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up answered ${res.statusCode}: ${res.body}`);
  return { ...(res.json() as TokenAnswer), password };
}

export async function anonymous(app: AuthApp): Promise<TokenAnswer> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/anonymous' });
  if (res.statusCode !== 201) throw new Error(`anonymous answered ${res.statusCode}: ${res.body}`);
  return res.json() as TokenAnswer;
}

/** The answer is the catalogue's envelope for `code`: its status and its exact text. */
export function expectError(res: { statusCode: number; json(): unknown }, code: keyof typeof errorCatalogue) {
  expect(res.json()).toMatchObject({ error: { code, message: errorCatalogue[code].message } });
  expect(res.statusCode).toBe(errorCatalogue[code].status);
}
