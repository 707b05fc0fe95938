// Mailed one-time codes end to end: auth queues the mail, the real notifications worker sends it to the
// run's mail catcher, and the test follows the link the way a person would.
import { successMessages } from '@travelclub/contracts';
import { linkIn, mailsTo, uniqueName, waitForMail } from '@travelclub/kit/testing';
import { decodeJwt } from 'jose';
import { startNotifications, type NotificationsApp } from '@travelclub/testing/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthApp } from '../../src/app.js';
import {
  bearer,
  expectError,
  newEmail,
  passwordlessAccount,
  signUp,
  startAuth,
  startAuthWith,
  storesOf,
} from '../helpers.js';

const QUEUE_PREFIX = uniqueName('test-mail');
let app: AuthApp;
let worker: NotificationsApp;
beforeAll(async () => {
  app = await startAuth({ QUEUE_PREFIX });
  worker = await startNotifications({ QUEUE_PREFIX });
});
afterAll(async () => {
  await app?.close();
  await worker?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });
const codeFrom = (link: URL, name: string) => link.searchParams.get(name) ?? '';

describe('magic link', () => {
  it('mails a link to /continueSignIn that signs in once, creating the account on first use', async () => {
    const email = newEmail('magic');
    const asked = await post('/api/v1/authentication/magicLink', { email, returnUrl: '/user/trips?tab=next' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: successMessages.magicLinkSent });

    const mail = await waitForMail(email, { subject: /sign-in link/i });
    const link = new URL(linkIn(mail, '/continueSignIn'));
    expect(link.origin).toBe('https://web.travelclub.test');
    expect(mail.html).toContain(link.searchParams.get('code'));

    const signedIn = await post('/api/v1/auth/magicLink/consume', { code: codeFrom(link, 'code') });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      returnUrl: '/user/trips?tab=next',
      user: { email, emailVerified: true, roles: ['role/customer'], isAnonymous: false },
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(signedIn.json().accessToken) }))
        .statusCode,
    ).toBe(200);

    expectError(await post('/api/v1/auth/magicLink/consume', { code: codeFrom(link, 'code') }), 'invalid-action-code');
  });

  it('signs an existing account in, same id', async () => {
    const { user } = await signUp(app);
    await post('/api/v1/authentication/magicLink', { email: user.email!, returnUrl: '/' });
    const link = new URL(linkIn(await waitForMail(user.email!, { subject: /sign-in link/i }), '/continueSignIn'));
    const signedIn = await post('/api/v1/auth/magicLink/consume', { code: codeFrom(link, 'code') });
    expect(signedIn.json().user.id).toBe(user.id);
  });

  it('stops working after 15 minutes', async () => {
    const email = newEmail('late');
    await post('/api/v1/authentication/magicLink', { email, returnUrl: '/' });
    const link = new URL(linkIn(await waitForMail(email), '/continueSignIn'));
    // Fifteen minutes pass: move the code's expiry instead of waiting.
    await app.mongo
      .collection('one_time_codes')
      .updateMany({ kind: 'magic-link', email }, { $set: { expiresAt: new Date(Date.now() - 1_000) } });
    expectError(await post('/api/v1/auth/magicLink/consume', { code: codeFrom(link, 'code') }), 'invalid-action-code');
  });

  it('asks for an email, refuses a bad one, and keeps the return path on this site', async () => {
    expectError(await post('/api/v1/authentication/magicLink', { returnUrl: '/' }), 'missing-email');
    expectError(await post('/api/v1/authentication/magicLink', { email: 'nope', returnUrl: '/' }), 'invalid-email');
    const away = await post('/api/v1/authentication/magicLink', { email: newEmail(), returnUrl: 'https://evil.test/' });
    expect(away.statusCode).toBe(400);
    const protocolRelative = await post('/api/v1/authentication/magicLink', {
      email: newEmail(),
      returnUrl: '//evil.test',
    });
    expect(protocolRelative.statusCode).toBe(400);
  });
});

