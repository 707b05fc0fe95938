// The cart routes against the real catalog and servers: create, read, add, update and remove rooms, guest
// and customer data, who may see what, the cart errors of spec section 8, and the events on Kafka.
import { errorTitles, type Itinerary } from '@travelclub/contracts';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { itineraryView, newItinerary } from '../../src/domain/itinerary.js';
import { bookingReference } from '../../src/domain/reference.js';
import {
  addHotelBody,
  client,
  expectError,
  guestDetails,
  inDays,
  itineraryUrl,
  leadGuest,
  useWorld,
} from '../helpers.js';

const world = useWorld();
const { call } = world;

describe('creating and reading itineraries', () => {
  it('creates a draft in USD unless a currency is chosen, and answers it to its owner', async () => {
    const owner = await world.traveller();
    const created = await call('POST', '/api/v1/itinerary', owner, { title: 'Lisbon' });
    expect(created.statusCode).toBe(201);
    const itinerary = created.json<Itinerary>();
    expect(itinerary).toMatchObject({
      title: 'Lisbon',
      currency: 'USD',
      status: 'draft',
      ownerId: owner.id,
      lineItems: [],
      total: { amount: 0, currency: 'USD' },
    });
    const euros = await world.createItinerary(owner, { currency: 'EUR', creator: 'ana-travels' });
    expect(euros).toMatchObject({ currency: 'EUR', creator: 'ana-travels' });

    const read = await call('GET', itineraryUrl(itinerary.id), owner);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(itinerary);
  });

  it('gives each itinerary a short booking reference of its own, kept for good and in every answer', async () => {
    const owner = await world.traveller();
    const first = await world.createItinerary(owner);
    const second = await world.createItinerary(owner);
    expect(first.reference).toMatch(/^TC-[2-9A-HJ-NP-Z]{8}$/);
    expect(second.reference).toMatch(/^TC-[2-9A-HJ-NP-Z]{8}$/);
    expect(second.reference).not.toBe(first.reference);
    const listed = (await call('GET', '/api/v1/itinerary', owner)).json<{ itineraries: Itinerary[] }>();
    expect(listed.itineraries.map((it) => it.reference).sort()).toEqual([first.reference, second.reference].sort());
    expect((await call('GET', itineraryUrl('latest'), owner)).json<Itinerary>().reference).toBe(second.reference);
    const cancelled = await call('PUT', itineraryUrl(first.id, 'cancel'), owner);
    expect(cancelled.json<Itinerary>()).toMatchObject({ status: 'cancelled', reference: first.reference });
  });

  it('gives the next reference when another itinerary has the first, and one to itineraries made before', async () => {
    const id = randomUUID();
    // Another itinerary already has the reference this one would get first.
    const other = await world.store.create(newItinerary(randomUUID(), 'someone', {}, new Date()));
    await world.app.mongo
      .collection('itineraries')
      .updateOne({ _id: other._id as never }, { $set: { reference: bookingReference(id) } });
    const created = await world.store.create(newItinerary(id, 'owner-clash', {}, new Date()));
    expect(created.reference).toBe(bookingReference(id, 1));
    expect(itineraryView((await world.store.get(id))!).reference).toBe(bookingReference(id, 1));

    // As the store wrote itineraries before references: none stored; the answer and the start-up agree.
    const old = newItinerary(randomUUID(), 'owner-old', {}, new Date());
    await world.app.mongo.collection('itineraries').insertOne({ ...old, outbox: [] } as unknown as { _id: never });
    expect(itineraryView((await world.store.get(old._id))!).reference).toBe(bookingReference(old._id));
    expect(await world.store.backfillReferences()).toBeGreaterThanOrEqual(1);
    expect(await world.store.backfillReferences()).toBe(0);
    expect((await world.store.get(old._id))!.reference).toBe(bookingReference(old._id));
  });

  it('refuses a currency the catalog does not quote in, and unknown fields', async () => {
    const owner = await world.traveller();
    const res = await call('POST', '/api/v1/itinerary', owner, { currency: 'XYZ' });
    expectError(res, 'validation-failed');
    expect(res.json().error.details[0].path).toBe('currency');
    expectError(await call('POST', '/api/v1/itinerary', owner, { ownerId: 'someone-else' }), 'validation-failed');
  });

  it('lists my itineraries newest first, paged, and nobody else’s', async () => {
    const me = await world.traveller();
    const other = await world.traveller();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await world.createItinerary(me, { title: `trip ${i}` })).id);
    await world.createItinerary(other);
    const page = await call('GET', '/api/v1/itinerary?take=2', me);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 3, take: 2, skip: 0 });
    expect(page.json().itineraries.map((i: Itinerary) => i.id)).toEqual([ids[2], ids[1]]);
    const next = await call('GET', '/api/v1/itinerary?take=2&skip=2', me);
    expect(next.json().itineraries.map((i: Itinerary) => i.id)).toEqual([ids[0]]);
    expectError(await call('GET', '/api/v1/itinerary?take=1000', me), 'validation-failed');
  });

  it('answers the newest open cart as the latest, and itinerary-not-found when there is none', async () => {
    const me = await world.traveller();
    expectError(await call('GET', '/api/v1/itinerary/latest', me), 'itinerary-not-found');
    const older = await world.createItinerary(me);
    const newer = await world.createItinerary(me);
    expect((await call('GET', '/api/v1/itinerary/latest', me)).json().id).toBe(newer.id);
    expect((await call('PUT', itineraryUrl(newer.id, 'cancel'), me)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/itinerary/latest', me)).json().id).toBe(older.id);
  });

  it('answers token-not-found without a bearer token, and unauthenticated for a bad one', async () => {
    const me = await world.traveller();
    const { id } = await world.createItinerary(me);
    for (const [method, url] of [
      ['POST', '/api/v1/itinerary'],
      ['GET', '/api/v1/itinerary'],
      ['GET', '/api/v1/itinerary/latest'],
      ['GET', itineraryUrl(id)],
      ['GET', itineraryUrl(id, 'cancellationTerms')],
      ['GET', itineraryUrl(id, 'preCheck')],
      ['POST', itineraryUrl(id, 'addHotel')],
      ['POST', itineraryUrl(id, 'updateHotel')],
      ['POST', itineraryUrl(id, 'removeHotel')],
      ['POST', itineraryUrl(id, 'setGuestDetails')],
      ['POST', itineraryUrl(id, 'updateCustomerData')],
      ['POST', itineraryUrl(id, 'createInvoice')],
      ['PUT', itineraryUrl(id, 'cancel')],
    ] as const) {
      const res = await call(method, url, undefined, method === 'GET' ? undefined : {});
      expectError(res, 'token-not-found');
    }
    const expired = await world.jwks.sign({ sub: me.id }, { exp: '-1m' });
    const res = await world.app.inject({
      method: 'GET',
      url: itineraryUrl(id),
      headers: { authorization: `Bearer ${expired}` },
    });
    expectError(res, 'unauthenticated');
  });

  it('tells a stranger the itinerary does not exist, for reads and changes alike', async () => {
    const owner = await world.traveller();
    const stranger = await world.traveller();
    const { itinerary, offer } = await world.cartWithRoom(owner);
    const lineItemId = itinerary.lineItems[0]!.identity;
    for (const [method, url, body] of [
      ['GET', itineraryUrl(itinerary.id), undefined],
      ['GET', itineraryUrl(itinerary.id, 'cancellationTerms'), undefined],
      ['GET', itineraryUrl(itinerary.id, 'preCheck'), undefined],
      ['POST', itineraryUrl(itinerary.id, 'addHotel'), addHotelBody(offer)],
      ['POST', itineraryUrl(itinerary.id, 'removeHotel'), { lineItemId }],
      ['POST', itineraryUrl(itinerary.id, 'setGuestDetails'), guestDetails(itinerary)],
      ['POST', itineraryUrl(itinerary.id, 'updateCustomerData'), { leadGuest: { name: 'Mallory' } }],
      ['POST', itineraryUrl(itinerary.id, 'createInvoice'), undefined],
      ['PUT', itineraryUrl(itinerary.id, 'cancel'), undefined],
    ] as const) {
      expectError(await call(method, url, stranger, body), 'itinerary-not-found');
    }
    expectError(await call('GET', itineraryUrl(`it-${randomUUID()}`), owner), 'itinerary-not-found');
    // Nothing the stranger did changed it.
    expect((await call('GET', itineraryUrl(itinerary.id), owner)).json()).toEqual(itinerary);
  });

  it('lets support staff read anyone’s itinerary, and records each read with the staff id', async () => {
    const owner = await world.traveller();
    const staff = await world.traveller({ roles: ['role/support'] });
    const { id } = await world.createItinerary(owner);
    expect((await call('GET', itineraryUrl(id), staff)).statusCode).toBe(200);
    expect((await call('GET', itineraryUrl(id, 'cancellationTerms'), staff)).statusCode).toBe(200);
    // Staff read, they do not shop: the cart stays the owner's.
    expectError(
      await call('POST', itineraryUrl(id, 'updateCustomerData'), staff, { leadGuest: { name: 'Staff' } }),
      'itinerary-not-found',
    );
    const stored = await world.store.get(id);
    expect(stored?.staffActions.map((a) => [a.userId, a.action])).toEqual([
      [staff.id, 'read'],
      [staff.id, 'read-cancellation-terms'],
    ]);
    // The owner's own reads are not staff actions.
    await call('GET', itineraryUrl(id), owner);
    expect((await world.store.get(id))?.staffActions).toHaveLength(2);
  });

  it('keeps an anonymous visitor’s cart after sign-up (same account id, no longer anonymous)', async () => {
    const anonymous = await world.traveller({ roles: [], isAnonymous: true });
    const { itinerary } = await world.cartWithRoom(anonymous);
    const signedUp = await world.traveller({ sub: anonymous.id, isAnonymous: false });
    const latest = await call('GET', '/api/v1/itinerary/latest', signedUp);
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toEqual(itinerary);
    expect((await call('GET', '/api/v1/itinerary', signedUp)).json().total).toBe(1);
  });

  it('refuses operator injection in ids and bodies as validation, never as a query', async () => {
    const { me, itinerary } = await world.newCart();
    const injected = [
      await call('POST', itineraryUrl(itinerary.id, 'removeHotel'), me, { lineItemId: { $ne: 1 } }),
      await call('POST', itineraryUrl(itinerary.id, 'addHotel'), me, {
        hotelId: { $ne: 1 },
        roomType: 'x',
        roomId: 'y',
      }),
      await call('POST', itineraryUrl(itinerary.id, 'setGuestDetails'), me, {
        leadGuest: leadGuest(),
        rooms: [{ lineItemId: { $gt: '' }, holdId: 'h', guestNames: ['a'] }],
      }),
      await call('POST', '/api/v1/itinerary', me, { title: { $ne: 1 } }),
      await call('GET', '/api/v1/itinerary?take[$ne]=1', me),
    ];
    for (const res of injected) expectError(res, 'validation-failed');
    expectError(await call('GET', itineraryUrl(encodeURIComponent('{"$ne":1}')), me), 'itinerary-not-found');
    // A query the route does not take never reaches a query.
    expectError(await call('GET', `${itineraryUrl('x')}?id[$ne]=1`, me), 'itinerary-not-found');
    expect((await call('GET', itineraryUrl(itinerary.id), me)).json()).toEqual(itinerary);
  });
});

