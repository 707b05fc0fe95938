// The auth service as a neighbour in another part's tests: its real app, built in the test's process
// against the run's servers (kit/testing's testEnv), on topics and rate-limit counters of its own.
import { buildApp, type AuthApp } from '@travelclub/auth/app';
import { AuthConfigSchema } from '@travelclub/auth/config';
import { testEnv, uniqueName } from '@travelclub/kit/testing';

export type { AuthApp };

/** The app with `settings` over the defaults. */
export function startAuth(settings: Record<string, string> = {}): Promise<AuthApp> {
  return buildApp(
    AuthConfigSchema.parse({
      ...testEnv('auth'),
      WEB_URL: 'https://web.travelclub.test',
      KAFKA_TOPIC_PREFIX: `${uniqueName('auth')}.`,
      RATE_LIMIT_PREFIX: uniqueName('auth-rl'),
      ...settings,
    }),
  );
}
