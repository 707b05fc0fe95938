// Room holds against the real servers: all or nothing, no overbooking under a race, idempotent keys,
// expiry through the job, and the events that book and release them.
import { errorTitles, exchangeRatesRef, type Hold } from '@travelclub/contracts';
import { recordMongoCommands, serviceHeaders } from '@travelclub/kit/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogApp } from '../../src/app.js';
import { nightsOf } from '../../src/domain/pricing.js';
import { rateId } from '../../src/domain/rates.js';
import { inventoryId } from '../../src/store/inventory.js';
import { catalogEvents, expectError, holdEvents, inDays, startCatalog, useCatalog, type Stay } from '../helpers.js';

const world = useCatalog();

/** A hotel room type nobody else in this file uses, and a stay with at least `need` rooms free. */

/** A stored search of `target` for the stay and rooms (the hold is for its rooms); a client of its own, so no cap. */
async function searchFor(stay: Stay, rooms: number, target: CatalogApp = world.app) {
  const { searchId } = await target.catalog.searches.create(
    {
      destination: stay.hotel.destinationId,
      checkIn: stay.checkIn,
      checkOut: stay.checkOut,
      guests: rooms,
      rooms,
      currency: 'USD',
    },
    `ip:holds-${randomUUID()}`,
  );
  return searchId;
}

/** A hold of `rooms` rooms chosen from a search of the stay; `fields` override what the itinerary would send. */
async function holdBody(stay: Stay, rooms = 1, fields: Record<string, unknown> = {}, target: CatalogApp = world.app) {
  const checkIn = (fields.checkIn as string | undefined) ?? stay.checkIn;
  const checkOut = (fields.checkOut as string | undefined) ?? stay.checkOut;
  return {
    idempotencyKey: randomUUID(),
    searchId: await searchFor(stay, rooms, target),
    hotelId: stay.hotel._id,
    roomType: stay.roomType.type,
    rateId: rateId(stay.hotel._id, stay.roomType.type, stay.hotel.ratePlans[0]!.code, checkIn, checkOut, rooms),
    checkIn,
    checkOut,
    itineraryId: `it-${randomUUID()}`,
    lineItemId: `li-${randomUUID()}`,
    currency: 'USD',
    ...fields,
  };
}

/** A call of the itinerary service (its service identity) on behalf of `owner`, to `target`'s hold routes. */
async function holdCall(
  method: 'POST' | 'GET' | 'DELETE',
  owner: { id: string },
  path = '',
  body?: Record<string, unknown>,
  target: CatalogApp = world.app,
) {
  return target.inject({
    method,
    url: `/internal/v1/holds${path}?ownerId=${encodeURIComponent(owner.id)}`,
    headers: await serviceHeaders('itinerary', 'catalog'),
    ...(body ? { payload: body } : {}),
  });
}
const placeHold = (owner: { id: string }, body: Record<string, unknown>, target?: CatalogApp) =>
  holdCall('POST', owner, '', body, target);
const readHold = (owner: { id: string }, holdId: string, target?: CatalogApp) =>
  holdCall('GET', owner, `/${holdId}`, undefined, target);
const releaseHold = (owner: { id: string }, holdId: string) => holdCall('DELETE', owner, `/${holdId}`);

/** Holds rooms until exactly `keep` are left on every night of the stay. */
async function fillUntil(stay: Stay, keep: number, owner: { id: string }) {
  for (let free = world.roomsLeft(stay); free > keep; free = world.roomsLeft(stay)) {
    const res = await placeHold(owner, await holdBody(stay, Math.min(9, free - keep)));
    expect(res.statusCode).toBe(201);
  }
  expect(world.roomsLeft(stay)).toBe(keep);
}

/** A new traveller's hold of one room of a fresh stay, the body that placed it, and the rooms left before. */
async function heldRoom() {
  const user = await world.traveller();
  const stay = world.freshStay(1);
  const before = world.roomsLeft(stay);
  const body = await holdBody(stay);
  const hold = (await placeHold(user, body)).json() as Hold;
  return { user, stay, before, body, hold };
}

