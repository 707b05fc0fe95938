// Creators' verification through the real app: creators ask (one open request at a time), support staff list,
// approve or refuse; approval shows on the public profile; every decision publishes an event; the creator's own
// profile says where their latest request stands.
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, useCreator, type Caller } from '../helpers.js';

const world = useCreator();
const inject = (options: InjectOptions) => world.app.inject(options);

const ask = (caller: Caller, payload?: object) =>
  inject({ method: 'POST', url: '/api/v1/creator/requestVerification', headers: caller.headers, payload });
const decide = (caller: Caller, id: string, payload: object) =>
  inject({ method: 'POST', url: `/api/v1/creator/verification/${id}/decision`, headers: caller.headers, payload });
const publicProfile = async (slug: string) =>
  (await inject({ method: 'GET', url: `/api/v1/userProfile/public/${slug}` })).json();

describe('asking', () => {
  it('opens one request per creator: asking again while it is pending answers that one', async () => {
    const creator = await world.creator('Asking Ana');
    const links = ['https://instagram.example/ana', 'https://ana.example'];
    const first = await ask(creator, { links, note: 'I run the Ana Travels channel.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      userId: creator.id,
      status: 'pending',
      links,
      note: 'I run the Ana Travels channel.',
      createdAt: expect.any(String),
    });
    expect(first.json()).not.toHaveProperty('decidedBy');
    const again = await ask(creator);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    const [a, b] = await Promise.all([ask(await world.creator('Racer')), ask(await world.creator('Racer 2'))]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const racer = await world.creator('Double Asker');
    const both = await Promise.all([ask(racer), ask(racer)]);
    expect(new Set(both.map((res) => res.json().id)).size).toBe(1);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 201]);
  });

  it('refuses a customer, a caller without a token, a creator without a profile and bad fields', async () => {
    const customer = await world.caller();
    expectError(await ask(customer), 'forbidden');
    expectError(await inject({ method: 'POST', url: '/api/v1/creator/requestVerification' }), 'unauthenticated');
    expectError(await ask(await world.caller(['role/customer', 'role/creator'])), 'profile-not-found');
    const creator = await world.creator('Fields');
    expectInvalid(await ask(creator, { links: ['javascript:alert(1)'] }), 'links.0');
    expectInvalid(
      await ask(creator, { links: Array.from({ length: 6 }, (_, i) => `https://x.example/${i}`) }),
      'links',
    );
    expectInvalid(await ask(creator, { note: 'x'.repeat(1_001) }), 'note');
  });
});

describe('deciding', () => {
  it('lets staff approve: the public profile shows verified, and the creator cannot ask again', async () => {
    const creator = await world.creator('Approved Ana');
    const staff = await world.caller(['role/support']);
    const { id } = (await ask(creator)).json();
    expect((await publicProfile(creator.profile.slug)).verified).toBe(false);

    const approved = await decide(staff, id, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      id,
      status: 'approved',
      decidedBy: staff.id,
      decidedAt: expect.any(String),
    });
    expect((await publicProfile(creator.profile.slug)).verified).toBe(true);
    const own = await inject({ method: 'GET', url: '/api/v1/userProfile', headers: creator.headers });
    expect(own.json().verified).toBe(true);

    expect((await decide(staff, id, { decision: 'approve' })).json().status).toBe('approved');
    expectError(await decide(staff, id, { decision: 'refuse' }), 'verification-already-decided');
    expectError(await ask(creator), 'already-verified');

    const events = await world.events.wait(
      (e) => e.type === 'creator.verification.decided' && e.aggregateId === creator.id,
      1,
      1_000,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      userId: creator.id,
      requestId: id,
      decision: 'approved',
      at: expect.any(String),
    });
  });

  it('lets staff refuse with a reason the creator sees; the profile stays unverified and a new request may follow', async () => {
    const creator = await world.creator('Refused Rui');
    const staff = await world.caller(['role/support']);
    const { id } = (await ask(creator)).json();
    const refused = await decide(staff, id, { decision: 'refuse', reason: 'Please link a channel in your name.' });
    expect(refused.json()).toMatchObject({ status: 'refused', reason: 'Please link a channel in your name.' });
    expect((await publicProfile(creator.profile.slug)).verified).toBe(false);
    const [event] = await world.events.wait(
      (e) => e.type === 'creator.verification.decided' && e.aggregateId === creator.id,
    );
    expect(event!.payload).toMatchObject({ requestId: id, decision: 'refused' });

    const next = await ask(creator, { links: ['https://rui.example'] });
    expect(next.statusCode).toBe(201);
    expect(next.json().id).not.toBe(id);
  });

  it('lets no one decide on their own request, a staff account included', async () => {
    const both = await world.caller(['role/creator', 'role/support']);
    await inject({
      method: 'POST',
      url: '/api/v1/userProfile',
      headers: both.headers,
      payload: { publicName: 'Staff Creator' },
    });
    const { id } = (await ask(both)).json();
    expectError(await decide(both, id, { decision: 'approve' }), 'forbidden');
    const colleague = await world.caller(['role/support']);
    expect((await decide(colleague, id, { decision: 'approve' })).statusCode).toBe(200);
  });

  it('refuses the decision to creators and customers, and unknown requests to staff', async () => {
    const creator = await world.creator('Self Approver');
    const { id } = (await ask(creator)).json();
    expectError(await decide(creator, id, { decision: 'approve' }), 'forbidden');
    expectError(await decide(await world.caller(), id, { decision: 'approve' }), 'forbidden');
    expectError(
      await inject({
        method: 'POST',
        url: `/api/v1/creator/verification/${id}/decision`,
        payload: { decision: 'approve' },
      }),
      'unauthenticated',
    );
    const staff = await world.caller(['role/support']);
    expectError(await decide(staff, 'no-such-request', { decision: 'approve' }), 'verification-not-found');
    expectInvalid(await decide(staff, id, { decision: 'maybe' }), 'decision');
    expect((await publicProfile(creator.profile.slug)).verified).toBe(false);
  });
});

