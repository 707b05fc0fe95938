// GET /api/v1/userProfile/likes: a traveller's liked hotels and destinations from the creator service's copy of
// the catalog's like events (catalog.hotel.liked, catalog.destination.liked), against the real servers.
import { LikesAnswerSchema, type LikesAnswer } from '@travelclub/contracts';
import { describe, expect, it } from 'vitest';
import { expectError, useCreator, type Caller } from '../helpers.js';

const world = useCreator();

async function likesOf(caller: Caller): Promise<LikesAnswer> {
  const res = await world.app.inject({ method: 'GET', url: '/api/v1/userProfile/likes', headers: caller.headers });
  expect(res.statusCode).toBe(200);
  return LikesAnswerSchema.parse(res.json());
}

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

function likeHotel(userId: string, hotelId: string, liked: boolean, when: string) {
  return world.publish('catalog.hotel.liked', `${userId}|hotel-${hotelId}`, { userId, hotelId, liked, at: when });
}

function likeDestination(
  userId: string,
  destinationId: string,
  locationType: 'city' | 'country' | 'hotel',
  liked: boolean,
  when: string,
) {
  const payload = { userId, destinationId, locationType, liked, at: when };
  return world.publish('catalog.destination.liked', `${userId}|${destinationId}`, payload);
}

describe('GET /api/v1/userProfile/likes', () => {
  it("answers the caller's liked hotels and destinations, newest first, as the catalog's events left them", async () => {
    const me = await world.caller();
    const times = [50, 40, 30, 20, 10, 5, 4].map(at);
    await likeHotel(me.id, 'h1', true, times[0]!);
    await likeHotel(me.id, 'h2', true, times[1]!);
    await likeDestination(me.id, 'city-2643743', 'city', true, times[2]!);
    await likeDestination(me.id, 'country-PT', 'country', true, times[3]!);
    // A hotel liked as a destination is the same like as the hotel's.
    await likeDestination(me.id, 'hotel-h3', 'hotel', true, times[4]!);
    // Taken back.
    await likeHotel(me.id, 'h2', false, times[5]!);
    await likeDestination(me.id, 'country-PT', 'country', false, times[6]!);

    const expected: LikesAnswer = {
      hotels: [
        { hotelId: 'h3', at: times[4]! },
        { hotelId: 'h1', at: times[0]! },
      ],
      destinations: [{ destinationId: 'city-2643743', locationType: 'city', at: times[2]! }],
    };
    await expect.poll(() => likesOf(me), { timeout: 20_000 }).toEqual(expected);

    // Nobody else sees them.
    expect(await likesOf(await world.caller())).toEqual({ hotels: [], destinations: [] });
  });

  it('lets a later change win, whatever order the events come in', async () => {
    const me = await world.caller();
    // The unlike happened after the like, but is heard first (a redelivery of the like, say).
    await likeHotel(me.id, 'hlate', false, at(1));
    await likeHotel(me.id, 'hlate', true, at(2));
    await likeHotel(me.id, 'hkept', true, at(3));
    await expect
      .poll(async () => (await likesOf(me)).hotels.map((h) => h.hotelId), { timeout: 20_000 })
      .toEqual(['hkept']);
    // Liked again later: back on.
    await likeHotel(me.id, 'hlate', true, at(0));
    await expect
      .poll(async () => (await likesOf(me)).hotels.map((h) => h.hotelId), { timeout: 20_000 })
      .toEqual(['hlate', 'hkept']);
  });

  it('needs a token', async () => {
    expectError(await world.app.inject({ method: 'GET', url: '/api/v1/userProfile/likes' }), 'unauthenticated');
  });
});
