// Booking a package: the picker offers only the package's departures (any date from today when it departs on
// any), the box checks the party, "Book this package" makes the cart through fromTravelPackage (the visitor
// gets an anonymous account silently, the cart is in their currency) with the button disabled meanwhile, then
// the checkout's contact step opens; each refusal is said in plain words.
import { parseDate } from '@internationalized/date';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { writeVisitorCurrency } from '~/search/visitor-currency';
import { DEPARTURES, inDays, pageData } from './fixtures';
import { browserApi, deferred, handlers, refusal, renderPackage, resetApi } from './harness';

vi.mock('~/lib/browser-api', async () => (await import('./harness')).browserApi);

beforeEach(() => {
  resetApi();
  sessionStorage.clear();
});

type User = ReturnType<typeof userEvent.setup>;

/** The working form, once its chunk has come. */
const calendarButton = () => screen.findByRole('button', { name: /^Open the calendar/ });
const bookButton = () => screen.getByRole('button', { name: /Book this package|Booking…/ });

/** The days of the month on show in the calendar, each with whether it can be chosen. */
function monthCells() {
  const grid = screen.getByRole('grid');
  return [...grid.querySelectorAll('.calendar-cell:not([data-outside-month])')].map((cell) => ({
    day: Number(cell.textContent),
    offered: !cell.hasAttribute('data-unavailable') && !cell.hasAttribute('data-disabled'),
    cell: cell as HTMLElement,
  }));
}

async function pickDate(user: User, date: string) {
  await user.click(await calendarButton());
  const day = parseDate(date).day;
  const target = monthCells().find((c) => c.day === day)!;
  await user.click(target.cell);
}

