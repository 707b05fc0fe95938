// The events of likes (catalog.hotel.liked, catalog.destination.liked): one per real change, written with the
// like itself and published by the outbox relay, through app.inject against the real servers.
import { eventPayloadSchemas } from '@travelclub/contracts';
import { readEvents, type SeenEvent } from '@travelclub/kit/testing';
import { describe, expect, it } from 'vitest';
import { useCatalog } from '../helpers.js';

const world = useCatalog();

type Who = { id: string; headers: Record<string, string> };

const likeHotel = (who: Who, hotelId: string, like: boolean) =>
  world.app.inject({ method: 'PUT', url: `/api/v1/hotel/${hotelId}/like`, headers: who.headers, payload: { like } });

const likeDestination = (who: Who, destinationId: string, locationType: string, like: boolean) =>
  world.app.inject({
    method: 'POST',
    url: `/api/v1/destinations/${destinationId}/like`,
    headers: who.headers,
    payload: { destinationId, locationType, like },
  });

/** The catalog's events of `type` about this user, once `count` arrived and a moment passed for any extra. */
async function eventsOf(type: string, userId: string, count: number): Promise<SeenEvent[]> {
  const log = await readEvents(world.app, 'catalog.events');
  try {
    return await log.wait((e) => e.type === type && e.payload.userId === userId, count, 1_500);
  } finally {
    await log.stop();
  }
}

describe('like events', () => {
  it('publishes catalog.hotel.liked once per real change, in order', async () => {
    const user = await world.traveller();
    const hotelId = world.app.catalog.index().hotels[7]!._id;
    for (const like of [true, true, false, false, true])
      expect((await likeHotel(user, hotelId, like)).statusCode).toBe(200);

    const events = await eventsOf('catalog.hotel.liked', user.id, 3);
    expect(events.map((e) => e.payload.liked)).toEqual([true, false, true]);
    for (const event of events) {
      expect(event.aggregateId).toBe(`${user.id}|hotel-${hotelId}`);
      expect(eventPayloadSchemas['catalog.hotel.liked'].parse(event.payload)).toMatchObject({
        userId: user.id,
        hotelId,
      });
    }
    // The outbox is emptied once published: the like document carries nothing pending.
    await expect
      .poll(
        async () =>
          (await world.app.mongo.collection('likes').findOne({ _id: events[0]!.aggregateId as never }))?.outbox,
      )
      .toEqual([]);
  });

  it('publishes nothing for a like that changes nothing (an unknown hotel, or unliking what was never liked)', async () => {
    const user = await world.traveller();
    const hotelId = world.app.catalog.index().hotels[8]!._id;
    expect((await likeHotel(user, 'hnothere', true)).statusCode).toBe(404);
    expect((await likeHotel(user, hotelId, false)).json()).toMatchObject({ liked: false });
    // A later real change is the first event this user gets.
    await likeHotel(user, hotelId, true);
    const events = await eventsOf('catalog.hotel.liked', user.id, 1);
    expect(events.map((e) => [e.payload.hotelId, e.payload.liked])).toEqual([[hotelId, true]]);
  });

  it('publishes catalog.destination.liked with the kind of place', async () => {
    const user = await world.traveller();
    const city = world.city;
    await likeDestination(user, city, 'city', true);
    await likeDestination(user, city, 'city', true);
    await likeDestination(user, city, 'city', false);
    const events = await eventsOf('catalog.destination.liked', user.id, 2);
    expect(events.map((e) => e.payload)).toEqual([
      { userId: user.id, destinationId: city, locationType: 'city', liked: true, at: expect.any(String) },
      { userId: user.id, destinationId: city, locationType: 'city', liked: false, at: expect.any(String) },
    ]);
    // The like taken back no longer steers recommendations.
    expect(await world.app.catalog.likes.isLiked(user.id, city)).toBe(false);
  });

  it('treats a like stored before events existed as on: unliking it publishes', async () => {
    const user = await world.traveller();
    const hotelId = world.app.catalog.index().hotels[9]!._id;
    await world.app.mongo.collection('likes').insertOne({
      _id: `${user.id}|hotel-${hotelId}` as never,
      userId: user.id,
      destinationId: `hotel-${hotelId}`,
      locationType: 'hotel',
      createdAt: new Date(),
    });
    expect(await world.app.catalog.likes.isLiked(user.id, `hotel-${hotelId}`)).toBe(true);
    await likeHotel(user, hotelId, true);
    await likeHotel(user, hotelId, false);
    const events = await eventsOf('catalog.hotel.liked', user.id, 1);
    expect(events.map((e) => e.payload.liked)).toEqual([false]);
  });
});
