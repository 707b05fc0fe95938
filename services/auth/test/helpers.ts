// Shared set-up of the auth service tests: the real app against the run's servers (@travelclub/testing's, as
// other services' tests start it), and small clients.
import { uniqueName } from '@travelclub/kit/testing';
import type { TokenAnswer } from '@travelclub/contracts';
import { startAuth as startAuthApp } from '@travelclub/testing/auth';
import type { AuthApp } from '../src/app.js';

export { expectError } from '@travelclub/kit/testing';

export const WEB_URL = 'https://web.travelclub.test';

export const startAuth = (overrides: Record<string, string> = {}): Promise<AuthApp> =>
  startAuthApp({ WEB_URL, ...overrides });

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
