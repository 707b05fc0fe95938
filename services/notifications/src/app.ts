// buildApp: the notifications service. The kit's service (health routes, MongoDB, Redis, Kafka, one ordered
// shutdown) plus the `emails` worker and its SMTP pool, and the pipeline's desk for support staff: the event log
// (a consumer of every service topic), dead letters and job queues, behind role/support routes. It never listens.
import { endpoints, queueNames } from '@travelclub/contracts';
import { buildService, registerEndpoints, serviceQueue, withTimeout, type ServiceApp } from '@travelclub/kit';
import { createMailTransport, smtpServerName } from './clients/mail-transport.js';
import type { NotificationsConfig } from './config.js';
import { eventLogConsumer } from './events/event-log.js';
import { deadLetterFlows } from './flows/dead-letters.js';
import { eventLogFlows } from './flows/event-log.js';
import { queueFlows } from './flows/queues.js';
import { createSendEmail } from './flows/send-email.js';
import { eventLogCleanup } from './jobs/event-log-cleanup.js';
import { emailsWorker } from './jobs/emails.js';
import { supportRoutes } from './routes/support.js';
import { eventLogStore } from './store/event-log.js';
import { sentMailModel } from './store/sent-mails.js';
import { staffActionStore } from './store/staff-actions.js';

/** The event log (recorded, kept to its days, read), dead letters and queues, and the routes over them. */
async function supportDesk(app: ServiceApp, config: NotificationsConfig): Promise<void> {
  const [eventLog, staffActions] = await Promise.all([eventLogStore(app.mongo), staffActionStore(app.mongo)]);
  const { kafka, producer, log } = app;
  const events = eventLogFlows(eventLog, config.EVENT_LOG_SETTLE_MS, log);
  eventLogCleanup(app, events, config.EVENT_LOG_DAYS);
  const consumer = eventLogConsumer(app, events.record);
  app.onShutdown(() => consumer.stop());
  await app.startup.step('event log consumer', () => consumer.start());

  const queues = new Map(Object.values(queueNames).map((name) => [name as string, serviceQueue(app, name).queue]));
  registerEndpoints(
    app,
    endpoints.notifications,
    supportRoutes({
      eventLog: events,
      deadLetters: deadLetterFlows({ kafka, producer, prefix: config.KAFKA_TOPIC_PREFIX, staffActions, log }),
      queues: queueFlows(queues, staffActions, log),
    }),
  );
}

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

    await supportDesk(app, config);

    // Added last, so it stops first: jobs in hand finish while the SMTP pool and MongoDB are still open.
    const sendEmail = createSendEmail({ sentMails, transport, from: config.MAIL_FROM, log: app.log });
    emailsWorker(app, sendEmail, config.EMAILS_CONCURRENCY);
    return app;
  });
}
