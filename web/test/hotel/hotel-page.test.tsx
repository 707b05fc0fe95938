import { screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { ApiError } from '@travelclub/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Gallery } from '~/hotel/gallery';
import { loadHotelPage } from '~/hotel/load.server';
import { headers } from '~/routes/hotel';
import { sharedSeconds } from '../../app/lib/page-reuse.server';
import { availability, hotel, rate, roomType } from './fixtures';
import { pageData, renderHotel } from './render';

const server = vi.hoisted(() => ({ serverCall: vi.fn() }));
vi.mock('~/lib/api.server', () => server);
// The page's cart is not used here; the API module is never loaded.
vi.mock('~/lib/browser-api', () => ({}));

const request = (url: string) => new Request(`http://web.test${url}`);

describe('the hotel loader (server)', () => {
  beforeEach(() => server.serverCall.mockReset());

  it('reads the hotel by slug and, for a search, its rates: room types cheapest first, rates by total', async () => {
    server.serverCall.mockResolvedValueOnce(hotel()).mockResolvedValueOnce(
      availability({
        roomTypes: [
          roomType('empty', []),
          roomType('deluxe', [rate('d2', 50000), rate('d1', 41000)]),
          roomType('standard', [rate('s2', 30000), rate('s1', 24000)]),
        ],
      }),
    );
    const data = await loadHotelPage(request('/hotel/harbour-house?searchId=search-123&creator=anna'), 'harbour-house');
    expect(server.serverCall.mock.calls[0]![2]).toEqual({ params: { slug: 'harbour-house' } });
    expect(server.serverCall.mock.calls[1]![2]).toEqual({
      params: { id: 'h1' },
      body: { hotelId: 'h1', hotelSearchId: 'search-123' },
    });
    expect(data.creator).toBe('anna');
    expect(data.stay.kind).toBe('rates');
    if (data.stay.kind !== 'rates') return;
    const order = data.stay.availability.roomTypes.map((rt) => [rt.type, rt.rooms.map((r) => r.id)]);
    expect(order).toEqual([
      ['standard', ['s1', 's2']],
      ['deluxe', ['d1', 'd2']],
      ['empty', []],
    ]);
  });

  it('asks for no rates without a search, and ignores a creator that is not a slug', async () => {
    server.serverCall.mockResolvedValueOnce(hotel());
    const data = await loadHotelPage(request('/hotel/harbour-house?creator=Not%20A%20Slug'), 'harbour-house');
    expect(server.serverCall).toHaveBeenCalledTimes(1);
    expect(data).toMatchObject({ stay: { kind: 'no-search' }, creator: null, searchId: null });
  });

  it("answers a missing hotel with a 404 titled 'Hotel not found'", async () => {
    server.serverCall.mockRejectedValueOnce(new ApiError(404, 'hotel-not-found', 'Hotel not found'));
    const thrown = await loadHotelPage(request('/hotel/nowhere'), 'nowhere').catch((e: unknown) => e);
    expect(thrown).toMatchObject({ data: { title: 'Hotel not found' }, init: { status: 404 } });
    const malformed = await loadHotelPage(request('/hotel/NO_SUCH'), 'NO_SUCH').catch((e: unknown) => e);
    expect(malformed).toMatchObject({ data: { title: 'Hotel not found' } });
  });

  it("gives 'No rooms available' and its message when the check finds none", async () => {
    server.serverCall
      .mockResolvedValueOnce(hotel())
      .mockRejectedValueOnce(new ApiError(409, 'no-rooms-available', 'whatever'));
    const data = await loadHotelPage(request('/hotel/harbour-house?searchId=search-123'), 'harbour-house');
    expect(data.stay).toEqual({
      kind: 'no-rooms',
      title: 'No rooms available',
      message: 'No rooms available for the selected dates. Try changing your dates or number of guests.',
    });
  });

  it('invites a new search when the search or its dates are gone', async () => {
    server.serverCall
      .mockResolvedValueOnce(hotel())
      .mockRejectedValueOnce(new ApiError(400, 'search-or-dates-not-found', 'x'));
    const data = await loadHotelPage(request('/hotel/harbour-house?searchId=old-search'), 'harbour-house');
    expect(data.stay).toEqual({ kind: 'search-not-found', message: 'Search results or dates not found' });
  });

  it('lets other failures through to the error page', async () => {
    server.serverCall
      .mockResolvedValueOnce(hotel())
      .mockRejectedValueOnce(new ApiError(503, 'service-unavailable', 'x'));
    await expect(loadHotelPage(request('/hotel/harbour-house?searchId=s'), 'harbour-house')).rejects.toThrow(ApiError);
  });

  it('is kept by no browser (route cache time 0), and shared by the web server for two seconds at most', () => {
    const cacheControl = (headers({} as never) as Record<string, string>)['Cache-Control'];
    expect(cacheControl).toBe('public, max-age=0, s-maxage=2');
    expect(sharedSeconds(cacheControl ?? null)).toBe(2);
  });
});

describe('the hotel page', () => {
  it('shows the gallery, name, stars, score and the address on one line', async () => {
    renderHotel(() => pageData());
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour House' })).toBeTruthy();
    const gallery = screen.getByRole('region', { name: 'Photos of Harbour House' });
    // The other photos are asked for once the page runs (the server's HTML holds the first only).
    await waitFor(() => expect(within(gallery).getAllByRole('img')).toHaveLength(3));
    const photos = within(gallery).getAllByRole('img');
    const first = photos[0]!;
    expect(first.getAttribute('alt')).toBe('Harbour House, photo 1 of 3');
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['600', '400']);
    expect(photos[1]!.getAttribute('loading')).toBe('lazy');
    expect(screen.getByRole('img', { name: '4-star hotel' })).toBeTruthy();
    expect(screen.getByText('Excellent')).toBeTruthy();
    expect(screen.getByText('1 Quay Street, Lisbon, 1100-001, PT')).toBeTruthy();
  });

  it("sends only the first photo in the server's HTML, the others' places kept", () => {
    const html = renderToString(<Gallery name="Harbour House" images={hotel().images} />);
    expect(html.match(/<img /g)).toHaveLength(1);
    expect(html.match(/class="gallery-placeholder"/g)).toHaveLength(hotel().images.length - 1);
  });

  it('shows the Overview, facilities in their groups and the policies', async () => {
    renderHotel(() => pageData());
    expect(await screen.findByRole('heading', { level: 2, name: 'Overview' })).toBeTruthy();
    expect(screen.getByText('A calm hotel by the river.')).toBeTruthy();
    const facilities = screen.getByRole('heading', { level: 2, name: 'Facilities' }).parentElement!;
    expect(
      within(facilities)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Check-in/out', 'Property', 'Parking']);
    const policies = screen.getByRole('heading', { level: 2, name: 'Policies' }).parentElement!;
    expect(
      within(policies)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Children and extra beds', 'Additional information']);
  });

  it("lists room types and rates in order, with the 'Free Cancellation' tag where a charge is zero", async () => {
    renderHotel(() => pageData());
    await screen.findByRole('heading', { level: 2, name: 'Choose your room' });
    expect(
      screen
        .getAllByRole('heading', { level: 3 })
        .slice(0, 2)
        .map((h) => h.textContent),
    ).toEqual(['Standard room', 'Deluxe room']);
    const rates = screen.getAllByRole('heading', { level: 4 });
    expect(rates.map((h) => h.firstChild?.textContent)).toEqual(['Rate r-std-flex', 'Rate r-std-saver', 'Rate r-dlx']);
    const tags = screen.getAllByText('Free Cancellation');
    expect(tags).toHaveLength(1);
    expect(tags[0]!.closest('li')!.textContent).toContain('Rate r-std-flex');
    expect(screen.getAllByRole('button', { name: 'Add to itinerary' })).toHaveLength(3);
    expect(screen.getByText('$300.00')).toBeTruthy();
  });

  it("shows the no-rooms title and the spec's message", async () => {
    renderHotel(() =>
      pageData({
        stay: {
          kind: 'no-rooms',
          title: 'No rooms available',
          message: 'No rooms available for the selected dates. Try changing your dates or number of guests.',
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'No rooms available' })).toBeTruthy();
    expect(
      screen.getByText('No rooms available for the selected dates. Try changing your dates or number of guests.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to itinerary' })).toBeNull();
    expect(screen.getByRole('search', { name: 'No rooms available' })).toBeTruthy();
  });

  it('invites a new search when the search is gone, and to pick dates without one', async () => {
    renderHotel(() => pageData({ stay: { kind: 'search-not-found', message: 'Search results or dates not found' } }));
    expect(await screen.findByRole('heading', { name: 'Search results or dates not found' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Search results or dates not found' })).toBeTruthy();
  });

  it('asks for dates without a search, with the search form set on this hotel', async () => {
    renderHotel(() => pageData({ searchId: null, stay: { kind: 'no-search' } }), { url: '/hotel/harbour-house' });
    const form = await screen.findByRole('search', { name: 'When are you going?' });
    expect((within(form).getByLabelText('Destination') as HTMLInputElement).value).toBe('Harbour House');
  });

  it("shows the not-found page titled 'Hotel not found' for a missing hotel", async () => {
    const { notFound } = await import('~/lib/not-found');
    renderHotel(() => {
      throw notFound('Hotel not found');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hotel not found' })).toBeTruthy();
    expect(screen.getByText('The page you are looking for does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Back To Home' }).getAttribute('href')).toBe('/');
  });
});
