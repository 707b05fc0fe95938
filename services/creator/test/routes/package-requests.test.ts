// A traveller asks a creator for a travel package through the real app: kept for the creator's dashboard, and a
// mail to the creator queued on `emails` only when the address their own token carried when they last saved
// content was proven; refusals with the catalogue's codes, and the limits per traveller address, per account and
// per client address (429).
import { REQUEST_LIMITS } from '../../src/flows/package-requests.js';
import { serviceQueue, type JobQueue } from '@travelclub/kit';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, useCreator, type Caller } from '../helpers.js';

const world = useCreator({ WEB_URL: 'https://travelclub.test' });
const inject = (options: InjectOptions) => world.app.inject(options);
let emails: JobQueue<'emails'>;
beforeAll(() => {
  emails = serviceQueue(world.app, 'emails');
});

/** A client address of its own (from a documentation range), so tests do not share the per-client limit. */
const someClient = () => `198.51.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

const ask = (who: Caller | null, payload: object, remoteAddress = someClient()) =>
  inject({
    method: 'POST',
    url: '/api/v1/request-travel-package',
    remoteAddress,
    ...(who && { headers: who.headers }),
    payload,
  });

/** The creator's headers with a token that says their address is proven (or not). */
async function tokenOf(id: string, emailVerified: boolean) {
  const token = await world.jwks.sign({
    sub: id,
    roles: ['role/customer', 'role/creator'],
    email: `${id}@example.com`,
    emailVerified,
  });
  return { authorization: `Bearer ${token}` };
}

const savePackage = async (headers: Record<string, string>) =>
  inject({
    method: 'PUT',
    url: '/api/v1/travelpackage',
    headers,
    payload: {
      title: 'A draft',
      days: [{ title: 'Day one' }],
      pricing: { kind: 'liveQuote' },
      capacity: 2,
      status: 'draft',
    },
  });

const requestsOf = async (creator: Caller) => {
  const res = await inject({ method: 'GET', url: '/api/v1/request-travel-package', headers: creator.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ requests: Record<string, unknown>[] }>().requests;
};

/** A creator who saved a (draft) package with a proven address, so they are mailed; and that package. */
async function reachableCreator(name: string, status: 'draft' | 'active' = 'draft') {
  const creator = await world.creator(name);
  const res = await inject({
    method: 'PUT',
    url: '/api/v1/travelpackage',
    headers: await tokenOf(creator.id, true),
    payload: {
      title: 'Walks of the Azores',
      days: [{ title: 'Ponta Delgada' }],
      pricing: { kind: 'liveQuote' },
      capacity: 2,
      status: 'draft',
    },
  });
  expect(res.statusCode).toBe(201);
  const pkg = res.json<{ id: string }>();
  // Active without a catalog: switched on in the store, the catalog check is the package tests' business.
  if (status === 'active')
    await world.app.mongo.collection('packages').updateOne({ _id: pkg.id as never }, { $set: { status: 'active' } });
  return { creator, packageId: pkg.id };
}

async function mailsTo(address: string) {
  const jobs = await emails.queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs.map((job) => job.data).filter((job) => job.to === address && job.template === 'travel-package-request');
}

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.test`;

