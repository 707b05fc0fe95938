// A creator's order of their recommended stays and packages, through the real app with a real catalog beside
// it: the whole order or nothing (a missing, unknown or repeated id is refused with what was wrong), only the
// creator's own, followed by their lists, the public lists and the club page; a new one goes last.
import type { RecommendationView, TravelPackage } from '@travelclub/contracts';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectInvalid, multipartForm, useCreator, type Caller } from '../helpers.js';

// The club page is not kept here (CLUB_CACHE_MS has its own test): each read shows the stored order.
const world = useCreator({ CLUB_CACHE_MS: '0' }, { catalog: true });
const inject = (options: InjectOptions) => world.app.inject(options);

interface Room {
  hotelId: string;
  roomType: string;
}
let hotels: string[] = [];
const rooms: Room[] = [];
beforeAll(async () => {
  hotels = await world.hotelIds(4);
  for (const hotelId of hotels.slice(0, 2)) {
    const hotel = await world.catalog!.inject({ method: 'GET', url: `/api/v1/hotel/${hotelId}` });
    rooms.push({ hotelId, roomType: hotel.json<{ roomTypes: { type: string }[] }>().roomTypes[0]!.type });
  }
});

function recommend(who: Caller, hotelId: string, title: string) {
  const form = multipartForm({ title });
  return inject({
    method: 'PUT',
    url: `/api/v1/hotel/${hotelId}/recommend`,
    payload: form.payload,
    headers: { ...who.headers, ...form.headers },
  });
}
const orderStays = (who: Caller | null, payload: unknown) =>
  inject({
    method: 'PUT',
    url: '/api/v1/userProfile/hotelRecommendations/order',
    ...(who && { headers: who.headers }),
    payload: payload as object,
  });
const hotelIdsOf = (res: { json(): { recommendations: RecommendationView[] } }) =>
  res.json().recommendations.map((r) => r.hotelId);
const myStays = (who: Caller) =>
  inject({ method: 'GET', url: '/api/v1/userProfile/hotelRecommendations', headers: who.headers });
