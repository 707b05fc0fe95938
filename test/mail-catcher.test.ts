// The mail catcher (scripts/mail-catcher.mjs) over plain SMTP and HTTP, and the kit's helpers that read the
// run's catcher. Mail is sent by a small hand-written SMTP client, so the test shows the whole exchange.
import { createConnection, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../scripts/mail-catcher.mjs';
import { linkIn, mailsTo, testInfra, uniqueName, waitForMail } from '@travelclub/kit/testing';

/** Reads one SMTP reply (the last line of a multi-line reply has a space after the code) and checks its code. */
function replyReader(socket: Socket) {
  let buffer = '';
  let waiting: { resolve: (reply: string) => void; reject: (err: Error) => void } | undefined;
  const deliver = () => {
    const last = /(?:^|\r\n)\d{3} [^\r\n]*\r\n/.exec(buffer);
    if (!last || !waiting) return;
    const end = last.index + last[0].length;
    const reply = buffer.slice(0, end);
    buffer = buffer.slice(end);
    const { resolve } = waiting;
    waiting = undefined;
    resolve(reply);
  };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    deliver();
  });
  socket.on('error', (err) => waiting?.reject(err));
  return async (code: string) => {
    const reply = await new Promise<string>((resolve, reject) => {
      waiting = { resolve, reject };
      deliver();
    });
    if (!reply.startsWith(code)) throw new Error(`expected ${code}, got ${reply.trim()}`);
    return reply;
  };
}

async function sendMail(smtpUrl: string, envelope: { from: string; to: string[] }, message: string) {
  const { hostname, port } = new URL(smtpUrl);
  const socket = createConnection({ host: hostname, port: Number(port) });
  const reply = replyReader(socket);
  const say = (line: string) => socket.write(`${line}\r\n`);
  try {
    await reply('220');
    say('EHLO tests.local');
    await reply('250');
    say(`MAIL FROM:<${envelope.from}>`);
    await reply('250');
    for (const to of envelope.to) {
      say(`RCPT TO:<${to}>`);
      await reply('250');
    }
    say('DATA');
    await reply('354');
    // Dot-stuffing: a line that starts with a dot gets another one.
    socket.write(`${message.replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..')}\r\n.\r\n`);
    await reply('250');
    say('QUIT');
    await reply('221');
  } finally {
    socket.destroy();
  }
}

