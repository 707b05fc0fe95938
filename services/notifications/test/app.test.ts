// The worker end to end: jobs on the real `emails` queue (Redis), the sent-mail log (MongoDB), mail over
// SMTP to the run's mail catcher.
import { createJobQueue, type JobQueue, type ServiceApp } from '@travelclub/kit';
import { linkIn, mailsTo, waitForMail } from '@travelclub/kit/testing';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { sentMailModel } from '../src/store/sent-mails.js';
import { linkData, notificationsTestConfig, uniqueAddress } from './helpers.js';

const config = notificationsTestConfig();
let app: ServiceApp;
let emails: JobQueue<'emails'>;

beforeAll(async () => {
  app = await buildApp(config);
  emails = createJobQueue('emails', {
    redisUrl: config.REDIS_URL,
    prefix: config.QUEUE_PREFIX,
    jobOptions: { backoff: { type: 'fixed', delay: 100 } },
  });
});
afterAll(async () => {
  await emails.queue.obliterate({ force: true });
  await emails.close();
  await app.mongo.dropDatabase();
  await app.close();
});

const finished = async (jobId: string, state: 'completed' | 'failed') => {
  await vi.waitFor(async () => expect(await emails.queue.getJobState(jobId)).toBe(state), { timeout: 10_000 });
  return (await emails.queue.getJob(jobId))!;
};