describe('the departure date picker', () => {
  it('offers only the package’s departures, opening on the month of the first', async () => {
    const user = userEvent.setup();
    renderPackage(() => pageData());
    await user.click(await calendarButton());
    const first = parseDate(DEPARTURES[0]!);
    const heading = screen.getByRole('dialog', { name: 'Choose a departure date' });
    const monthName = first.toDate('UTC').toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(within(heading).getByRole('heading').textContent).toBe(monthName);
    const offeredThisMonth = DEPARTURES.map((d) => parseDate(d))
      .filter((d) => d.month === first.month && d.year === first.year)
      .map((d) => d.day);
    const cells = monthCells();
    expect(cells.filter((c) => c.offered).map((c) => c.day)).toEqual(offeredThisMonth);
    expect(cells.length).toBeGreaterThan(27);
  });

  it('works by keyboard: the calendar opens on the first departure, a day without one cannot be picked', async () => {
    const user = userEvent.setup();
    handlers.fromTravelPackage = () => new Promise(() => undefined);
    renderPackage(() => pageData());
    (await calendarButton()).focus();
    await user.keyboard('{Enter}');
    const first = parseDate(DEPARTURES[0]!);
    await waitFor(() => expect(document.activeElement?.textContent).toBe(String(first.day)));
    // The next day has no departure: Enter does nothing there.
    await user.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByRole('dialog', { name: 'Choose a departure date' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const month = screen.getByRole('spinbutton', { name: /^month/ });
    expect(month.getAttribute('aria-valuenow')).toBe(String(first.month));
    await user.click(bookButton());
    await waitFor(() => expect(browserApi.callAsUser).toHaveBeenCalled());
    expect(browserApi.callAsUser.mock.calls[0]![1]).toMatchObject({ body: { checkInDate: DEPARTURES[0] } });
  });

  it('says at once that a typed date is not a departure, and books none', async () => {
    const user = userEvent.setup();
    renderPackage(() => pageData());
    await calendarButton();
    const notOffered = parseDate(DEPARTURES[0]!).add({ days: 1 });
    await user.click(screen.getByRole('spinbutton', { name: /^month/ }));
    await user.keyboard(
      `${String(notOffered.month).padStart(2, '0')}${String(notOffered.day).padStart(2, '0')}${notOffered.year}`,
    );
    const message = 'This package does not depart on that date. Please choose one of its dates.';
    expect(await screen.findByText(message)).toBeTruthy();
    await user.click(bookButton());
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(browserApi.callAsUser).not.toHaveBeenCalled();
  });

  it('offers any day from today when the package departs on any', async () => {
    const user = userEvent.setup();
    renderPackage(() => pageData({ offeredDates: { kind: 'any' } }));
    expect(await screen.findByText('Departs any day you like')).toBeTruthy();
    await user.click(await calendarButton());
    const today = parseDate(inDays(0));
    const cells = monthCells();
    expect(cells.filter((c) => c.offered).map((c) => c.day)[0]).toBe(today.day);
    expect(cells.filter((c) => !c.offered).every((c) => c.day < today.day)).toBe(true);
  });
});

describe('booking the package', () => {
  it('asks for a departure first, and checks the party', async () => {
    const user = userEvent.setup();
    renderPackage(() => pageData({ capacity: 2 }));
    await calendarButton();
    await user.click(bookButton());
    expect(await screen.findByText('Choose a departure date')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Increase Rooms' }));
    await user.click(screen.getByRole('button', { name: 'Decrease Adults' }));
    await user.click(bookButton());
    expect(await screen.findByText('Every room needs at least one guest')).toBeTruthy();
    // The package takes two rooms a departure: the counter stops there.
    expect(screen.getByRole('button', { name: 'Increase Rooms' }).hasAttribute('disabled')).toBe(true);
    expect(browserApi.callAsUser).not.toHaveBeenCalled();
  });

  it('makes the cart for the departure and party in the visitor’s currency, then opens the contact step', async () => {
    const user = userEvent.setup();
    writeVisitorCurrency('GBP');
    const booked = deferred<unknown>();
    handlers.fromTravelPackage = () => booked.promise;
    renderPackage(() => pageData());
    await pickDate(user, DEPARTURES[0]!);
    await user.click(screen.getByRole('button', { name: 'Increase Adults' }));
    await user.click(bookButton());

    const pending = await screen.findByRole('button', { name: 'Booking…' });
    expect(pending.getAttribute('aria-disabled')).toBe('true');
    expect(browserApi.call).not.toHaveBeenCalled();
    expect(browserApi.callAsUser).toHaveBeenCalledTimes(1);
    expect(browserApi.callAsUser.mock.calls[0]).toEqual([
      'fromTravelPackage',
      { params: { id: 'pkg-1' }, body: { checkInDate: DEPARTURES[0], adults: 3, rooms: 1, currency: 'GBP' } },
    ]);
    // Pressing again while it books sends nothing more.
    await user.click(pending);
    expect(browserApi.callAsUser).toHaveBeenCalledTimes(1);

    await act(async () => booked.resolve({ id: 'it-9' }));
    expect((await screen.findByTestId('landed')).textContent).toBe('/itinerary/it-9/contact');
  });

  it('books in USD when the visitor has no currency of their own', async () => {
    const user = userEvent.setup();
    handlers.fromTravelPackage = () => new Promise(() => undefined);
    renderPackage(() => pageData());
    await pickDate(user, DEPARTURES[1]!);
    await user.click(bookButton());
    await waitFor(() => expect(browserApi.callAsUser).toHaveBeenCalled());
    expect(browserApi.callAsUser.mock.calls[0]![1]).toMatchObject({
      body: { checkInDate: DEPARTURES[1], currency: 'USD' },
    });
  });

  const refusals: [string, string, string][] = [
    [
      'no-rooms-available',
      'No rooms available for the selected dates. Try changing your dates or number of guests.',
      'ErrorNo rooms availableNo rooms available for the selected dates. Try changing your dates or number of guests.',
    ],
    [
      'travel-package-not-found',
      'Travel package not found',
      'ErrorThis package can no longer be booked. Ask Anna Travels for another one.',
    ],
    [
      'travel-package-date-not-offered',
      'This package does not depart on that date. Please choose one of its dates.',
      'ErrorThis package does not depart on that date. Please choose one of its dates.',
    ],
    [
      'hotel-not-found',
      'Hotel not found',
      'ErrorOne of this package’s hotels is no longer offered, so its night cannot be held. Please try another date, or ask Anna Travels about it.',
    ],
    [
      'room-type-not-found',
      'Room type not found',
      'ErrorThe room one of this package’s nights needs is no longer offered by its hotel. Please try another date, or ask Anna Travels about it.',
    ],
    [
      'room-not-found',
      'Room type or room ID not found',
      'ErrorThe room one of this package’s nights needs is no longer offered by its hotel. Please try another date, or ask Anna Travels about it.',
    ],
    [
      'search-or-dates-not-found',
      'Search results or dates not found',
      'ErrorOne of this package’s hotels could not be searched for its nights on that date. Please try another date, or ask Anna Travels about it.',
    ],
    [
      'idempotency-key-reused',
      'This idempotency key was already used for a different request.',
      'ErrorYour rooms could not be held this time. Please press Book this package again.',
    ],
    [
      'hold-expired',
      'Your room hold has expired. Please check availability again.',
      'ErrorYour room hold has expired. Please check availability again.',
    ],
    [
      'service-unavailable',
      'The service is temporarily unavailable. Please try again shortly.',
      'ErrorThe service is temporarily unavailable. Please try again shortly.',
    ],
    [
      'upstream-timeout',
      'The service took too long to answer. Please try again shortly.',
      'ErrorThe service took too long to answer. Please try again shortly.',
    ],
  ];

  it.each(refusals)(
    'says the refusal %s in plain words, and lets the visitor try again',
    async (code, message, shown) => {
      const user = userEvent.setup();
      handlers.fromTravelPackage = () => Promise.reject(refusal(code, message));
      renderPackage(() => pageData());
      await pickDate(user, DEPARTURES[0]!);
      await user.click(bookButton());
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(shown);
      expect(bookButton().textContent).toBe('Book this package');
      expect(bookButton().hasAttribute('aria-disabled')).toBe(false);
      // A change clears it.
      await user.click(screen.getByRole('button', { name: 'Increase Adults' }));
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('says the capacity refusal’s detail, and a lost connection plainly', async () => {
    const user = userEvent.setup();
    handlers.fromTravelPackage = () =>
      Promise.reject(
        refusal('validation-failed', 'The request is not valid.', 400, [
          { path: 'rooms', message: 'This package takes at most 4 rooms per departure' },
        ]),
      );
    renderPackage(() => pageData());
    await pickDate(user, DEPARTURES[0]!);
    await user.click(bookButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ErrorThis package takes at most 4 rooms per departure',
    );
    handlers.fromTravelPackage = () => Promise.reject(Object.assign(new Error('fetch failed'), { status: 0 }));
    await user.click(bookButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'ErrorWe could not reach TravelClub. Check your connection and try again.',
      ),
    );
  });
});
