// catalog.search.created, through app.inject against the real servers: every stored search, and the first page
// of a one-off search from a creator's club page, with the creator's slug; the search itself is not kept with it.
import { readEvents, type SeenEvent } from '@travelclub/kit/testing';
import { describe, expect, it } from 'vitest';
import { createSearch, inDays, search, useCatalog } from '../helpers.js';

const world = useCatalog();

const stay = (fields: Record<string, unknown> = {}) => ({
  destination: world.city,
  checkIn: inDays(20),
  checkOut: inDays(23),
  guests: 2,
  ...fields,
});

/** Every catalog.search.created read once `count` arrived and a moment passed for any extra. */
async function searchEvents(keep: (event: SeenEvent) => boolean, count: number): Promise<SeenEvent[]> {
  const log = await readEvents(world.app, 'catalog.events');
  try {
    return await log.wait((e) => e.type === 'catalog.search.created' && keep(e), count, 1_500);
  } finally {
    await log.stop();
  }
}

describe('catalog.search.created', () => {
  it('is published for every stored search, with the creator when the search came from a club page', async () => {
    const attributed = await createSearch(world.app, stay({ creator: 'ana-travels' }));
    const plain = await createSearch(world.app, stay());
    const [withCreator] = await searchEvents((e) => e.payload.searchId === attributed, 1);
    expect(withCreator).toMatchObject({
      aggregateId: attributed,
      payload: { searchId: attributed, creator: 'ana-travels' },
    });
    const [without] = await searchEvents((e) => e.payload.searchId === plain, 1);
    expect(without!.payload).toEqual({ searchId: plain });

    // The creator is not part of the stored criteria: the search reads as any other.
    const page = await world.app.inject({ method: 'GET', url: `/api/v1/hotel/search/${attributed}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().criteria).not.toHaveProperty('creator');
    // The event's document is emptied once the relay has published it.
    await expect
      .poll(
        async () => (await world.app.mongo.collection('search_events').findOne({ _id: attributed as never }))?.outbox,
      )
      .toEqual([]);
  });

  it('is published for the first page of a one-off search from a club page only', async () => {
    const creator = `club-${Date.now().toString(36)}`;
    await search(world.app, stay({ creator, take: 5 }));
    await search(world.app, stay({ creator, take: 5, skip: 5 }));
    await search(world.app, stay({ take: 5 }));
    const events = await searchEvents((e) => e.payload.creator === creator, 1);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.searchId).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it('refuses a creator that is no slug', async () => {
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/v1/hotel/search/create',
      payload: stay({ creator: 'Not A Slug' }),
    });
    expect(res.statusCode).toBe(400);
  });
});
