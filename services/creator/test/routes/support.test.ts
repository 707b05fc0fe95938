// The support desk on the creator service through the real app: the clubs an address subscribes to (made and
// changed through the public routes), and creators' verification requests listed by handle and status for the
// command line's `creators verify|refuse HANDLE`, each decision kept with the staff id.
import { uniqueName } from '@travelclub/kit/testing';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { digestOf } from '../../src/domain/subscriptions.js';
import { expectError, expectInvalid, useCreator, type Caller } from '../helpers.js';

const world = useCreator();
const inject = (options: InjectOptions) => world.app.inject(options);
const SUBSCRIBER = '/api/v1/support/subscribers';

/** A client address of the call's own, so the per-address limit of asking does not stop the test. */
const clientAddress = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

interface StoredSubscription {
  _id: string;
  emailKey: string;
  creatorId: string;
  unsubscribeToken: string;
}
const subscriptions = () => world.app.mongo.collection<StoredSubscription>('subscriptions');

/** Subscribes through the public route; answers the stored subscription. */
async function subscribe(email: string, creatorId: string): Promise<StoredSubscription> {
  const res = await inject({
    method: 'PUT',
    url: '/api/v1/emailSubscription',
    payload: { email, creatorId },
    headers: { 'x-forwarded-for': clientAddress() },
  });
  expect(res.statusCode, res.body).toBe(202);
  return (await subscriptions().findOne({ emailKey: email.toLowerCase(), creatorId }))!;
}

/** Confirms as the mailed link would, with a code of the test's own put in place of the mailed one. */
async function confirm(subscription: StoredSubscription) {
  const code = `code-${uniqueName('c')}`;
  await subscriptions().updateOne(
    { _id: subscription._id },
    { $set: { codes: [{ hash: digestOf(code), expiresAt: new Date(Date.now() + 3_600_000) }] } },
  );
  const url = `/api/v1/emailSubscription/${subscription._id}/confirm?confirmationCode=${code}`;
  expect((await inject({ method: 'GET', url })).statusCode).toBe(200);
}

const lookUp = (caller: Caller | undefined, query: string) =>
  inject({ method: 'GET', url: `${SUBSCRIBER}?${query}`, ...(caller && { headers: caller.headers }) });