describe('adding rooms', () => {
  it('holds the room in the catalog and writes its quote into a new line item, with itinerary.room.added', async () => {
    const me = await world.traveller();
    const itinerary = await world.createItinerary(me);
    const offer = await world.findOffer();
    const res = await call(
      'POST',
      itineraryUrl(itinerary.id, 'addHotel'),
      me,
      addHotelBody(offer, { creator: 'ana-travels' }),
    );
    expect(res.statusCode).toBe(200);
    const cart = res.json<Itinerary>();
    expect(cart.creator).toBe('ana-travels');
    expect(cart.lineItems).toHaveLength(1);
    const item = cart.lineItems[0]!;
    expect(item).toMatchObject({ checkInDate: offer.checkInDate, checkOutDate: offer.checkOutDate });
    expect(item.hotelBooking.hotelId).toBe(offer.hotelId);
    expect(item.hotelBooking.hotelName).toBe(world.catalog.catalog.index().hotel(offer.hotelId)?.name);
    const room = item.hotelBooking.rooms[0]!;
    expect(room).toMatchObject({
      rateId: offer.roomId,
      rooms: 1,
      holdStatus: 'held',
      roomType: { type: offer.roomType },
    });
    expect(cart.total).toEqual(room.totalPrice);

    // The catalog holds it for this itinerary and line item, at the quoted price.
    const hold = await world.holdCall('GET', me, room.holdId);
    expect(hold.json()).toMatchObject({
      status: 'held',
      itineraryId: itinerary.id,
      lineItemId: item.identity,
      quote: { rate: { totalPrice: room.totalPrice } },
    });

    // The same request again is the same hold: nothing changes.
    const repeated = await call(
      'POST',
      itineraryUrl(itinerary.id, 'addHotel'),
      me,
      addHotelBody(offer, { lineItemId: item.identity }),
    );
    expect(repeated.json()).toEqual(cart);
    // Another room of the same hotel and stay, into the same line item.
    const another = offer.others[0]!;
    const second = await call(
      'POST',
      itineraryUrl(itinerary.id, 'addHotel'),
      me,
      addHotelBody(offer, { lineItemId: item.identity, ...another }),
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().lineItems).toHaveLength(1);
    expect(second.json().lineItems[0].hotelBooking.rooms).toHaveLength(2);
    const secondRoom = second.json<Itinerary>().lineItems[0]!.hotelBooking.rooms[1]!;
    expect(secondRoom.rateId).toBe(another.roomId);
    expect(second.json().total.amount).toBe(room.totalPrice.amount + secondRoom.totalPrice.amount);

    const events = await world.eventsAbout(itinerary.id, 'itinerary.room.added', 2);
    expect(events[0]!.payload).toMatchObject({
      userId: me.id,
      lineItemId: item.identity,
      hotelId: offer.hotelId,
      roomType: offer.roomType,
      rateId: offer.roomId,
      checkInDate: offer.checkInDate,
      totalPrice: room.totalPrice,
      creator: 'ana-travels',
    });
  });

  it('quotes in the itinerary’s currency', async () => {
    const me = await world.traveller();
    const { itinerary } = await world.cartWithRoom(me, { currency: 'EUR' });
    expect(itinerary.total.currency).toBe('EUR');
    expect(itinerary.lineItems[0]!.hotelBooking.rooms[0]!.totalPrice.currency).toBe('EUR');
  });

  it('answers search-or-dates-not-found without a search or dates, for an unknown search, and for other dates', async () => {
    const me = await world.traveller();
    const { id } = await world.createItinerary(me);
    const offer = await world.findOffer();
    const url = itineraryUrl(id, 'addHotel');
    const bodies = [
      addHotelBody(offer, { searchId: undefined }),
      addHotelBody(offer, { checkInDate: undefined }),
      addHotelBody(offer, { checkOutDate: undefined }),
      addHotelBody(offer, { searchId: 'nosuchsearch123' }),
      addHotelBody(offer, { searchId: 'bad id!' }),
      addHotelBody(offer, { checkInDate: inDays(31), checkOutDate: inDays(33) }),
    ];
    for (const body of bodies) expectError(await call('POST', url, me, body), 'search-or-dates-not-found');
  });

  it('answers search-or-dates-not-found for dates no search can have: past, backwards, or too long', async () => {
    const me = await world.traveller();
    const { id } = await world.createItinerary(me);
    const offer = await world.findOffer();
    const url = itineraryUrl(id, 'addHotel');
    for (const [checkInDate, checkOutDate] of [
      [inDays(-3), inDays(-1)],
      [inDays(33), inDays(31)],
      [inDays(31), inDays(31)],
      [inDays(31), inDays(400)],
    ])
      expectError(
        await call('POST', url, me, addHotelBody(offer, { checkInDate, checkOutDate })),
        'search-or-dates-not-found',
      );
  });

  it('adds a room with one call to the catalog: the hold, which reads the search itself', async () => {
    const me = await world.traveller();
    const { id } = await world.createItinerary(me);
    const offer = await world.findOffer();
    // What reaches the catalog's server (the test's own calls are injected, and never do).
    const calls: string[] = [];
    const count = (req: IncomingMessage) => calls.push(`${req.method} ${req.url?.split('?')[0]}`);
    world.catalog.server.on('request', count);
    try {
      const res = await call('POST', itineraryUrl(id, 'addHotel'), me, addHotelBody(offer));
      expect(res.statusCode).toBe(200);
    } finally {
      world.catalog.server.off('request', count);
    }
    expect(calls).toEqual(['POST /internal/v1/holds']);
  });

  it('passes the catalog’s refusals on as they are, leaving the itinerary exactly as it was', async () => {
    const { me, itinerary, offer } = await world.newCart();
    const before = (await call('GET', itineraryUrl(itinerary.id), me)).body;
    const url = itineraryUrl(itinerary.id, 'addHotel');
    expectError(await call('POST', url, me, addHotelBody(offer, { hotelId: 'no-such-hotel' })), 'hotel-not-found');
    expectError(await call('POST', url, me, addHotelBody(offer, { roomType: 'no-such-type' })), 'room-type-not-found');
    expectError(await call('POST', url, me, addHotelBody(offer, { roomId: 'no-such-rate' })), 'room-not-found');
    // A line item of another hotel, or one that is not in the itinerary.
    const other = await world.findOffer();
    const lineItemId = itinerary.lineItems[0]!.identity;
    expectError(await call('POST', url, me, addHotelBody(other, { lineItemId })), 'hotel-booking-not-found');
    expectError(
      await call('POST', url, me, addHotelBody(offer, { lineItemId: 'li_nothere' })),
      'hotel-booking-not-found',
    );
    expect((await call('GET', itineraryUrl(itinerary.id), me)).body).toBe(before);
  });

  it('passes no-rooms-available on with its title when the room type is sold out', async () => {
    const me = await world.traveller();
    const { id } = await world.createItinerary(me);
    const offer = await world.findOffer({ startInDays: 60 });
    const before = (await call('GET', itineraryUrl(id), me)).body;
    // Someone else takes every room of the type for those nights.
    const rival = await world.traveller();
    for (let i = 0; i < 300; i++) {
      const res = await world.holdCall('POST', rival, undefined, {
        idempotencyKey: randomUUID(),
        searchId: offer.searchId,
        hotelId: offer.hotelId,
        roomType: offer.roomType,
        rateId: offer.roomId,
        checkIn: offer.checkInDate,
        checkOut: offer.checkOutDate,
        itineraryId: 'it-rival',
        lineItemId: 'li-rival',
      });
      if (res.statusCode === 409) break;
      expect(res.statusCode).toBe(201);
    }
    const res = await call('POST', itineraryUrl(id, 'addHotel'), me, addHotelBody(offer));
    expectError(res, 'no-rooms-available');
    expect(res.json().error.title).toBe(errorTitles['no-rooms-available']);
    expect((await call('GET', itineraryUrl(id), me)).body).toBe(before);
  });

  it('refuses rooms for a cancelled itinerary (itinerary-not-editable) and releases nothing it did not take', async () => {
    const me = await world.traveller();
    const { id } = await world.createItinerary(me);
    expect((await call('PUT', itineraryUrl(id, 'cancel'), me)).statusCode).toBe(200);
    const offer = await world.findOffer();
    const before = (await call('GET', itineraryUrl(id), me)).body;
    expectError(await call('POST', itineraryUrl(id, 'addHotel'), me, addHotelBody(offer)), 'itinerary-not-editable');
    expect((await call('GET', itineraryUrl(id), me)).body).toBe(before);
  });

  it('answers the catalog being unreachable with service-unavailable, and changes nothing', async () => {
    const me = await world.traveller();
    const { id } = await world.createItinerary(me);
    const offer = await world.findOffer();
    const cut = await world.sibling({ CATALOG_URL: 'http://127.0.0.1:9', CALL_TIMEOUT_MS: '500' });
    const before = (await call('GET', itineraryUrl(id), me)).body;
    expectError(
      await client(cut)('POST', itineraryUrl(id, 'addHotel'), me, addHotelBody(offer)),
      'service-unavailable',
    );
    expect((await call('GET', itineraryUrl(id), me)).body).toBe(before);
  });
});

