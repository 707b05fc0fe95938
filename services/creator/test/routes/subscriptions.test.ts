// Email subscribers through the real app, with the real notifications worker mailing the run's mail catcher:
// double opt-in, the same answer whatever the address's state, one-click unsubscribe, the unsubscribe page's
// read (whose club, never the address), limits, and the events analytics counts subscribers from (never with the
// address in them).
import { subscriptionMessages } from '@travelclub/contracts';
import { unheardOutbox } from '@travelclub/kit';
import { linkIn, mailsTo, uniqueName, waitForMail, type CaughtMail } from '@travelclub/kit/testing';
import { startNotifications, type NotificationsApp } from '@travelclub/testing/notifications';
import type { InjectOptions } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionStore } from '../../src/store/subscriptions.js';
import { expectError, expectInvalid, useCreator } from '../helpers.js';

const QUEUE_PREFIX = uniqueName('test-creator-mail');
const world = useCreator({ QUEUE_PREFIX });
let worker: NotificationsApp;
beforeAll(async () => {
  worker = await startNotifications({ QUEUE_PREFIX });
});
afterAll(() => worker?.close());

const inject = (options: InjectOptions) => world.app.inject(options);
const SUBJECT = 'Please confirm your subscription';
const newEmail = (label: string) => `${uniqueName(label)}@example.test`;
/** A client address of the test's own, so the per-address limit of one test does not stop another. */
const clientAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

function subscribe(payload: object, headers: Record<string, string> = {}) {
  return inject({
    method: 'PUT',
    url: '/api/v1/emailSubscription',
    payload,
    headers: { 'x-forwarded-for': clientAddress(), ...headers },
  });
}

interface StoredSubscription {
  _id: string;
  email: string;
  emailKey: string;
  status: string;
  mailedAt: Date;
  userId?: string;
  unsubscribeToken: string;
  codes: { hash: string; expiresAt: Date }[];
}
const subscriptions = () => world.app.mongo.collection<StoredSubscription>('subscriptions');
/** The next mail to `email` after the `before` it had: its newest, once there are more. */
async function nextMail(email: string, before: number): Promise<CaughtMail> {
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBeGreaterThan(before);
  return (await mailsTo(email)).at(-1)!;
}
/**
 * The API call behind the mail's confirmation link: the link opens the web's page
 * (`/emailSubscription/{id}/confirm?confirmationCode=`), which asks the API at `/api/v1` + that path.
 */
const apiPath = (mail: CaughtMail) => {
  const url = new URL(linkIn(mail, '/emailSubscription/'));
  expect(url.pathname).toMatch(/^\/emailSubscription\/[^/]+\/confirm$/);
  return `/api/v1${url.pathname}${url.search}`;
};
const header = (mail: CaughtMail, key: string) => mail.headers.find((h) => h.key === key)?.value;

