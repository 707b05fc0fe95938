// The loaders, on the server: the results page reads a page of the stored search (paging from the URL),
// names the place, treats an unknown or expired id as expired, and makes the same search again when the URL
// asks for another currency; the home page's index check sends a failing check to /signIn.
import { ApiError, endpoints } from '@travelclub/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loader as homeLoader } from '~/routes/home';
import { loadSearchPage } from '~/search/search-page.server';
import { paris, searchPage } from './fixtures';

const serverCall = vi.hoisted(() => vi.fn());
vi.mock('~/lib/api.server', () => ({ serverCall }));

type Answer = (input: { params?: unknown; query?: unknown; body?: unknown }) => unknown;
let answers: Map<unknown, Answer>;
const answer = (e: unknown, fn: Answer) => answers.set(e, fn);
const calls = (e: unknown) => serverCall.mock.calls.filter(([, called]) => called === e).map(([, , input]) => input);

beforeEach(() => {
  answers = new Map();
  serverCall.mockReset();
  serverCall.mockImplementation(async (_request: Request, e: unknown, input: never) => {
    const fn = answers.get(e);
    if (!fn) throw new Error('no answer');
    return fn(input);
  });
  answer(endpoints.catalog.searchPage, () => searchPage());
  answer(endpoints.catalog.listHotels, () => ({ destination: paris, total: 120, take: 1, skip: 0, hotels: [] }));
});

const load = (search: string) => loadSearchPage(new Request(`http://web.test/search${search}`));

describe('the results page loader', () => {
  it('has nothing to read without a searchId', async () => {
    expect(await load('')).toEqual({ state: 'none' });
    expect(serverCall).not.toHaveBeenCalled();
  });

  it('reads the page the URL names, and the place’s name', async () => {
    const data = await load('?searchId=search-abc123&page=3&take=30');
    expect(calls(endpoints.catalog.searchPage)).toEqual([
      { params: { id: 'search-abc123' }, query: { take: 30, skip: 60 } },
    ]);
    expect(calls(endpoints.catalog.listHotels)).toEqual([{ body: { destination: paris.id, take: 1 } }]);
    expect(data).toMatchObject({ state: 'results', place: { id: paris.id, label: 'Paris, France' } });
    expect(data.state === 'results' && data.currencies).toContain('JPY');
  });

  it('names the place from its first hotel when the destination cannot be read', async () => {
    answer(endpoints.catalog.listHotels, () => {
      throw new ApiError(503, 'service-unavailable', 'down');
    });
    expect(await load('?searchId=search-abc123')).toMatchObject({ place: { label: 'Paris, France' } });
  });

  it('treats an id no search can have, and a search the catalog no longer has, as expired', async () => {
    const expired = { state: 'expired', message: 'This search has expired. Please search again.' };
    expect(await load('?searchId=no')).toEqual(expired);
    expect(serverCall).not.toHaveBeenCalled();
    answer(endpoints.catalog.searchPage, () => {
      throw new ApiError(404, 'search-not-found', 'This search has expired. Please search again.');
    });
    expect(await load('?searchId=search-gone99')).toEqual(expired);
  });

  it('lets other failures reach the error page', async () => {
    answer(endpoints.catalog.searchPage, () => {
      throw new ApiError(503, 'service-unavailable', 'down');
    });
    await expect(load('?searchId=search-abc123')).rejects.toBeInstanceOf(ApiError);
  });

  it('makes the same search in the currency the URL asks for, and redirects to it', async () => {
    answer(endpoints.catalog.createSearch, () => ({ searchId: 'search-gbp456', expiresAt: '2030-01-01T00:00:00Z' }));
    const thrown = await load('?searchId=search-abc123&page=2&currency=gbp').catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('location')).toBe('/search?searchId=search-gbp456&page=2&currency=GBP');
    const { criteria } = searchPage();
    expect(calls(endpoints.catalog.createSearch)).toEqual([
      {
        body: {
          destination: criteria.destination,
          boundingBox: undefined,
          checkIn: criteria.checkIn,
          checkOut: criteria.checkOut,
          guests: 2,
          rooms: 1,
          currency: 'GBP',
        },
      },
    ]);
  });

  it('redirects the map page to the map', async () => {
    answer(endpoints.catalog.createSearch, () => ({ searchId: 'search-gbp456', expiresAt: '2030-01-01T00:00:00Z' }));
    const request = new Request('http://web.test/mapsearch?searchId=search-abc123&currency=GBP');
    const thrown = await loadSearchPage(request).catch((err: unknown) => err);
    expect((thrown as Response).headers.get('location')).toBe('/mapsearch?searchId=search-gbp456&currency=GBP');
  });

  it('keeps the search as it is when the currency is already its own, unknown, or cannot be had', async () => {
    expect((await load('?searchId=search-abc123&currency=EUR')).state).toBe('results');
    expect((await load('?searchId=search-abc123&currency=XXX')).state).toBe('results');
    answer(endpoints.catalog.createSearch, () => {
      throw new ApiError(400, 'validation-failed', 'Check-in is in the past');
    });
    expect((await load('?searchId=search-abc123&currency=USD')).state).toBe('results');
    expect(calls(endpoints.catalog.createSearch)).toHaveLength(1);
  });
});

describe('the home page loader', () => {
  const args = () => ({ request: new Request('http://web.test/'), params: {}, context: {} }) as never;

  it('reads the recommended hotels', async () => {
    answer(endpoints.catalog.recommended, () => ({ basis: 'popular', hotels: [] }));
    expect(await homeLoader(args())).toEqual({ recommended: { basis: 'popular', hotels: [] } });
    expect(calls(endpoints.catalog.recommended)).toEqual([{ query: { take: 6 } }]);
  });

  it('redirects to /signIn when the index check fails', async () => {
    answer(endpoints.catalog.recommended, () => {
      throw new ApiError(503, 'service-unavailable', 'down');
    });
    const thrown = await homeLoader(args()).catch((err: unknown) => err);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('location')).toBe('/signIn');
  });
});
