// Travel packages through the real app with a real catalog beside it: made and changed by their creator only,
// activated after the catalog confirmed every night's hotel and room type, read by anyone once active (with
// the catalog's hotel cards), listed on the club, deleted; creator.package.changed on Kafka; the internal read
// the itinerary books from; and the photo functions the upload routes use.
import { contentLimits, type ImageAsset, type TravelPackage } from '@travelclub/contracts';
import { unheardOutbox } from '@travelclub/kit';
import { serviceHeaders } from '@travelclub/kit/testing';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageStore } from '../../src/store/packages.js';
import { expectError, expectInvalid, useCreator, type Caller } from '../helpers.js';

const world = useCreator({}, { catalog: true });
const inject = (options: InjectOptions) => world.app.inject(options);

interface Room {
  hotelId: string;
  roomType: string;
}
const rooms: Room[] = [];
beforeAll(async () => {
  for (const hotelId of await world.hotelIds(3)) {
    const hotel = await world.catalog!.inject({ method: 'GET', url: `/api/v1/hotel/${hotelId}` });
    rooms.push({ hotelId, roomType: hotel.json<{ roomTypes: { type: string }[] }>().roomTypes[0]!.type });
  }
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Four days: two nights in the first hotel, one in the second, and a last day without a stay. */
const packageBody = (extra: Record<string, unknown> = {}) => ({
  title: 'Lisbon and Sintra',
  summary: 'Four days of tiles, trams and palaces.',
  days: [
    { title: 'Arrival', text: 'Check in, then Alfama.', activities: ['Tram 28'], stay: rooms[0] },
    { title: 'Belém', activities: ['Pastéis', 'Jerónimos'], stay: rooms[0] },
    { title: 'Sintra', text: 'Palaces all day.', stay: rooms[1] },
    { title: 'Home' },
  ],
  pricing: { kind: 'perPerson', price: { amount: 89_900, currency: 'EUR' } },
  offeredDates: { kind: 'dates', dates: [inDays(90), inDays(60)] },
  capacity: 4,
  ...extra,
});

const put = (who: Caller | null, payload: unknown) =>
  inject({
    method: 'PUT',
    url: '/api/v1/travelpackage',
    ...(who && { headers: who.headers }),
    payload: payload as object,
  });
const read = (id: string, who?: Caller, suffix = '') =>
  inject({ method: 'GET', url: `/api/v1/travelpackage/${id}${suffix}`, ...(who && { headers: who.headers }) });
const toggle = (who: Caller, id: string, payload: object) =>
  inject({ method: 'POST', url: `/api/v1/bff/travelPackage/${id}/toggle`, headers: who.headers, payload });

async function made(who: Caller, extra: Record<string, unknown> = {}): Promise<TravelPackage> {
  const res = await put(who, packageBody(extra));
  expect(res.statusCode).toBe(201);
  return res.json<TravelPackage>();
}

describe('making and changing a package', () => {
  it('makes a draft with its nights and stays derived from the days, and tells Kafka', async () => {
    const creator = await world.creator('Package Maker');
    const res = await put(creator, packageBody());
    expect(res.statusCode).toBe(201);
    const pkg = res.json<TravelPackage>();
    expect(pkg).toMatchObject({
      userId: creator.id,
      title: 'Lisbon and Sintra',
      status: 'draft',
      nights: 3,
      stays: [
        { ...rooms[0], night: 0, nights: 2 },
        { ...rooms[1], night: 2, nights: 1 },
      ],
      gallery: [],
      capacity: 4,
      // Offered dates come back in order.
      offeredDates: { kind: 'dates', dates: [inDays(60), inDays(90)] },
    });
    expect(pkg.days[1]).toEqual({ title: 'Belém', text: '', activities: ['Pastéis', 'Jerónimos'], stay: rooms[0] });
    const [event] = await world.events.wait((e) => e.aggregateId === pkg.id);
    expect(event).toMatchObject({
      type: 'creator.package.changed',
      payload: { packageId: pkg.id, userId: creator.id, status: 'draft' },
    });
  });

  it('changes the creator’s own package by its id, and keeps text as plain text', async () => {
    const creator = await world.creator('Package Changer');
    const pkg = await made(creator);
    const text = '<script>alert("x")</script> & <b>bold</b>';
    const changed = await put(creator, {
      ...packageBody({ title: 'Only Lisbon', pricing: { kind: 'liveQuote' }, offeredDates: { kind: 'any' } }),
      id: pkg.id,
      days: [{ title: 'One day', text, stay: rooms[2] }],
      nights: 1,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      id: pkg.id,
      title: 'Only Lisbon',
      pricing: { kind: 'liveQuote' },
      offeredDates: { kind: 'any' },
      nights: 1,
      stays: [{ ...rooms[2], night: 0, nights: 1 }],
      createdAt: pkg.createdAt,
    });
    expect((await read(pkg.id, creator)).json().days[0].text).toBe(text);
    const events = await world.events.wait((e) => e.aggregateId === pkg.id, 2);
    expect(events.map((e) => e.payload.status)).toEqual(['draft', 'draft']);
  });

  it('lets only creators with a profile make packages, and only their own change', async () => {
    const customer = await world.caller();
    expectError(await put(customer, packageBody()), 'forbidden');
    expectError(await put(null, packageBody()), 'unauthenticated');
    const noProfile = await world.caller(['role/customer', 'role/creator']);
    expectError(await put(noProfile, packageBody()), 'profile-not-found');

    const owner = await world.creator('Owner One');
    const other = await world.creator('Owner Two');
    const pkg = await made(owner);
    expectError(await put(other, { ...packageBody({ title: 'Mine now' }), id: pkg.id }), 'travel-package-not-found');
    expectError(await put(owner, { ...packageBody(), id: 'no-such-package' }), 'travel-package-not-found');
    expect((await read(pkg.id, owner)).json().title).toBe('Lisbon and Sintra');
  });

  it('refuses bodies that break the rules, naming the field', async () => {
    const creator = await world.creator('Rule Breaker');
    expectInvalid(await put(creator, packageBody({ title: ' ' })), 'title');
    expectInvalid(await put(creator, packageBody({ summary: 'x'.repeat(2_001) })), 'summary');
    expectInvalid(await put(creator, packageBody({ days: [] })), 'days');
    const day = { title: 'A day' };
    expectInvalid(await put(creator, packageBody({ days: Array.from({ length: 31 }, () => day) })), 'days');
    expectInvalid(await put(creator, packageBody({ days: [{ ...day, text: 'x'.repeat(4_001) }] })), 'days.0.text');
    expectInvalid(
      await put(creator, packageBody({ days: [{ ...day, activities: Array.from({ length: 21 }, () => 'a') }] })),
      'days.0.activities',
    );
    expectInvalid(await put(creator, packageBody({ nights: 2 })), 'nights');
    expectInvalid(await put(creator, packageBody({ capacity: 0 })), 'capacity');
    expectInvalid(await put(creator, packageBody({ capacity: 101 })), 'capacity');
    expectInvalid(
      await put(creator, packageBody({ offeredDates: { kind: 'dates', dates: [inDays(-3)] } })),
      'offeredDates.dates.0',
    );
    expectInvalid(
      await put(creator, packageBody({ offeredDates: { kind: 'dates', dates: [inDays(9), inDays(9)] } })),
      'offeredDates.dates.1',
    );
    const many = Array.from({ length: 101 }, (_, i) => inDays(i + 1));
    expectInvalid(
      await put(creator, packageBody({ offeredDates: { kind: 'dates', dates: many } })),
      'offeredDates.dates',
    );
    expectInvalid(
      await put(creator, packageBody({ pricing: { kind: 'perPerson', price: { amount: 0, currency: 'EUR' } } })),
      'pricing.price.amount',
    );
    // Photos go through the upload routes only.
    expectError(await put(creator, packageBody({ cover: { provider: 'x' } })), 'validation-failed');
    expect((await inject({ method: 'GET', url: '/api/v1/travelpackage', headers: creator.headers })).json().total).toBe(
      0,
    );
  });
});

describe('activating a package', () => {
  it('checks every night at the catalog, then anyone may read it', async () => {
    const creator = await world.creator('Activator');
    const pkg = await made(creator);
    expectError(await read(pkg.id), 'travel-package-not-found');
    const res = await toggle(creator, pkg.id, { packageId: pkg.id, isActive: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: pkg.id, status: 'active' });
    const open = await read(pkg.id);
    expect(open.statusCode).toBe(200);
    expect(open.json().status).toBe('active');
    const events = await world.events.wait((e) => e.aggregateId === pkg.id, 2);
    expect(events.map((e) => e.payload.status)).toEqual(['draft', 'active']);

    // Switching it off hides it again; switching to what it is changes nothing.
    expect((await toggle(creator, pkg.id, { isActive: false })).json().status).toBe('draft');
    expect((await toggle(creator, pkg.id, { isActive: false })).json().status).toBe('draft');
    expectError(await read(pkg.id), 'travel-package-not-found');
  });

  it('refuses a hotel or room type the catalog does not have, and a package with no night to book', async () => {
    const creator = await world.creator('Bad Stays');
    const noHotel = await made(creator, {
      days: [{ title: 'Nowhere', stay: { hotelId: 'no-such-hotel', roomType: 'double' } }],
    });
    const refused = await toggle(creator, noHotel.id, { isActive: true });
    expectError(refused, 'hotel-not-found');
    expect(refused.json().error.details).toEqual([{ path: 'days.0.stay.hotelId', message: 'Not in the catalog' }]);
    const noRoom = await put(
      creator,
      packageBody({ status: 'active', days: [{ title: 'Odd room', stay: { ...rooms[0], roomType: 'igloo' } }] }),
    );
    expectError(noRoom, 'room-type-not-found');
    expect(noRoom.json().error.details[0].path).toBe('days.0.stay.roomType');
    const noNights = await made(creator, { days: [{ title: 'Just a walk' }] });
    expectInvalid(await toggle(creator, noNights.id, { isActive: true }), 'days');
    expectInvalid(await toggle(creator, noNights.id, { packageId: 'another', isActive: true }), 'packageId');
    expect((await read(noHotel.id, creator)).json().status).toBe('draft');
  });

  it('checks changed stays of an active package again, and keeps it as it was when they are refused', async () => {
    const creator = await world.creator('Active Changer');
    const res = await put(creator, packageBody({ status: 'active' }));
    expect(res.statusCode).toBe(201);
    const pkg = res.json<TravelPackage>();
    expect(pkg.status).toBe('active');
    const broken = { ...packageBody(), id: pkg.id, days: [{ title: 'Gone', stay: { ...rooms[1], roomType: 'cave' } }] };
    expectError(await put(creator, broken), 'room-type-not-found');
    expect((await read(pkg.id)).json().days).toHaveLength(4);
    const renamed = await put(creator, { ...packageBody({ title: 'Renamed' }), id: pkg.id });
    expect(renamed.json()).toMatchObject({ title: 'Renamed', status: 'active' });
  });

  it('lets only the owner switch a package', async () => {
    const owner = await world.creator('Switch Owner');
    const other = await world.creator('Switch Other');
    const pkg = await made(owner);
    expectError(await toggle(other, pkg.id, { isActive: true }), 'travel-package-not-found');
    const customer = await world.caller();
    expectError(await toggle(customer, pkg.id, { isActive: true }), 'forbidden');
  });
});

describe('reading and listing packages', () => {
  it('lists the caller’s own packages in their order (a new one last), paged', async () => {
    const creator = await world.creator('Lister');
    const other = await world.creator('Other Lister');
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await made(creator, { title: `Trip ${i}` })).id);
    await made(other);
    const page = await inject({ method: 'GET', url: '/api/v1/travelpackage?take=2', headers: creator.headers });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 3, take: 2, skip: 0 });
    expect(page.json().packages.map((p: TravelPackage) => p.id)).toEqual([ids[0], ids[1]]);
    const rest = await inject({ method: 'GET', url: '/api/v1/travelpackage?take=2&skip=2', headers: creator.headers });
    expect(rest.json().packages.map((p: TravelPackage) => p.id)).toEqual([ids[2]]);
    const customer = await world.caller();
    expectError(await inject({ method: 'GET', url: '/api/v1/travelpackage', headers: customer.headers }), 'forbidden');
  });

  it('answers a draft to its creator only, and someone else’s as not found', async () => {
    const owner = await world.creator('Draft Owner');
    const other = await world.creator('Draft Peeker');
    const pkg = await made(owner);
    expect((await read(pkg.id, owner)).statusCode).toBe(200);
    expectError(await read(pkg.id, other), 'travel-package-not-found');
    expectError(await read(pkg.id), 'travel-package-not-found');
    expectError(await read(pkg.id, other, '/withHotelContent'), 'travel-package-not-found');
  });

  it('answers the package with the catalog’s cards of its hotels, in the order of their nights', async () => {
    const creator = await world.creator('Card Reader');
    const pkg = await made(creator, { status: 'active' });
    const res = await read(pkg.id, undefined, '/withHotelContent?currency=GBP');
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.id).toBe(pkg.id);
    expect(answer.hotels.map((h: { id: string }) => h.id)).toEqual([rooms[0]!.hotelId, rooms[1]!.hotelId]);
    expect(answer.hotels[0].fromPrice.currency).toBe('GBP');
    // Without a currency, the package's price currency.
    const own = await read(pkg.id, undefined, '/withHotelContent');
    expect(own.json().hotels[0].fromPrice.currency).toBe('EUR');
  });

  it('lists a creator’s active packages on their club, by any address they had', async () => {
    const creator = await world.creator('Club Packages', `club-pk-${Math.random().toString(36).slice(2, 8)}`);
    const active = await made(creator, { status: 'active' });
    await made(creator);
    const oldSlug = creator.profile.slug;
    const renamed = await inject({
      method: 'PUT',
      url: '/api/v1/userProfile',
      headers: creator.headers,
      payload: { slug: `${oldSlug}-new` },
    });
    expect(renamed.statusCode).toBe(200);
    for (const slug of [oldSlug, `${oldSlug}-new`]) {
      const res = await inject({ method: 'GET', url: `/api/v1/userProfile/public/${slug}/travelPackages` });
      expect(res.statusCode).toBe(200);
      expect(res.json().packages.map((p: TravelPackage) => p.id)).toEqual([active.id]);
    }
    expectError(
      await inject({ method: 'GET', url: '/api/v1/userProfile/public/nobody-here-at-all/travelPackages' }),
      'profile-not-found',
    );
  });
});

