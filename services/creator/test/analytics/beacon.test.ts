// The club page's view beacon, POST /api/v1/creator/{slug}/view, through app.inject against the real servers:
// always 204 and no body; a browser's view counted (its visitor once a day), bots, callers over their limit and
// slugs nobody has not counted; no address or user agent kept anywhere.
import { uniqueName, type SeenEvent } from '@travelclub/kit/testing';
import { describe, expect, it } from 'vitest';
import { useCreator } from '../helpers.js';
import { countersOf, today } from './mix.js';

const PREFIX = uniqueName('test-creator-analytics');
const world = useCreator({ VIEWS_PER_MINUTE: '3', ANALYTICS_PREFIX: PREFIX });

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const OTHER_BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1';

let addresses = 0;
/** A client address no other test uses (the limit counts per address). */
const newAddress = () => `198.51.100.${++addresses}`;

function view(slug: string, address: string, userAgent?: string) {
  return world.app.inject({
    method: 'POST',
    url: `/api/v1/creator/${slug}/view`,
    // The service believes the gateway (a loopback caller here) about the client's address.
    headers: { 'x-forwarded-for': address, ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });
}

async function expectNoContent(res: Awaited<ReturnType<typeof view>>) {
  expect(res.statusCode).toBe(204);
  expect(res.body).toBe('');
}

/** The creator's stored days (one document per creator and day, `<creator>/<day>`). */
const storedDays = (creatorId: string) => world.app.mongo.collection('page_views').find({ creatorId }).toArray();
/** The views counted in the creator's stored days. */
const storedViews = async (creatorId: string) =>
  (await storedDays(creatorId)).reduce((sum, day) => sum + (day.views as number), 0);

const viewedEvents = (creatorId: string, count: number): Promise<SeenEvent[]> =>
  world.events.wait((e) => e.type === 'creator.club.viewed' && e.payload.creatorId === creatorId, count, 1_000);

describe('POST /api/v1/creator/{slug}/view', () => {
  it('counts a view, its visitor once a day, and publishes creator.club.viewed', async () => {
    const creator = await world.creator('Vera Views');
    const address = newAddress();
    await expectNoContent(await view(creator.profile.slug, address, BROWSER));
    await expectNoContent(await view(creator.profile.slug, address, BROWSER));
    await expectNoContent(await view(creator.profile.slug, address, OTHER_BROWSER));

    const events = await viewedEvents(creator.id, 3);
    expect(events).toHaveLength(3);
    // Two new visitors and one seen again, on the creator's one document of the day.
    expect(await storedDays(creator.id)).toHaveLength(1);
    const payloads = events.map((e) => e.payload);
    expect(payloads.filter((p) => p.newVisitor === true)).toHaveLength(2);
    expect(payloads.filter((p) => p.newVisitor === false)).toHaveLength(1);
    expect(payloads.every((p) => p.creatorId === creator.id && p.day === today)).toBe(true);
    expect(events.every((e) => e.aggregateId === creator.id)).toBe(true);
    await expect
      .poll(async () => (await countersOf(world, creator)).days.at(-1), { timeout: 20_000 })
      .toMatchObject({ day: today, pageViews: 3, uniqueVisitors: 2 });
  });

  it('keeps no address or user agent: only a keyed hash in a day-long HyperLogLog, under a secret of two days', async () => {
    const creator = await world.creator('Pia Private');
    const address = newAddress();
    await expectNoContent(await view(creator.profile.slug, address, BROWSER));
    const stored = await storedDays(creator.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ _id: `${creator.id}/${today}`, creatorId: creator.id, day: today, views: 1 });
    const [event] = await viewedEvents(creator.id, 1);
    for (const kept of [JSON.stringify(stored), JSON.stringify(event)]) {
      expect(kept).not.toContain(address);
      expect(kept).not.toContain('Chrome');
    }
    const visitors = `${PREFIX}:visitors:${creator.id}:${today}`;
    expect(await world.app.redis.pfcount(visitors)).toBe(1);
    for (const key of [visitors, `${PREFIX}:secret:${today}`]) {
      const ttl = await world.app.redis.ttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(2 * 24 * 3600);
    }
    // The visitor's hash is in the set, not their address.
    expect(await world.app.redis.pfadd(visitors, address)).toBe(1);
  });

  it('drops bots by their user agent, and requests without one', async () => {
    const creator = await world.creator('Bob Bots');
    for (const agent of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'curl/8.5.0',
      'python-requests/2.32',
      undefined,
    ])
      await expectNoContent(await view(creator.profile.slug, newAddress(), agent));
    await expectNoContent(await view(creator.profile.slug, newAddress(), BROWSER));
    const [event] = await viewedEvents(creator.id, 1);
    expect(event!.payload.newVisitor).toBe(true);
    expect(await storedViews(creator.id)).toBe(1);
  });

  it('answers a caller over its limit alike, without counting', async () => {
    const creator = await world.creator('Lea Limits');
    const busy = newAddress();
    for (let i = 0; i < 5; i++) await expectNoContent(await view(creator.profile.slug, busy, BROWSER));
    expect(await storedViews(creator.id)).toBe(3);
    // Another address is not held back by it.
    await expectNoContent(await view(creator.profile.slug, newAddress(), BROWSER));
    expect(await storedViews(creator.id)).toBe(4);
  });

  it('counts a view by an old slug for its creator, and nothing for a slug nobody has', async () => {
    const creator = await world.creator('Sam Slugs');
    const oldSlug = creator.profile.slug;
    const renamed = await world.app.inject({
      method: 'PUT',
      url: '/api/v1/userProfile',
      headers: creator.headers,
      payload: { slug: `${oldSlug}-new` },
    });
    expect(renamed.statusCode).toBe(200);
    await expectNoContent(await view(oldSlug.toUpperCase(), newAddress(), BROWSER));
    expect(await storedViews(creator.id)).toBe(1);

    const before = await world.app.mongo.collection('page_views').countDocuments();
    await expectNoContent(await view('nobody-has-this-club', newAddress(), BROWSER));
    // A traveller's own address is no club either.
    const traveller = await world.caller();
    const profile = await world.app.inject({
      method: 'POST',
      url: '/api/v1/userProfile',
      headers: traveller.headers,
      payload: { publicName: 'Tim Traveller' },
    });
    await expectNoContent(await view(profile.json().slug, newAddress(), BROWSER));
    expect(await world.app.mongo.collection('page_views').countDocuments()).toBe(before);
  });
});