describe('password reset', () => {
  it('mails a reset link; the code sets the password once and signs out old sessions', async () => {
    const { user, refreshToken } = await signUp(app);
    const asked = await post('/api/v1/auth/passwordReset/request', { email: user.email! });
    expect(asked.statusCode).toBe(202);
    const link = new URL(linkIn(await waitForMail(user.email!, { subject: /reset/i }), '/resetPassword'));
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    const oobCode = codeFrom(link, 'oobCode');

    const confirm = (newPassword: string) =>
      post('/api/v1/auth/passwordReset/confirm', { mode: 'resetPassword', oobCode, newPassword });
    expectError(await confirm('short'), 'weak-password');
    expect((await confirm('a brand new secret')).statusCode).toBe(200);
    expectError(await confirm('another new secret'), 'invalid-action-code');

    const signIn = (password: string) => post('/api/v1/auth/signIn', { email: user.email!, password });
    expect((await signIn('a brand new secret')).statusCode).toBe(200);
    expectError(await signIn('correct horse battery'), 'wrong-password');
    expect((await post('/api/v1/auth/token/refresh', { refreshToken })).statusCode).toBe(401);
  });

  it('answers 202 for an unknown email and sends nothing', async () => {
    const email = newEmail('unknown');
    expect((await post('/api/v1/auth/passwordReset/request', { email })).statusCode).toBe(202);
    // A known address asked right after proves the worker is running; the unknown one still has nothing.
    const { user } = await signUp(app);
    await post('/api/v1/auth/passwordReset/request', { email: user.email! });
    await waitForMail(user.email!, { subject: /reset/i });
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses a made-up code and a missing email', async () => {
    expectError(
      await post('/api/v1/auth/passwordReset/confirm', {
        mode: 'resetPassword',
        oobCode: 'made-up',
        newPassword: 'secret-1',
      }),
      'invalid-action-code',
    );
    expectError(await post('/api/v1/auth/passwordReset/request', {}), 'missing-email');
  });
});

