// Shared set-up of the auth service tests: the real app against the run's servers (@travelclub/testing's, as
// other services' tests start it), and small clients.
import { unheardOutbox } from '@travelclub/kit';
import { testEnv, uniqueName } from '@travelclub/kit/testing';
import type { TokenAnswer } from '@travelclub/contracts';
import { startAuth as startAuthApp } from '@travelclub/testing/auth';
import { buildApp, type AuthApp, type AuthParts } from '../src/app.js';
import { AuthConfigSchema } from '../src/config.js';
import { registrationFlows } from '../src/flows/registration.js';
import { accountStore } from '../src/store/accounts.js';
import { codeStore } from '../src/store/codes.js';

export { expectError } from '@travelclub/kit/testing';

export const WEB_URL = 'https://web.travelclub.test';

export const startAuth = (overrides: Record<string, string> = {}): Promise<AuthApp> =>
  startAuthApp({ WEB_URL, ...overrides });

/** The app with some parts of the test's own instead of those made from the settings (a mailer that fails). */
export const startAuthWith = (replace: Partial<AuthParts>): Promise<AuthApp> =>
  buildApp(AuthConfigSchema.parse({ ...testEnv('auth'), WEB_URL }), replace);

/**
 * The accounts and codes of a running app, for tests that make or read them directly. Events of accounts made
 * here are published by the app's relay on its next sweep.
 */
export async function storesOf(app: AuthApp) {
  const accounts = await accountStore(app.mongo, unheardOutbox);
  return { accounts, codes: await codeStore(app.mongo), registration: registrationFlows({ accounts }) };
}

/** What a first magic-link sign-in creates: a verified account without a password. */
export async function passwordlessAccount(app: AuthApp, email: string, publicName: string) {
  const { registration } = await storesOf(app);
  return registration.register(
    { email, publicName, roles: ['role/customer'], emailVerified: true },
    { correlationId: 't', causationId: 't' },
  );
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

/** A signed-up account with a browser session: its CSRF token (cookie and header value) and session cookie. */
export async function openSession(app: AuthApp) {
  const account = await signUp(app);
  const csrf = (await app.inject({ method: 'GET', url: '/api/v1/auth/csrf' })).json().csrfToken as string;
  const login = await app.inject({
    method: 'POST',
    url: '/api/sessionLogin',
    payload: { data: account.accessToken, csrf },
    cookies: { tc_csrf: csrf },
  });
  const session = login.cookies.find((c) => c.name === 'tc_session')?.value;
  if (!session) throw new Error(`session login answered ${login.statusCode}: ${login.body}`);
  return { ...account, csrf, session };
}