/** Subscribes `email` to the creator and follows the mailed link; answers the subscription id. */
async function confirmed(email: string, creatorId: string, headers: Record<string, string> = {}) {
  const before = (await mailsTo(email)).length;
  expect((await subscribe({ email, creatorId }, headers)).statusCode).toBe(202);
  const res = await inject({ method: 'GET', url: apiPath(await nextMail(email, before)) });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

describe('double opt-in', () => {
  it('mails a confirmation link that confirms once, and publishes the confirmation without the address', async () => {
    const creator = await world.creator('Ana Travels');
    const email = newEmail('Fan');
    const asked = await subscribe({
      email,
      creatorId: creator.id,
      timeZone: 'Europe/Lisbon',
      settings: { frequency: 'instant' },
      subscriptionType: 'newsletter',
    });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: subscriptionMessages.checkInbox });

    const mail = await waitForMail(email, { subject: SUBJECT });
    expect(mail.text).toContain('news from Ana Travels on TravelClub');
    // The link opens the web's confirmation page, never the API itself.
    expect(mail.text).not.toContain('/api/v1/emailSubscription/');
    const link = apiPath(mail);
    expect(link).toMatch(/^\/api\/v1\/emailSubscription\/[^/]+\/confirm\?confirmationCode=[\w-]{40,}$/);
    const stored = await subscriptions().findOne({ emailKey: email.toLowerCase() });
    expect(stored).toMatchObject({ status: 'pending', email });
    expect(JSON.stringify(stored)).not.toContain(new URL(link, 'http://x').searchParams.get('confirmationCode'));

    const confirm = await inject({ method: 'GET', url: link });
    expect(confirm.statusCode).toBe(200);
    const id = confirm.json().id as string;
    expect(confirm.json()).toMatchObject({
      creatorId: creator.id,
      creator: { publicName: 'Ana Travels', slug: creator.profile.slug },
      status: 'confirmed',
      timeZone: 'Europe/Lisbon',
      settings: { frequency: 'instant' },
      subscriptionType: 'newsletter',
      confirmedAt: expect.any(String),
    });
    expect(confirm.body).not.toContain(email);
    expectError(await inject({ method: 'GET', url: link }), 'subscription-code-invalid');

    const [event] = await world.events.wait((e) => e.aggregateId === id);
    expect(event).toMatchObject({
      type: 'creator.subscriber.confirmed',
      payload: { subscriptionId: id, creatorId: creator.id, at: expect.any(String) },
    });
    expect(JSON.stringify(event).toLowerCase()).not.toContain(email.toLowerCase());
  });

  it('carries one-click unsubscribe headers and an unsubscribe page link in the mail', async () => {
    const creator = await world.creator('Headers Club');
    const email = newEmail('headers');
    await subscribe({ email, creatorId: creator.id });
    const mail = await waitForMail(email, { subject: SUBJECT });
    const id = (await subscriptions().findOne({ emailKey: email }))!._id;
    const oneClick = header(mail, 'list-unsubscribe');
    expect(oneClick).toMatch(
      new RegExp(`^<http://localhost:8080/api/v1/emailSubscription/${id}\\?token=[\\w-]{40,}>$`),
    );
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const page = new URL(linkIn(mail, `/emailSubscription/${id}/unsubscribe`));
    expect(page.searchParams.get('token')).toBe(new URL(oneClick!.slice(1, -1)).searchParams.get('token'));
  });

  it('answers the same for a confirmed address, without a mail; mails a pending one again after 10 minutes', async () => {
    const creator = await world.creator('Again Club');
    const email = newEmail('again');
    const first = await subscribe({ email, creatorId: creator.id });
    const firstMail = await waitForMail(email, { subject: SUBJECT });
    const second = await subscribe({ email: email.toUpperCase(), creatorId: creator.id });
    expect([second.statusCode, second.body]).toEqual([first.statusCode, first.body]);
    await sleep(1_500);
    expect(await mailsTo(email)).toHaveLength(1);

    // Ten minutes later (the last mail moved back): a new link, and the first one still works.
    await subscriptions().updateOne({ emailKey: email }, { $set: { mailedAt: new Date(Date.now() - 11 * 60_000) } });
    await subscribe({ email, creatorId: creator.id });
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBe(2);
    const secondMail = (await mailsTo(email))[1]!;
    expect(apiPath(secondMail)).not.toBe(apiPath(firstMail));
    expect((await inject({ method: 'GET', url: apiPath(firstMail) })).statusCode).toBe(200);
    expectError(await inject({ method: 'GET', url: apiPath(secondMail) }), 'subscription-code-invalid');

    const confirmedAgain = await subscribe({ email, creatorId: creator.id, settings: { frequency: 'monthly' } });
    expect([confirmedAgain.statusCode, confirmedAgain.body]).toEqual([first.statusCode, first.body]);
    await subscriptions().updateOne({ emailKey: email }, { $set: { mailedAt: new Date(Date.now() - 11 * 60_000) } });
    await subscribe({ email, creatorId: creator.id });
    await sleep(1_500);
    expect(await mailsTo(email)).toHaveLength(2);
    expect(await subscriptions().findOne({ emailKey: email })).toMatchObject({
      status: 'confirmed',
      settings: { frequency: 'weekly' },
    });
  });

  it('refuses a wrong, an expired and an unknown code with a clear error', async () => {
    const creator = await world.creator('Codes Club');
    const email = newEmail('codes');
    await subscribe({ email, creatorId: creator.id });
    const link = apiPath(await waitForMail(email, { subject: SUBJECT }));
    const id = link.split('/')[4]!;
    const get = (url: string) => inject({ method: 'GET', url });
    expectError(
      await get(`/api/v1/emailSubscription/${id}/confirm?confirmationCode=wrong`),
      'subscription-code-invalid',
    );
    expectError(await get(link.replace(id, 'no-such-id')), 'subscription-code-invalid');
    expectInvalid(await get(`/api/v1/emailSubscription/${id}/confirm`), 'confirmationCode');
    const { codes } = (await subscriptions().findOne({ _id: id }))!;
    const expired = codes.map((code) => ({ ...code, expiresAt: new Date(Date.now() - 1) }));
    await subscriptions().updateOne({ _id: id }, { $set: { codes: expired } });
    expectError(await get(link), 'subscription-code-invalid');
    expect(await subscriptions().findOne({ _id: id })).toMatchObject({ status: 'pending' });
  });

  it('refuses a creator that does not exist or is not a creator, and bad fields', async () => {
    const traveller = await world.caller();
    await inject({ method: 'POST', url: '/api/v1/userProfile', headers: traveller.headers });
    expectError(await subscribe({ email: newEmail('x'), creatorId: traveller.id }), 'profile-not-found');
    expectError(await subscribe({ email: newEmail('x'), creatorId: 'nobody' }), 'profile-not-found');
    const creator = await world.creator('Fields Club');
    expectInvalid(await subscribe({ email: 'not an address', creatorId: creator.id }), 'email');
    expectInvalid(
      await subscribe({ email: newEmail('tz'), creatorId: creator.id, timeZone: 'Mars/Olympus' }),
      'timeZone',
    );
    expectInvalid(
      await subscribe({ email: newEmail('f'), creatorId: creator.id, settings: { frequency: 'hourly' } }),
      'settings.frequency',
    );
  });
});

