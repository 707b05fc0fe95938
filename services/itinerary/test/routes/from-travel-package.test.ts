// Booking a creator's travel package against the real catalog, with a stand-in for the creator service's
// internal package read: a new cart attributed to the creator with every stay held at the catalog, or, when
// one stay cannot be held, nothing kept (no cart, no hold left behind); drafts, unknown packages and dates the
// package does not depart on refused with the catalogue's codes.
import { errorCatalogue, type Itinerary, type PackageStay, type TravelPackageForBooking } from '@travelclub/contracts';
import { startStandIn, type StandInRequest } from '@travelclub/kit/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { expectError, guestDetails, inDays, itineraryUrl, useWorld, type Offer, type Traveller } from '../helpers.js';

/** The packages the creator service has, by id, and the calls it got. */
const packages = new Map<string, TravelPackageForBooking>();
const calls: StandInRequest[] = [];
const creator = await startStandIn('creator', (req) => {
  calls.push(req);
  const id = /^\/internal\/v1\/travelpackages\/([^/?]+)$/.exec(req.url)?.[1];
  if (req.method !== 'GET' || !id) return { status: 404, body: {} };
  if (req.caller !== 'itinerary') return { status: 401, body: { error: { code: 'unauthenticated', message: 'no' } } };
  const found = packages.get(decodeURIComponent(id));
  const missing = { code: 'travel-package-not-found', message: errorCatalogue['travel-package-not-found'].message };
  return found ? { status: 200, body: found } : { status: 404, body: { error: missing } };
});
afterAll(() => creator.close());

const world = useWorld({ CREATOR_URL: creator.url });
const { call } = world;

const CHECK_IN_IN_DAYS = 40;

/** A package of these stays, departing `CHECK_IN_IN_DAYS` from today, as the creator service answers it. */
function packageOf(stays: PackageStay[], extra: Partial<TravelPackageForBooking> = {}): TravelPackageForBooking {
  const nights = stays.reduce((last, stay) => Math.max(last, stay.night + stay.nights), 0);
  const dayOf = (night: number) => stays.find((s) => night >= s.night && night < s.night + s.nights);
  const days = Array.from({ length: nights + 1 }, (_, night) => {
    const stay = dayOf(night);
    return {
      title: `Day ${night + 1}`,
      text: '',
      activities: [],
      ...(stay && { stay: { hotelId: stay.hotelId, roomType: stay.roomType } }),
    };
  });
  const now = new Date().toISOString();
  const pkg: TravelPackageForBooking = {
    id: `pkg-${randomUUID().slice(0, 8)}`,
    userId: 'creator-1',
    title: 'Coast to coast',
    summary: '',
    gallery: [],
    days,
    nights: stays.reduce((sum, stay) => sum + stay.nights, 0),
    stays,
    pricing: { kind: 'perPerson', price: { amount: 120_000, currency: 'EUR' } },
    offeredDates: { kind: 'dates', dates: [inDays(CHECK_IN_IN_DAYS), inDays(CHECK_IN_IN_DAYS + 7)] },
    capacity: 3,
    status: 'active',
    createdAt: now,
    updatedAt: now,
    creatorSlug: 'ana-travels',
    ...extra,
  };
  packages.set(pkg.id, pkg);
  return pkg;
}

/** A stay of the package from a room the catalog has free on its nights. */
const stayFrom = (offer: Offer, night: number, nights: number): PackageStay => ({
  hotelId: offer.hotelId,
  roomType: offer.roomType,
  night,
  nights,
});

const book = (who: Traveller | undefined, id: string, body: object) =>
  call('POST', `/api/v1/itinerary/fromTravelPackage/${id}`, who, body);

const departure = { checkInDate: inDays(CHECK_IN_IN_DAYS), adults: 1 };

/** The traveller's holds at the catalog as it has them now. */
async function holdsOf(owner: Traveller) {
  const entries = await world.catalog.mongo.collection('holds').find({ ownerId: owner.id }).toArray();
  return Promise.all(
    entries.map(async (entry) => (await world.holdCall('GET', owner, String(entry._id))).json<{ status: string }>()),
  );
}

