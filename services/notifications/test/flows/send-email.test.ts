// The processor on its own, against the real MongoDB and the run's mail catcher: at most one mail per key,
// a failed send gives the key back, a claim cut off mid-send is never sent again.
import { connectMongo, UnrecoverableError } from '@travelclub/kit';
import { mailsTo, testInfra, uniqueName } from '@travelclub/kit/testing';
import Fastify from 'fastify';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailTransport, type MailTransport } from '../../src/clients/mail-transport.js';
import { createSendEmail, type EmailJob } from '../../src/flows/send-email.js';
import { sentMailModel, type SentMailModel } from '../../src/store/sent-mails.js';
import { linkData, uniqueAddress } from '../helpers.js';

const from = 'TravelClub <no-reply@travelclub.local>';
let mongo: Connection;
let sentMails: SentMailModel;
let transport: MailTransport;
const logLines: Record<string, unknown>[] = [];
const log = Fastify({
  logger: { level: 'info', stream: { write: (line: string) => void logLines.push(JSON.parse(line)) } },
}).log;

beforeAll(async () => {
  mongo = await connectMongo(testInfra().mongoUrl, uniqueName('test_notifications_jobs').replace(/-/g, '_'));
  sentMails = await sentMailModel(mongo);
  transport = createMailTransport(testInfra().smtpUrl);
});
afterAll(async () => {
  transport.close();
  await mongo.dropDatabase();
  await mongo.close();
});

const job = (label: string): EmailJob => {
  const to = uniqueAddress(label);
  return { to, template: 'magic-link', data: linkData(`secret-${label}`), idempotencyKey: `key-${to}` };
};

describe('send-email processor', () => {
  it('sends once when the same job is processed twice, and logs the mail without its link', async () => {
    const sendEmail = createSendEmail({ sentMails, transport, from, log });
    const payload = job('twice');

    const first = await sendEmail(payload);
    const second = await sendEmail(payload);

    expect(first).toEqual({ status: 'sent', messageId: expect.stringMatching(/^<[0-9a-f]{32}@travelclub\.local>$/) });
    expect(second).toEqual({ status: 'skipped', reason: 'already-sent' });
    const mails = await mailsTo(payload.to);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.messageId).toBe(first.status === 'sent' ? first.messageId : undefined);

    const sentLines = logLines.filter((l) => l.msg === 'mail sent' && l.to === payload.to);
    expect(sentLines).toEqual([
      expect.objectContaining({ level: 30, template: 'magic-link', messageId: mails[0]?.messageId }),
    ]);
    expect(JSON.stringify(logLines)).not.toContain('secret-twice');
  });

  it('sends once when two attempts race for the same key', async () => {
    const sendEmail = createSendEmail({ sentMails, transport, from, log });
    const payload = job('race');
    const results = await Promise.allSettled([sendEmail(payload), sendEmail(payload)]);
    const outcomes = results.map((r) => (r.status === 'fulfilled' ? r.value.status : r.reason));
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    // The loser finds the mail sent, or (usually) still sending: then it is told to try again later, when
    // a retry finds the mail sent, rather than failed for good.
    for (const loser of outcomes.filter((o) => o !== 'sent')) {
      if (loser !== 'skipped') {
        expect(loser).not.toBeInstanceOf(UnrecoverableError);
        expect(String(loser)).toContain('is being sent by another attempt');
      }
    }
    expect(await mailsTo(payload.to)).toHaveLength(1);
    expect(await sendEmail(payload)).toEqual({ status: 'skipped', reason: 'already-sent' });
  });

  it('gives the key back when the SMTP server cannot be reached, so a retry sends', async () => {
    const nowhere = createMailTransport('smtp://127.0.0.1:1');
    const payload = job('retry');
    try {
      await expect(createSendEmail({ sentMails, transport: nowhere, from, log })(payload)).rejects.toThrow();
    } finally {
      nowhere.close();
    }
    expect(await sentMails.findById(payload.idempotencyKey)).toBeNull();

    const retried = await createSendEmail({ sentMails, transport, from, log })(payload);
    expect(retried.status).toBe('sent');
    expect(await mailsTo(payload.to)).toHaveLength(1);
  });

  it('never sends a mail whose claim was cut off mid-send, and fails it for good', async () => {
    const sendEmail = createSendEmail({ sentMails, transport, from, log, inDoubtAfterMs: 60_000 });
    const payload = job('crashed');
    // What a worker that died between claiming and marking leaves behind.
    await sentMails.create({
      _id: payload.idempotencyKey,
      to: payload.to,
      template: 'magic-link',
      subject: 'Your TravelClub sign-in link',
      status: 'sending',
      claimedBy: 'a-worker-that-died',
      claimedAt: new Date(Date.now() - 120_000),
      messageId: '<dead@travelclub.local>',
    });

    const attempt = sendEmail(payload);
    await expect(attempt).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(attempt).rejects.toThrow('never marked sent');
    expect(await mailsTo(payload.to)).toEqual([]);
    expect(await sentMails.findById(payload.idempotencyKey).lean()).toMatchObject({ status: 'sending' });
  });
});