describe('removing and changing rooms', () => {
  it('empties the line item, releases the hold, and publishes itinerary.room.removed', async () => {
    const { me, itinerary, offer } = await world.newCart();
    const item = itinerary.lineItems[0]!;
    const holdId = item.hotelBooking.rooms[0]!.holdId;
    const res = await call('POST', itineraryUrl(itinerary.id, 'removeHotel'), me, { lineItemId: item.identity });
    expect(res.statusCode).toBe(200);
    expect(res.json().lineItems[0].hotelBooking.rooms).toEqual([]);
    expect(res.json().total.amount).toBe(0);
    const hold = await world.holdCall('GET', me, holdId);
    expect(hold.json().status).toBe('released');

    // Removed already: the line item is there, its booking is not.
    expectError(
      await call('POST', itineraryUrl(itinerary.id, 'removeHotel'), me, { lineItemId: item.identity }),
      'booking-not-found',
    );
    expectError(
      await call('POST', itineraryUrl(itinerary.id, 'removeHotel'), me, { lineItemId: 'li_nothere' }),
      'hotel-booking-not-found',
    );

    // The same room into the same line item again: a new hold, not the released one.
    const again = await call(
      'POST',
      itineraryUrl(itinerary.id, 'addHotel'),
      me,
      addHotelBody(offer, { lineItemId: item.identity }),
    );
    expect(again.statusCode).toBe(200);
    const room = again.json<Itinerary>().lineItems[0]!.hotelBooking.rooms[0]!;
    expect(room.holdId).not.toBe(holdId);
    expect(room.holdStatus).toBe('held');

    const [removed] = await world.eventsAbout(itinerary.id, 'itinerary.room.removed', 1);
    expect(removed!.payload).toEqual({
      itineraryId: itinerary.id,
      userId: me.id,
      lineItemId: item.identity,
      hotelId: offer.hotelId,
    });
  });

  it('removes one room choice by its hold id, and refuses a hold id not in the line item', async () => {
    const { me, itinerary, offer } = await world.newCart();
    const item = itinerary.lineItems[0]!;
    const two = await call(
      'POST',
      itineraryUrl(itinerary.id, 'addHotel'),
      me,
      addHotelBody(offer, { lineItemId: item.identity, ...offer.others[0]! }),
    );
    const [first, second] = two.json<Itinerary>().lineItems[0]!.hotelBooking.rooms;
    const url = itineraryUrl(itinerary.id, 'removeHotel');
    expectError(
      await call('POST', url, me, { lineItemId: item.identity, holdId: 'hold_nothere' }),
      'booking-not-found',
    );
    const res = await call('POST', url, me, { lineItemId: item.identity, holdId: first!.holdId });
    expect(res.json().lineItems[0].hotelBooking.rooms.map((r: { holdId: string }) => r.holdId)).toEqual([
      second!.holdId,
    ]);
  });

  it('holds the new room first, swaps it in, then releases the old one', async () => {
    const { me, itinerary } = await world.newCart();
    const item = itinerary.lineItems[0]!;
    const oldHold = item.hotelBooking.rooms[0]!.holdId;
    const other = await world.findOffer();
    const url = itineraryUrl(itinerary.id, 'updateHotel');

    // A failed update leaves it unchanged.
    const before = (await call('GET', itineraryUrl(itinerary.id), me)).body;
    expectError(
      await call('POST', url, me, addHotelBody(other, { lineItemId: item.identity, roomId: 'nope' })),
      'room-not-found',
    );
    expectError(
      await call('POST', url, me, addHotelBody(other, { lineItemId: 'li_nothere' })),
      'hotel-booking-not-found',
    );
    expectError(
      await call('POST', url, me, addHotelBody(other, { lineItemId: item.identity, searchId: undefined })),
      'search-or-dates-not-found',
    );
    expect((await call('GET', itineraryUrl(itinerary.id), me)).body).toBe(before);

    const res = await call('POST', url, me, addHotelBody(other, { lineItemId: item.identity }));
    expect(res.statusCode).toBe(200);
    const updated = res.json<Itinerary>();
    expect(updated.lineItems).toHaveLength(1);
    expect(updated.lineItems[0]!.identity).toBe(item.identity);
    expect(updated.lineItems[0]!.hotelBooking.hotelId).toBe(other.hotelId);
    expect(updated.lineItems[0]!.hotelBooking.rooms).toHaveLength(1);
    expect(updated.lineItems[0]!.hotelBooking.rooms[0]!.rateId).toBe(other.roomId);
    const old = await world.holdCall('GET', me, oldHold);
    expect(old.json().status).toBe('released');

    // A line item whose rooms were removed has no booking to change.
    await call('POST', itineraryUrl(itinerary.id, 'removeHotel'), me, { lineItemId: item.identity });
    expectError(await call('POST', url, me, addHotelBody(other, { lineItemId: item.identity })), 'booking-not-found');
  });
});