describe('booking a travel package', () => {
  it('makes a cart attributed to the creator with every stay held at the catalog', async () => {
    const first = await world.findOffer({ startInDays: CHECK_IN_IN_DAYS, nights: 2 });
    const second = await world.findOffer({ startInDays: CHECK_IN_IN_DAYS + 2, nights: 1 });
    const pkg = packageOf([stayFrom(first, 0, 2), stayFrom(second, 2, 1)]);
    const me = await world.traveller();
    const res = await book(me, pkg.id, departure);
    expect(res.statusCode).toBe(201);
    const itinerary = res.json<Itinerary>();
    expect(itinerary).toMatchObject({
      title: 'Coast to coast',
      ownerId: me.id,
      creator: 'ana-travels',
      // The package's price currency, unless the traveller chose one.
      currency: 'EUR',
      status: 'draft',
    });
    expect(itinerary.lineItems.map((item) => [item.hotelBooking.hotelId, item.checkInDate, item.checkOutDate])).toEqual(
      [
        [first.hotelId, inDays(CHECK_IN_IN_DAYS), inDays(CHECK_IN_IN_DAYS + 2)],
        [second.hotelId, inDays(CHECK_IN_IN_DAYS + 2), inDays(CHECK_IN_IN_DAYS + 3)],
      ],
    );
    const rooms = itinerary.lineItems.map((item) => item.hotelBooking.rooms[0]!);
    expect(rooms.map((room) => [room.roomType.type, room.holdStatus, room.totalPrice.currency])).toEqual([
      [first.roomType, 'held', 'EUR'],
      [second.roomType, 'held', 'EUR'],
    ]);
    expect(itinerary.total.amount).toBe(rooms[0]!.totalPrice.amount + rooms[1]!.totalPrice.amount);
    for (const room of rooms) {
      const hold = await world.holdCall('GET', me, room.holdId);
      expect(hold.json()).toMatchObject({ status: 'held', itineraryId: itinerary.id });
    }
    expect((await call('GET', itineraryUrl(itinerary.id), me)).json()).toEqual(itinerary);
    const added = await world.eventsAbout(itinerary.id, 'itinerary.room.added', 2);
    expect(added.map((e) => e.payload.hotelId)).toEqual([first.hotelId, second.hotelId]);
    expect(added.map((e) => e.payload.creator)).toEqual(['ana-travels', 'ana-travels']);
    expect(calls.at(-1)).toMatchObject({ caller: 'itinerary', url: `/internal/v1/travelpackages/${pkg.id}` });

    // It checks out like any cart (a stored empty field once made the invoice fail with a 500).
    const guests = await call('POST', itineraryUrl(itinerary.id, 'setGuestDetails'), me, guestDetails(itinerary));
    expect(guests.statusCode).toBe(200);
    const invoiced = await call('POST', itineraryUrl(itinerary.id, 'createInvoice'), me);
    expect(invoiced.statusCode).toBe(200);
    expect(invoiced.json<Itinerary>().status).toBe('pending_payment');
  });

  it('keeps nothing when one night cannot be held: no cart, and no hold left behind', async () => {
    const first = await world.findOffer({ startInDays: CHECK_IN_IN_DAYS, nights: 1 });
    const soldOut = await world.findOffer({ startInDays: CHECK_IN_IN_DAYS + 1, nights: 1 });
    // Someone else takes every room of the second night's type.
    const rival = await world.traveller();
    for (let i = 0; i < 300; i++) {
      const res = await world.holdCall('POST', rival, undefined, {
        idempotencyKey: randomUUID(),
        searchId: soldOut.searchId,
        hotelId: soldOut.hotelId,
        roomType: soldOut.roomType,
        rateId: soldOut.roomId,
        checkIn: soldOut.checkInDate,
        checkOut: soldOut.checkOutDate,
        itineraryId: 'it-rival',
        lineItemId: 'li-rival',
      });
      if (res.statusCode === 409) break;
      expect(res.statusCode).toBe(201);
    }
    const pkg = packageOf([stayFrom(first, 0, 1), stayFrom(soldOut, 1, 1)], { pricing: { kind: 'liveQuote' } });
    const me = await world.traveller();
    expectError(await book(me, pkg.id, departure), 'no-rooms-available');
    expect((await call('GET', '/api/v1/itinerary', me)).json()).toMatchObject({ total: 0 });
    const held = await holdsOf(me);
    // The first night was held, then let go.
    expect(held.length).toBeGreaterThanOrEqual(1);
    expect(held.map((hold) => hold.status)).toEqual(held.map(() => 'released'));
  });

  it('refuses a draft, an unknown package and a date the package does not depart on', async () => {
    const offer = await world.findOffer({ startInDays: CHECK_IN_IN_DAYS, nights: 1 });
    const me = await world.traveller();
    const draft = packageOf([stayFrom(offer, 0, 1)], { status: 'draft' });
    expectError(await book(me, draft.id, departure), 'travel-package-not-found');
    expectError(await book(me, 'no-such-package', departure), 'travel-package-not-found');
    const active = packageOf([stayFrom(offer, 0, 1)]);
    const other = await book(me, active.id, { ...departure, checkInDate: inDays(CHECK_IN_IN_DAYS + 1) });
    expectError(other, 'travel-package-date-not-offered');
    const tooMany = await book(me, active.id, { ...departure, adults: 4, rooms: 4 });
    expect(tooMany.json().error).toMatchObject({ code: 'validation-failed', details: [{ path: 'rooms' }] });
    const past = await book(me, active.id, { ...departure, checkInDate: inDays(-2) });
    expect(past.json().error).toMatchObject({ code: 'validation-failed', details: [{ path: 'checkInDate' }] });
    expect((await call('GET', '/api/v1/itinerary', me)).json()).toMatchObject({ total: 0 });
    expect(await holdsOf(me)).toEqual([]);
  });

  it('books any date of a package open to any date, in the currency the traveller chose', async () => {
    const offer = await world.findOffer({ startInDays: CHECK_IN_IN_DAYS + 5, nights: 1 });
    const pkg = packageOf([stayFrom(offer, 0, 1)], { offeredDates: { kind: 'any' } });
    const me = await world.traveller();
    const res = await book(me, pkg.id, { checkInDate: inDays(CHECK_IN_IN_DAYS + 5), adults: 1, currency: 'GBP' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ currency: 'GBP', total: { currency: 'GBP' } });
  });

  it('answers the cart’s token-not-found without a token', async () => {
    const offer = await world.findOffer({ startInDays: CHECK_IN_IN_DAYS, nights: 1 });
    const pkg = packageOf([stayFrom(offer, 0, 1)]);
    expectError(await book(undefined, pkg.id, departure), 'token-not-found');
  });
});
