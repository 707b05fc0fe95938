// The search form: it comes alive when the visitor reaches for it (typed text and focus kept), suggests
// destinations as they type (city, country, hotel), picks one by mouse or keyboard, checks the dates (not in
// the past, at least one night) and guests, says 'Destination is required', and stores the search in the
// visitor's currency before opening its results.
import { getLocalTimeZone, today } from '@internationalized/date';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchForm } from '~/search/search-form';
import { writeVisitorCurrency } from '~/search/visitor-currency';
import { france, paris, ritz } from './fixtures';
import { answers, browserApi, callsTo, renderPage, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

const Page = () => <SearchForm />;
const open = (Component = Page) => renderPage({ path: '/', Component, url: '/' });

const inFuture = (days: number) => today(getLocalTimeZone()).add({ days });

async function comeAlive(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText('Destination'));
  return screen.findByRole('combobox', { name: 'Destination' }, { timeout: 10_000 });
}

/** Types a date into the picker's segments (US English order: month, day, year). */
async function typeDate(
  user: ReturnType<typeof userEvent.setup>,
  end: 'Start Date' | 'End Date',
  date: ReturnType<typeof inFuture>,
) {
  const month = screen.getByRole('spinbutton', { name: new RegExp(`^month, ${end}`) });
  await user.click(month);
  await user.keyboard(`${String(date.month).padStart(2, '0')}${String(date.day).padStart(2, '0')}${date.year}`);
}

async function pickParis(user: ReturnType<typeof userEvent.setup>) {
  const box = await comeAlive(user);
  await user.type(box, 'Par');
  await user.click(await screen.findByRole('option', { name: /Paris, France/ }));
  return box;
}

beforeEach(() => {
  resetApi();
  sessionStorage.clear();
  answers.autocomplete = () => ({ query: 'par', destinations: [paris, france, ritz] });
});

describe('the search form', () => {
  it('renders light first, then comes alive with the text typed so far and the focus', async () => {
    open();
    const shell = screen.getByLabelText('Destination');
    expect(screen.queryByRole('combobox')).toBeNull();
    shell.focus();
    fireEvent.change(shell, { target: { value: 'Pa' } });
    const box = await screen.findByRole('combobox', { name: 'Destination' }, { timeout: 10_000 });
    expect((box as HTMLInputElement).value).toBe('Pa');
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('suggests cities, countries and hotels after a pause in typing, calling autocomplete', async () => {
    const user = userEvent.setup({ delay: null });
    open();
    const box = await comeAlive(user);
    await user.type(box, 'Par');
    await screen.findByRole('option', { name: /Paris, France/ });
    const list = screen.getByRole('listbox');
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Paris, FranceCity · 120 hotels',
      'FranceCountry · 900 hotels',
      'Hotel Paradis, ParisHotel',
    ]);
    // One call for the settled text, not one per letter.
    expect(callsTo('autocomplete')).toEqual([{ query: { query: 'Par', take: 8 } }]);
  });

  it('picks a suggestion with the mouse, and with the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    open();
    const box = await pickParis(user);
    expect((box as HTMLInputElement).value).toBe('Paris, France');
    await user.clear(box);
    await user.type(box, 'Fra');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect((box as HTMLInputElement).value).toBe('France'));
  });

  it('says when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    answers.autocomplete = () => ({ query: 'zzz', destinations: [] });
    open();
    await user.type(await comeAlive(user), 'Zzz');
    expect(await screen.findByText('No destinations match “Zzz”')).toBeTruthy();
  });

  it("refuses to search without a destination: 'Destination is required'", async () => {
    const user = userEvent.setup({ delay: null });
    open();
    await comeAlive(user);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Destination is required')).toBeTruthy();
    expect(screen.getByText('Choose your check-in and check-out dates')).toBeTruthy();
    expect(callsTo('createSearch')).toEqual([]);
    // The focus goes to the first field to fix.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Destination' })));
    // Typed text that was never picked is no destination either.
    await user.type(screen.getByRole('combobox', { name: 'Destination' }), 'Nowhere');
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Destination is required')).toBeTruthy();
  });

  it('refuses check-in in the past and stays of no night, as the dates change', async () => {
    const user = userEvent.setup({ delay: null });
    open();
    await comeAlive(user);
    const yesterday = inFuture(-1);
    await typeDate(user, 'Start Date', yesterday);
    await typeDate(user, 'End Date', inFuture(2));
    expect(await screen.findByText('Check-in is in the past')).toBeTruthy();
    await typeDate(user, 'Start Date', inFuture(5));
    await typeDate(user, 'End Date', inFuture(5));
    expect(await screen.findByText('Check-out must be after check-in')).toBeTruthy();
    await typeDate(user, 'End Date', inFuture(6));
    await waitFor(() => expect(screen.queryByText('Check-out must be after check-in')).toBeNull());
  });

  it('counts guests and rooms, and refuses rooms nobody sleeps in', async () => {
    const user = userEvent.setup({ delay: null });
    open();
    await comeAlive(user);
    const guests = screen.getByRole('textbox', { name: 'Guests' }) as HTMLInputElement;
    const rooms = screen.getByRole('textbox', { name: 'Rooms' }) as HTMLInputElement;
    expect([guests.value, rooms.value]).toEqual(['2', '1']);
    const roomsGroup = rooms.closest('.counter-group') as HTMLElement;
    await user.click(within(roomsGroup).getByRole('button', { name: /Increase/ }));
    await user.click(within(roomsGroup).getByRole('button', { name: /Increase/ }));
    expect(rooms.value).toBe('3');
    expect(await screen.findByText('Every room needs at least one guest')).toBeTruthy();
    const guestsGroup = guests.closest('.counter-group') as HTMLElement;
    await user.click(within(guestsGroup).getByRole('button', { name: /Increase/ }));
    expect(guests.value).toBe('3');
    await waitFor(() => expect(screen.queryByText('Every room needs at least one guest')).toBeNull());
  });

  it("stores the search in the visitor's currency and opens /search?searchId=…", async () => {
    const user = userEvent.setup({ delay: null });
    writeVisitorCurrency('EUR');
    answers.createSearch = () => ({ searchId: 'srch_0123456789', expiresAt: '2030-01-01T00:00:00.000Z' });
    open();
    await pickParis(user);
    await typeDate(user, 'Start Date', inFuture(10));
    await typeDate(user, 'End Date', inFuture(13));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/search?searchId=srch_0123456789');
    expect(callsTo('createSearch')).toEqual([
      {
        body: {
          destination: paris.id,
          checkIn: inFuture(10).toString(),
          checkOut: inFuture(13).toString(),
          guests: 2,
          rooms: 1,
          currency: 'EUR',
        },
      },
    ]);
  });

  it("shows the catalog's refusal, on its field when it names one", async () => {
    const user = userEvent.setup({ delay: null });
    const { ApiError } = browserApi;
    answers.createSearch = () => {
      throw new ApiError(404, 'destination-not-found', 'Destination not found', [
        { path: 'destination', message: 'Destination not found' },
      ]);
    };
    open();
    await pickParis(user);
    await typeDate(user, 'Start Date', inFuture(10));
    await typeDate(user, 'End Date', inFuture(12));
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Search' }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe('ErrorDestination not found');
    expect(screen.getAllByText('Destination not found')).toHaveLength(2);
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});