describe('asking a creator for a package', () => {
  it('mails a signed-in traveller’s request to the creator, about one of their active packages', async () => {
    const { creator, packageId } = await reachableCreator('Azores Ana', 'active');
    const traveller = await world.caller();
    const res = await ask(traveller, {
      creatorSlug: creator.profile.slug.toUpperCase(),
      packageId,
      message: 'Could we do this in May? <b>Thanks</b>',
      dates: { from: '2031-05-01', to: '2031-05-08' },
      party: { adults: 2, children: 1 },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ requested: true });
    const [mail, more] = await mailsTo(`${creator.id}@example.com`);
    expect(more).toBeUndefined();
    expect(mail).toMatchObject({
      template: 'travel-package-request',
      data: {
        link: 'https://travelclub.test/dashboard',
        creatorName: 'Azores Ana',
        travellerEmail: `${traveller.id}@example.com`,
        message: 'Could we do this in May? <b>Thanks</b>',
        packageTitle: 'Walks of the Azores',
        dates: '2031-05-01 to 2031-05-08',
        party: '2 adults, 1 child',
      },
    });
  });

  it('takes a visitor’s request by creator id with the address they give', async () => {
    const { creator } = await reachableCreator('Visitor Host');
    const email = unique('visitor');
    const res = await ask(null, { creatorId: creator.id, email, message: 'Hello!', party: { adults: 1 } });
    expect(res.statusCode).toBe(202);
    const [mail] = await mailsTo(`${creator.id}@example.com`);
    expect(mail?.data).toMatchObject({ travellerEmail: email, message: 'Hello!', party: '1 adult' });
    expect(mail?.data).not.toHaveProperty('packageTitle');
  });

  it('refuses what cannot be asked', async () => {
    const { creator, packageId: draft } = await reachableCreator('Refuser');
    const email = unique('refused');
    expectInvalid(await ask(null, { creatorId: creator.id, message: 'No address' }), 'email');
    expectInvalid(await ask(null, { creatorId: creator.id, email, message: ' ' }), 'message');
    expectInvalid(await ask(null, { creatorId: creator.id, email, message: 'x'.repeat(2_001) }), 'message');
    expectInvalid(await ask(null, { email, message: 'Whom?' }), 'creatorSlug');
    const both = { creatorId: creator.id, creatorSlug: creator.profile.slug, email, message: 'Both' };
    expectInvalid(await ask(null, both), 'creatorSlug');
    const backwards = { from: '2031-05-08', to: '2031-05-01' };
    expectInvalid(await ask(null, { creatorId: creator.id, email, message: 'Hi', dates: backwards }), 'dates.to');
    expectError(await ask(null, { creatorSlug: 'no-such-club-here', email, message: 'Hi' }), 'profile-not-found');
    // A traveller's profile is no club.
    const traveller = await world.caller();
    const profile = await inject({ method: 'POST', url: '/api/v1/userProfile', headers: traveller.headers });
    expect(profile.statusCode).toBe(201);
    expectError(await ask(null, { creatorId: traveller.id, email, message: 'Hi' }), 'profile-not-found');
    // A draft, or another creator's package, is no package to ask about.
    expectError(
      await ask(null, { creatorId: creator.id, packageId: draft, email, message: 'Hi' }),
      'travel-package-not-found',
    );
    const { packageId: theirs } = await reachableCreator('Someone Else', 'active');
    expectError(
      await ask(null, { creatorId: creator.id, packageId: theirs, email, message: 'Hi' }),
      'travel-package-not-found',
    );
    expect(await mailsTo(`${creator.id}@example.com`)).toEqual([]);
  });

  it('mails only a proven address: otherwise the request waits in the creator’s dashboard', async () => {
    // Never saved content: no address at all. Saved with a token whose address is not proven: none to mail.
    const silent = await world.creator('Never Saved');
    const unproven = await world.creator('Unproven Address');
    expect((await savePackage(await tokenOf(unproven.id, false))).statusCode).toBe(201);
    for (const creator of [silent, unproven]) {
      const email = unique('waiting');
      const res = await ask(null, { creatorId: creator.id, email, message: 'See https://evil.example/x' });
      expect(res.statusCode).toBe(202);
      expect(await mailsTo(`${creator.id}@example.com`)).toEqual([]);
      expect(await requestsOf(creator)).toEqual([
        {
          id: expect.any(String),
          travellerEmail: email,
          message: 'See https://evil.example/x',
          mailed: false,
          createdAt: expect.any(String),
        },
      ]);
    }
    // Proven later, the next request is mailed; an unproven token afterwards does not replace the proven address.
    expect((await savePackage(await tokenOf(unproven.id, true))).statusCode).toBe(201);
    const mailbox = `${unproven.id}@example.com`;
    expect((await ask(null, { creatorId: unproven.id, email: unique('now'), message: 'Hi' })).statusCode).toBe(202);
    expect(await mailsTo(mailbox)).toHaveLength(1);
    expect((await savePackage(await tokenOf(unproven.id, false))).statusCode).toBe(201);
    expect((await ask(null, { creatorId: unproven.id, email: unique('later'), message: 'Hi' })).statusCode).toBe(202);
    expect(await mailsTo(mailbox)).toHaveLength(2);
    const listed = await requestsOf(unproven);
    expect(listed.map((request) => request.mailed)).toEqual([true, true, false]);
  });

  it('lists a creator’s own requests only, newest first, and to creators only', async () => {
    const { creator, packageId } = await reachableCreator('Listed Lena', 'active');
    const other = await world.creator('Other Olga');
    await ask(null, { creatorId: creator.id, email: unique('first'), message: 'First' });
    await ask(null, {
      creatorSlug: creator.profile.slug,
      packageId,
      email: unique('second'),
      message: 'Second',
      dates: { from: '2031-05-01', to: '2031-05-08' },
      party: { adults: 2 },
    });
    const [second, first] = await requestsOf(creator);
    expect(second).toMatchObject({
      message: 'Second',
      packageId,
      packageTitle: 'Walks of the Azores',
      dates: { from: '2031-05-01', to: '2031-05-08' },
      party: { adults: 2, children: 0 },
      mailed: true,
    });
    expect(first).toMatchObject({ message: 'First', mailed: true });
    expect(await requestsOf(other)).toEqual([]);
    const traveller = await world.caller();
    expectError(
      await inject({ method: 'GET', url: '/api/v1/request-travel-package', headers: traveller.headers }),
      'forbidden',
    );
  });
});