describe('whose subscription', () => {
  it('takes the account from the token when it has that address, never from the body', async () => {
    const creator = await world.creator('Owners Club');
    const traveller = await world.caller();
    const own = `${traveller.id}@example.com`;
    await subscribe({ email: own, creatorId: creator.id, userId: 'someone-else' }, traveller.headers);
    const other = newEmail('partner');
    await subscribe({ email: other, creatorId: creator.id, userId: traveller.id }, traveller.headers);
    const anonymous = newEmail('anon');
    await subscribe({ email: anonymous, creatorId: creator.id, userId: traveller.id });
    expect((await subscriptions().findOne({ emailKey: own }))?.userId).toBe(traveller.id);
    expect((await subscriptions().findOne({ emailKey: other }))?.userId).toBeUndefined();
    expect((await subscriptions().findOne({ emailKey: anonymous }))?.userId).toBeUndefined();
  });

  it('answers the creators a traveller follows, by account or by address', async () => {
    const [a, b, c] = [
      await world.creator('Follow A'),
      await world.creator('Follow B'),
      await world.creator('Follow C'),
    ];
    const traveller = await world.caller();
    const own = `${traveller.id}@example.com`;
    await confirmed(own, a.id, traveller.headers);
    await confirmed(own.toUpperCase(), b.id);
    await subscribe({ email: own, creatorId: c.id }); // pending: not followed yet
    const store = await subscriptionStore(world.app.mongo, unheardOutbox);
    expect(await store.confirmedFor({ userId: traveller.id })).toEqual([a.id]);
    expect(await store.confirmedFor({ email: own })).toEqual([a.id, b.id]);
    expect(await store.confirmedFor({})).toEqual([]);
  });
});