const mimeMail = ({ to, subject, text, html }: { to: string; subject: string; text: string; html: string }) =>
  [
    'From: TravelClub <no-reply@travelclub.local>',
    `To: ${to}`,
    `Subject: ${subject}`,
    'Date: Sun, 22 Nov 2026 10:00:00 +0000',
    `Message-ID: <${uniqueName('msg')}@tests.local>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary="part"',
    '',
    '--part',
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '--part',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    '--part--',
  ].join('\n');

describe('mail catcher', () => {
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  beforeAll(async () => {
    catcher = await startMailCatcher({ maxMessages: 3 });
  });
  afterAll(() => catcher.close());

  const get = async (query = '') => {
    const res = await fetch(`${catcher.httpUrl}/messages${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string; to: string[]; subject: string }[];
  };

  it('keeps a received mail parsed, and lists it by recipient whatever the case', async () => {
    await sendMail(
      catcher.smtpUrl,
      { from: 'no-reply@travelclub.local', to: ['Ana@Example.test', 'bcc@example.test'] },
      mimeMail({
        to: 'Ana <Ana@Example.test>',
        subject: 'Your TravelClub sign-in link',
        text: 'Sign in:\n\nhttps://web.test/continueSignIn?code=abc\n\n.a line that starts with a dot',
        html: '<p>Sign in: <a href="https://web.test/continueSignIn?code=abc">here</a></p>',
      }),
    );

    const [mail, ...others] = catcher.messages();
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      id: '1',
      from: 'no-reply@travelclub.local',
      fromName: 'TravelClub',
      to: ['Ana@Example.test', 'bcc@example.test'],
      subject: 'Your TravelClub sign-in link',
      date: '2026-11-22T10:00:00.000Z',
      messageId: expect.stringMatching(/^<msg-[0-9a-f]{8}@tests\.local>$/),
    });
    expect(mail?.text).toContain('\nhttps://web.test/continueSignIn?code=abc\n');
    expect(mail?.text).toContain('\n.a line that starts with a dot');
    expect(mail?.html).toContain('href="https://web.test/continueSignIn?code=abc"');
    expect(mail?.headers).toContainEqual({ key: 'subject', value: 'Your TravelClub sign-in link' });

    expect(await get('?to=ana@example.TEST')).toEqual([expect.objectContaining({ id: '1' })]);
    expect(await get('?to=BCC@example.test')).toHaveLength(1);
    expect(await get('?to=nobody@example.test')).toEqual([]);
    expect(await get()).toHaveLength(1);
  });

  it('keeps only the newest mails, newest last, and forgets them all on DELETE', async () => {
    for (const n of [1, 2, 3, 4]) {
      await sendMail(
        catcher.smtpUrl,
        { from: 'a@example.test', to: ['many@example.test'] },
        mimeMail({ to: 'many@example.test', subject: `mail ${n}`, text: `${n}`, html: `<p>${n}</p>` }),
      );
    }
    expect((await get()).map((m) => m.subject)).toEqual(['mail 2', 'mail 3', 'mail 4']);

    const cleared = await fetch(`${catcher.httpUrl}/messages`, { method: 'DELETE' });
    expect(cleared.status).toBe(204);
    expect(await get()).toEqual([]);
  });

  it('answers 404 elsewhere and 405 to other methods', async () => {
    expect((await fetch(`${catcher.httpUrl}/`)).status).toBe(404);
    const post = await fetch(`${catcher.httpUrl}/messages`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, DELETE');
  });

  it('takes a free port when asked to and the port is taken; refuses otherwise', async () => {
    const taken = Number(new URL(catcher.smtpUrl).port);
    const second = await startMailCatcher({ smtpPort: taken, fallbackToFreePort: true });
    try {
      expect(Number(new URL(second.smtpUrl).port)).not.toBe(taken);
      expect((await fetch(`${second.httpUrl}/messages`)).status).toBe(200);
    } finally {
      await second.close();
    }
    await expect(startMailCatcher({ smtpPort: taken })).rejects.toThrow(/EADDRINUSE/);
  });
});

describe('kit mail helpers against the run catcher', () => {
  it('waits for a mail to an address and follows the link in it', async () => {
    const to = `${uniqueName('helper')}@example.test`;
    const send = (subject: string, link: string) =>
      sendMail(
        testInfra().smtpUrl,
        { from: 'no-reply@travelclub.local', to: [to] },
        mimeMail({ to, subject, text: `Hello,\n\nSee https://web.test/help first.\n\n${link}\n`, html: '<p>hi</p>' }),
      );
    const waiting = waitForMail(to.toUpperCase(), { subject: 'Verify your email address' });
    await send('Your TravelClub sign-in link', 'https://web.test/continueSignIn?code=1');
    await send('Verify your email address', 'https://web.test/verifyEmail?code=2.');

    const mail = await waiting;
    expect(mail.subject).toBe('Verify your email address');
    expect(linkIn(mail, '/verifyEmail')).toBe('https://web.test/verifyEmail?code=2');
    expect(() => linkIn(mail, '/continueSignIn')).toThrow('no link to /continueSignIn');
    expect((await mailsTo(to)).map((m) => m.subject)).toEqual([
      'Your TravelClub sign-in link',
      'Verify your email address',
    ]);
    expect((await waitForMail(to, { subject: /sign-in/ })).subject).toBe('Your TravelClub sign-in link');
    // Without a subject, the newest mail.
    expect((await waitForMail(to)).subject).toBe('Verify your email address');
  });

  it('gives up after its timeout, naming what did arrive', async () => {
    const to = `${uniqueName('nobody')}@example.test`;
    await expect(waitForMail(to, { timeoutMs: 300 })).rejects.toThrow(`no mail to ${to} within 300 ms (arrived: none)`);
  });
});
