// A search started from a club is the creator's: the catalog is told (`creator` in the search's body, so it
// counts it), and the results, their pages and their hotel links keep the club, so a booking made from them is
// attributed to the creator.
import { getLocalTimeZone, today } from '@internationalized/date';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hotelHref } from '~/search/hotel-card';
import { readResultsQuery, resultsHref } from '~/search/results-query';
import { SearchForm } from '~/search/search-form';
import { answers, callsTo, renderPage, resetApi } from '../search/harness';

vi.mock('~/lib/browser-api', async () => (await import('../search/harness')).browserApi);

const inFuture = (days: number) => today(getLocalTimeZone()).add({ days });

async function typeDate(user: ReturnType<typeof userEvent.setup>, end: string, date: ReturnType<typeof inFuture>) {
  await user.click(screen.getByRole('spinbutton', { name: new RegExp(`^month, ${end}`) }));
  await user.keyboard(`${String(date.month).padStart(2, '0')}${String(date.day).padStart(2, '0')}${date.year}`);
}

beforeEach(() => {
  resetApi();
  sessionStorage.clear();
});

describe('a search from a club', () => {
  it('names the club to the catalog and opens results that keep it', async () => {
    const user = userEvent.setup({ delay: null });
    answers.createSearch = () => ({ searchId: 'srch_0123456789', expiresAt: '2030-01-01T00:00:00.000Z' });
    const Page = () => <SearchForm initial={{ destination: { id: 'city-porto', label: 'Porto' } }} creator="anna" />;
    renderPage({ path: '/', Component: Page, url: '/' });
    await user.click(screen.getByLabelText('Destination'));
    await screen.findByRole('combobox', { name: 'Destination' }, { timeout: 10_000 });
    await typeDate(user, 'Start Date', inFuture(10));
    await typeDate(user, 'End Date', inFuture(12));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/search?searchId=srch_0123456789&creator=anna');
    expect(callsTo('createSearch')).toMatchObject([{ body: { destination: 'city-porto', creator: 'anna' } }]);
  });

  it("keeps the club on the results' links and their hotels, and ignores a creator that is not a slug", () => {
    const query = readResultsQuery(new URLSearchParams('searchId=abc12345&creator=anna'));
    expect(query.creator).toBe('anna');
    expect(resultsHref(query, { page: 2 })).toBe('/search?searchId=abc12345&page=2&creator=anna');
    expect(hotelHref('harbour-house', 'abc12345', 'anna')).toBe('/hotel/harbour-house?searchId=abc12345&creator=anna');
    expect(hotelHref('harbour-house', undefined, 'anna')).toBe('/hotel/harbour-house?creator=anna');
    expect(hotelHref('harbour-house', 'abc12345')).toBe('/hotel/harbour-house?searchId=abc12345');
    expect(readResultsQuery(new URLSearchParams('creator=Not%20A%20Slug')).creator).toBeUndefined();
  });
});