describe('unsubscribing', () => {
  it('unsubscribes with the mail link, twice without harm, and publishes the removal once', async () => {
    const creator = await world.creator('Leave Club');
    const email = newEmail('leave');
    const id = await confirmed(email, creator.id);
    const { unsubscribeToken: token } = (await subscriptions().findOne({ emailKey: email }))!;
    const remove = (t: string) => inject({ method: 'DELETE', url: `/api/v1/emailSubscription/${id}?token=${t}` });
    expectError(await remove('not-the-token'), 'unsubscribe-link-invalid');
    expectError(
      await inject({ method: 'DELETE', url: `/api/v1/emailSubscription/no-such-id?token=${token}` }),
      'unsubscribe-link-invalid',
    );
    expect((await remove(token)).statusCode).toBe(204);
    expect((await remove(token)).statusCode).toBe(204);
    expect(await subscriptions().findOne({ emailKey: email })).toMatchObject({ status: 'unsubscribed' });
    const removed = await world.events.wait(
      (e) => e.aggregateId === id && e.type === 'creator.subscriber.removed',
      1,
      1_000,
    );
    expect(removed).toHaveLength(1);
    expect(removed[0]!.payload).toEqual({ subscriptionId: id, creatorId: creator.id, at: expect.any(String) });
  });

  it('takes a one-click POST from a mail client (RFC 8058), and refuses forms everywhere else', async () => {
    const creator = await world.creator('Click Club');
    const email = newEmail('click');
    await subscribe({ email, creatorId: creator.id });
    const mail = await waitForMail(email, { subject: SUBJECT });
    const oneClick = new URL(header(mail, 'list-unsubscribe')!.slice(1, -1));
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const clicked = await inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: form,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(204);
    const record = await subscriptions().findOne({ emailKey: email });
    expect(record).toMatchObject({ status: 'unsubscribed', codes: [] });
    // A pending subscription was never counted: its end publishes nothing.
    await sleep(1_000);
    expect(world.events.all.filter((e) => e.aggregateId === String(record!._id))).toEqual([]);
    // Its confirmation link is dead too.
    expectError(await inject({ method: 'GET', url: apiPath(mail) }), 'subscription-code-invalid');

    const elsewhere = await inject({
      method: 'PUT',
      url: '/api/v1/emailSubscription',
      headers: { ...form, 'x-forwarded-for': clientAddress() },
      payload: `email=${encodeURIComponent(newEmail('form'))}&creatorId=${creator.id}`,
    });
    expectError(elsewhere, 'unsupported-media-type');
  });

  it('lets a signed-in traveller leave one creator, and needs a token for it', async () => {
    const [kept, left] = [await world.creator('Kept Club'), await world.creator('Left Club')];
    const traveller = await world.caller();
    const own = `${traveller.id}@example.com`;
    const keptId = await confirmed(own, kept.id, traveller.headers);
    const leftId = await confirmed(own, left.id, traveller.headers);
    const leave = (headers: Record<string, string> = traveller.headers) =>
      inject({ method: 'DELETE', url: `/api/v1/emailSubscription?creatorId=${left.id}`, headers });
    expectError(await leave({}), 'unauthenticated');
    expect((await leave()).statusCode).toBe(204);
    expect((await leave()).statusCode).toBe(204);
    const status = async (id: string) => (await subscriptions().findOne({ _id: id }))?.status;
    expect(await status(leftId)).toBe('unsubscribed');
    expect(await status(keptId)).toBe('confirmed');
    await world.events.wait((e) => e.aggregateId === leftId && e.type === 'creator.subscriber.removed');
  });

  it('subscribes again after leaving, through a new confirmation', async () => {
    const creator = await world.creator('Return Club');
    const email = newEmail('return');
    const id = await confirmed(email, creator.id);
    const { unsubscribeToken } = (await subscriptions().findOne({ emailKey: email }))!;
    await inject({ method: 'DELETE', url: `/api/v1/emailSubscription/${id}?token=${unsubscribeToken}` });
    await subscriptions().updateOne({ emailKey: email }, { $set: { mailedAt: new Date(Date.now() - 11 * 60_000) } });
    await subscribe({ email, creatorId: creator.id });
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBe(2);
    const again = await inject({ method: 'GET', url: apiPath((await mailsTo(email))[1]!) });
    expect(again.json()).toMatchObject({ id, status: 'confirmed' });
    const events = await world.events.wait((e) => e.aggregateId === id, 3);
    expect(events.map((e) => e.type)).toEqual([
      'creator.subscriber.confirmed',
      'creator.subscriber.removed',
      'creator.subscriber.confirmed',
    ]);
  });
});