describe('placing holds', () => {
  it('gives 50 concurrent requests for the last 3 rooms exactly 3 holds and 47 clear refusals', async () => {
    const user = await world.traveller();
    const stay = world.freshStay(3);
    await fillUntil(stay, 3, user);

    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => placeHold(await world.traveller(), await holdBody(stay))),
    );
    const placed = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const res of refused) {
      expectError(res, 'no-rooms-available');
      expect(res.json().error.title).toBe(errorTitles['no-rooms-available']);
    }
    expect(world.roomsLeft(stay)).toBe(0);
    // MongoDB, the truth, agrees: no night is over its capacity, and the tightest one is exactly full.
    const { taken } = await world.app.catalog.inventory.takenOf(inventoryId(stay.hotel._id, stay.roomType.type));
    const capacity = world.app.catalog.availability.capacity(
      stay.hotel._id,
      stay.roomType,
      nightsOf(stay.checkIn, stay.checkOut),
    );
    const free = nightsOf(stay.checkIn, stay.checkOut).map((night) => capacity[night]! - (taken[night] ?? 0));
    expect(Math.min(...free)).toBe(0);
  });

  it('answers a repeated idempotency key with the same hold, taking the room once', async () => {
    const user = await world.traveller();
    const stay = world.freshStay(2);
    const before = world.roomsLeft(stay);
    const body = await holdBody(stay);
    const first = await placeHold(user, body);
    const again = await placeHold(user, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(world.roomsLeft(stay)).toBe(before - 1);

    // The same key with another request is a client bug, not a second hold.
    const changed = await placeHold(user, { ...body, lineItemId: 'li-other' });
    expectError(changed, 'idempotency-key-reused');
    expect(world.roomsLeft(stay)).toBe(before - 1);
  });

  it('keeps keys per traveller: the same key from two travellers makes two holds', async () => {
    const stay = world.freshStay(2);
    const body = await holdBody(stay);
    const a = await placeHold(await world.traveller(), body);
    const b = await placeHold(await world.traveller(), body);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
  });

  it('refuses a stay spanning a sold-out night whole, and takes nothing', async () => {
    const user = await world.traveller();
    const stay = world.freshStay(1, { nights: 3 });
    const nights = nightsOf(stay.checkIn, stay.checkOut);
    // Sell out the middle night only.
    const middle = { ...stay, checkIn: nights[1]!, checkOut: nights[2]! };
    await fillUntil(middle, 0, user);
    const id = inventoryId(stay.hotel._id, stay.roomType.type);
    const before = await world.app.catalog.inventory.takenOf(id);

    const res = await placeHold(user, await holdBody(stay));
    expectError(res, 'no-rooms-available');
    // Not a night changed, not even the document's version.
    expect(await world.app.catalog.inventory.takenOf(id)).toEqual(before);
    expect(before.taken[nights[0]!] ?? 0).toBe(0);
    expect(world.roomsLeft({ ...stay, checkOut: nights[1]! })).toBeGreaterThan(0);
  });

  it('quotes the rate in the hold currency and publishes catalog.hold.placed', async () => {
    const user = await world.traveller();
    const stay = world.freshStay(1);
    const res = await placeHold(user, await holdBody(stay, 1, { currency: 'EUR' }));
    expect(res.statusCode).toBe(201);
    const hold = res.json() as Hold;
    expect(hold).toMatchObject({
      status: 'held',
      ownerId: user.id,
      hotelId: stay.hotel._id,
      roomType: stay.roomType.type,
    });
    expect(hold.quote.rate.totalPrice.currency).toBe('EUR');
    expect(hold.quote.rate.totalPrice.amount).toBeGreaterThan(0);
    expect(hold.quote.exchangeRates).toEqual(exchangeRatesRef());
    expect(Date.parse(hold.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    const [placed] = await catalogEvents(world.app, (e) => e.payload.holdId === hold.id, 1);
    expect(placed).toMatchObject({
      type: 'catalog.hold.placed',
      payload: {
        hotelId: stay.hotel._id,
        roomType: stay.roomType.type,
        checkInDate: stay.checkIn,
        checkOutDate: stay.checkOut,
      },
    });
  });

  it('names what is wrong with a hold request', async () => {
    const user = await world.traveller();
    const stay = world.freshStay(1);
    expectError(await placeHold(user, await holdBody(stay, 1, { hotelId: 'hnothere' })), 'hotel-not-found');
    expectError(await placeHold(user, await holdBody(stay, 1, { roomType: 'penthouse' })), 'room-type-not-found');
    expectError(await placeHold(user, await holdBody(stay, 1, { rateId: 'not-a-rate' })), 'room-not-found');
    // A rate quoted for other dates is not this room.
    expectError(
      await placeHold(
        user,
        await holdBody(stay, 1, { rateId: (await holdBody({ ...stay, checkIn: inDays(41) })).rateId }),
      ),
      'room-not-found',
    );
    const past = await placeHold(user, await holdBody(stay, 1, { checkIn: inDays(-3), checkOut: inDays(-1) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details.map((d: { path: string }) => d.path)).toContain('checkIn');
    // The owner is part of every call.
    const ownerless = await world.app.inject({
      method: 'POST',
      url: '/internal/v1/holds',
      headers: await serviceHeaders('itinerary', 'catalog'),
      payload: await holdBody(stay),
    });
    expect(ownerless.statusCode).toBe(400);
    expect(ownerless.json().error.details.map((d: { path: string }) => d.path)).toContain('ownerId');
  });

  it('holds as many rooms as its search asked for, on its dates only', async () => {
    const user = await world.traveller();
    const stay = world.freshStay(2);
    const res = await placeHold(user, await holdBody(stay, 2));
    expect(res.statusCode).toBe(201);
    expect((res.json() as Hold).rooms).toBe(2);
    // A rate for another number of rooms than the search's is not this room.
    const two = await holdBody(stay, 2);
    expectError(await placeHold(user, { ...(await holdBody(stay, 1)), rateId: two.rateId }), 'room-not-found');
    for (const fields of [
      { searchId: 'nosuchsearch123' },
      { searchId: 'bad id!' },
      { checkIn: inDays(41) },
      { checkOut: inDays(43) },
    ])
      expectError(await placeHold(user, await holdBody(stay, 1, fields)), 'search-or-dates-not-found');
  });
});

describe('reading and releasing holds', () => {
  it('keeps a hold to the owner the itinerary names', async () => {
    const owner = await world.traveller();
    const stranger = await world.traveller();
    const hold = (await placeHold(owner, await holdBody(world.freshStay(1)))).json() as Hold;
    expect((await readHold(owner, hold.id)).json().id).toBe(hold.id);
    expectError(await readHold(stranger, hold.id), 'hold-not-found');
    expectError(await releaseHold(stranger, hold.id), 'hold-not-found');
    expect((await readHold(owner, hold.id)).json().status).toBe('held');
  });

  it('answers the itinerary’s service identity only: not a traveller’s token, not another service', async () => {
    const { user, stay, before, hold } = await heldRoom();
    const url = `/internal/v1/holds/${hold.id}?ownerId=${user.id}`;
    const as = async (headers: Record<string, string>) => ({
      place: await world.app.inject({
        method: 'POST',
        url: `/internal/v1/holds?ownerId=${user.id}`,
        headers,
        payload: await holdBody(stay),
      }),
      read: await world.app.inject({ method: 'GET', url, headers }),
      release: await world.app.inject({ method: 'DELETE', url, headers }),
    });
    for (const [headers, code] of [
      [{}, 'unauthenticated'],
      [user.headers, 'unauthenticated'],
      [await serviceHeaders('billing', 'catalog'), 'forbidden'],
      [await serviceHeaders('itinerary', 'billing'), 'unauthenticated'],
    ] as const) {
      const answers = await as(headers);
      for (const res of Object.values(answers)) expectError(res, code);
    }
    expect(world.roomsLeft(stay)).toBe(before - 1);
    expect((await readHold(user, hold.id)).json().status).toBe('held');
  });

  it('releases a removed room at once and gives it back to searches', async () => {
    const { user, stay, before, hold } = await heldRoom();
    expect(world.roomsLeft(stay)).toBe(before - 1);
    const res = await releaseHold(user, hold.id);
    expect(res.json()).toMatchObject({ id: hold.id, status: 'released' });
    expect(world.roomsLeft(stay)).toBe(before);
    const [released] = await holdEvents(world.app, 'catalog.hold.released', hold.id);
    expect(released!.payload.reason).toBe('removed');
  });

  it('re-reads a room type for another instance’s change, not for its own, which it set from the answer', async () => {
    const reproject = vi.spyOn(world.app.catalog.holds, 'reproject');
    const user = await world.traveller();
    const stay = world.freshStay(1);
    const id = inventoryId(stay.hotel._id, stay.roomType.type);
    const before = world.roomsLeft(stay);
    const mongo = recordMongoCommands({ about: [id] });
    const hold = (await placeHold(user, await holdBody(stay))).json() as Hold;
    // The instance's consumer hears its own catalog.hold.placed (waited for until its handling ended), and reads
    // nothing for it.
    await vi.waitFor(
      () => {
        const call = reproject.mock.calls.findIndex(([event]) => event.payload.holdId === hold.id);
        expect(call).toBeGreaterThanOrEqual(0);
        return reproject.mock.results[call]!.value as Promise<void>;
      },
      { timeout: 20_000, interval: 20 },
    );
    expect(mongo.commands.filter((c) => c === 'room_inventory.findOne')).toEqual([]);
    expect(world.roomsLeft(stay)).toBe(before - 1);
    // Another instance's change of the same room type (a hold this one never wrote): read again.
    const [placed] = await holdEvents(world.app, 'catalog.hold.placed', hold.id);
    await world.app.catalog.holds.reproject({
      type: 'catalog.hold.placed',
      payload: { ...(placed!.payload as { hotelId: string; roomType: string }), holdId: 'hold-of-another-instance' },
    });
    expect(mongo.commands.filter((c) => c === 'room_inventory.findOne')).toEqual(['room_inventory.findOne']);
    expect(world.roomsLeft(stay)).toBe(before - 1);
    reproject.mockRestore();
  });

  it('books the holds of a paid itinerary and frees them when it is cancelled', async () => {
    const { user, stay, before, body, hold } = await heldRoom();
    const read = async () => ((await readHold(user, hold.id)).json() as Hold).status;

    await world.publish('billing.invoice.paid', 'inv-1', {
      invoiceId: 'inv-1',
      itineraryId: body.itineraryId,
      userId: user.id,
      paymentId: 'pay-1',
      amount: hold.quote.rate.totalPrice,
      paidAt: new Date().toISOString(),
    });
    await expect.poll(read, { timeout: 20_000 }).toBe('booked');
    await expect.poll(() => world.roomsLeft(stay), { timeout: 2_000, interval: 20 }).toBe(before - 1);

    await world.publish('itinerary.cancelled', body.itineraryId, {
      itineraryId: body.itineraryId,
      userId: user.id,
      cancelledBy: { userId: user.id, role: 'role/customer' },
      cancelledAt: new Date().toISOString(),
      reason: 'requested',
      terms: { currency: 'USD', lines: [] },
      refund: hold.quote.rate.totalPrice,
    });
    await expect.poll(read, { timeout: 20_000 }).toBe('released');
    // MongoDB first, then the projection (see the expiry test below).
    await expect.poll(() => world.roomsLeft(stay), { timeout: 2_000, interval: 20 }).toBe(before);
    const events = await catalogEvents(world.app, (e) => e.payload.holdId === hold.id, 3);
    expect(events.map((e) => e.type)).toEqual([
      'catalog.hold.placed',
      'catalog.booking.confirmed',
      'catalog.hold.released',
    ]);
    expect(events[2]!.payload.reason).toBe('cancelled');
  });
});

describe('hold expiry', () => {
  let quick: CatalogApp;
  beforeAll(async () => {
    quick = await startCatalog(world.jwks, { HOLD_TTL_S: '1' });
  }, 120_000);
  afterAll(async () => {
    await quick?.close();
  });

  /** The `nth` hotel room type of the quick app with a room free for one night in 30 days. */
  function quickStay(nth: number): Stay {
    const checkIn = inDays(30);
    const checkOut = inDays(31);
    const free = quick.catalog
      .index()
      .hotels.flatMap((hotel) => hotel.roomTypes.map((roomType) => ({ hotel, roomType, checkIn, checkOut })))
      .filter((s) => quick.catalog.availability.roomsLeft(s.hotel._id, s.roomType, nightsOf(checkIn, checkOut)) > 0);
    return free[nth]!;
  }

  it('releases an unpaid hold through the hold-expiry job and frees its room', async () => {
    const user = await world.traveller();
    const stay = quickStay(0);
    const { hotel } = stay;
    const free = () =>
      quick.catalog.availability.roomsLeft(hotel._id, stay.roomType, nightsOf(stay.checkIn, stay.checkOut));
    const before = free();
    expect(before).toBeGreaterThan(0);
    const res = await placeHold(user, await holdBody(stay, 1, {}, quick), quick);
    expect(res.statusCode).toBe(201);
    const hold = res.json() as Hold;
    expect(free()).toBe(before - 1);
    const status = async () => ((await readHold(user, hold.id, quick)).json() as Hold).status;
    await expect.poll(status, { timeout: 15_000, interval: 200 }).toBe('released');
    // The job writes the release to MongoDB, then updates this instance's projection: a read in between
    // sees the hold released a moment before its room counts as free again.
    await expect.poll(free, { timeout: 2_000, interval: 20 }).toBe(before);
    const [released] = await holdEvents(quick, 'catalog.hold.released', hold.id);
    expect(released!.payload.reason).toBe('expired');
  });

  it('releases an overdue hold whose expiry job was lost, in the availability-refresh sweep', async () => {
    const user = await world.traveller();
    const stay = quickStay(1);
    const hold = (await placeHold(user, await holdBody(stay, 1, {}, quick), quick)).json() as Hold;
    // Redis lost the delayed job (or it was never added).
    const queue = new Queue('hold-expiry', {
      connection: { url: quick.config.REDIS_URL },
      prefix: quick.config.QUEUE_PREFIX,
    });
    try {
      expect(await queue.remove(hold.id)).toBe(1);
    } finally {
      await queue.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await quick.catalog.inventory.get(hold.id)).toMatchObject({ status: 'held' });
    expect(
      await quick.catalog.holds.sweepOverdue({ correlationId: 'test', causationId: 'test' }),
    ).toBeGreaterThanOrEqual(1);
    expect(await quick.catalog.inventory.get(hold.id)).toMatchObject({ status: 'released', releasedReason: 'expired' });
  });
});