describe('guest and customer data', () => {
  it('sets the lead guest and one name per room, without changing revision or status', async () => {
    const { me, itinerary } = await world.newCart();
    const url = itineraryUrl(itinerary.id, 'setGuestDetails');
    const details = guestDetails(itinerary);
    const res = await call('POST', url, me, details);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'draft', leadGuest: details.leadGuest });
    expect(res.json().lineItems[0].hotelBooking.rooms[0].guestNames).toEqual(['Guest 1']);
    expect((await world.store.get(itinerary.id))?.revision).toBe(1);

    const room = details.rooms[0]!;
    expectError(
      await call('POST', url, me, { ...details, rooms: [{ ...room, guestNames: ['A', 'B'] }] }),
      'guest-names-mismatch',
    );
    expectError(
      await call('POST', url, me, { ...details, rooms: [{ ...room, holdId: 'hold_nothere' }] }),
      'hotel-booking-not-found',
    );
    expectError(
      await call('POST', url, me, { ...details, rooms: [{ ...room, lineItemId: 'li_nothere' }] }),
      'hotel-booking-not-found',
    );
    const invalid = await call('POST', url, me, {
      ...details,
      leadGuest: { ...details.leadGuest, email: 'not-an-email' },
    });
    expectError(invalid, 'validation-failed');
  });

  it('patches the contact data and the title', async () => {
    const me = await world.traveller();
    const { id } = await world.createItinerary(me);
    const url = itineraryUrl(id, 'updateCustomerData');
    // Without a lead guest yet, a part of one is not enough.
    expectError(await call('POST', url, me, { leadGuest: { name: 'Ada' } }), 'validation-failed');
    const full = await call('POST', url, me, { leadGuest: leadGuest('ada@example.test'), title: 'Honeymoon' });
    expect(full.json()).toMatchObject({ title: 'Honeymoon', leadGuest: { email: 'ada@example.test' } });
    const patched = await call('POST', url, me, { leadGuest: { phone: '+1 555 0100' } });
    expect(patched.json().leadGuest).toEqual({ name: 'Ada Lovelace', email: 'ada@example.test', phone: '+1 555 0100' });
    expectError(await call('POST', url, me, { leadGuest: {} }), 'validation-failed');
  });

  it('refuses terminal escapes and direction overrides in names and titles, naming the field, and keeps nothing', async () => {
    const { me, itinerary } = await world.newCart();
    const clear = 'Ada\u001b[2J';
    const link = '\u001b]8;;https://evil.example/\u001b\\Your booking\u001b]8;;\u001b\\';
    const details = guestDetails(itinerary);
    const room = details.rooms[0]!;
    const guests = await call('POST', itineraryUrl(itinerary.id, 'setGuestDetails'), me, {
      leadGuest: { ...details.leadGuest, name: 'Eve \u202egnp.exe' },
      rooms: [{ ...room, guestNames: [clear] }],
    });
    expectError(guests, 'validation-failed');
    expect(guests.json().error.details.map((d: { path: string }) => d.path)).toEqual([
      'leadGuest.name',
      'rooms.0.guestNames.0',
    ]);
    const title = await call('POST', itineraryUrl(itinerary.id, 'updateCustomerData'), me, {
      leadGuest: leadGuest('ada@example.test'),
      title: link,
    });
    expectError(title, 'validation-failed');
    expect(title.json().error.details).toEqual([
      { path: 'title', message: 'Use plain text: no control characters or direction overrides' },
    ]);
    const stored = await world.store.get(itinerary.id);
    expect(stored?.title ?? '').not.toContain('\u001b');
    expect(stored?.leadGuest).toBeUndefined();
  });
});

