// The notifications worker as a neighbour in another part's tests: its real app, built in the test's
// process against the run's servers (kit/testing's testEnv), sending to the run's mail catcher.
import { testEnv, testInfra } from '@travelclub/kit/testing';
import { buildApp } from '@travelclub/notifications/app';
import { NotificationsConfigSchema } from '@travelclub/notifications/config';

export type NotificationsApp = Awaited<ReturnType<typeof buildApp>>;

/** The worker with `settings` over the defaults. */
export function startNotifications(settings: Record<string, string> = {}): Promise<NotificationsApp> {
  return buildApp(
    NotificationsConfigSchema.parse({ ...testEnv('notifications'), SMTP_URL: testInfra().smtpUrl, ...settings }),
  );
}
