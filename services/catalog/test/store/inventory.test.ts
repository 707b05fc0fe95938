// Inventory documents stay small: settled holds (released, expired, cancelled, bookings whose stay is over)
// move to `settled_holds`, and every question about them is answered as before they moved.
import type { AuthUser, Hold } from '@travelclub/contracts';
import type { TestJwks } from '@travelclub/kit/testing';
import { mongo } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogApp } from '../../src/app.js';
import { nightsOf } from '../../src/domain/pricing.js';
import { rateId } from '../../src/domain/rates.js';
import type { IndexedHotel } from '../../src/search/catalog-index.js';
import { inventoryId } from '../../src/store/inventory.js';
import { catalogEvents, inDays, startCatalog, startTestJwks } from '../helpers.js';

let jwks: TestJwks;
let app: CatalogApp;
let hotelCursor = 0;

beforeAll(async () => {
  jwks = await startTestJwks();
  app = await startCatalog(jwks);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await jwks?.close();
});

interface Stay {
  hotel: IndexedHotel;
  roomType: IndexedHotel['roomTypes'][number];
  checkIn: string;
  checkOut: string;
}

/** A room type nobody else in this file uses, with at least `need` rooms free for the stay. */
function freshStay(need: number, startInDays = 60): Stay {
  const hotels = app.catalog.index().hotels;
  const checkIn = inDays(startInDays);
  const checkOut = inDays(startInDays + 2);
  for (; hotelCursor < hotels.length; hotelCursor++) {
    const hotel = hotels[hotelCursor]!;
    const roomType = hotel.roomTypes.find(
      (rt) => app.catalog.availability.roomsLeft(hotel._id, rt, nightsOf(checkIn, checkOut)) >= need,
    );
    if (roomType) {
      hotelCursor++;
      return { hotel, roomType, checkIn, checkOut };
    }
  }
  throw new Error('no hotel in the test inventory has that many rooms free');
}

const left = (stay: Stay) =>
  app.catalog.availability.roomsLeft(stay.hotel._id, stay.roomType, nightsOf(stay.checkIn, stay.checkOut));

const customer = (): AuthUser => ({
  id: `user-${randomUUID().slice(0, 8)}`,
  roles: ['role/customer'],
  isAnonymous: false,
});
const ctx = () => ({ correlationId: randomUUID(), causationId: randomUUID() });

/** A hold of `rooms` rooms chosen from a stored search of the stay (a client of its own, so no cap). */
async function holdBody(stay: Stay, rooms = 1) {
  const { checkIn, checkOut } = stay;
  const { searchId } = await app.catalog.searches.create(
    { destination: stay.hotel.destinationId, checkIn, checkOut, guests: rooms, rooms, currency: 'USD' },
    `ip:inventory-${randomUUID()}`,
  );
  return {
    idempotencyKey: randomUUID(),
    searchId,
    hotelId: stay.hotel._id,
    roomType: stay.roomType.type,
    rateId: rateId(
      stay.hotel._id,
      stay.roomType.type,
      stay.hotel.ratePlans[0]!.code,
      stay.checkIn,
      stay.checkOut,
      rooms,
    ),
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    itineraryId: `it-${randomUUID()}`,
    lineItemId: `li-${randomUUID()}`,
    currency: 'USD' as const,
  };
}

const place = async (user: AuthUser, body: Awaited<ReturnType<typeof holdBody>>) =>
  (await app.catalog.holds.place(body, user, ctx())).hold;

/** The holds of a room type's inventory document as stored, and their size as MongoDB counts it. */
async function inventoryDocument(stay: Stay) {
  const doc = await app.mongo.collection('room_inventory').findOne({
    _id: inventoryId(stay.hotel._id, stay.roomType.type) as never,
  });
  if (!doc) throw new Error('no inventory document');
  const holds = (doc.holds ?? {}) as Record<string, { status: string }>;
  return { holds, bytes: mongo.BSON.calculateObjectSize({ holds }) };
}