describe('cancellation terms and the pre-check', () => {
  it('shows the terms of the rooms with nothing to give back before payment', async () => {
    const { me, itinerary } = await world.newCart();
    const res = await call('GET', itineraryUrl(itinerary.id, 'cancellationTerms'), me);
    expect(res.statusCode).toBe(200);
    const room = itinerary.lineItems[0]!.hotelBooking.rooms[0]!;
    expect(res.json()).toMatchObject({
      itineraryId: itinerary.id,
      terms: {
        currency: 'USD',
        lines: [{ holdId: room.holdId, totalPrice: room.totalPrice, policyText: room.cancellationPolicyText }],
      },
      refundNow: { amount: 0, currency: 'USD' },
    });
  });

  it('reports each room’s hold: ok while held, hold-expired once released', async () => {
    const { me, itinerary } = await world.newCart();
    const room = itinerary.lineItems[0]!.hotelBooking.rooms[0]!;
    const ok = await call('GET', itineraryUrl(itinerary.id, 'preCheck'), me);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      itineraryId: itinerary.id,
      ok: true,
      total: itinerary.total,
      lines: [{ holdId: room.holdId, status: 'ok', quoted: room.totalPrice, current: room.totalPrice }],
    });
    // The catalog let the hold go (as its expiry job would).
    await world.catalog.catalog.holds.expire(room.holdId, { correlationId: 'c', causationId: 'c' }).catch(() => false);
    await world.holdCall('DELETE', me, room.holdId);
    const expired = await call('GET', itineraryUrl(itinerary.id, 'preCheck'), me);
    expect(expired.json()).toMatchObject({ ok: false, lines: [{ status: 'hold-expired', current: null }] });
  });
});
