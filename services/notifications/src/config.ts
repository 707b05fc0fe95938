// The notifications service's settings: the kit's, plus where mail goes and whom it comes from, and how long
// the event log keeps events. A bad value stops the start.
import { BaseConfigSchema, portSetting } from '@travelclub/kit';
import { z } from 'zod';

export const NotificationsConfigSchema = BaseConfigSchema.extend({
  PORT: portSetting(3007),
  /**
   * smtp://[user:pass@]host:port (STARTTLS when the server offers it) or smtps://... (TLS from the start).
   * Query options of nodemailer's connection URLs apply.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, hostname: /./, error: 'SMTP_URL must be an smtp:// or smtps:// URL' }),
  /** The From of every mail: an address, or `Name <address>`. */
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>\r\n]+<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
      'MAIL_FROM must be an address or Name <address>',
    )
    .default('TravelClub <no-reply@travelclub.local>'),
  /** Mails in flight at once. */
  EMAILS_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(5),
  /** Days the event log keeps an event after recording it. */
  EVENT_LOG_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * How long a recorded event waits before the support routes show it. Events of several partitions are
   * recorded at once, and one recorded later can take a place before another already shown: a reader that follows
   * the log (`after`) would skip it. Waiting this long lets every write in flight finish first (docs/events.md).
   */
  EVENT_LOG_SETTLE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
});
export type NotificationsConfig = z.infer<typeof NotificationsConfigSchema>;
