// Creator-aware recommendations: the creator service's `creator.recommendation.changed` events, published to
// Kafka as it would, make that creator's active hotels come first on /hotel/recommended and /recommendation
// when the creator is named; without one nothing changes.
import { newEvent } from '@travelclub/kit';
import { describe, expect, it } from 'vitest';
import { expectInvalid, useCatalog } from '../helpers.js';
import { randomUUID } from 'node:crypto';

const world = useCatalog();

interface Answer {
  basis: string;
  fromCreator?: number;
  hotels: { id: string; destinationId: string }[];
}

/** A creator of this test: a user id and a slug nobody else has. */
const creator = () => {
  const userId = `creator-${randomUUID().slice(0, 8)}`;
  return { userId, slug: `club-${userId.slice(8)}` };
};

const hotelAt = (n: number) => world.app.catalog.index().hotels[n]!._id;

/** Publishes a creator's change, keyed by the creator so their changes stay in order. */
const recommend = (who: { userId: string; slug: string }, hotelId: string, isActive: boolean, position?: number) =>
  world.publish('creator.recommendation.changed', who.userId, {
    ...who,
    hotelId,
    isActive,
    ...(position === undefined ? {} : { position }),
  });

async function recommended(query: string): Promise<Answer> {
  const res = await world.app.inject({ method: 'GET', url: `/api/v1/hotel/recommended?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as Answer;
}

/** Waits until the consumer has applied the changes: the creator's first hotels are `ids`. */
const creatorsFirst = async (slug: string, ids: string[]) =>
  expect
    .poll(async () => (await recommended(`creator=${slug}&take=10`)).hotels.slice(0, ids.length).map((h) => h.id), {
      timeout: 20_000,
    })
    .toEqual(ids);

describe('GET /api/v1/hotel/recommended with a creator', () => {
  it("puts the creator's active hotels first, in their order, then the usual list without them", async () => {
    const who = creator();
    const [a, b, c] = [hotelAt(11), hotelAt(12), hotelAt(13)];
    await recommend(who, a, true, 2);
    await recommend(who, b, true, 0);
    await recommend(who, c, true, 1);
    await creatorsFirst(who.slug, [b, c, a]);

    const withCreator = await recommended(`creator=${who.slug}&take=6`);
    const usual = await recommended('take=6');
    expect(withCreator.fromCreator).toBe(3);
    expect(withCreator.basis).toBe('popular');
    expect(withCreator.hotels).toHaveLength(6);
    expect(new Set(withCreator.hotels.map((h) => h.id)).size).toBe(6);
    const rest = withCreator.hotels.slice(3).map((h) => h.id);
    expect(rest.some((id) => [a, b, c].includes(id))).toBe(false);
    // Without a creator nothing changes: no count, and the usual list.
    expect(usual.fromCreator).toBeUndefined();
    expect(usual.hotels.map((h) => h.id)).not.toContain(b);
    expect(rest[0]).toBe(usual.hotels.find((h) => ![a, b, c].includes(h.id))!.id);

    // Any case of the slug; a list shorter than the creator's gives only theirs.
    const short = await recommended(`creator=${who.slug.toUpperCase()}&take=2`);
    expect(short).toMatchObject({ fromCreator: 2 });
    expect(short.hotels.map((h) => h.id)).toEqual([b, c]);
  });

  it('drops a recommendation switched off or deleted, and ignores an older change arriving late', async () => {
    const who = creator();
    const [a, b, c] = [hotelAt(21), hotelAt(22), hotelAt(23)];
    await recommend(who, a, true, 0);
    await recommend(who, b, true, 1);
    await creatorsFirst(who.slug, [a, b]);

    await recommend(who, a, false);
    await creatorsFirst(who.slug, [b]);
    expect((await recommended(`creator=${who.slug}&take=10`)).fromCreator).toBe(1);

    // A change made before the withdrawal, delivered after it (another recommendation's partition): no effect.
    const stale = newEvent(
      'creator.recommendation.changed',
      who.userId,
      { ...who, hotelId: a, isActive: true, position: 0 },
      { correlationId: randomUUID(), causationId: randomUUID() },
    );
    stale.occurredAt = new Date(Date.now() - 60_000).toISOString();
    await world.publish('creator.recommendation.changed', who.userId, stale.payload as never, stale);
    // Same key, so handled after the stale one: once c shows, the stale change has been seen.
    await recommend(who, c, true, 2);
    await creatorsFirst(who.slug, [b, c]);
    expect((await recommended(`creator=${who.slug}&take=10`)).fromCreator).toBe(2);
  });

  it('finds the creator by a new slug from their profile, and still by the old one', async () => {
    const who = creator();
    const hotel = hotelAt(31);
    await recommend(who, hotel, true, 0);
    await creatorsFirst(who.slug, [hotel]);
    const renamed = `${who.slug}-new`;
    await world.publish('creator.profile.updated', who.userId, {
      userId: who.userId,
      slug: renamed,
      publicName: 'Renamed',
    });
    await creatorsFirst(renamed, [hotel]);
    await creatorsFirst(who.slug, [hotel]);
  });

  it('changes nothing for a creator it does not know, and validates the slug', async () => {
    const unknown = await recommended('creator=nobody-at-all&take=5');
    const usual = await recommended('take=5');
    expect(unknown.fromCreator).toBe(0);
    expect(unknown.hotels).toEqual(usual.hotels);
    expectInvalid(
      await world.app.inject({ method: 'GET', url: '/api/v1/hotel/recommended?creator=not%20a%20slug' }),
      'creator',
    );
  });
});

describe('POST /api/v1/recommendation with a creator', () => {
  it("puts the creator's hotels before the destination's best, without repeating them", async () => {
    const who = creator();
    const listed = world.app.catalog.index().hotelsOf(world.city)!;
    const cityBest = world.app.catalog.index().hotels[listed[0]!]!._id;
    const elsewhere = hotelAt(41);
    await recommend(who, cityBest, true, 1);
    await recommend(who, elsewhere, true, 0);
    await creatorsFirst(who.slug, [elsewhere, cityBest]);

    const post = (payload: Record<string, unknown>) =>
      world.app.inject({ method: 'POST', url: '/api/v1/recommendation', payload });
    const withCreator = (await post({ destination: world.city, take: 4, creator: who.slug })).json() as Answer;
    const usual = (await post({ destination: world.city, take: 4 })).json() as Answer;
    expect(withCreator).toMatchObject({ basis: 'destination', fromCreator: 2 });
    const ids = withCreator.hotels.map((h) => h.id);
    expect(ids.slice(0, 2)).toEqual([elsewhere, cityBest]);
    expect(ids.slice(2)).toEqual(
      usual.hotels
        .map((h) => h.id)
        .filter((id) => id !== cityBest)
        .slice(0, Math.min(2, listed.length - 1)),
    );
    expect(usual.fromCreator).toBeUndefined();
    expectInvalid(await post({ creator: 'Not A Slug!' }), 'creator');
  });
});
