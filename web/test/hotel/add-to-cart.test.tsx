import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Itinerary } from '@travelclub/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { availability, itinerary, itineraryWithRoom, usd } from './fixtures';
import { pageData, renderHotel } from './render';

// The browser API module, as loadApi() loads it: each endpoint answered by the test's handler.
type Handler = (input: { params?: { id: string }; body?: Record<string, unknown> }) => Promise<unknown>;
const api = vi.hoisted(() => {
  const handlers: Record<string, Handler> = {};
  const dispatch = (endpoint: string, input: Parameters<Handler>[0]) => {
    const handler = handlers[endpoint];
    return handler ? handler(input) : Promise.reject(new Error(`no handler for ${endpoint}`));
  };
  return {
    handlers,
    initSession: vi.fn(),
    /** A token when the visitor has an account (a session): then the latest itinerary is read first. */
    accessToken: vi.fn(() => Promise.resolve<string | null>('token')),
    onSessionChange: vi.fn(() => () => undefined),
    call: vi.fn(dispatch),
    callAsUser: vi.fn(dispatch),
    endpoints: {
      itinerary: {
        latestItinerary: 'latestItinerary',
        createItinerary: 'createItinerary',
        addHotel: 'addHotel',
        removeHotel: 'removeHotel',
      },
    },
  };
});
vi.mock('~/lib/browser-api', () => api);

const refusal = (code: string, message = 'the server says') => Object.assign(new Error(message), { code, status: 400 });
const notFoundLatest = () => Promise.reject(refusal('itinerary-not-found', 'Itinerary not found'));

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const rateRow = (name: string) => screen.getByRole('heading', { level: 4, name: new RegExp(name) }).closest('li')!;
const addButton = (name: string) => within(rateRow(name)).getByRole('button');

beforeEach(() => {
  for (const key of Object.keys(api.handlers)) delete api.handlers[key];
  api.call.mockClear();
  api.callAsUser.mockClear();
  api.accessToken.mockImplementation(() => Promise.resolve('token'));
});

