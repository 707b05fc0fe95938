// The results page (spec section 2, /search?searchId=…): a page of the stored search with prices in its
// currency (minor units shown as major), 'Free Cancellation' tags, paging links, the map link, the currency
// and page-size options that rewrite the URL; and its empty, expired and no-search states.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import Search from '~/routes/search';
import type { SearchPageData } from '~/search/search-data';
import { readResultsQuery } from '~/search/results-query';
import { ANONYMOUS_USER_DATA_KEY } from '~/search/visitor-currency';
import { searchPage } from './fixtures';
import { renderPage, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const results = (url: string, page = searchPage()): SearchPageData => ({
  state: 'results',
  query: readResultsQuery(new URL(url, 'http://x').searchParams),
  page,
  place: { id: page.criteria.destination ?? null, label: 'Paris, France' },
  currencies: ['USD', 'EUR', 'GBP'],
});

function open(url: string, data: SearchPageData | ((url: string) => SearchPageData)) {
  const loader = vi.fn(({ request }: { request: Request }) => {
    const here = new URL(request.url);
    return typeof data === 'function' ? data(`${here.pathname}${here.search}`) : data;
  });
  renderPage({ path: '/search', Component: Search, loader, url });
  return loader;
}

const href = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

beforeEach(() => {
  resetApi();
  sessionStorage.clear();
});

describe('the search results page', () => {
  const url = '/search?searchId=search-abc123';

  it('says where, when and how many, and announces the count', async () => {
    open(url, results(url));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hotels in Paris, France' })).toBeTruthy();
    expect(screen.getByText('Wed, Jun 12 – Sat, Jun 15 · 3 nights · 2 guests · 1 room')).toBeTruthy();
    const count = screen.getByRole('status');
    expect(count.getAttribute('aria-live')).toBe('polite');
    expect(count.textContent).toBe('40 hotels · showing 1–3');
  });

  it('shows each hotel with its picture, address line, rating and cheapest total for the stay', async () => {
    open(url, results(url));
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: 'Hotel Number 1' }).getAttribute('href')).toBe(
      '/hotel/hotel-number-1?searchId=search-abc123',
    );
    expect(first.getByText('1 Rue de Rivoli, 75001 Paris, FR')).toBeTruthy();
    expect(first.getByText('4-star hotel')).toBeTruthy();
    expect(first.getByText('8.6')).toBeTruthy();
    expect(cards[0]!.textContent).toContain('1,234 reviews');
    // 45,750 cents: €457.50 for the three nights.
    expect(first.getByText('€457.50')).toBeTruthy();
    expect(first.getByText('total for 3 nights')).toBeTruthy();
    expect(first.getByText('Free Cancellation')).toBeTruthy();
    expect(within(cards[1]!).queryByText('Free Cancellation')).toBeNull();
    expect(within(cards[2]!).getByText('No rooms left for your dates')).toBeTruthy();
    const image = cards[0]!.querySelector('img')!;
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['600', '400']);
    expect(image.getAttribute('loading')).toBe('eager');
    expect(cards[2]!.querySelector('img')!.getAttribute('loading')).toBe('lazy');
  });

  it('pages with Previous, Next and page numbers in the URL', async () => {
    const second = '/search?searchId=search-abc123&page=2&currency=EUR';
    open(second, results(second, searchPage({ skip: 15, total: 40 })));
    const pager = await screen.findByRole('navigation', { name: 'Result pages' });
    const links = within(pager).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['‹ Previous', '/search?searchId=search-abc123&currency=EUR'],
      ['1', '/search?searchId=search-abc123&currency=EUR'],
      ['2', '/search?searchId=search-abc123&page=2&currency=EUR'],
      ['3', '/search?searchId=search-abc123&page=3&currency=EUR'],
      ['Next ›', '/search?searchId=search-abc123&page=3&currency=EUR'],
    ]);
    expect(within(pager).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('status').textContent).toBe('40 hotels · showing 16–18');
  });

  it('links to the same search on the map', async () => {
    const paged = '/search?searchId=search-abc123&page=2';
    open(paged, results(paged));
    await screen.findAllByRole('article');
    expect(href('Show on map')).toBe('/mapsearch?searchId=search-abc123&page=2');
  });

  it("rewrites the URL when the currency changes, and keeps it as the visitor's", async () => {
    const user = userEvent.setup({ delay: null });
    const loader = open(url, (at) => results(at));
    const select = await screen.findByLabelText('Currency');
    expect((select as HTMLSelectElement).value).toBe('EUR');
    await user.selectOptions(select, 'GBP');
    await waitFor(() => expect(loader).toHaveBeenCalledTimes(2));
    const asked = new URL((loader.mock.calls[1]![0] as { request: Request }).request.url);
    expect(Object.fromEntries(asked.searchParams)).toEqual({ searchId: 'search-abc123', currency: 'GBP', take: '15' });
    expect(JSON.parse(sessionStorage.getItem(ANONYMOUS_USER_DATA_KEY)!).currency.code).toBe('GBP');
  });

  it('offers to change the search, prefilled', async () => {
    open(url, results(url));
    await screen.findAllByRole('article');
    expect(screen.getByText('Change search')).toBeTruthy();
    expect((screen.getByLabelText('Destination') as HTMLInputElement).value).toBe('Paris, France');
    expect(screen.getByLabelText('Check-in – check-out').textContent).toBe('6/12/2030 – 6/15/2030');
  });

  it('says when nothing matches, with the form to search again', async () => {
    open(url, results(url, searchPage({ total: 0, hotels: [] })));
    expect(await screen.findByRole('heading', { name: 'No hotels match this search' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'No hotels match this search' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Result pages' })).toBeNull();
  });

  it('says when the page is past the last one', async () => {
    const far = '/search?searchId=search-abc123&page=9';
    open(far, results(far, searchPage({ skip: 120, hotels: [] })));
    expect(await screen.findByRole('heading', { name: 'There are no more hotels' })).toBeTruthy();
    expect(href('Go to the last page')).toBe('/search?searchId=search-abc123&page=3');
  });

  it('says an expired or unknown search has expired, with the form to search again', async () => {
    open(url, { state: 'expired', message: 'This search has expired. Please search again.' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Search again' })).toBeTruthy();
    expect(screen.getByText('This search has expired. Please search again.')).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Search again' })).toBeTruthy();
  });

  it('shows the search form when there is no search', async () => {
    open('/search', { state: 'none' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a hotel' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Find a hotel' })).toBeTruthy();
  });
});