describe('the subscriber lookup', () => {
  it('answers every club of the address, any case, with status and dates, and nothing secret', async () => {
    const staff = await world.caller(['role/support']);
    const [ana, rui] = [await world.creator('Ana Club'), await world.creator('Rui Club')];
    const email = `${uniqueName('Fan')}@Example.test`;
    const toAna = await subscribe(email, ana.id);
    const toRui = await subscribe(email, rui.id);
    await subscribe(`other-${email}`, ana.id);
    await confirm(toAna);
    const left = await inject({
      method: 'DELETE',
      url: `/api/v1/emailSubscription/${toRui._id}?token=${toRui.unsubscribeToken}`,
    });
    expect(left.statusCode).toBe(204);

    const res = await lookUp(staff, `email=${encodeURIComponent(email.toUpperCase())}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      email: email.toLowerCase(),
      subscriptions: [
        {
          id: toAna._id,
          creator: ana.profile.slug,
          creatorId: ana.id,
          status: 'confirmed',
          subscriptionType: 'creator-updates',
          createdAt: expect.any(String),
          confirmedAt: expect.any(String),
        },
        {
          id: toRui._id,
          creator: rui.profile.slug,
          creatorId: rui.id,
          status: 'unsubscribed',
          subscriptionType: 'creator-updates',
          createdAt: expect.any(String),
          unsubscribedAt: expect.any(String),
        },
      ],
    });
    expect(res.body).not.toContain(toAna.unsubscribeToken);
    expect(res.body).not.toContain('codes');

    const none = await lookUp(staff, `email=${encodeURIComponent(`nobody-${email}`)}`);
    expect(none.json()).toEqual({ email: `nobody-${email}`.toLowerCase(), subscriptions: [] });
  });

  it('is for support staff only, and takes one plain address', async () => {
    const email = 'someone@example.test';
    expectError(await lookUp(undefined, `email=${email}`), 'unauthenticated');
    expectError(await lookUp(await world.caller(), `email=${email}`), 'forbidden');
    expectError(await lookUp(await world.caller(['role/customer', 'role/creator']), `email=${email}`), 'forbidden');
    const staff = await world.caller(['role/support']);
    expectInvalid(await lookUp(staff, ''), 'email');
    expectInvalid(await lookUp(staff, 'email=not-an-address'), 'email');
    expectInvalid(await lookUp(staff, `email=${encodeURIComponent('{"$ne":null}')}`), 'email');
    expect((await lookUp(staff, 'email[$ne]=x')).json().error.code).toBe('validation-failed');
    expect((await lookUp(staff, `email=${email}&creatorId=x`)).json().error.code).toBe('validation-failed');
  });
});

const ask = (caller: Caller) =>
  inject({ method: 'POST', url: '/api/v1/creator/requestVerification', headers: caller.headers, payload: {} });
const decide = (caller: Caller, id: string, payload: object) =>
  inject({ method: 'POST', url: `/api/v1/creator/verification/${id}/decision`, headers: caller.headers, payload });
const requests = async (caller: Caller, query: string) => {
  const res = await inject({ method: 'GET', url: `/api/v1/creator/verification?${query}`, headers: caller.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().requests as { id: string; userId: string; status: string; handle?: string; decidedBy?: string }[];
};

describe('verification requests by handle', () => {
  it('lists one creator’s requests by their handle (a former one too) and status, each with its handle', async () => {
    const staff = await world.caller(['role/support']);
    const lena = await world.creator('Lena Verify', uniqueName('lena').toLowerCase());
    const other = await world.creator('Other Verify', uniqueName('other').toLowerCase());
    const lenaRequest = (await ask(lena)).json().id as string;
    const otherRequest = (await ask(other)).json().id as string;

    const pending = await requests(staff, `handle=${lena.profile.slug}`);
    expect(pending).toEqual([expect.objectContaining({ id: lenaRequest, userId: lena.id, handle: lena.profile.slug })]);
    expect(await requests(staff, `handle=${lena.profile.slug}&status=approved`)).toEqual([]);
    expect(await requests(staff, `handle=${uniqueName('nobody').toLowerCase()}`)).toEqual([]);
    // Without a handle: the whole queue, each request with its creator's handle.
    const queue = await requests(staff, 'limit=100');
    expect(queue.find((r) => r.id === otherRequest)?.handle).toBe(other.profile.slug);

    // The creator moves to a new address: the old one still finds them, answered with the new.
    const moved = uniqueName('lena-new').toLowerCase();
    const put = await inject({
      method: 'PUT',
      url: '/api/v1/userProfile',
      headers: lena.headers,
      payload: { slug: moved },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await requests(staff, `handle=${lena.profile.slug}`)).map((r) => [r.id, r.handle])).toEqual([
      [lenaRequest, moved],
    ]);

    // `creators refuse HANDLE --reason`: found by handle, decided, kept with the staff id.
    const refused = await decide(staff, lenaRequest, { decision: 'refuse', reason: 'Link a channel in your name.' });
    expect(refused.json()).toMatchObject({ id: lenaRequest, status: 'refused', decidedBy: staff.id, handle: moved });
    expect(await requests(staff, `handle=${moved}`)).toEqual([]);
    expect(await requests(staff, `handle=${moved}&status=refused`)).toEqual([
      expect.objectContaining({ id: lenaRequest, decidedBy: staff.id, reason: 'Link a channel in your name.' }),
    ]);
    // `creators verify HANDLE`.
    const [open] = await requests(staff, `handle=${other.profile.slug}&status=pending`);
    const approved = await decide(staff, open!.id, { decision: 'approve' });
    expect(approved.json()).toMatchObject({ status: 'approved', decidedBy: staff.id, handle: other.profile.slug });
    expect((await requests(staff, `handle=${other.profile.slug}&status=approved`)).map((r) => r.id)).toEqual([
      otherRequest,
    ]);
  });

  it('refuses a handle that is not a slug, and callers who are not staff', async () => {
    const staff = await world.caller(['role/support']);
    const list = (caller: Caller, query: string) =>
      inject({ method: 'GET', url: `/api/v1/creator/verification?${query}`, headers: caller.headers });
    expectInvalid(await list(staff, 'handle=Not%20A%20Slug'), 'handle');
    expectInvalid(await list(staff, `handle=${encodeURIComponent('{"$ne":null}')}`), 'handle');
    expect((await list(staff, 'handle[$ne]=x')).json().error.code).toBe('validation-failed');
    expectError(await list(await world.caller(['role/creator']), 'handle=ana'), 'forbidden');
  });
});