describe('settled holds leave the inventory document', () => {
  it('keeps the document to its live holds however many holds were placed and settled', async () => {
    const user = customer();
    const stay = freshStay(3);
    const before = left(stay);
    const released: Hold[] = [];
    const ROUNDS = 40;
    for (let round = 0; round < ROUNDS; round++) {
      // Removed from the cart, expired, and booked then cancelled: three settled holds per round.
      const removed = await place(user, await holdBody(stay));
      await app.catalog.holds.remove(removed.id, user, ctx());
      const expired = await place(user, await holdBody(stay));
      expect(await app.catalog.inventory.release(expired.id, 'expired', ctx())).not.toBeNull();
      const bookedBody = await holdBody(stay);
      const booked = await place(user, bookedBody);
      await app.catalog.holds.bookItinerary(bookedBody.itineraryId, `inv-${randomUUID()}`, ctx());
      await app.catalog.holds.cancelItinerary(bookedBody.itineraryId, ctx());
      released.push(removed, expired, booked);
    }
    // Two bookings stay: their stay is to come, so they keep their rooms in the document.
    const staying = [await holdBody(stay), await holdBody(stay)];
    for (const body of staying) {
      await place(user, body);
      await app.catalog.holds.bookItinerary(body.itineraryId, `inv-${randomUUID()}`, ctx());
    }

    const { holds, bytes } = await inventoryDocument(stay);
    // Before, every one of the 122 holds stayed in the document (released ones for a day, bookings forever).
    expect(Object.values(holds).map((h) => h.status)).toEqual(['booked', 'booked']);
    // And each was whole, about 1.5 KB (the quote is most of it); the document keeps only its state now.
    expect(bytes).toBeLessThan(2 * 250);
    expect(left(stay)).toBe(before - 2);
    expect(
      await app.mongo.collection('settled_holds').countDocuments({
        _id: { $in: released.map((h) => h.id) } as never,
      }),
    ).toBe(ROUNDS * 3);

    // Every settled hold answers as it did in the document.
    for (const hold of released.slice(0, 3)) {
      expect(await app.catalog.holds.get(hold.id, user)).toMatchObject({ id: hold.id, status: 'released' });
      // Removing it again gives it back as it is, and gives no room back twice.
      expect(await app.catalog.holds.remove(hold.id, user, ctx())).toMatchObject({ id: hold.id, status: 'released' });
    }
    expect(await app.catalog.inventory.get(released[1]!.id)).toMatchObject({ releasedReason: 'expired' });
    expect(await app.catalog.inventory.get(released[2]!.id)).toMatchObject({ releasedReason: 'cancelled' });
    await expect(app.catalog.holds.get(released[0]!.id, customer())).rejects.toThrow('Room hold not found');
    expect(left(stay)).toBe(before - 2);
  });

  it('answers a repeated idempotency key with the settled hold, taking no room', async () => {
    const user = customer();
    const stay = freshStay(1);
    const body = await holdBody(stay);
    const hold = await place(user, body);
    await app.catalog.holds.remove(hold.id, user, ctx());
    const before = left(stay);
    const again = await app.catalog.holds.place(body, user, ctx());
    expect(again).toMatchObject({ created: false, hold: { id: hold.id, status: 'released' } });
    expect(left(stay)).toBe(before);
    expect((await inventoryDocument(stay)).holds).toEqual({});
  });

  it('moves bookings out once their stay is over, and they still read as booked', async () => {
    const user = customer();
    const stay = freshStay(1);
    const body = await holdBody(stay);
    const hold = await place(user, body);
    await app.catalog.holds.bookItinerary(body.itineraryId, 'inv-over', ctx());
    expect(Object.keys((await inventoryDocument(stay)).holds)).toEqual([hold.id]);

    // Not yet: the stay is to come.
    await app.catalog.inventory.settle(new Date());
    expect(Object.keys((await inventoryDocument(stay)).holds)).toEqual([hold.id]);
    const afterTheStay = new Date(Date.parse(`${stay.checkOut}T00:00:00Z`) + 3 * 86_400_000);
    expect(await app.catalog.inventory.settle(afterTheStay)).toBeGreaterThanOrEqual(1);
    expect((await inventoryDocument(stay)).holds).toEqual({});
    expect(await app.catalog.holds.get(hold.id, user)).toMatchObject({ status: 'booked' });
    // The payment heard again books nothing twice.
    const taken = await app.catalog.inventory.takenOf(inventoryId(stay.hotel._id, stay.roomType.type));
    await app.catalog.holds.bookItinerary(body.itineraryId, 'inv-over', ctx());
    expect(await app.catalog.inventory.takenOf(inventoryId(stay.hotel._id, stay.roomType.type))).toEqual(taken);
    expect(await app.catalog.holds.get(hold.id, user)).toMatchObject({ status: 'booked' });
  });

  it('books a hold paid after it expired and moved out, when its rooms are still free', async () => {
    const user = customer();
    const stay = freshStay(1);
    const id = inventoryId(stay.hotel._id, stay.roomType.type);
    const nights = nightsOf(stay.checkIn, stay.checkOut);
    const takenOn = async () => {
      const { taken } = await app.catalog.inventory.takenOf(id);
      return nights.map((night) => taken[night] ?? 0);
    };
    const body = await holdBody(stay);
    const hold = await place(user, body);
    const held = await takenOn();
    await app.catalog.inventory.release(hold.id, 'expired', ctx());
    expect((await inventoryDocument(stay)).holds).toEqual({});
    expect(await takenOn()).toEqual(held.map((n) => n - 1));

    await app.catalog.holds.bookItinerary(body.itineraryId, 'inv-late', ctx());
    expect(await app.catalog.holds.get(hold.id, user)).toMatchObject({ status: 'booked' });
    expect(Object.keys((await inventoryDocument(stay)).holds)).toEqual([hold.id]);
    expect(await takenOn()).toEqual(held);
    const events = await catalogEvents(app, (e) => e.payload.holdId === hold.id, 3);
    expect(events.map((e) => e.type)).toEqual([
      'catalog.hold.placed',
      'catalog.hold.released',
      'catalog.booking.confirmed',
    ]);
  });

  it('reads, releases and moves out a hold kept whole in its document by an earlier version', async () => {
    const user = customer();
    const stay = freshStay(1);
    const hold = await place(user, await holdBody(stay));
    // As the previous version stored it: the whole record in the document, none in the directory entry.
    const whole = await app.catalog.inventory.get(hold.id);
    await app.mongo
      .collection('room_inventory')
      .updateOne(
        { _id: inventoryId(stay.hotel._id, stay.roomType.type) as never },
        { $set: { [`holds.${hold.id}`]: whole } },
      );
    await app.mongo.collection('holds').updateOne({ _id: hold.id as never }, { $unset: { hold: '' } });

    expect(await app.catalog.holds.get(hold.id, user)).toEqual(hold);
    expect(await app.catalog.holds.remove(hold.id, user, ctx())).toMatchObject({ ...hold, status: 'released' });
    expect((await inventoryDocument(stay)).holds).toEqual({});
    expect(await app.catalog.holds.get(hold.id, user)).toMatchObject({ ...hold, status: 'released' });
  });

  it('reports a late payment for a moved-out hold whose rooms are gone once per invoice', async () => {
    const user = customer();
    const stay = freshStay(1);
    const body = await holdBody(stay);
    const hold = await place(user, body);
    await app.catalog.inventory.release(hold.id, 'expired', ctx());
    // Others take every room left.
    for (let free = left(stay); free > 0; free = left(stay))
      await place(customer(), await holdBody(stay, Math.min(free, 9)));

    await app.catalog.holds.bookItinerary(body.itineraryId, 'inv-gone', ctx());
    await app.catalog.holds.bookItinerary(body.itineraryId, 'inv-gone', ctx());
    expect(await app.catalog.inventory.get(hold.id)).toMatchObject({ status: 'released', failedFor: ['inv-gone'] });
    const failed = await catalogEvents(
      app,
      (e) => e.type === 'catalog.booking.failed' && e.payload.holdId === hold.id,
      1,
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]!.payload.invoiceId).toBe('inv-gone');
  });
});
