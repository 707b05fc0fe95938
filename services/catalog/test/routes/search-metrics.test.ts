// The catalog's business counter on its own /metrics: each search counted once, when it starts (a stored search
// made, the first page of a one-off search), never for reading on.
import { readMetric } from '@travelclub/kit/testing';
import { describe, expect, it } from 'vitest';
import { createSearch, expectError, inDays, search, useCatalog } from '../helpers.js';

const world = useCatalog();
const searches = () => readMetric(world.app, 'travelclub_searches_total');

const stay = (fields: Record<string, unknown> = {}) => ({
  destination: world.city,
  checkIn: inDays(30),
  checkOut: inDays(32),
  guests: 2,
  ...fields,
});

describe('travelclub_searches_total', () => {
  it('counts a one-off search once, on its first page', async () => {
    const before = await searches();
    await search(world.app, stay({ take: 2 }));
    expect(await searches()).toBe(before + 1);
    // The next page is the same search, read on.
    await search(world.app, stay({ take: 2, skip: 2 }));
    expect(await searches()).toBe(before + 1);
  });

  it('counts a stored search once, when it is made, not when its pages are read', async () => {
    const before = await searches();
    const searchId = await createSearch(world.app, stay());
    expect(await searches()).toBe(before + 1);
    const page = await world.app.inject({ method: 'GET', url: `/api/v1/hotel/search/${searchId}?take=2` });
    expect(page.statusCode).toBe(200);
    expect(await searches()).toBe(before + 1);
  });

  it('counts nothing for a search refused', async () => {
    const before = await searches();
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/v1/hotel/search/create',
      payload: stay({ destination: 'city-1' }),
    });
    expectError(res, 'destination-not-found');
    expect(await searches()).toBe(before);
  });
});