describe('reading a subscription for the unsubscribe page', () => {
  const read = (id: string, token: string, address = clientAddress()) =>
    inject({
      method: 'GET',
      url: `/api/v1/emailSubscription/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`,
      headers: { 'x-forwarded-for': address },
    });

  it("names the club and the status with the mail's token, nothing personal, and never unsubscribes", async () => {
    const creator = await world.creator('Named Club');
    const email = newEmail('named');
    const id = await confirmed(email, creator.id);
    const { unsubscribeToken: token } = (await subscriptions().findOne({ emailKey: email }))!;

    const res = await read(id, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      creator: { publicName: 'Named Club', slug: creator.profile.slug },
      status: 'confirmed',
    });
    expect(res.body.toLowerCase()).not.toContain(email.toLowerCase());
    expect(res.body).not.toContain(token);
    // A read, as often as mail scanners like: the subscription stays, and nothing is published.
    expect((await read(id, token)).statusCode).toBe(200);
    expect(await subscriptions().findOne({ _id: id })).toMatchObject({ status: 'confirmed' });
    await sleep(500);
    expect(world.events.all.filter((e) => e.aggregateId === id).map((e) => e.type)).toEqual([
      'creator.subscriber.confirmed',
    ]);

    await inject({ method: 'DELETE', url: `/api/v1/emailSubscription/${id}?token=${token}` });
    expect((await read(id, token)).json()).toMatchObject({ status: 'unsubscribed' });
  });

  it('answers the same 404 to a wrong token, a wrong id and an unknown one', async () => {
    const creator = await world.creator('Hidden Club');
    const email = newEmail('hidden');
    await subscribe({ email, creatorId: creator.id });
    const { _id: id, unsubscribeToken: token } = (await subscriptions().findOne({ emailKey: email }))!;
    expect((await read(id, token)).json()).toMatchObject({ status: 'pending' });

    const other = newEmail('other');
    await subscribe({ email: other, creatorId: creator.id });
    const { _id: otherId } = (await subscriptions().findOne({ emailKey: other }))!;
    const refusals = [
      await read(id, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
      await read(id, token.slice(1)),
      await read(otherId, token),
      await read('no-such-subscription', token),
    ];
    for (const res of refusals) expectError(res, 'subscription-not-found');
    expect(new Set(refusals.map((res) => res.body)).size).toBe(1);
    expectInvalid(await inject({ method: 'GET', url: `/api/v1/emailSubscription/${id}` }), 'token');
    expectInvalid(await read(id, 'x'.repeat(201)), 'token');
  });

  it('answers 429 to a client address that reads too often', async () => {
    const address = '192.0.2.78';
    for (let i = 0; i < 20; i++) expectError(await read('guess', `token-${i}`, address), 'subscription-not-found');
    expectError(await read('guess', 'token-20', address), 'too-many-requests');
    expectError(await read('guess', 'token-21', clientAddress()), 'subscription-not-found');
  });
});

describe('limits', () => {
  it('answers 429 to a client address that asks too often', async () => {
    const creator = await world.creator('Busy Club');
    const headers = { 'x-forwarded-for': '192.0.2.77' };
    for (let i = 0; i < 20; i++) {
      expect((await subscribe({ email: newEmail('busy'), creatorId: creator.id }, headers)).statusCode).toBe(202);
    }
    expectError(await subscribe({ email: newEmail('busy'), creatorId: creator.id }, headers), 'too-many-requests');
  });

  it('sends one address at most 5 confirmation mails an hour, answering the same after', async () => {
    const email = newEmail('many');
    const answers = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const creator = await world.creator(`Many ${i}`);
      const res = await subscribe({ email, creatorId: creator.id });
      answers.add(`${res.statusCode} ${res.body}`);
    }
    expect(answers.size).toBe(1);
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBe(5);
    await sleep(1_500);
    expect(await mailsTo(email)).toHaveLength(5);
  });
});