describe('the limits of asking', () => {
  it('answers 429 past the requests per traveller address', async () => {
    const { creator } = await reachableCreator('Busy Creator');
    const email = unique('eager');
    for (let i = 0; i < REQUEST_LIMITS.perAddress; i++) {
      const sender = await world.caller();
      expect((await ask(sender, { creatorId: creator.id, email, message: `Try ${i}` })).statusCode).toBe(202);
    }
    const again = await ask(await world.caller(), { creatorId: creator.id, email, message: 'Once more' });
    expectError(again, 'too-many-requests');
    expect(await mailsTo(`${creator.id}@example.com`)).toHaveLength(REQUEST_LIMITS.perAddress);
  });

  it('answers 429 past the requests per sender, whatever address they type', async () => {
    const { creator } = await reachableCreator('Popular Creator');
    const sender = await world.caller();
    for (let i = 0; i < REQUEST_LIMITS.perSender; i++)
      expect((await ask(sender, { creatorId: creator.id, email: unique('s'), message: 'Hi' })).statusCode).toBe(202);
    expectError(await ask(sender, { creatorId: creator.id, email: unique('s'), message: 'Hi' }), 'too-many-requests');
    // Another sender is not held back by this one.
    const other = await world.caller();
    expect((await ask(other, { creatorId: creator.id, email: unique('o'), message: 'Hi' })).statusCode).toBe(202);
  });

  it('answers 429 past the requests per client address, however many fresh (anonymous) tokens it brings', async () => {
    const { creator } = await reachableCreator('Targeted Creator');
    const client = someClient();
    const anonymous = () => world.caller([], { isAnonymous: true });
    for (let i = 0; i < REQUEST_LIMITS.perClient; i++) {
      const res = await ask(await anonymous(), { creatorId: creator.id, email: unique('a'), message: 'Hi' }, client);
      expect(res.statusCode).toBe(202);
    }
    const over = await ask(await anonymous(), { creatorId: creator.id, email: unique('a'), message: 'Hi' }, client);
    expectError(over, 'too-many-requests');
    expectError(
      await ask(null, { creatorId: creator.id, email: unique('n'), message: 'Hi' }, client),
      'too-many-requests',
    );
    // Another client address is not held back by this one.
    expect((await ask(null, { creatorId: creator.id, email: unique('b'), message: 'Hi' })).statusCode).toBe(202);
  });
});
