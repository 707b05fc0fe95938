// Test settings for the notifications worker: the run's servers and mail catcher, a database and queue
// prefix of the test file's own.
import { testConfig, testInfra, uniqueName } from '@travelclub/kit/testing';
import { NotificationsConfigSchema, type NotificationsConfig } from '../src/config.js';

export function notificationsTestConfig(): NotificationsConfig {
  // testConfig has parsed the kit's settings already; parse only what the worker adds.
  const own = NotificationsConfigSchema.pick({ SMTP_URL: true, MAIL_FROM: true, EMAILS_CONCURRENCY: true });
  return {
    ...testConfig('notifications', { QUEUE_PREFIX: uniqueName('test-notifications') }),
    ...own.parse({ SMTP_URL: testInfra().smtpUrl }),
  };
}

/** A recipient no other test mails. */
export const uniqueAddress = (label: string) => `${uniqueName(label)}@example.test`;

export const linkData = (code: string) => ({
  link: `http://localhost:8080/continueSignIn?code=${code}&email=ana%40example.test`,
  expiresInMinutes: 15,
});