describe('email verification', () => {
  it('sign-up mails a verification link; verifying marks the account, and the next token says so', async () => {
    const { user, accessToken, refreshToken } = await signUp(app);
    expect(user.emailVerified).toBe(false);
    expect(decodeJwt(accessToken).emailVerified).toBe(false);
    const link = new URL(linkIn(await waitForMail(user.email!, { subject: /verify/i }), '/auth-redirect'));
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    const verified = await post('/api/v1/authentication/verifyEmail', {
      email: user.email!,
      code: codeFrom(link, 'oobCode'),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.emailVerified).toBe(true);
    // Taylor's model turns want this claim (docs/assistant.md, "Limits").
    const next = await post('/api/v1/auth/token/refresh', { refreshToken });
    expect(decodeJwt(next.json().accessToken).emailVerified).toBe(true);
    expectError(
      await post('/api/v1/authentication/verifyEmail', { code: codeFrom(link, 'oobCode') }),
      'invalid-action-code',
    );
    // Verified accounts are not mailed again.
    const again = await post('/api/v1/authentication/requestEmailVerification', {}, bearer(accessToken));
    expect(again.statusCode).toBe(202);
  });

  it('a signed-in user can ask for the mail again; strangers cannot', async () => {
    const { user, accessToken } = await signUp(app);
    await waitForMail(user.email!, { subject: /verify/i });
    expect((await post('/api/v1/authentication/requestEmailVerification', {}, bearer(accessToken))).statusCode).toBe(
      202,
    );
    await expect.poll(async () => (await mailsTo(user.email!)).length, { timeout: 10_000 }).toBe(2);
    expectError(await post('/api/v1/authentication/requestEmailVerification', {}), 'unauthenticated');
  });
});

describe('mail limits', () => {
  /** Runs `test` against an app of its own with these mail limits. */
  async function withLimits(limits: Record<string, string>, test: (limited: AuthApp) => Promise<void>) {
    const limited = await startAuth({ QUEUE_PREFIX, ...limits });
    try {
      await test(limited);
    } finally {
      await limited.close();
    }
  }

  const askForLink = (limited: AuthApp, email: string) =>
    limited.inject({ method: 'POST', url: '/api/v1/authentication/magicLink', payload: { email, returnUrl: '/' } });

  /** Asks for the verification mail again twice: the first is sent, the second is over the limit. */
  async function askVerificationPastLimit(limited: AuthApp, accessToken: string) {
    const askAgain = () =>
      limited.inject({
        method: 'POST',
        url: '/api/v1/authentication/requestEmailVerification',
        headers: bearer(accessToken),
      });
    expect((await askAgain()).statusCode).toBe(202);
    expectError(await askAgain(), 'too-many-requests');
  }

  it('sends an address at most the configured number of link mails per hour', async () => {
    await withLimits({ MAILS_PER_ADDRESS_PER_HOUR: '2' }, async (limited) => {
      const email = newEmail('flooded');
      expect((await askForLink(limited, email)).statusCode).toBe(200);
      expect((await askForLink(limited, email)).statusCode).toBe(200);
      const third = await askForLink(limited, email);
      expect(third.statusCode).toBe(429);
      expect(third.json().error.code).toBe('too-many-requests');
      await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBe(2);
    });
  });

  it('counts the verification mail sign-up sends: asking again stops at the limit', async () => {
    await withLimits({ MAILS_PER_ADDRESS_PER_HOUR: '2' }, async (limited) => {
      const { user, accessToken } = await signUp(limited);
      await askVerificationPastLimit(limited, accessToken);
      await expect.poll(async () => (await mailsTo(user.email!)).length, { timeout: 10_000 }).toBe(2);
    });
  });

  it('a sign-up over the address limit still signs up, without the mail', async () => {
    await withLimits({ MAILS_PER_ADDRESS_PER_HOUR: '1' }, async (limited) => {
      const email = newEmail('pre-flooded');
      expect((await askForLink(limited, email)).statusCode).toBe(200);
      const { user } = await signUp(limited, { email });
      expect(user.email).toBe(email);
      await waitForMail(email, { subject: /sign-in link/i });
      // The sign-up came after the link used the hour's one mail: its verification mail was never queued.
      const codes = await limited.mongo
        .collection('one_time_codes')
        .countDocuments({ kind: 'email-verification', userId: user.id });
      expect(codes).toBe(0);
      expect((await mailsTo(email)).map((m) => m.subject)).toEqual(['Your TravelClub sign-in link']);
    });
  });

  it('counts per account too', async () => {
    await withLimits({ MAILS_PER_ADDRESS_PER_HOUR: '50', MAILS_PER_ACCOUNT_PER_HOUR: '2' }, async (limited) => {
      const { accessToken } = await signUp(limited);
      await askVerificationPastLimit(limited, accessToken);
    });
  });
});

describe('names in mails', () => {
  const hostileName = 'Refund pending, visit evil.example';

  it('an address nobody proved is never greeted with the name whoever signed up with it chose', async () => {
    const { user } = await signUp(app, { publicName: hostileName });
    const verification = await waitForMail(user.email!, { subject: /verify/i });
    await post('/api/v1/authentication/magicLink', { email: user.email!, returnUrl: '/' });
    const magic = await waitForMail(user.email!, { subject: /sign-in link/i });
    await post('/api/v1/auth/passwordReset/request', { email: user.email! });
    const reset = await waitForMail(user.email!, { subject: /reset/i });
    for (const mail of [verification, magic, reset]) {
      expect(mail.text).toMatch(/^Hello,\n/);
      expect(mail.text + mail.html).not.toContain('evil.example');
    }
  });

  it('a verified account is greeted by its name', async () => {
    const { user } = await signUp(app, { publicName: 'Grace Hopper' });
    const link = new URL(linkIn(await waitForMail(user.email!, { subject: /verify/i }), '/auth-redirect'));
    await post('/api/v1/authentication/verifyEmail', { code: codeFrom(link, 'oobCode') });
    await post('/api/v1/authentication/magicLink', { email: user.email!, returnUrl: '/' });
    expect((await waitForMail(user.email!, { subject: /sign-in link/i })).text).toMatch(/^Hello Grace Hopper,\n/);
  });
});

describe('with sign-up closed', () => {
  let closed: AuthApp;
  let stores: Awaited<ReturnType<typeof storesOf>>;
  beforeAll(async () => {
    closed = await startAuth({ QUEUE_PREFIX, SIGN_UP_ENABLED: 'false' });
    stores = await storesOf(closed);
  });
  afterAll(() => closed?.close());
  const postClosed = (url: string, payload: object, headers: Record<string, string> = {}) =>
    closed.inject({ method: 'POST', url, payload, headers });
  const linkCode = (email: string) =>
    stores.codes.create('magic-link', 60_000, { email: email.toLowerCase(), returnUrl: '/' });

  it('a magic link for an address without an account makes no account', async () => {
    const email = newEmail('closed-magic');
    expectError(
      await postClosed('/api/v1/auth/magicLink/consume', { code: await linkCode(email) }),
      'sign-up-disabled',
    );
    expect(await stores.accounts.findByEmail(email)).toBeNull();

    // Nor does it upgrade an anonymous visitor.
    const visitor = (await postClosed('/api/v1/auth/anonymous', {})).json();
    const other = newEmail('closed-anon');
    const upgrade = await postClosed(
      '/api/v1/auth/magicLink/consume',
      { code: await linkCode(other) },
      bearer(visitor.accessToken),
    );
    expectError(upgrade, 'sign-up-disabled');
    expect((await stores.accounts.findById(visitor.user.id))?.isAnonymous).toBe(true);
  });

  it('mails no link to an address without an account, and answers as for any other', async () => {
    const stranger = newEmail('closed-stranger');
    const asked = await postClosed('/api/v1/authentication/magicLink', { email: stranger, returnUrl: '/' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: successMessages.magicLinkSent });

    // An existing account still gets its link and signs in; by then the stranger's would have arrived too.
    const email = newEmail('closed-member');
    const member = await passwordlessAccount(closed, email, 'Member');
    await postClosed('/api/v1/authentication/magicLink', { email, returnUrl: '/' });
    const link = new URL(linkIn(await waitForMail(email, { subject: /sign-in link/i }), '/continueSignIn'));
    const signedIn = await postClosed('/api/v1/auth/magicLink/consume', { code: codeFrom(link, 'code') });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(member._id);
    expect(await mailsTo(stranger)).toEqual([]);
  });
});

describe('taking over an email', () => {
  it('a magic link on an account whose email was never verified removes the password someone else set', async () => {
    // Anyone can sign up with any address; the address's owner then signs in with a magic link.
    const squatter = await signUp(app);
    const email = squatter.user.email!;
    await post('/api/v1/authentication/magicLink', { email, returnUrl: '/' });
    const link = new URL(linkIn(await waitForMail(email, { subject: /sign-in link/i }), '/continueSignIn'));
    const owner = await post('/api/v1/auth/magicLink/consume', { code: codeFrom(link, 'code') });
    expect(owner.json().user).toMatchObject({ id: squatter.user.id, emailVerified: true });

    expect((await post('/api/v1/auth/signIn', { email, password: squatter.password })).statusCode).not.toBe(200);
    expect((await post('/api/v1/auth/token/refresh', { refreshToken: squatter.refreshToken })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/token/refresh', { refreshToken: owner.json().refreshToken })).statusCode).toBe(
      200,
    );
  });

  it('an anonymous visitor signing in by magic link for the first time keeps their id', async () => {
    const visitor = (await post('/api/v1/auth/anonymous', {})).json();
    const email = newEmail('anon-magic');
    await post('/api/v1/authentication/magicLink', { email, returnUrl: '/' });
    const link = new URL(linkIn(await waitForMail(email), '/continueSignIn'));
    const signedIn = await post(
      '/api/v1/auth/magicLink/consume',
      { code: codeFrom(link, 'code') },
      bearer(visitor.accessToken),
    );
    expect(signedIn.json().user).toMatchObject({ id: visitor.user.id, email, isAnonymous: false });
  });
});

describe('password reset, the hard cases', () => {
  const resetCode = async (email: string) => {
    await post('/api/v1/auth/passwordReset/request', { email });
    return codeFrom(new URL(linkIn(await waitForMail(email, { subject: /reset/i }), '/resetPassword')), 'oobCode');
  };

  it('refuses an expired code', async () => {
    const { user } = await signUp(app);
    const oobCode = await resetCode(user.email!);
    await app.mongo
      .collection('one_time_codes')
      .updateMany({ kind: 'password-reset', userId: user.id }, { $set: { expiresAt: new Date(Date.now() - 1_000) } });
    const res = await post('/api/v1/auth/passwordReset/confirm', {
      mode: 'resetPassword',
      oobCode,
      newPassword: 'secret-99',
    });
    expectError(res, 'invalid-action-code');
  });

  it('ends browser sessions opened before the change', async () => {
    const { user, accessToken } = await signUp(app);
    const csrf = (await app.inject({ method: 'GET', url: '/api/v1/auth/csrf' })).json().csrfToken;
    const login = await app.inject({
      method: 'POST',
      url: '/api/sessionLogin',
      payload: { data: accessToken, csrf },
      cookies: { tc_csrf: csrf },
    });
    const session = login.cookies.find((c) => c.name === 'tc_session')!.value;
    const check = () => app.inject({ method: 'GET', url: '/api/v1/auth/session', cookies: { tc_session: session } });
    expect((await check()).json().isAuthenticated).toBe(true);
    const oobCode = await resetCode(user.email!);
    await post('/api/v1/auth/passwordReset/confirm', { mode: 'resetPassword', oobCode, newPassword: 'secret-99' });
    expect((await check()).json()).toEqual({ isAuthenticated: false, user: null });
  });

  it('still answers 202 for a known address when the mail cannot be queued', async () => {
    const away = async () => {
      throw new Error('Redis is away');
    };
    const cut = await startAuthWith({ mailer: { sendLink: away, sendVerification: away } });
    try {
      const { user } = await signUp(cut);
      const payload = { email: user.email! };
      expect(
        (await cut.inject({ method: 'POST', url: '/api/v1/auth/passwordReset/request', payload })).statusCode,
      ).toBe(202);
    } finally {
      await cut.close();
    }
  });
});
