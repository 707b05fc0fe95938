// The map page's loader: the stored search read as the results page reads it; no search, or one that has
// expired, goes to the results page (which says so, with the form); a search made again in another currency
// stays on the map.
// @vitest-environment node
import { redirect } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

const loadSearchPage = vi.hoisted(() => vi.fn());
vi.mock('~/search/search-page.server', () => ({ loadSearchPage }));
vi.mock('~/lib/root-data', () => ({ useRootData: () => undefined }));

const { loader } = await import('~/routes/map-search');

const args = (url: string) => ({ request: new Request(url) }) as Parameters<typeof loader>[0];

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (err) {
    // React Router's Response may come from another realm than the test's global one.
    if (typeof (err as Response)?.headers?.get === 'function') return err as Response;
    throw err;
  }
  throw new Error('nothing was thrown');
}

describe('the map page loader', () => {
  it("gives the page the stored search's results", async () => {
    const data = { state: 'results', page: { hotels: [] } };
    loadSearchPage.mockResolvedValue(data);
    await expect(loader(args('http://site.test/mapsearch?searchId=abcdefgh'))).resolves.toBe(data);
  });

  it('sends a visitor without a search to the search page', async () => {
    loadSearchPage.mockResolvedValue({ state: 'none' });
    const answer = await thrown(loader(args('http://site.test/mapsearch')));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/search');
  });

  it('sends an expired search to the results page, which says so', async () => {
    loadSearchPage.mockResolvedValue({ state: 'expired', message: 'This search has expired. Please search again.' });
    const answer = await thrown(loader(args('http://site.test/mapsearch?searchId=old-search-1')));
    expect(answer.headers.get('location')).toBe('/search?searchId=old-search-1');
  });

  it('keeps a search made again in another currency on the map', async () => {
    loadSearchPage.mockImplementation(async () => {
      throw redirect('/search?searchId=new-search-2&currency=EUR');
    });
    const answer = await thrown(loader(args('http://site.test/mapsearch?searchId=abcdefgh&currency=EUR')));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/mapsearch?searchId=new-search-2&currency=EUR');
  });

  it('lets other failures through to the error page', async () => {
    const failure = new Error('catalog down');
    loadSearchPage.mockImplementation(async () => {
      throw failure;
    });
    let caught: unknown;
    try {
      await loader(args('http://site.test/mapsearch?searchId=abcdefgh'));
    } catch (err) {
      caught = err;
    }
    expect(caught).toBe(failure);
  });
});