describe('notifications worker', () => {
  it('sends a job from the emails queue to its recipient, with the link in the text and the HTML', async () => {
    const to = uniqueAddress('ana');
    const data = { ...linkData('c0de-1'), publicName: 'Ana' };
    const idempotencyKey = `magic-link-${to}`;
    await emails.add({ to, template: 'magic-link', data, idempotencyKey }, { jobId: idempotencyKey });

    const mail = await waitForMail(to, { subject: 'Your TravelClub sign-in link' });
    expect(mail.to).toEqual([to]);
    expect(mail.from).toBe('no-reply@travelclub.local');
    expect(mail.fromName).toBe('TravelClub');
    expect(linkIn(mail, '/continueSignIn')).toBe(data.link);
    expect(mail.html).toContain(`href="${data.link.replace(/&/g, '&amp;')}"`);

    const job = await finished(idempotencyKey, 'completed');
    expect(job.returnvalue).toEqual({ status: 'sent', messageId: mail.messageId });
    const sentMails = await sentMailModel(app.mongo);
    expect(await sentMails.findById(idempotencyKey).lean()).toMatchObject({
      to,
      template: 'magic-link',
      subject: 'Your TravelClub sign-in link',
      status: 'sent',
      messageId: mail.messageId,
      sentAt: expect.any(Date),
    });
  });

  it('sends one mail for one idempotency key, however often it is enqueued', async () => {
    const to = uniqueAddress('once');
    const idempotencyKey = `email-verification-${to}`;
    const payload = { to, template: 'email-verification' as const, data: linkData('c0de-2'), idempotencyKey };
    await emails.add(payload, { jobId: idempotencyKey });
    await emails.add(payload, { jobId: idempotencyKey }); // BullMQ keeps one job per id
    await finished(idempotencyKey, 'completed');

    // Long after, once the first job is gone from the queue, the same key comes again under another id.
    await emails.add(payload, { jobId: `${idempotencyKey}-again` });
    const again = await finished(`${idempotencyKey}-again`, 'completed');
    expect(again.returnvalue).toEqual({ status: 'skipped', reason: 'already-sent' });

    expect((await mailsTo(to)).map((m) => m.subject)).toEqual(['Verify your email address']);
  });

  it('fails a job whose data does not fit its template for good, after one attempt, and sends nothing', async () => {
    const to = uniqueAddress('bad');
    const noLink = {
      to,
      template: 'password-reset' as const,
      data: { expiresInMinutes: 15 },
      idempotencyKey: `bad-${to}`,
    };
    const unwritten = { to, template: 'welcome' as const, data: { name: 'Ana' }, idempotencyKey: `welcome-${to}` };
    for (const payload of [noLink, unwritten]) await emails.add(payload, { jobId: payload.idempotencyKey });

    const failed = await finished(noLink.idempotencyKey, 'failed');
    expect(failed.attemptsMade).toBe(1);
    expect(failed.failedReason).toMatch(/^password-reset data does not fit: link: /);
    const notWritten = await finished(unwritten.idempotencyKey, 'failed');
    expect(notWritten.attemptsMade).toBe(1);
    expect(notWritten.failedReason).toBe('the welcome mail is not written yet');

    expect(await mailsTo(to)).toEqual([]);
    const sentMails = await sentMailModel(app.mongo);
    expect(await sentMails.countDocuments({ to })).toBe(0);
  });

  it('escapes a hostile public name in the HTML it sends', async () => {
    const to = uniqueAddress('hostile');
    const publicName = '<img src=x onerror="steal()"> & co';
    const idempotencyKey = `hostile-${to}`;
    await emails.add(
      { to, template: 'password-reset', data: { ...linkData('c0de-3'), publicName }, idempotencyKey },
      { jobId: idempotencyKey },
    );
    const mail = await waitForMail(to);
    expect(mail.subject).toBe('Reset your TravelClub password');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=&quot;steal()&quot;&gt; &amp; co,');
    expect(mail.text).toContain(`Hello ${publicName},`);
  });

  it('sends a booking confirmation job with its stays, total and link', async () => {
    const to = uniqueAddress('booking');
    const data = {
      link: 'http://localhost:8080/itinerary/it-42/confirmation',
      itineraryId: 'it-42',
      leadGuestName: 'Ana <b>Lima</b>',
      stays: 'Hotel Porto, Twin room, 2026-12-03 to 2026-12-05\nQuinta do Douro, Suite, 2026-12-05 to 2026-12-07',
      total: '€512.40',
    };
    const idempotencyKey = `booking-confirmation-${to}`;
    await emails.add({ to, template: 'booking-confirmation', data, idempotencyKey }, { jobId: idempotencyKey });

    const mail = await waitForMail(to, { subject: 'Your booking is confirmed (reference it-42)' });
    expect(linkIn(mail, '/itinerary/it-42/confirmation')).toBe(data.link);
    expect(mail.text).toMatch(/^Hello Ana <b>Lima<\/b>,\n/);
    expect(mail.text).toContain('- Hotel Porto, Twin room, 2026-12-03 to 2026-12-05\n- Quinta do Douro, Suite');
    expect(mail.text).toContain('Total: €512.40');
    expect(mail.html).toContain('Ana &lt;b&gt;Lima&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('<li style="margin:4px 0;">Quinta do Douro, Suite, 2026-12-05 to 2026-12-07</li>');
    expect(mail.html).toContain(`href="${data.link}"`);
    const job = await finished(idempotencyKey, 'completed');
    expect(job.returnvalue).toEqual({ status: 'sent', messageId: mail.messageId });
    // Nothing in a booking mail's link is secret: the job stays as it was, to be looked at or sent again.
    expect(job.data).toEqual({ to, template: 'booking-confirmation', data, idempotencyKey });
  });

  it('is ready while MongoDB, Kafka and Redis answer', async () => {
    const res = await app.inject({ method: 'GET', url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { mongo: 'up', kafka: 'up', redis: 'up' } });
  });
});

describe('one-time links in finished jobs', () => {
  const codeIn = (data: unknown) => JSON.stringify(data).match(/c0de-[a-z0-9-]+/)?.[0];

  it('a sent link mail keeps no usable link in its job', async () => {
    const to = uniqueAddress('sent-link');
    const idempotencyKey = `magic-link-${to}`;
    await emails.add(
      { to, template: 'magic-link', data: linkData('c0de-sent'), idempotencyKey },
      { jobId: idempotencyKey },
    );
    await waitForMail(to);
    const job = await finished(idempotencyKey, 'completed');
    expect(job.data).toEqual({
      to,
      template: 'magic-link',
      data: { link: 'http://localhost:8080/continueSignIn', expiresInMinutes: 15 },
      idempotencyKey,
      redacted: true,
    });
    expect(codeIn(job.data)).toBeUndefined();
  });

  it('a job refused as malformed keeps no usable link either', async () => {
    const idempotencyKey = `malformed-${uniqueAddress('x')}`;
    // Straight onto the queue, as a producer that skipped the contract would.
    await emails.queue.add(
      'emails',
      { to: 'not an address', template: 'password-reset', data: linkData('c0de-malformed'), idempotencyKey },
      { jobId: idempotencyKey },
    );
    await finished(idempotencyKey, 'failed');
    await vi.waitFor(async () => expect((await emails.queue.getJob(idempotencyKey))!.data.redacted).toBe(true));
    expect(codeIn((await emails.queue.getJob(idempotencyKey))!.data)).toBeUndefined();
  });

  it('a redacted job is never sent', async () => {
    const to = uniqueAddress('redacted');
    const idempotencyKey = `redacted-${to}`;
    const payload = {
      to,
      template: 'magic-link' as const,
      data: linkData('c0de-r'),
      idempotencyKey,
      redacted: true as const,
    };
    await emails.add(payload, { jobId: idempotencyKey });
    const failed = await finished(idempotencyKey, 'failed');
    expect(failed.attemptsMade).toBe(1);
    expect(failed.failedReason).toBe(`mail ${idempotencyKey} was redacted: its link is gone`);
    expect(await mailsTo(to)).toEqual([]);
  });

  it('a link mail that fails for good (SMTP unreachable, attempts used up) keeps no usable link', async () => {
    // A port nothing listens on: every attempt is refused at once.
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const unreachable = { ...notificationsTestConfig(), SMTP_URL: `smtp://127.0.0.1:${closedPort}` };
    const worker = await buildApp(unreachable);
    const queue = createJobQueue('emails', {
      redisUrl: unreachable.REDIS_URL,
      prefix: unreachable.QUEUE_PREFIX,
      jobOptions: { attempts: 3, backoff: { type: 'fixed', delay: 50 } },
    });
    try {
      const to = uniqueAddress('unreachable');
      const idempotencyKey = `password-reset-${to}`;
      await queue.add(
        { to, template: 'password-reset', data: linkData('c0de-unsent'), idempotencyKey },
        { jobId: idempotencyKey },
      );
      await vi.waitFor(async () => expect(await queue.queue.getJobState(idempotencyKey)).toBe('failed'), {
        timeout: 15_000,
      });
      const job = (await queue.queue.getJob(idempotencyKey))!;
      expect(job.attemptsMade).toBe(3);
      expect(job.failedReason).toMatch(/ECONNREFUSED/);
      expect(job.data).toMatchObject({
        template: 'password-reset',
        data: { link: 'http://localhost:8080/continueSignIn' },
        redacted: true,
      });
      expect(codeIn(job.data)).toBeUndefined();
    } finally {
      await queue.queue.obliterate({ force: true });
      await queue.close();
      await worker.mongo.dropDatabase();
      await worker.close();
    }
  });
});