describe('adding a room (spec section 4)', () => {
  it('marks the rate in progress, then shows the itinerary and reads the availability again', async () => {
    const user = userEvent.setup();
    const added = deferred<Itinerary>();
    api.accessToken.mockImplementation(() => Promise.resolve(null));
    api.handlers.latestItinerary = notFoundLatest;
    api.handlers.createItinerary = () => Promise.resolve(itinerary());
    api.handlers.addHotel = () => added.promise;
    const page = renderHotel(() => pageData({ creator: 'anna' }));
    await screen.findByRole('heading', { name: 'Choose your room' });
    expect(page.loads()).toBe(1);

    await user.click(addButton('Rate r-std-saver'));
    const button = await within(rateRow('Rate r-std-saver')).findByRole('button', { name: 'Adding…' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(rateRow('Rate r-std-saver').getAttribute('aria-busy')).toBe('true');
    // One change at a time: the other rates wait.
    expect(addButton('Rate r-dlx').getAttribute('aria-disabled')).toBe('true');

    await waitFor(() => expect(api.handlers.addHotel).toBeDefined());
    await act(async () => added.resolve(itineraryWithRoom()));

    const summary = await screen.findByRole('complementary', { name: 'Your itinerary' });
    expect(within(summary).getByText('$240.00', { selector: 'strong' })).toBeTruthy();
    expect(within(summary).getByRole('link', { name: 'Continue to guest details' }).getAttribute('href')).toBe(
      '/itinerary/it1/contact',
    );
    expect(within(rateRow('Rate r-std-saver')).getByText('✓ In your itinerary')).toBeTruthy();
    await waitFor(() => expect(page.loads()).toBe(2));

    // A visitor without an account: it is made silently with the itinerary (no read first), in USD.
    expect(api.call).not.toHaveBeenCalled();
    const calls = api.callAsUser.mock.calls.map(([endpoint]) => endpoint);
    expect(calls).toEqual(['createItinerary', 'addHotel']);
    expect(api.callAsUser.mock.calls[0]![1]).toEqual({ body: { currency: 'USD', creator: 'anna' } });
    expect(api.callAsUser.mock.calls[1]![1]).toEqual({
      params: { id: 'it1' },
      body: {
        hotelId: 'h1',
        roomType: 'standard',
        roomId: 'r-std-saver',
        searchId: 'search-123',
        checkInDate: '2030-05-12',
        checkOutDate: '2030-05-14',
        creator: 'anna',
      },
    });
  });

  it('adds to the line item of the same stay, marking it in progress, and restores the itinerary on failure', async () => {
    const user = userEvent.setup();
    const added = deferred<Itinerary>();
    api.handlers.latestItinerary = () => Promise.resolve(itineraryWithRoom());
    api.handlers.addHotel = () => added.promise;
    const page = renderHotel(() => pageData(), { isAuthenticated: true });
    const summary = await screen.findByRole('complementary', { name: 'Your itinerary' });
    expect(within(summary).getByText('Standard room · Rate r-std-saver')).toBeTruthy();

    await user.click(addButton('Rate r-dlx'));
    await within(summary).findByText('Updating…');
    expect(summary.querySelector('.summary-item')!.getAttribute('aria-busy')).toBe('true');
    expect(api.callAsUser.mock.calls.at(-1)![1]).toMatchObject({ body: { lineItemId: 'li1', roomId: 'r-dlx' } });

    await act(async () => added.reject(refusal('room-not-found')));
    const alert = await within(rateRow('Rate r-dlx')).findByRole('alert');
    expect(alert.textContent).toBe('ErrorRoom type or room ID not found');
    // As it was: the one room, nothing in progress, the availability not read again.
    expect(within(summary).queryByText('Updating…')).toBeNull();
    expect(
      within(summary)
        .getAllByRole('listitem')
        .filter((li) => li.closest('.summary-rooms')),
    ).toHaveLength(1);
    expect(within(rateRow('Rate r-dlx')).getByRole('button', { name: 'Add to itinerary' })).toBeTruthy();
    expect(page.loads()).toBe(1);
  });

  it.each([
    ['hotel-not-found', 'Hotel not found'],
    ['room-not-found', 'Room type or room ID not found'],
    ['room-type-not-found', 'Room type not found'],
    ['search-or-dates-not-found', 'Search results or dates not found'],
    ['token-not-found', 'Token not found'],
    ['hotel-booking-not-found', 'Itinerary or hotelBooking not found'],
    ['booking-not-found', 'existing booking not found'],
  ])('shows the cart error %s as %j', async (code, text) => {
    const user = userEvent.setup();
    api.handlers.latestItinerary = () => Promise.resolve(itinerary());
    api.handlers.addHotel = () => Promise.reject(refusal(code));
    renderHotel(() => pageData(), { isAuthenticated: true });
    await screen.findByRole('heading', { name: 'Choose your room' });
    await user.click(addButton('Rate r-std-flex'));
    const alert = await within(rateRow('Rate r-std-flex')).findByRole('alert');
    expect(within(alert).getByText(text)).toBeTruthy();
  });

  it('checks for the search and dates before calling anything (spec section 5)', async () => {
    const user = userEvent.setup();
    renderHotel(() =>
      pageData({ searchId: null, stay: { kind: 'rates', availability: availability({ searchId: '' }) } }),
    );
    await screen.findByRole('heading', { name: 'Choose your room' });
    await user.click(addButton('Rate r-std-flex'));
    const alert = await within(rateRow('Rate r-std-flex')).findByRole('alert');
    expect(within(alert).getByText('Search results or dates not found')).toBeTruthy();
    expect(api.callAsUser).not.toHaveBeenCalled();
  });

  it('reads the latest itinerary first when the visitor has an account, and makes one when there is none', async () => {
    const user = userEvent.setup();
    let latest: Itinerary | null = null;
    api.handlers.latestItinerary = () => (latest ? Promise.resolve(latest) : notFoundLatest());
    api.handlers.createItinerary = () => Promise.resolve((latest = itinerary({ currency: 'USD' })));
    api.handlers.addHotel = () => Promise.resolve((latest = itineraryWithRoom()));
    renderHotel(() => pageData(), { isAuthenticated: true });
    await screen.findByRole('heading', { name: 'Choose your room' });
    await user.click(addButton('Rate r-std-saver'));
    await screen.findByRole('link', { name: 'Continue to guest details' });
    const calls = [...api.call.mock.calls, ...api.callAsUser.mock.calls].map(([endpoint]) => endpoint);
    expect(calls.filter((e) => e !== 'latestItinerary')).toEqual(['createItinerary', 'addHotel']);
    expect(api.call.mock.calls.some(([e]) => e === 'latestItinerary')).toBe(true);
  });

  it('makes a new itinerary in the rate currency when the latest one is awaiting payment', async () => {
    const user = userEvent.setup();
    // The latest open itinerary is the newest: the pending one until a new one is made.
    let latest = itinerary({ id: 'old', status: 'pending_payment' });
    api.handlers.latestItinerary = () => Promise.resolve(latest);
    api.handlers.createItinerary = () => Promise.resolve((latest = itinerary({ id: 'new' })));
    api.handlers.addHotel = () => Promise.resolve((latest = { ...itineraryWithRoom(), id: 'new' }));
    renderHotel(() => pageData(), { isAuthenticated: true });
    await screen.findByRole('heading', { name: 'Choose your room' });
    await user.click(addButton('Rate r-std-saver'));
    const next = await screen.findByRole('link', { name: 'Continue to guest details' });
    expect(next.getAttribute('href')).toBe('/itinerary/new/contact');
    expect(api.callAsUser.mock.calls.find(([e]) => e === 'addHotel')![1]).toMatchObject({ params: { id: 'new' } });
  });
});

describe('removing a room (spec section 4)', () => {
  it('empties the rooms of the line item', async () => {
    const user = userEvent.setup();
    const removed = deferred<Itinerary>();
    let latest = itineraryWithRoom();
    api.handlers.latestItinerary = () => Promise.resolve(latest);
    api.handlers.removeHotel = () => removed.promise.then((answer) => (latest = answer));
    const page = renderHotel(() => pageData(), { isAuthenticated: true });
    await within(await screen.findByRole('complementary')).findByText('Standard room · Rate r-std-saver');

    await user.click(within(rateRow('Rate r-std-saver')).getByRole('button', { name: 'Remove' }));
    expect(await within(rateRow('Rate r-std-saver')).findByRole('button', { name: 'Removing…' })).toBeTruthy();
    expect(api.callAsUser.mock.calls.at(-1)).toEqual([
      'removeHotel',
      { params: { id: 'it1' }, body: { lineItemId: 'li1' } },
    ]);

    const emptied = itineraryWithRoom();
    emptied.lineItems[0]!.hotelBooking.rooms = [];
    await act(async () => removed.resolve({ ...emptied, total: usd(0) }));
    expect(await screen.findByText('No rooms at this hotel yet.')).toBeTruthy();
    expect(within(rateRow('Rate r-std-saver')).getByRole('button', { name: 'Add to itinerary' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Continue to guest details' })).toBeNull();
    await waitFor(() => expect(page.loads()).toBe(2));
  });

  it('keeps the rooms and shows the error when the removal fails', async () => {
    const user = userEvent.setup();
    api.handlers.latestItinerary = () => Promise.resolve(itineraryWithRoom());
    api.handlers.removeHotel = () => Promise.reject(refusal('booking-not-found'));
    renderHotel(() => pageData(), { isAuthenticated: true });
    const summary = await screen.findByRole('complementary');
    await within(summary).findByText('Standard room · Rate r-std-saver');
    await user.click(within(summary).getByRole('button', { name: /^Remove/ }));
    expect(within(await within(summary).findByRole('alert')).getByText('existing booking not found')).toBeTruthy();
    expect(within(summary).getByText('Standard room · Rate r-std-saver')).toBeTruthy();
  });
});