const club = async (who: Caller & { profile: { slug: string } }) => {
  const res = await inject({ method: 'GET', url: `/api/v1/bff/creator/${who.profile.slug}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ recommendations: RecommendationView[]; packages: { id: string }[] }>();
};

/** A creator with a recommendation of each of `count` hotels, made in order. */
async function creatorWithStays(name: string, count = 3) {
  const creator = await world.creator(name);
  for (const hotelId of hotels.slice(0, count))
    expect((await recommend(creator, hotelId, `Stay ${hotelId}`)).statusCode).toBe(201);
  return creator;
}

describe('ordering recommended stays', () => {
  it('puts them in the order sent, answers them in it, and the lists, the club page and the catalog follow', async () => {
    const creator = await creatorWithStays('Order Keeper');
    const [a, b, c] = hotels as [string, string, string];
    expect(hotelIdsOf(await myStays(creator))).toEqual([a, b, c]);

    const ordered = await orderStays(creator, { hotelIds: [c, a, b] });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json().recommendations.map((r: RecommendationView) => [r.hotelId, r.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    expect(hotelIdsOf(await myStays(creator))).toEqual([c, a, b]);
    const publicList = await inject({
      method: 'GET',
      url: `/api/v1/userProfile/public/${creator.profile.slug}/hotelRecommendations`,
    });
    expect(hotelIdsOf(publicList)).toEqual([c, a, b]);
    expect((await club(creator)).recommendations.map((r) => r.hotelId)).toEqual([c, a, b]);

    // The catalog hears each moved one with its new place.
    const events = await world.events.wait(
      (e) => e.type === 'creator.recommendation.changed' && e.payload.userId === creator.id,
      6,
      300,
    );
    const last = new Map(events.map((e) => [e.payload.hotelId as string, e.payload.position]));
    expect(Object.fromEntries(last)).toEqual({ [c]: 0, [a]: 1, [b]: 2 });

    // The same order again moves nothing; a new recommendation goes last.
    expect(hotelIdsOf(await orderStays(creator, { hotelIds: [c, a, b] }))).toEqual([c, a, b]);
    expect((await recommend(creator, hotels[3]!, 'Newest')).json().position).toBe(3);
    expect((await club(creator)).recommendations.map((r) => r.hotelId)).toEqual([c, a, b, hotels[3]]);
  });

  it('keeps a moved recommendation’s place when it is switched off and on, or its words replaced', async () => {
    const creator = await creatorWithStays('Switcher');
    const [a, b, c] = hotels as [string, string, string];
    await orderStays(creator, { hotelIds: [b, c, a] });
    const toggle = (isActive: boolean) =>
      inject({
        method: 'POST',
        url: '/api/v1/bff/recommendation/toggle',
        headers: creator.headers,
        payload: { hotelId: c, isActive },
      });
    await toggle(false);
    expect((await club(creator)).recommendations.map((r) => r.hotelId)).toEqual([b, a]);
    await toggle(true);
    expect((await recommend(creator, c, 'New words')).statusCode).toBe(200);
    expect((await club(creator)).recommendations.map((r) => r.hotelId)).toEqual([b, c, a]);
  });

  it('refuses an order that leaves one out, names one twice or names a hotel the creator does not recommend', async () => {
    const creator = await creatorWithStays('Strict Orderer');
    const [a, b, c, d] = hotels as [string, string, string, string];
    const messages = async (hotelIds: string[]) => {
      const res = await orderStays(creator, { hotelIds });
      expectInvalid(res, 'hotelIds');
      return res.json<{ error: { details: { message: string }[] } }>().error.details.map((x) => x.message);
    };
    expect(await messages([a, b])).toEqual([`Name every one of your recommended stays; missing: ${c}`]);
    expect(await messages([a, b, c, c])).toEqual([`Name each one once; named more than once: ${c}`]);
    expect(await messages([a, b, c, d])).toEqual([`Not one of your recommended stays: ${d}`]);
    expect(await messages([d, a])).toEqual([
      `Not one of your recommended stays: ${d}`,
      `Name every one of your recommended stays; missing: ${b}, ${c}`,
    ]);
    // Nothing moved.
    expect(hotelIdsOf(await myStays(creator))).toEqual([a, b, c]);
  });

  it('refuses query operators and anything that is not a list of ids', async () => {
    const creator = await creatorWithStays('Injected', 2);
    const [a, b] = hotels as [string, string];
    expectInvalid(await orderStays(creator, { hotelIds: [{ $ne: null }, b] }), 'hotelIds.0');
    expectInvalid(await orderStays(creator, { hotelIds: { $gt: '' } }), 'hotelIds');
    expectInvalid(await orderStays(creator, { hotelIds: [b, a], userId: 'someone-else' }), 'userId');
    expectInvalid(await orderStays(creator, {}), 'hotelIds');
    expect(hotelIdsOf(await myStays(creator))).toEqual([a, b]);
  });

  it('lets only a creator order their own', async () => {
    const owner = await creatorWithStays('Owner Of Stays');
    const other = await creatorWithStays('Other Creator', 1);
    const [a, b, c] = hotels as [string, string, string];
    // The other creator names the owner's hotels: to them, those are not theirs (and theirs is missing).
    const res = await orderStays(other, { hotelIds: [c, b, a] });
    expectInvalid(res, 'hotelIds');
    expect(res.json().error.details[0].message).toBe(`Not one of your recommended stays: ${c}, ${b}`);
    expect(hotelIdsOf(await myStays(owner))).toEqual([a, b, c]);
    expect(hotelIdsOf(await myStays(other))).toEqual([a]);
    expectError(await orderStays(await world.caller(), { hotelIds: [] }), 'forbidden');
    expectError(await orderStays(null, { hotelIds: [a] }), 'unauthenticated');
  });
});

// ---------- packages ----------

const packageBody = (title: string) => ({
  title,
  days: [{ title: 'Arrival', stay: rooms[0] }, { title: 'Second night', stay: rooms[1] }, { title: 'Home' }],
  pricing: { kind: 'perPerson', price: { amount: 50_000, currency: 'EUR' } },
  capacity: 2,
});
async function makePackage(who: Caller, title: string, status: 'draft' | 'active' = 'draft') {
  const res = await inject({
    method: 'PUT',
    url: '/api/v1/travelpackage',
    headers: who.headers,
    payload: { ...packageBody(title), status },
  });
  expect(res.statusCode).toBe(201);
  return res.json<TravelPackage>();
}
const orderPackages = (who: Caller | null, payload: unknown) =>
  inject({
    method: 'PUT',
    url: '/api/v1/travelpackage/order',
    ...(who && { headers: who.headers }),
    payload: payload as object,
  });
const idsOf = (packages: TravelPackage[] | { id: string }[]) => packages.map((p) => p.id);
const myPackages = async (who: Caller, query = '') =>
  idsOf((await inject({ method: 'GET', url: `/api/v1/travelpackage${query}`, headers: who.headers })).json().packages);

describe('ordering packages', () => {
  it('lists packages in the creator’s order, a new one last, and every list and the club page follow it', async () => {
    const creator = await world.creator('Package Orderer');
    const first = await makePackage(creator, 'First', 'active');
    const second = await makePackage(creator, 'Second');
    const third = await makePackage(creator, 'Third', 'active');
    expect([first.position, second.position, third.position]).toEqual([0, 1, 2]);
    expect(await myPackages(creator)).toEqual([first.id, second.id, third.id]);

    const ordered = await orderPackages(creator, { ids: [third.id, first.id, second.id] });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json().packages.map((p: TravelPackage) => [p.id, p.position, p.status])).toEqual([
      [third.id, 0, 'active'],
      [first.id, 1, 'active'],
      [second.id, 2, 'draft'],
    ]);
    expect(await myPackages(creator)).toEqual([third.id, first.id, second.id]);
    expect(await myPackages(creator, '?take=2&skip=1')).toEqual([first.id, second.id]);
    const publicList = await inject({
      method: 'GET',
      url: `/api/v1/userProfile/public/${creator.profile.slug}/travelPackages`,
    });
    expect(idsOf(publicList.json().packages)).toEqual([third.id, first.id]);
    expect(idsOf((await club(creator)).packages)).toEqual([third.id, first.id]);

    // A change of a package keeps its place; a new one goes last.
    const changed = await inject({
      method: 'PUT',
      url: '/api/v1/travelpackage',
      headers: creator.headers,
      payload: { ...packageBody('Third, renamed'), id: third.id },
    });
    expect(changed.json()).toMatchObject({ position: 0, title: 'Third, renamed' });
    const fourth = await makePackage(creator, 'Fourth', 'active');
    expect(fourth.position).toBe(3);
    expect(idsOf((await club(creator)).packages)).toEqual([third.id, first.id, fourth.id]);
  });

  it('refuses an incomplete, repeated or foreign order and query operators, and lets only the creator order', async () => {
    const owner = await world.creator('Package Owner');
    const other = await world.creator('Package Other');
    const [one, two] = [await makePackage(owner, 'One'), await makePackage(owner, 'Two')];
    const theirs = await makePackage(other, 'Theirs');
    const details = async (who: Caller, payload: unknown) => {
      const res = await orderPackages(who, payload);
      expectInvalid(res, 'ids');
      return res.json<{ error: { details: { message: string }[] } }>().error.details.map((x) => x.message);
    };
    expect(await details(owner, { ids: [two.id] })).toEqual([`Name every one of your packages; missing: ${one.id}`]);
    expect(await details(owner, { ids: [two.id, one.id, two.id] })).toEqual([
      `Name each one once; named more than once: ${two.id}`,
    ]);
    expect(await details(other, { ids: [two.id, one.id, theirs.id] })).toEqual([
      `Not one of your packages: ${two.id}, ${one.id}`,
    ]);
    expectInvalid(await orderPackages(owner, { ids: [{ $ne: null }] }), 'ids.0');
    expectInvalid(await orderPackages(owner, { ids: { $exists: true } }), 'ids');
    expectError(await orderPackages(await world.caller(), { ids: [] }), 'forbidden');
    expectError(await orderPackages(null, { ids: [] }), 'unauthenticated');
    expect(await myPackages(owner)).toEqual([one.id, two.id]);
    expect(await myPackages(other)).toEqual([theirs.id]);
  });

  it('answers an empty order for a creator without packages', async () => {
    const creator = await world.creator('No Packages Yet');
    const res = await orderPackages(creator, { ids: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ packages: [] });
  });
});
