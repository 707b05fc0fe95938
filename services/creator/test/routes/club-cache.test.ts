// The club page is kept for CLUB_CACHE_MS: the same answer until then, the creator's change right after; the
// creator's own list is never cached. The page carries an ETag of its text: a caller holding it gets 304 and no body,
// and the creator's change gives a new tag.
import type { InjectOptions } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { multipartForm, useCreator, type Caller } from '../helpers.js';

const world = useCreator({ CLUB_CACHE_MS: '700' }, { catalog: true });
const inject = (options: InjectOptions) => world.app.inject(options);

function recommend(who: Caller, hotelId: string, title: string) {
  const form = multipartForm({ title });
  return inject({
    method: 'PUT',
    url: `/api/v1/hotel/${hotelId}/recommend`,
    payload: form.payload,
    headers: { ...who.headers, ...form.headers },
  });
}

it("serves a club page again for a while, then shows the creator's change", async () => {
  const [first, second] = await world.hotelIds(2);
  const creator = await world.creator('Cached Club');
  await recommend(creator, first!, 'First');
  const club = async () => {
    const res = await inject({ method: 'GET', url: `/api/v1/bff/creator/${creator.profile.slug}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json().recommendations.length as number;
  };
  expect(await club()).toBe(1);
  expect((await recommend(creator, second!, 'Second')).statusCode).toBe(201);
  expect(await club()).toBe(1);
  const mine = await inject({
    method: 'GET',
    url: '/api/v1/userProfile/hotelRecommendations',
    headers: creator.headers,
  });
  expect(mine.json().recommendations).toHaveLength(2);
  await sleep(800);
  expect(await club()).toBe(2);
});

it('tags the club page by its text: the holder of the tag gets 304 until the page changes', async () => {
  const [first, second] = await world.hotelIds(2);
  const creator = await world.creator('Tagged Club');
  await recommend(creator, first!, 'First');
  const url = `/api/v1/bff/creator/${creator.profile.slug}`;
  const page = await inject({ method: 'GET', url });
  const etag = page.headers.etag as string;
  expect(etag).toMatch(/^W\/"[\w-]+"$/);
  expect(page.headers['cache-control']).toBe('public, no-cache');

  const held = await inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
  expect(held.statusCode).toBe(304);
  expect(held.body).toBe('');
  // Built again after the cache's time, the same text has the same tag.
  await sleep(800);
  expect((await inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

  expect((await recommend(creator, second!, 'Second')).statusCode).toBe(201);
  await sleep(800);
  const changed = await inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
  expect(changed.statusCode).toBe(200);
  expect(changed.headers.etag).not.toBe(etag);
  expect(changed.json().recommendations).toHaveLength(2);
});
