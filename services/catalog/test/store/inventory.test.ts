// Inventory documents stay small: settled holds (released, expired, cancelled, bookings whose stay is over)
// move to `settled_holds`, and every question about them is answered as before they moved.
import type { AuthUser, Hold } from '@travelclub/contracts';
import { mongo } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { recordMongoCommands, recordRelayReads } from '@travelclub/kit/testing';
import { describe, expect, it, vi } from 'vitest';
import { holdIdFor } from '../../src/domain/holds.js';
import { nightsOf } from '../../src/domain/pricing.js';
import { rateId } from '../../src/domain/rates.js';
import { inventoryId } from '../../src/store/inventory.js';
import { catalogEvents, holdEvents, useCatalog, type Stay } from '../helpers.js';

const world = useCatalog();

const customer = (): AuthUser => ({
  id: `user-${randomUUID().slice(0, 8)}`,
  roles: ['role/customer'],
  isAnonymous: false,
});
const ctx = () => ({ correlationId: randomUUID(), causationId: randomUUID() });

/** A hold of `rooms` rooms chosen from a stored search of the stay (a client of its own, so no cap). */
async function holdBody(stay: Stay, rooms = 1) {
  const { checkIn, checkOut } = stay;
  const { searchId } = await world.app.catalog.searches.create(
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
  (await world.app.catalog.holds.place(body, user, ctx())).hold;

/** A new customer's hold of one room of a fresh stay, and the body that placed it. */
async function heldRoom() {
  const user = customer();
  const stay = world.freshStay(1);
  const body = await holdBody(stay);
  return { user, stay, body, hold: await place(user, body) };
}

/** The holds of a room type's inventory document as stored, and their size as MongoDB counts it. */
async function inventoryDocument(stay: Stay) {
  const doc = await world.app.mongo.collection('room_inventory').findOne({
    _id: inventoryId(stay.hotel._id, stay.roomType.type) as never,
  });
  if (!doc) throw new Error('no inventory document');
  const holds = (doc.holds ?? {}) as Record<string, { status: string }>;
  return { holds, bytes: mongo.BSON.calculateObjectSize({ holds }) };
}

describe('what a hold asks of MongoDB', () => {
  it('is placed with three writes and no read, and booked with one read of its directory and one of its room type', async () => {
    const stay = world.freshStay(1);
    const docId = inventoryId(stay.hotel._id, stay.roomType.type);
    // The room type's document is there, with no hold yet (so no hold event: nothing re-reads it meanwhile).
    const { hotel, roomType } = stay;
    const empty = { hotelId: hotel._id, roomType: roomType.type, taken: {}, version: 0, holds: {}, outbox: [] };
    await world.app.mongo.collection('room_inventory').insertOne({ _id: docId as never, ...empty });
    const user = customer();
    const body = await holdBody(stay);
    const holdId = holdIdFor(user.id, body.idempotencyKey);
    const placing = recordMongoCommands({ about: [holdId, body.itineraryId, docId] });
    expect((await world.app.catalog.holds.place(body, user, ctx())).created).toBe(true);
    placing.stop();
    expect(placing.commands).toEqual(['holds.findOneAndUpdate', 'room_inventory.findOneAndUpdate', 'holds.updateOne']);
    // This hold's commands only: its event makes the availability projection re-read the room type meanwhile.
    const { commands } = recordMongoCommands({ about: [holdId, body.itineraryId] });
    await world.app.catalog.holds.bookItinerary(body.itineraryId, `inv-${randomUUID()}`, ctx());
    expect(commands).toEqual([
      'holds.find',
      'room_inventory.findOne',
      'room_inventory.findOneAndUpdate',
      'holds.updateOne',
    ]);
    expect((await world.app.catalog.inventory.get(holdId))?.status).toBe('booked');
  });

  it('hands its events to the relay as written: the relay reads no room type back', async () => {
    const stay = world.freshStay(1);
    const docId = inventoryId(stay.hotel._id, stay.roomType.type);
    const relayReads = recordRelayReads([docId]);
    const user = customer();
    const body = await holdBody(stay);
    await place(user, body);
    await world.app.catalog.holds.bookItinerary(body.itineraryId, `inv-${randomUUID()}`, ctx());
    const inventory = world.app.mongo.collection('room_inventory');
    await vi.waitFor(
      async () => {
        const stored = await inventory.findOne({ _id: docId as never });
        expect(stored).toMatchObject({ outbox: [] });
        expect(stored).not.toHaveProperty('outboxKey');
      },
      { timeout: 5_000, interval: 20 },
    );
    expect(relayReads).toEqual([]);
  });

  it('makes the room type’s document with its first hold, and answers a repeated key with the hold', async () => {
    const user = customer();
    const stay = world.freshStay(2);
    const before = world.roomsLeft(stay);
    const documents = world.app.mongo.collection('room_inventory');
    const ofType = { _id: inventoryId(stay.hotel._id, stay.roomType.type) as never };
    expect(await documents.countDocuments(ofType)).toBe(0);
    const body = await holdBody(stay);
    const first = await world.app.catalog.holds.place(body, user, ctx());
    expect(first).toMatchObject({ created: true, hold: { status: 'held' } });
    expect(await documents.countDocuments(ofType)).toBe(1);
    const again = await world.app.catalog.holds.place(body, user, ctx());
    expect(again).toMatchObject({ created: false, hold: { id: first.hold.id, status: 'held' } });
    expect(world.roomsLeft(stay)).toBe(before - 1);
  });

  it('places two holds at once on a room type nobody held before', async () => {
    const stay = world.freshStay(2);
    const before = world.roomsLeft(stay);
    const [a, b] = [customer(), customer()];
    const placed = await Promise.all([
      holdBody(stay).then((body) => world.app.catalog.holds.place(body, a, ctx())),
      holdBody(stay).then((body) => world.app.catalog.holds.place(body, b, ctx())),
    ]);
    expect(placed.map((p) => [p.created, p.hold.status])).toEqual([
      [true, 'held'],
      [true, 'held'],
    ]);
    expect(world.roomsLeft(stay)).toBe(before - 2);
  });
});

describe('settled holds leave the inventory document', () => {
  it('keeps the document to its live holds however many holds were placed and settled', async () => {
    const user = customer();
    const stay = world.freshStay(3);
    const before = world.roomsLeft(stay);
    const released: Hold[] = [];
    const ROUNDS = 40;
    for (let round = 0; round < ROUNDS; round++) {
      // Removed from the cart, expired, and booked then cancelled: three settled holds per round.
      const removed = await place(user, await holdBody(stay));
      await world.app.catalog.holds.remove(removed.id, user, ctx());
      const expired = await place(user, await holdBody(stay));
      expect(await world.app.catalog.inventory.release(expired.id, 'expired', ctx())).not.toBeNull();
      const bookedBody = await holdBody(stay);
      const booked = await place(user, bookedBody);
      await world.app.catalog.holds.bookItinerary(bookedBody.itineraryId, `inv-${randomUUID()}`, ctx());
      await world.app.catalog.holds.cancelItinerary(bookedBody.itineraryId, ctx());
      released.push(removed, expired, booked);
    }
    // Two bookings stay: their stay is to come, so they keep their rooms in the document.
    const staying = [await holdBody(stay), await holdBody(stay)];
    for (const body of staying) {
      await place(user, body);
      await world.app.catalog.holds.bookItinerary(body.itineraryId, `inv-${randomUUID()}`, ctx());
    }

    const { holds, bytes } = await inventoryDocument(stay);
    // Before, every one of the 122 holds stayed in the document (released ones for a day, bookings forever).
    expect(Object.values(holds).map((h) => h.status)).toEqual(['booked', 'booked']);
    // And each was whole, about 1.5 KB (the quote is most of it); the document keeps only its state now.
    expect(bytes).toBeLessThan(2 * 250);
    expect(world.roomsLeft(stay)).toBe(before - 2);
    expect(
      await world.app.mongo.collection('settled_holds').countDocuments({
        _id: { $in: released.map((h) => h.id) } as never,
      }),
    ).toBe(ROUNDS * 3);

    // Every settled hold answers as it did in the document.
    for (const hold of released.slice(0, 3)) {
      expect(await world.app.catalog.holds.get(hold.id, user)).toMatchObject({ id: hold.id, status: 'released' });
      // Removing it again gives it back as it is, and gives no room back twice.
      expect(await world.app.catalog.holds.remove(hold.id, user, ctx())).toMatchObject({
        id: hold.id,
        status: 'released',
      });
    }
    expect(await world.app.catalog.inventory.get(released[1]!.id)).toMatchObject({ releasedReason: 'expired' });
    expect(await world.app.catalog.inventory.get(released[2]!.id)).toMatchObject({ releasedReason: 'cancelled' });
    await expect(world.app.catalog.holds.get(released[0]!.id, customer())).rejects.toThrow('Room hold not found');
    expect(world.roomsLeft(stay)).toBe(before - 2);
  });

  it('answers a repeated idempotency key with the settled hold, taking no room', async () => {
    const { user, stay, body, hold } = await heldRoom();
    await world.app.catalog.holds.remove(hold.id, user, ctx());
    const before = world.roomsLeft(stay);
    const again = await world.app.catalog.holds.place(body, user, ctx());
    expect(again).toMatchObject({ created: false, hold: { id: hold.id, status: 'released' } });
    expect(world.roomsLeft(stay)).toBe(before);
    expect((await inventoryDocument(stay)).holds).toEqual({});
  });

  it('moves bookings out once their stay is over, and they still read as booked', async () => {
    const { user, stay, body, hold } = await heldRoom();
    await world.app.catalog.holds.bookItinerary(body.itineraryId, 'inv-over', ctx());
    expect(Object.keys((await inventoryDocument(stay)).holds)).toEqual([hold.id]);

    // Not yet: the stay is to come.
    await world.app.catalog.inventory.settle(new Date());
    expect(Object.keys((await inventoryDocument(stay)).holds)).toEqual([hold.id]);
    const afterTheStay = new Date(Date.parse(`${stay.checkOut}T00:00:00Z`) + 3 * 86_400_000);
    expect(await world.app.catalog.inventory.settle(afterTheStay)).toBeGreaterThanOrEqual(1);
    expect((await inventoryDocument(stay)).holds).toEqual({});
    expect(await world.app.catalog.holds.get(hold.id, user)).toMatchObject({ status: 'booked' });
    // The payment heard again books nothing twice.
    const taken = await world.app.catalog.inventory.takenOf(inventoryId(stay.hotel._id, stay.roomType.type));
    await world.app.catalog.holds.bookItinerary(body.itineraryId, 'inv-over', ctx());
    expect(await world.app.catalog.inventory.takenOf(inventoryId(stay.hotel._id, stay.roomType.type))).toEqual(taken);
    expect(await world.app.catalog.holds.get(hold.id, user)).toMatchObject({ status: 'booked' });
  });

  it('books a hold paid after it expired and moved out, when its rooms are still free', async () => {
    const user = customer();
    const stay = world.freshStay(1);
    const id = inventoryId(stay.hotel._id, stay.roomType.type);
    const nights = nightsOf(stay.checkIn, stay.checkOut);
    const takenOn = async () => {
      const { taken } = await world.app.catalog.inventory.takenOf(id);
      return nights.map((night) => taken[night] ?? 0);
    };
    const body = await holdBody(stay);
    const hold = await place(user, body);
    const held = await takenOn();
    await world.app.catalog.inventory.release(hold.id, 'expired', ctx());
    expect((await inventoryDocument(stay)).holds).toEqual({});
    expect(await takenOn()).toEqual(held.map((n) => n - 1));

    await world.app.catalog.holds.bookItinerary(body.itineraryId, 'inv-late', ctx());
    expect(await world.app.catalog.holds.get(hold.id, user)).toMatchObject({ status: 'booked' });
    expect(Object.keys((await inventoryDocument(stay)).holds)).toEqual([hold.id]);
    expect(await takenOn()).toEqual(held);
    const events = await catalogEvents(world.app, (e) => e.payload.holdId === hold.id, 3);
    expect(events.map((e) => e.type)).toEqual([
      'catalog.hold.placed',
      'catalog.hold.released',
      'catalog.booking.confirmed',
    ]);
  });

  it('reads, releases and moves out a hold kept whole in its document by an earlier version', async () => {
    const user = customer();
    const stay = world.freshStay(1);
    const hold = await place(user, await holdBody(stay));
    // As the previous version stored it: the whole record in the document, none in the directory entry.
    const whole = await world.app.catalog.inventory.get(hold.id);
    await world.app.mongo
      .collection('room_inventory')
      .updateOne(
        { _id: inventoryId(stay.hotel._id, stay.roomType.type) as never },
        { $set: { [`holds.${hold.id}`]: whole } },
      );
    await world.app.mongo.collection('holds').updateOne({ _id: hold.id as never }, { $unset: { hold: '' } });

    expect(await world.app.catalog.holds.get(hold.id, user)).toEqual(hold);
    expect(await world.app.catalog.holds.remove(hold.id, user, ctx())).toMatchObject({ ...hold, status: 'released' });
    expect((await inventoryDocument(stay)).holds).toEqual({});
    expect(await world.app.catalog.holds.get(hold.id, user)).toMatchObject({ ...hold, status: 'released' });
  });

  it('reports a late payment for a moved-out hold whose rooms are gone once per invoice', async () => {
    const { stay, body, hold } = await heldRoom();
    await world.app.catalog.inventory.release(hold.id, 'expired', ctx());
    // Others take every room left.
    for (let free = world.roomsLeft(stay); free > 0; free = world.roomsLeft(stay))
      await place(customer(), await holdBody(stay, Math.min(free, 9)));

    await world.app.catalog.holds.bookItinerary(body.itineraryId, 'inv-gone', ctx());
    await world.app.catalog.holds.bookItinerary(body.itineraryId, 'inv-gone', ctx());
    expect(await world.app.catalog.inventory.get(hold.id)).toMatchObject({
      status: 'released',
      failedFor: ['inv-gone'],
    });
    const failed = await holdEvents(world.app, 'catalog.booking.failed', hold.id);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.payload.invoiceId).toBe('inv-gone');
  });
});
