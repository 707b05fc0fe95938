// buildApp: the notifications worker. The kit's service (health routes, MongoDB, Redis, Kafka, one ordered
// shutdown) plus the `emails` worker and its SMTP pool. It has no public API and never listens.
import { buildService, withTimeout, type ServiceApp } from '@travelclub/kit';
import { createMailTransport, smtpServerName } from './clients/mail-transport.js';
import type { NotificationsConfig } from './config.js';
import { createSendEmail } from './flows/send-email.js';
import { emailsWorker } from './jobs/emails.js';
import { sentMailModel } from './store/sent-mails.js';

export async function buildApp(config: NotificationsConfig): Promise<ServiceApp> {
  return buildService({ name: 'notifications', config }, async (app) => {
    const sentMails = await sentMailModel(app.mongo);
    const transport = createMailTransport(config.SMTP_URL);
    app.onShutdown(() => transport.close());

    // Checked once, not in readiness: an SMTP outage does not make this worker unfit to run (jobs wait in
    // the queue and retry), and probing would open a session with the mail server every few seconds.
    const smtp = smtpServerName(config.SMTP_URL);
    await withTimeout(transport.verify(), 5_000, 'SMTP').then(
      () => app.log.info({ smtp }, 'SMTP server answers'),
      (err: unknown) => app.log.warn({ smtp, err }, 'SMTP server does not answer yet; mails will be retried'),
    );

    // Added last, so it stops first: jobs in hand finish while the SMTP pool and MongoDB are still open.
    const sendEmail = createSendEmail({ sentMails, transport, from: config.MAIL_FROM, log: app.log });
    emailsWorker(app, sendEmail, config.EMAILS_CONCURRENCY);
    return app;
  });
}
