// Mails to a creator's subscribers carry RFC 8058 one-click unsubscribe headers; other mails carry none.
import { connectMongo, type Logger } from '@travelclub/kit';
import { mailsTo, testInfra, uniqueName } from '@travelclub/kit/testing';
import Fastify from 'fastify';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport, type MailTransport } from '../../src/clients/mail-transport.js';
import { createSendEmail } from '../../src/flows/send-email.js';
import { sentMailModel, type SentMailModel } from '../../src/store/sent-mails.js';
import { linkData, uniqueAddress } from '../helpers.js';

const from = 'TravelClub <no-reply@travelclub.local>';
const log = Fastify({ logger: false }).log as Logger;
let mongo: Connection;
let sentMails: SentMailModel;
let transport: MailTransport;

beforeAll(async () => {
  mongo = await connectMongo(testInfra().mongoUrl, uniqueName('test_notifications_list').replace(/-/g, '_'));
  sentMails = await sentMailModel(mongo);
  transport = createMailTransport(testInfra().smtpUrl);
});
afterAll(async () => {
  transport.close();
  await mongo.dropDatabase();
  await mongo.close();
});

const header = (mail: { headers: { key: string; value: string }[] }, key: string) =>
  mail.headers.filter((h) => h.key === key).map((h) => h.value);

describe('one-click unsubscribe headers', () => {
  it('sends List-Unsubscribe and List-Unsubscribe-Post when the job names the one-click address', async () => {
    const sendEmail = createSendEmail({ sentMails, transport, from, log });
    const to = uniqueAddress('subscriber');
    const listUnsubscribe = 'https://travelclub.test/api/v1/emailSubscription/s-1?token=t0k3n';
    const data = {
      link: 'https://travelclub.test/api/v1/emailSubscription/s-1/confirm?confirmationCode=c',
      unsubscribeLink: 'https://travelclub.test/emailSubscription/s-1/unsubscribe?token=t0k3n',
      expiresInMinutes: 10_080,
      creatorName: 'Ana',
    };
    await sendEmail({
      to,
      template: 'email-subscription-confirmation',
      data,
      idempotencyKey: `sub-${to}`,
      listUnsubscribe,
    });
    const [mail] = await mailsTo(to);
    expect(header(mail!, 'list-unsubscribe')).toEqual([`<${listUnsubscribe}>`]);
    expect(header(mail!, 'list-unsubscribe-post')).toEqual(['List-Unsubscribe=One-Click']);
  });

  it('writes the address as the URL parser does, so it cannot break out of its header', async () => {
    const sendEmail = createSendEmail({ sentMails, transport, from, log });
    const to = uniqueAddress('odd');
    await sendEmail({
      to,
      template: 'magic-link',
      data: linkData('c'),
      idempotencyKey: `odd-${to}`,
      listUnsubscribe: 'https://travelclub.test/u?token=a>b<c',
    });
    const [mail] = await mailsTo(to);
    expect(header(mail!, 'list-unsubscribe')).toEqual(['<https://travelclub.test/u?token=a%3Eb%3Cc>']);
  });

  it('adds no such header to other mails', async () => {
    const sendEmail = createSendEmail({ sentMails, transport, from, log });
    const to = uniqueAddress('plain');
    await sendEmail({ to, template: 'magic-link', data: linkData('c'), idempotencyKey: `plain-${to}` });
    const [mail] = await mailsTo(to);
    expect(mail!.subject).toBe('Your TravelClub sign-in link');
    expect(header(mail!, 'list-unsubscribe')).toEqual([]);
  });
});
