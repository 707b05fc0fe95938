// buildApp: the notifications service. The kit's service (health routes, MongoDB, Redis, Kafka, one ordered
// shutdown) plus the `emails` worker and its SMTP pool, and the pipeline's desk for support staff: the event log
// (a consumer of every service topic), dead letters and job queues, behind role/support routes. It never listens.
import { endpoints } from '@travelclub/contracts';
import { buildService, registerEndpoints, withTimeout, type ServiceApp } from '@travelclub/kit';
import { createMailTransport, smtpServerName } from './clients/mail-transport.js';
import type { NotificationsConfig } from './config.js';
import { eventLogConsumer } from './events/event-log.js';
import { notificationFlows } from './flows/index.js';
import { eventLogCleanup } from './jobs/event-log-cleanup.js';
import { emailsWorker } from './jobs/emails.js';
import { notificationRoutes } from './routes/index.js';

export async function buildApp(config: NotificationsConfig): Promise<ServiceApp> {
  return buildService({ name: 'notifications', config }, async (app) => {
    const transport = createMailTransport(config.SMTP_URL);
    app.onShutdown(() => transport.close());

    // Checked once, not in readiness: an SMTP outage does not make this worker unfit to run (jobs wait in
    // the queue and retry), and probing would open a session with the mail server every few seconds.
    const smtp = smtpServerName(config.SMTP_URL);
    await withTimeout(transport.verify(), 5_000, 'SMTP').then(
      () => app.log.info({ smtp }, 'SMTP server answers'),
      (err: unknown) => app.log.warn({ smtp, err }, 'SMTP server does not answer yet; mails will be retried'),
    );

    const flows = await notificationFlows(app, config, transport);
    // The event log: kept to its days, and recorded from every service topic.
    eventLogCleanup(app, flows.eventLog, config.EVENT_LOG_DAYS);
    const consumer = eventLogConsumer(app, flows.eventLog.record);
    app.onShutdown(() => consumer.stop());
    await app.startup.step('event log consumer', () => consumer.start());
    registerEndpoints(app, endpoints.notifications, notificationRoutes(flows));

    // Added last, so it stops first: jobs in hand finish while the SMTP pool and MongoDB are still open.
    emailsWorker(app, flows.sendEmail, config.EMAILS_CONCURRENCY);
    return app;
  });
}
