// Test settings for the notifications service: the run's servers and mail catcher, a database, queue prefix
// and topic prefix of the test file's own (so its event log reads only its own topics); and a test file's world
// for support staff's routes.
import type { Role } from '@travelclub/contracts';
import type { ServiceApp } from '@travelclub/kit';
import { ServiceWorld, setUpForFile, startTestJwks, testEnv, testInfra, uniqueName } from '@travelclub/kit/testing';
import { buildApp } from '../src/app.js';
import { NotificationsConfigSchema, type NotificationsConfig } from '../src/config.js';

export { expectError, expectInvalid } from '@travelclub/kit/testing';

export function notificationsTestConfig(overrides: Record<string, string> = {}): NotificationsConfig {
  return NotificationsConfigSchema.parse({
    ...testEnv('notifications', {
      QUEUE_PREFIX: uniqueName('test-notifications'),
      KAFKA_TOPIC_PREFIX: `${uniqueName('notifications')}.`,
    }),
    SMTP_URL: testInfra().smtpUrl,
    ...overrides,
  });
}

/** A recipient no other test mails. */
export const uniqueAddress = (label: string) => `${uniqueName(label)}@example.test`;

export const linkData = (code: string) => ({
  link: `http://localhost:8080/continueSignIn?code=${code}&email=ana%40example.test`,
  expiresInMinutes: 15,
});

export interface Caller {
  id: string;
  headers: Record<string, string>;
}

/**
 * A test file's notifications service with a key set of its own, support staff's routes checked against it; events
 * settle fast (EVENT_LOG_SETTLE_MS) so reads see them soon after they are recorded.
 */
export class NotificationsWorld extends ServiceWorld<ServiceApp> {
  config!: NotificationsConfig;

  constructor(private readonly settings: Record<string, string> = {}) {
    super();
  }

  async start(): Promise<void> {
    this.jwks = await startTestJwks();
    this.config = notificationsTestConfig({
      JWKS_URL: this.jwks.jwksUrl,
      EVENT_LOG_SETTLE_MS: '300',
      ...this.settings,
    });
    this.app = await buildApp(this.config);
  }

  async close(): Promise<void> {
    await this.app?.mongo.dropDatabase().catch(() => undefined);
    await this.app?.close();
    await this.jwks?.close();
  }

  /** A signed-in caller with these roles (a customer unless told). */
  async caller(roles: Role[] = ['role/customer']): Promise<Caller> {
    const id = uniqueName('user');
    const token = await this.jwks.sign({ sub: id, roles, email: `${id}@example.test` });
    return { id, headers: { authorization: `Bearer ${token}` } };
  }

  staff = () => this.caller(['role/support']);
}

export const useNotifications = (settings: Record<string, string> = {}) =>
  setUpForFile(new NotificationsWorld(settings));
