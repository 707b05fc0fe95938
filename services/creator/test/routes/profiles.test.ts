// Profiles through the real app: made once, read and changed by their owner only, club addresses unique and
// kept in history, creator.profile.updated for every change of a creator's name or address.
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectError, expectInvalid, useCreator } from '../helpers.js';

const world = useCreator();
const inject = (options: InjectOptions) => world.app.inject(options);
const slugOf = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}`;

/** `isAvailable` for a handle, as anyone (or the given caller) asks: always a 200. */
async function availability(handle: string, headers = {}): Promise<{ isAvailable: boolean; reason?: string }> {
  const res = await inject({
    method: 'GET',
    url: `/api/v1/creator/${encodeURIComponent(handle)}/isAvailable`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('making a profile', () => {
  it('makes the caller profile once, with an address from the name, and answers it again after', async () => {
    const caller = await world.caller(['role/customer', 'role/creator']);
    const first = await inject({
      method: 'POST',
      url: '/api/v1/userProfile',
      headers: caller.headers,
      payload: { publicName: 'Zoë Île Café' },
    });
    expect(first.statusCode).toBe(201);
    const profile = first.json();
    expect(profile).toMatchObject({
      userId: caller.id,
      publicName: 'Zoë Île Café',
      currency: 'USD',
      country: 'US',
      verified: false,
    });
    expect(profile.slug).toMatch(/^zoe-ile-cafe(-\d+)?$/);
    expect(profile.claims).toEqual(['role/customer', 'role/creator']);

    const again = await inject({
      method: 'POST',
      url: '/api/v1/userProfile',
      headers: caller.headers,
      payload: { publicName: 'Other' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().publicName).toBe('Zoë Île Café');
  });

  it('numbers the address when the name is taken', async () => {
    const name = slugOf('same name');
    const a = await world.creator(name);
    const b = await world.creator(name);
    expect(a.profile.slug).toBe(name.replace(' ', '-'));
    expect(b.profile.slug).toBe(`${a.profile.slug}-2`);
  });

  it('refuses anonymous visitors, callers without a token and bad fields', async () => {
    const anonymous = await world.caller([], { isAnonymous: true });
    expectError(await inject({ method: 'POST', url: '/api/v1/userProfile', headers: anonymous.headers }), 'forbidden');
    expectError(await inject({ method: 'POST', url: '/api/v1/userProfile' }), 'unauthenticated');
    const caller = await world.caller();
    const bad = await inject({
      method: 'POST',
      url: '/api/v1/userProfile',
      headers: caller.headers,
      payload: { currency: 'usd', slug: 'a' },
    });
    expectInvalid(bad, 'currency');
    expectInvalid(bad, 'slug');
    const extra = await inject({
      method: 'POST',
      url: '/api/v1/userProfile',
      headers: caller.headers,
      payload: { verified: true },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('answers 404 before the profile exists', async () => {
    const caller = await world.caller();
    expectError(
      await inject({ method: 'GET', url: '/api/v1/userProfile', headers: caller.headers }),
      'profile-not-found',
    );
    expectError(
      await inject({ method: 'GET', url: '/api/v1/userProfile/my', headers: caller.headers }),
      'profile-not-found',
    );
  });
});

describe('club addresses', () => {
  it('refuses reserved and taken addresses, case-insensitively', async () => {
    const owner = await world.creator('Owner', slugOf('owner'));
    const other = await world.creator('Other');
    const put = (slug: string) =>
      inject({ method: 'PUT', url: '/api/v1/userProfile', headers: other.headers, payload: { slug } });
    expectError(await put('Dashboard'), 'slug-reserved');
    expectError(await put(owner.profile.slug.toUpperCase()), 'slug-taken');
    expectInvalid(await put('no spaces allowed'), 'slug');
    expectInvalid(await put('-edge-'), 'slug');
  });

  it('keeps an old address for its creator: it still finds them, and nobody else can take it', async () => {
    const first = slugOf('first');
    const creator = await world.creator('Mover', first);
    const second = slugOf('second');
    const moved = await inject({
      method: 'PUT',
      url: '/api/v1/userProfile',
      headers: creator.headers,
      payload: { slug: second },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().slug).toBe(second);

    const old = await inject({ method: 'GET', url: `/api/v1/userProfile/public/${first}` });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({ slug: second, publicName: 'Mover' });

    const other = await world.creator('Taker');
    expectError(
      await inject({ method: 'PUT', url: '/api/v1/userProfile', headers: other.headers, payload: { slug: first } }),
      'slug-taken',
    );
    // Its owner may go back to it.
    const back = await inject({
      method: 'PUT',
      url: '/api/v1/userProfile',
      headers: creator.headers,
      payload: { slug: first },
    });
    expect(back.json().slug).toBe(first);
  });

  it('lets only creators move their club, to at most ten addresses in all', async () => {
    const traveller = await world.caller();
    await inject({
      method: 'POST',
      url: '/api/v1/userProfile',
      headers: traveller.headers,
      payload: { publicName: 'Collector' },
    });
    const grab = (who: { headers: Record<string, string> }, slug: string) =>
      inject({ method: 'PUT', url: '/api/v1/userProfile', headers: who.headers, payload: { slug } });
    expectError(await grab(traveller, slugOf('famous-name')), 'forbidden');

    const creator = await world.creator('Restless');
    const addresses = [creator.profile.slug];
    for (let i = 0; i < 9; i++) {
      const slug = slugOf(`restless-${i}`);
      expect((await grab(creator, slug)).statusCode).toBe(200);
      addresses.push(slug);
    }
    expectError(await grab(creator, slugOf('one-too-many')), 'slug-limit-reached');
    // Its own old addresses are still its to go back to.
    expect((await grab(creator, addresses[0]!)).json().slug).toBe(addresses[0]);
  });

  it('says whether an address is available, without ever erroring', async () => {
    const creator = await world.creator('Avail', slugOf('avail'));
    const ask = async (handle: string, headers = {}) => (await availability(handle, headers)).isAvailable;
    expect(await ask(slugOf('free'))).toBe(true);
    expect(await ask(creator.profile.slug)).toBe(false);
    expect(await ask(creator.profile.slug.toUpperCase())).toBe(false);
    expect(await ask(creator.profile.slug, creator.headers)).toBe(true);
    expect(await ask('search')).toBe(false);
    expect(await ask('x')).toBe(false);
    expect(await ask('{"$gt":""}')).toBe(false);
  });

  it('says why an address is not available (taken, reserved, invalid), and gives no reason when it is', async () => {
    const creator = await world.creator('Reasons', slugOf('reasons'));
    const ask = availability;
    expect(await ask(slugOf('free'))).toEqual({ isAvailable: true });
    expect(await ask(creator.profile.slug, creator.headers)).toEqual({ isAvailable: true });
    expect(await ask(creator.profile.slug)).toEqual({ isAvailable: false, reason: 'taken' });
    expect(await ask(creator.profile.slug.toUpperCase())).toEqual({ isAvailable: false, reason: 'taken' });
    for (const word of ['search', 'dashboard', 'TravelClub', 'support', 'startsession', 'startSession', 'mapsearch'])
      expect(await ask(word)).toEqual({ isAvailable: false, reason: 'reserved' });
    for (const handle of ['x', 'two--hyphens', '-edge', 'café', 'a'.repeat(31), '{"$gt":""}'])
      expect(await ask(handle)).toEqual({ isAvailable: false, reason: 'invalid' });

    // An address the creator left stays theirs: another creator is told it is taken, as saving would say.
    const moved = slugOf('moved');
    const put = (slug: string, headers: Record<string, string>) =>
      inject({ method: 'PUT', url: '/api/v1/userProfile', headers, payload: { slug } });
    expect((await put(moved, creator.headers)).statusCode).toBe(200);
    const other = await world.creator('Other');
    expect(await ask(creator.profile.slug, other.headers)).toEqual({ isAvailable: false, reason: 'taken' });
    expectError(await put(creator.profile.slug, other.headers), 'slug-taken');
    expectError(await put('dashboard', other.headers), 'slug-reserved');
  });

  it('shows only creators publicly, with public fields only', async () => {
    const traveller = await world.caller();
    const made = await inject({
      method: 'POST',
      url: '/api/v1/userProfile',
      headers: traveller.headers,
      payload: { publicName: 'Quiet' },
    });
    expectError(
      await inject({ method: 'GET', url: `/api/v1/userProfile/public/${made.json().slug}` }),
      'profile-not-found',
    );
    const creator = await world.creator('Loud');
    const open = await inject({ method: 'GET', url: `/api/v1/userProfile/public/${creator.profile.slug}` });
    expect(Object.keys(open.json()).sort()).toEqual(['creatorProfile', 'publicName', 'slug', 'userId', 'verified']);
    expectError(await inject({ method: 'GET', url: '/api/v1/userProfile/public/nobody-here' }), 'profile-not-found');
  });
});

describe('ownership', () => {
  it('lets only the owner read and change a profile by id; support staff may read it', async () => {
    const owner = await world.creator('Mine');
    const stranger = await world.creator('Stranger');
    const url = `/api/v1/userProfile/${owner.id}`;
    expectError(await inject({ method: 'GET', url, headers: stranger.headers }), 'profile-not-found');
    expectError(
      await inject({ method: 'PUT', url, headers: stranger.headers, payload: { publicName: 'Hacked' } }),
      'profile-not-found',
    );
    const staff = await world.caller(['role/support']);
    expect((await inject({ method: 'GET', url, headers: staff.headers })).json().publicName).toBe('Mine');
    expectError(
      await inject({ method: 'PUT', url, headers: staff.headers, payload: { publicName: 'Staff' } }),
      'profile-not-found',
    );
    const own = await inject({
      method: 'PUT',
      url,
      headers: owner.headers,
      payload: { publicName: 'Still mine', creatorProfile: { bio: 'Hello' } },
    });
    expect(own.json()).toMatchObject({ publicName: 'Still mine', creatorProfile: { bio: 'Hello' } });
  });
});

describe('attribution', () => {
  it('keeps the first attribution only', async () => {
    const traveller = await world.caller();
    await inject({ method: 'POST', url: '/api/v1/userProfile', headers: traveller.headers });
    const put = (creator: string) =>
      inject({
        method: 'PUT',
        url: '/api/v1/userProfile/attribution',
        headers: traveller.headers,
        payload: { userAttribution: { creator, landingPath: '/user/x' } },
      });
    expect((await put('first-club')).json().userAttribution).toMatchObject({ creator: 'first-club' });
    expect((await put('second-club')).json().userAttribution).toMatchObject({ creator: 'first-club' });
    const read = await inject({ method: 'GET', url: '/api/v1/userProfile/attribution', headers: traveller.headers });
    expect(read.json().userAttribution.creator).toBe('first-club');
    expectInvalid(
      await inject({
        method: 'PUT',
        url: '/api/v1/userProfile/attribution',
        headers: traveller.headers,
        payload: { userAttribution: { landingPath: 'http://evil' } },
      }),
      'userAttribution.landingPath',
    );
  });
});

describe('events', () => {
  it('publishes creator.profile.updated when a creator is made and when their name or address changes', async () => {
    const creator = await world.creator('Evented', slugOf('evented'));
    await inject({
      method: 'PUT',
      url: '/api/v1/userProfile',
      headers: creator.headers,
      payload: { publicName: 'Renamed' },
    });
    await inject({ method: 'PUT', url: '/api/v1/userProfile', headers: creator.headers, payload: { currency: 'EUR' } });
    const seen = await world.events.wait((e) => e.aggregateId === creator.id, 2, 500);
    expect(seen.map((e) => [e.type, e.payload.publicName])).toEqual([
      ['creator.profile.updated', 'Evented'],
      ['creator.profile.updated', 'Renamed'],
    ]);
  });

  it('makes a profile from the account registration, and a creator of a traveller granted the role', async () => {
    const userId = `user-${Math.random().toString(36).slice(2, 10)}`;
    await world.publish('auth.account.registered', userId, {
      userId,
      email: `${userId}@example.com`,
      publicName: 'Registered Rita',
      roles: ['role/customer'],
      upgradedFromAnonymous: false,
    });
    const caller = await world.caller();
    const token = await world.jwks.sign({ sub: userId, roles: ['role/customer'] });
    const headers = { authorization: `Bearer ${token}` };
    await expect
      .poll(async () => (await inject({ method: 'GET', url: '/api/v1/userProfile', headers })).statusCode, {
        timeout: 20_000,
      })
      .toBe(200);
    expect(caller.id).not.toBe(userId);
    await world.publish('auth.role.granted', userId, {
      userId,
      role: 'role/creator',
      roles: ['role/customer', 'role/creator'],
    });
    const [event] = await world.events.wait((e) => e.aggregateId === userId);
    expect(event).toMatchObject({
      type: 'creator.profile.updated',
      payload: { userId, publicName: 'Registered Rita' },
    });
    // Support staff take the role away again: the profile's claims follow.
    await world.publish('auth.role.revoked', userId, { userId, role: 'role/creator', roles: ['role/customer'] });
    await expect
      .poll(async () => (await inject({ method: 'GET', url: '/api/v1/userProfile', headers })).json().claims, {
        timeout: 20_000,
      })
      .toEqual(['role/customer']);
  });
});

describe('the paid plan', () => {
  it("shows billing's latest word on the creator's plan, never an older one", async () => {
    const creator = await world.creator('Planner');
    const plan = (status: string, at: string) => ({
      userId: creator.id,
      subscriptionId: 'plan-1',
      price: { amount: 1900, currency: 'USD' },
      currentPeriodEnd: '2027-01-01T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      at,
    });
    const read = async () =>
      (await inject({ method: 'GET', url: '/api/v1/userProfile', headers: creator.headers })).json().plan;
    await world.publish('billing.subscription.started', creator.id, {
      ...plan('active', '2026-12-01T00:00:00.000Z'),
      status: 'active',
    });
    await expect
      .poll(read, { timeout: 20_000 })
      .toEqual({ status: 'active', currentPeriodEnd: '2027-01-01T00:00:00.000Z' });
    // An older word arrives late (a replay): once handled, it has changed nothing.
    const late = await world.publish('billing.subscription.lapsed', creator.id, {
      ...plan('lapsed', '2026-11-01T00:00:00.000Z'),
      status: 'lapsed',
    });
    const handled = world.app.mongo.collection('processed_events');
    await expect.poll(() => handled.countDocuments({ eventId: late.id }), { timeout: 20_000 }).toBe(1);
    expect((await read()).status).toBe('active');
    await world.publish('billing.subscription.overdue', creator.id, {
      ...plan('past_due', '2026-12-02T00:00:00.000Z'),
      status: 'past_due',
    });
    await expect.poll(async () => (await read())?.status, { timeout: 20_000 }).toBe('past_due');
  });
});

describe('a visitor', () => {
  const visitor = (headers: Record<string, string>) =>
    inject({ method: 'GET', url: '/api/v1/getAnonymousUserData', headers }).then((res) => res.json());

  it('guesses currency and country from the country header, then the languages, else USD and US', async () => {
    expect(await visitor({ 'x-country-code': 'de' })).toEqual({ currency: { code: 'EUR' }, countryCode: 'DE' });
    expect(await visitor({ 'accept-language': 'fr;q=0.9, en-GB;q=0.8' })).toEqual({
      currency: { code: 'GBP' },
      countryCode: 'GB',
    });
    expect(await visitor({ 'accept-language': 'pt-BR', 'x-country-code': 'JP' })).toEqual({
      currency: { code: 'JPY' },
      countryCode: 'JP',
    });
    expect(await visitor({ 'x-country-code': 'KE' })).toEqual({ currency: { code: 'USD' }, countryCode: 'KE' });
    expect(await visitor({})).toEqual({ currency: { code: 'USD' }, countryCode: 'US' });
    expect(await visitor({ 'x-country-code': '<script>', 'accept-language': 'zz' })).toEqual({
      currency: { code: 'USD' },
      countryCode: 'US',
    });
  });
});