describe('deleting a package', () => {
  it('lets the owner delete it: gone for everyone, deleted on Kafka', async () => {
    const owner = await world.creator('Deleter');
    const other = await world.creator('Not The Deleter');
    const pkg = await made(owner, { status: 'active' });
    const url = `/api/v1/travelpackage/${pkg.id}`;
    expectError(await inject({ method: 'DELETE', url, headers: other.headers }), 'travel-package-not-found');
    expect((await inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(204);
    expectError(await read(pkg.id, owner), 'travel-package-not-found');
    expectError(await inject({ method: 'DELETE', url, headers: owner.headers }), 'travel-package-not-found');
    expectError(await toggle(owner, pkg.id, { isActive: true }), 'travel-package-not-found');
    const events = await world.events.wait((e) => e.aggregateId === pkg.id && e.payload.status === 'deleted');
    expect(events).toHaveLength(1);
  });
});

describe('the itinerary’s read of a package', () => {
  it('answers the package in any status with its creator’s current slug, to the itinerary only', async () => {
    const creator = await world.creator('Bookable');
    const pkg = await made(creator);
    const url = `/internal/v1/travelpackages/${pkg.id}`;
    const res = await inject({ method: 'GET', url, headers: await serviceHeaders('itinerary', 'creator') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: pkg.id, status: 'draft', creatorSlug: creator.profile.slug });
    expect(res.json().stays).toHaveLength(2);
    expectError(await inject({ method: 'GET', url, headers: await serviceHeaders('billing', 'creator') }), 'forbidden');
    expectError(await inject({ method: 'GET', url, headers: creator.headers }), 'unauthenticated');
    expectError(
      await inject({
        method: 'GET',
        url: '/internal/v1/travelpackages/nothing',
        headers: await serviceHeaders('itinerary', 'creator'),
      }),
      'travel-package-not-found',
    );
  });
});

describe('a creator whose role support staff revoked', () => {
  it('sells nothing: packages, club and bookings go, a token from before cannot bring them back, a re-grant does', async () => {
    const creator = await world.creator('Revoked Rae');
    const pkg = await made(creator, { status: 'active' });
    const internal = async () =>
      inject({
        method: 'GET',
        url: `/internal/v1/travelpackages/${pkg.id}`,
        headers: await serviceHeaders('itinerary', 'creator'),
      });
    const club = () => inject({ method: 'GET', url: `/api/v1/bff/creator/${creator.profile.slug}` });
    expect((await read(pkg.id)).statusCode).toBe(200);
    expect((await internal()).statusCode).toBe(200);
    await world.publish('auth.role.revoked', creator.id, {
      userId: creator.id,
      role: 'role/creator',
      roles: ['role/customer'],
    });
    await expect.poll(async () => (await read(pkg.id)).statusCode, { timeout: 20_000 }).toBe(404);
    expectError(await read(pkg.id, undefined, '/withHotelContent'), 'travel-package-not-found');
    // The itinerary's booking read refuses it: no cart, no attribution to them.
    expectError(await internal(), 'travel-package-not-found');
    await expect.poll(async () => (await club()).statusCode, { timeout: 10_000 }).toBe(404);
    // Their access token from before the revoke still says creator: reading their profile does not restore it.
    const own = await inject({ method: 'GET', url: '/api/v1/userProfile', headers: creator.headers });
    expect(own.json().claims).toEqual(['role/customer']);
    expect((await read(pkg.id)).statusCode).toBe(404);
    // The owner still sees their own package; staff give the role back and everything is public again.
    expect((await read(pkg.id, creator)).statusCode).toBe(200);
    await world.publish('auth.role.granted', creator.id, {
      userId: creator.id,
      role: 'role/creator',
      roles: ['role/customer', 'role/creator'],
    });
    await expect.poll(async () => (await read(pkg.id)).statusCode, { timeout: 20_000 }).toBe(200);
    expect((await internal()).statusCode).toBe(200);
    await expect.poll(async () => (await club()).statusCode, { timeout: 10_000 }).toBe(200);
  });
});

describe('the store’s photos and club list', () => {
  const asset = (publicId: string): ImageAsset => ({
    provider: 'local',
    publicId,
    links: {
      original: `https://travelclub.test/${publicId}.jpg`,
      '200px': `https://travelclub.test/${publicId}-200.jpg`,
      '600px': `https://travelclub.test/${publicId}-600.jpg`,
    },
  });

  it('sets the cover, fills the gallery up to its limit, and takes photos off, for the owner only', async () => {
    const store = await packageStore(world.app.mongo, unheardOutbox);
    const creator = await world.creator('Photographer');
    const other = await world.creator('Not Photographer');
    const pkg = await made(creator);
    expect(await store.setCover(pkg.id, other.id, asset('c0'))).toBeNull();
    expect((await store.setCover(pkg.id, creator.id, asset('c1')))?.previous).toBeUndefined();
    const second = await store.setCover(pkg.id, creator.id, asset('c2'));
    expect(second?.previous?.publicId).toBe('c1');
    for (let i = 0; i < contentLimits.packageGallery; i++)
      expect(await store.addImage(pkg.id, creator.id, asset(`g${i}`))).not.toBeNull();
    expect(await store.addImage(pkg.id, creator.id, asset('one-too-many'))).toBeNull();
    expect(await store.addImage(pkg.id, other.id, asset('theirs'))).toBeNull();
    expect((await store.removeImage(pkg.id, creator.id, 'g3'))?.publicId).toBe('g3');
    expect((await store.removeImage(pkg.id, creator.id, 'c2'))?.publicId).toBe('c2');
    expect(await store.removeImage(pkg.id, creator.id, 'g3')).toBeNull();
    expect(await store.removeImage(pkg.id, other.id, 'g4')).toBeNull();
    const now = (await read(pkg.id, creator)).json<TravelPackage>();
    expect(now.cover).toBeUndefined();
    expect(now.gallery.map((a) => a.publicId)).toHaveLength(contentLimits.packageGallery - 1);
    expect(now.gallery.map((a) => a.publicId)).not.toContain('g3');
  });

  it('answers a creator’s active packages as views for the club page', async () => {
    const store = await packageStore(world.app.mongo, unheardOutbox);
    const creator = await world.creator('Club Views');
    const older = await made(creator, { status: 'active', title: 'Older' });
    const newer = await made(creator, { status: 'active', title: 'Newer' });
    await made(creator, { title: 'Draft' });
    const views = await store.activeOf(creator.id);
    expect(views.map((v) => v.id)).toEqual([older.id, newer.id]);
    expect(views[1]).toEqual((await read(newer.id)).json());
  });
});
