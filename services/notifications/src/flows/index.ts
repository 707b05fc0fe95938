// Every flow of the notifications service, built over its stores (the sent-mail log, the event log, staff's
// actions), the SMTP pool, Kafka (dead letters) and the job queues: what the routes, the consumer and the jobs call.
import { queueNames } from '@travelclub/contracts';
import { serviceQueue, type ServiceApp } from '@travelclub/kit';
import type { MailTransport } from '../clients/mail-transport.js';
import type { NotificationsConfig } from '../config.js';
import { eventLogStore } from '../store/event-log.js';
import { sentMailModel } from '../store/sent-mails.js';
import { staffActionStore } from '../store/staff-actions.js';
import { deadLetterFlows } from './dead-letters.js';
import { eventLogFlows } from './event-log.js';
import { queueFlows } from './queues.js';
import { createSendEmail } from './send-email.js';

export async function notificationFlows(app: ServiceApp, config: NotificationsConfig, transport: MailTransport) {
  const { kafka, producer, log } = app;
  const [sentMails, eventLog, staffActions] = await Promise.all([
    sentMailModel(app.mongo),
    eventLogStore(app.mongo),
    staffActionStore(app.mongo),
  ]);
  const queues = new Map(Object.values(queueNames).map((name) => [name as string, serviceQueue(app, name).queue]));
  return {
    sendEmail: createSendEmail({ sentMails, transport, from: config.MAIL_FROM, log }),
    eventLog: eventLogFlows(eventLog, config.EVENT_LOG_SETTLE_MS, log),
    deadLetters: deadLetterFlows({ kafka, producer, prefix: config.KAFKA_TOPIC_PREFIX, staffActions, log }),
    queues: queueFlows(queues, staffActions, log),
  };
}

export type NotificationFlows = Awaited<ReturnType<typeof notificationFlows>>;