describe("the creator's own profile", () => {
  const own = async (caller: Caller, url = '/api/v1/userProfile') => {
    const res = await inject({ method: 'GET', url, headers: caller.headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('shows where the latest request stands: pending, refused with its reason, then approved and verified', async () => {
    const creator = await world.creator('Status Sara');
    const staff = await world.caller(['role/support']);
    expect(await own(creator)).not.toHaveProperty('verification');

    const first = (await ask(creator)).json();
    expect((await own(creator)).verification).toEqual({ status: 'pending', requestedAt: first.createdAt });
    expect((await own(creator, '/api/v1/userProfile/my')).verification).toEqual({
      status: 'pending',
      requestedAt: first.createdAt,
    });

    const reason = 'Please link a channel in your name.';
    await decide(staff, first.id, { decision: 'refuse', reason });
    const refused = await own(creator);
    expect(refused.verified).toBe(false);
    expect(refused.verification).toEqual({
      status: 'refused',
      reason,
      requestedAt: first.createdAt,
      decidedAt: expect.any(String),
    });
    expect((await own(creator, '/api/v1/userProfile/my')).verification).toEqual(refused.verification);
    // Nothing the staff keep to themselves: not who decided, not the request's id.
    expect(JSON.stringify(refused)).not.toContain(staff.id);
    expect(JSON.stringify(refused)).not.toContain(first.id);

    const second = (await ask(creator, { links: ['https://sara.example'] })).json();
    expect((await own(creator)).verification).toEqual({ status: 'pending', requestedAt: second.createdAt });

    await decide(staff, second.id, { decision: 'approve' });
    const approved = await own(creator);
    expect(approved).toMatchObject({
      verified: true,
      verification: { status: 'approved', requestedAt: second.createdAt, decidedAt: expect.any(String) },
    });
    expect(approved.verification).not.toHaveProperty('reason');
  });

  it("is on every answer of the owner's profile (so a save keeps it), and never on public ones", async () => {
    const creator = await world.creator('Public Pia');
    const staff = await world.caller(['role/support']);
    const { id } = (await ask(creator)).json();
    await decide(staff, id, { decision: 'refuse', reason: 'Not yet.' });

    const saved = await inject({
      method: 'PUT',
      url: '/api/v1/userProfile',
      headers: creator.headers,
      payload: { publicName: 'Public Pia Renamed' },
    });
    expect(saved.json().verification).toMatchObject({ status: 'refused', reason: 'Not yet.' });
    const again = await inject({ method: 'POST', url: '/api/v1/userProfile', headers: creator.headers });
    expect(again.json().verification).toMatchObject({ status: 'refused' });
    expect((await own(creator, `/api/v1/userProfile/${creator.id}`)).verification).toMatchObject({
      status: 'refused',
    });

    const open = await publicProfile(creator.profile.slug);
    expect(open).not.toHaveProperty('verification');
    const club = await inject({ method: 'GET', url: `/api/v1/bff/creator/${creator.profile.slug}` });
    expect(club.statusCode).toBe(200);
    expect(club.body).not.toContain('verification');
    expect(club.body).not.toContain('Not yet.');
  });
});

describe('the staff queue', () => {
  it('lists pending requests oldest first for staff only, with who decided the others', async () => {
    const staff = await world.caller(['role/support']);
    const first = await world.creator('Queue One');
    const second = await world.creator('Queue Two');
    const firstId = (await ask(first)).json().id;
    const secondId = (await ask(second)).json().id;
    const list = (status?: string, caller: Caller = staff) =>
      inject({
        method: 'GET',
        url: `/api/v1/creator/verification${status ? `?status=${status}` : ''}`,
        headers: caller.headers,
      });

    const pending = (await list()).json().requests.map((r: { id: string }) => r.id);
    expect(pending.indexOf(firstId)).toBeGreaterThanOrEqual(0);
    expect(pending.indexOf(secondId)).toBeGreaterThan(pending.indexOf(firstId));

    await decide(staff, firstId, { decision: 'refuse' });
    const refused = (await list('refused')).json().requests;
    expect(refused.find((r: { id: string }) => r.id === firstId)).toMatchObject({ decidedBy: staff.id });
    expect((await list()).json().requests.map((r: { id: string }) => r.id)).not.toContain(firstId);

    expectError(await list(undefined, first), 'forbidden');
    expectError(await list(undefined, await world.caller()), 'forbidden');
    expectInvalid(await list('everything'), 'status');
  });
});

describe('a verified creator’s name', () => {
  const rename = (caller: Caller, payload: object) =>
    inject({ method: 'PUT', url: '/api/v1/userProfile', headers: caller.headers, payload });

  /** A creator, verified by staff. */
  async function verified(name: string, links: string[] = []) {
    const creator = await world.creator(name);
    const staff = await world.caller(['role/support']);
    const { id } = (await ask(creator, { links })).json();
    expect((await decide(staff, id, { decision: 'approve' })).statusCode).toBe(200);
    return { creator, staff, requestId: id as string };
  }

  it('goes back to review on a rename: the badge is off until staff approve again', async () => {
    const links = ['https://mila.example'];
    const { creator, staff, requestId } = await verified('Mila Moves', links);
    const slug = `mila-official-${Math.random().toString(36).slice(2, 8)}`;
    const res = await rename(creator, { publicName: 'Somebody Famous Here', slug });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ verified: false, verification: { status: 'pending' } });
    expect((await publicProfile(slug)).verified).toBe(false);
    // The staff's queue has it, with the links of the last request and what changed.
    const queue = await inject({
      method: 'GET',
      url: `/api/v1/creator/verification?status=pending&handle=${slug}`,
      headers: staff.headers,
    });
    const [reopened, more] = queue.json().requests;
    expect(more).toBeUndefined();
    expect(reopened).toMatchObject({ userId: creator.id, status: 'pending', links, handle: slug });
    expect(reopened.note).toContain('"Mila Moves" to "Somebody Famous Here"');
    // Approving the old request again gives nothing back; asking answers the open one; approving it does.
    expect((await decide(staff, requestId, { decision: 'approve' })).statusCode).toBe(200);
    expect((await publicProfile(slug)).verified).toBe(false);
    expect((await ask(creator)).json().id).toBe(reopened.id);
    expect((await decide(staff, reopened.id, { decision: 'approve' })).statusCode).toBe(200);
    expect((await publicProfile(slug)).verified).toBe(true);
  });

  it('keeps the badge when the name reads the same, and when something else changes', async () => {
    const { creator } = await verified('Otto Stays');
    const res = await rename(creator, { publicName: 'OTTO  STAYS', country: 'PT' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ verified: true, publicName: 'OTTO  STAYS' });
    expect((await rename(creator, { creatorProfile: { bio: 'Hello' } })).json().verified).toBe(true);
  });

  it('is no one else’s: case, accents and look-alike letters aside', async () => {
    const unique = `Cara Creator ${Math.random().toString(36).slice(2, 6)}`;
    await verified(unique);
    const impostor = await world.creator('Impostor');
    const suffix = unique.slice('Cara Creator '.length);
    for (const lookalike of [
      unique.toUpperCase(),
      `Cára Créator ${suffix}`,
      `\u0421ara Creat\u03bfr ${suffix}`, // Cyrillic С, Greek ο
      `\uff43\uff41\uff52\uff41 Creator ${suffix}`, // full-width
      `Cara  Creator ${suffix}`, // two spaces
    ])
      expectError(await rename(impostor, { publicName: lookalike }), 'public-name-taken');
    const made = await inject({
      method: 'POST',
      url: '/api/v1/userProfile',
      headers: (await world.caller(['role/customer', 'role/creator'])).headers,
      payload: { publicName: unique.toLowerCase() },
    });
    expectError(made, 'public-name-taken');
    // Only the verified creator's name is held: another name is free.
    expect((await rename(impostor, { publicName: `Cara Creator ${suffix}x` })).statusCode).toBe(200);
  });
});
