// The traveller's home page (spec section 2, `/`): the search, the latest itinerary for a visitor with a
// session (read in the browser, with the way back to guest details), and the recommended hotels.
import { screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HotelImage } from '~/search/hotel-card';
import Home from '~/routes/home';
import { hotel, itinerary } from './fixtures';
import { account, answers, browserApi, callsTo, renderPage, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const summaries = [1, 2, 3].map((n) => {
  const { cheapestRate: _rate, ...summary } = hotel(n);
  return summary;
});

function open(user: ReturnType<typeof account> | null = null, basis: 'popular' | 'likes' = 'popular') {
  const loader = () => ({ recommended: { basis, hotels: summaries } });
  renderPage({ path: '/', Component: Home, loader, url: '/', user });
}

beforeEach(() => resetApi());

describe('the home page', () => {
  it('leads with the search form', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a stay worth the trip' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Find a stay worth the trip' })).toBeTruthy();
    expect(screen.getByLabelText('Destination')).toBeTruthy();
  });

  it('lists the recommended hotels, linking to their pages, their pictures lazy and sized', async () => {
    open();
    const section = (await screen.findByRole('heading', { name: 'Stays travellers love' })).closest('section')!;
    const cards = within(section).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(within(cards[1]!).getByRole('link', { name: 'Hotel Number 2' }).getAttribute('href')).toBe(
      '/hotel/hotel-number-2',
    );
    expect(within(cards[1]!).getByText('4-star hotel')).toBeTruthy();
    const first = cards[0]!.querySelector('img')!;
    expect([first.getAttribute('loading'), first.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    const image = cards[1]!.querySelector('img')!;
    expect(image.getAttribute('loading')).toBe('lazy');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['600', '400']);
    // Asked for once the page runs.
    await waitFor(() => expect(image.getAttribute('src')).toBe('http://img.test/api/v1/images/img-2?w=600&h=600&q=90'));
    // No prices without dates.
    expect(section.textContent).not.toContain('total for');
  });

  it("puts only an eager picture's address in the server's HTML", () => {
    const html = (eager: boolean) => renderToString(<HotelImage hotel={hotel(1)} eager={eager} />);
    expect(html(true)).toContain('src="http://img.test/api/v1/images/img-1?w=600&amp;h=600&amp;q=90"');
    expect(html(false)).not.toContain('src=');
    expect(html(false)).toContain('width="600"');
  });

  it('names the list after what it is based on', async () => {
    open(null, 'likes');
    expect(await screen.findByRole('heading', { name: 'Picked for you' })).toBeTruthy();
  });

  it('asks for no itinerary when nobody is signed in', async () => {
    open();
    await screen.findAllByRole('article');
    expect(browserApi.call).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Your latest itinerary' })).toBeNull();
  });

  it('shows the latest itinerary, with the way on to guest details', async () => {
    answers.latestItinerary = () => itinerary();
    open(account());
    const card = (await screen.findByRole('heading', { name: 'Your latest itinerary' })).closest('section')!;
    expect(within(card).getByText('Trip to Paris')).toBeTruthy();
    expect(card.textContent).toContain('Hotel Number 1');
    expect(card.textContent).toContain('Wed, Jun 12 – Sat, Jun 15');
    expect(within(card).getByText('€457.50')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Continue to guest details' }).getAttribute('href')).toBe(
      '/itinerary/it-77/contact',
    );
    expect(callsTo('latestItinerary')).toEqual([{}]);
  });

  it('shows no itinerary when there is none, or none to go on with', async () => {
    const { ApiError } = browserApi;
    answers.latestItinerary = () => {
      throw new ApiError(404, 'itinerary-not-found', 'Itinerary not found');
    };
    open(account({ isAnonymous: true }));
    await waitFor(() => expect(callsTo('latestItinerary')).toHaveLength(1));
    await screen.findAllByRole('article');
    expect(screen.queryByRole('heading', { name: 'Your latest itinerary' })).toBeNull();
  });

  it('leaves out a confirmed itinerary', async () => {
    answers.latestItinerary = () => itinerary({ status: 'confirmed' });
    open(account());
    await waitFor(() => expect(callsTo('latestItinerary')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Your latest itinerary' })).toBeNull();
  });
});
