// The map page with MapLibre replaced by a stand-in: the list rendered on the server with the map's status
// line, the map loaded once on screen, list and pins in step, a pressed pin's card, and a moved map's area
// searched (once it rests) through the API module.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { HotelResult, SearchPage } from '@travelclub/contracts';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchResultsData } from '~/search/search-data';
import { buildStyle } from '../../map/style';

const maps = vi.hoisted(() => [] as Array<{ fire(type: string, event?: object): void; fitBounds: unknown }>);
const call = vi.hoisted(() => vi.fn());
/** When set, the next map cannot be made, as in a browser without WebGL. */
const noWebGl = vi.hoisted(() => ({ next: false }));

vi.mock('maplibre-gl', () => {
  class FakeMap {
    handlers = new Map<string, Array<(event: object) => void>>();
    container: HTMLElement;
    canvas = document.createElement('canvas');
    canvasContainer = document.createElement('div');
    fitBounds = vi.fn();
    resize = vi.fn();
    remove = vi.fn();
    touchZoomRotate = { disableRotation: vi.fn() };
    keyboard = { disableRotation: vi.fn() };
    constructor(options: { container: HTMLElement }) {
      if (noWebGl.next) {
        noWebGl.next = false;
        throw { type: 'webglcontextcreationerror', message: 'Failed to initialize WebGL' };
      }
      this.container = options.container;
      this.canvasContainer.append(this.canvas);
      this.container.append(this.canvasContainer);
      maps.push(this);
    }
    on(type: string, handler: (event: object) => void) {
      this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
      return this;
    }
    fire(type: string, event: object = {}) {
      for (const handler of this.handlers.get(type) ?? []) handler(event);
    }
    addControl() {}
    getCanvas = () => this.canvas;
    getCanvasContainer = () => this.canvasContainer;
    getZoom = () => 13;
    getBounds = () => ({ getWest: () => 2.1, getSouth: () => 41.35, getEast: () => 2.25, getNorth: () => 41.45 });
    project = () => ({ x: 10, y: 10 });
    getLayer = () => undefined;
    getSource = () => ({ setData: vi.fn() });
  }
  class FakeMarker {
    element: HTMLElement;
    lngLat = { lng: 0, lat: 0 };
    constructor({ element }: { element: HTMLElement }) {
      this.element = element;
    }
    setLngLat([lng, lat]: [number, number]) {
      this.lngLat = { lng, lat };
      return this;
    }
    getLngLat = () => this.lngLat;
    addTo(map: FakeMap) {
      map.canvasContainer.append(this.element);
      return this;
    }
    remove() {
      this.element.remove();
    }
  }
  class NavigationControl {}
  const api = { Map: FakeMap, Marker: FakeMarker, NavigationControl };
  return { ...api, default: api };
});
vi.mock('maplibre-gl/dist/maplibre-gl.css', () => ({}));
vi.mock('~/lib/session', () => ({
  loadApi: () => Promise.resolve({ call, endpoints: { catalog: { boundingBox: 'boundingBox' } } }),
}));

const { MapSearchPage } = await import('~/map/map-search-page');

const hotel = (i: number, area = ''): HotelResult => ({
  id: `hotel-${area}${i}`,
  name: `${area}Hotel ${i}`,
  slug: `${area.trim().toLowerCase().replace(/ /g, '-')}${area ? '-' : ''}hotel-${i}`,
  address: { line1: `Carrer ${i}`, city: 'Barcelona', countryCode: 'ES' },
  addressLine: `Carrer ${i}, Barcelona, Spain`,
  coordinates: { latitude: 41.38 + i / 100, longitude: 2.15 + i / 100 },
  starRating: 3,
  ratingSummary: { score: 8.2, reviewCount: 120 },
  destinationId: 'city-3128760',
  likes: 0,
  cheapestRate: {
    rateId: `rate-${i}`,
    rateName: 'Room only',
    roomTypeName: 'Double room',
    totalPrice: { amount: 18_000 + i * 1_000, currency: 'EUR' },
    freeCancellation: i === 1,
  },
});

const criteria = {
  destination: 'city-3128760',
  checkIn: '2026-12-24',
  checkOut: '2026-12-27',
  guests: 2,
  rooms: 1,
  currency: 'EUR',
};
const page: SearchPage = {
  searchId: 'search-abc123',
  criteria,
  exchangeRates: { snapshotId: 'fx', asOf: '2026-11-01T00:00:00.000Z', base: 'USD' },
  total: 3,
  take: 15,
  skip: 0,
  hotels: [hotel(1), hotel(2), hotel(3)],
};
const data: SearchResultsData = {
  state: 'results',
  query: { searchId: 'search-abc123', page: 1, take: 15, currency: null },
  page,
  place: { id: 'city-3128760', label: 'Barcelona, Spain' },
  currencies: ['EUR', 'USD'],
};

function Page() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <MapSearchPage data={data} styleUrl="/map/style.json" />
      </QueryClientProvider>
    </MemoryRouter>
  );
}

let observers: Array<() => void> = [];
beforeAll(() => {
  // jsdom lays nothing out: the map's region is given a size, and told when it has one.
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly changed: () => void) {
        observers.push(() => this.changed());
      }
      observe() {
        queueMicrotask(() => this.changed());
      }
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const body = url.endsWith('/map/style.json') ? buildStyle('light', []) : url.endsWith('cities.json') ? [] : {};
      return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(body) });
    }),
  );
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  vi.unstubAllGlobals();
});
beforeEach(() => {
  maps.length = 0;
  observers = [];
  call.mockReset();
});

/** The page, with its map made (MapLibre's stand-in) and its pins placed. */
async function renderWithMap() {
  render(<Page />);
  await waitFor(() => expect(maps).toHaveLength(1));
  const region = screen.getByRole('region', { name: 'Map of the hotels in Barcelona, Spain' });
  await waitFor(() => expect(within(region).getAllByRole('button', { pressed: false })).toHaveLength(3));
  return region;
}

describe('the map page', () => {
  it("renders its list and the map's region on the server, with no map yet", () => {
    // React separates a text's parts with comments; they are not what a visitor reads.
    const html = renderToString(<Page />).replaceAll('<!-- -->', '');
    expect(html).toContain('Map of hotels in Barcelona, Spain');
    expect(html).toContain('Hotel 1');
    expect(html).toContain('href="/hotel/hotel-2?searchId=search-abc123"');
    expect(html).toContain('role="region"');
    expect(html).toContain('The map is loading. The list has every hotel it will show.');
    expect(maps).toHaveLength(0);
  });

  it('shows a pin for each hotel, named by the hotel and its price, once the map is on screen', async () => {
    const region = await renderWithMap();
    expect(within(region).getByRole('button', { name: 'Hotel 1, €190' }).textContent).toBe('€190');
    expect(screen.queryByText(/The map is loading/)).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: '3 hotels' })).toBeTruthy();
  });

  it('lights up the pin of the hovered or focused list item, and the list item of the hovered pin', async () => {
    const region = await renderWithMap();
    const item = screen.getByRole('link', { name: 'Hotel 2' }).closest('li')!;
    const pin = within(region).getByRole('button', { name: 'Hotel 2, €200' });
    fireEvent.mouseEnter(item);
    expect(pin.classList.contains('is-active')).toBe(true);
    fireEvent.mouseLeave(item);
    expect(pin.classList.contains('is-active')).toBe(false);
    fireEvent.focus(screen.getByRole('link', { name: 'Hotel 3' }));
    expect(within(region).getByRole('button', { name: 'Hotel 3, €210' }).classList.contains('is-active')).toBe(true);
    void act(() => pin.dispatchEvent(new MouseEvent('mouseenter')));
    expect(item.hasAttribute('data-active')).toBe(true);
  });

  it("opens a pressed pin's card with a link to the hotel, and Escape gives the focus back to the pin", async () => {
    const region = await renderWithMap();
    const pin = within(region).getByRole('button', { name: 'Hotel 2, €200' });
    act(() => pin.click());
    const card = await within(region).findByRole('article', { name: 'Hotel 2' });
    const link = within(card).getByRole('link', { name: 'Hotel 2' });
    expect(link.getAttribute('href')).toBe('/hotel/hotel-2?searchId=search-abc123');
    expect(document.activeElement).toBe(link);
    expect(pin.getAttribute('aria-pressed')).toBe('true');
    const list = screen.getByRole('list', { name: '3 hotels' });
    expect(within(list).getByRole('link', { name: 'Hotel 2' }).closest('li')!.hasAttribute('data-selected')).toBe(true);
    fireEvent.keyDown(link, { key: 'Escape' });
    await waitFor(() => expect(within(region).queryByRole('article')).toBeNull());
    expect(document.activeElement).toBe(pin);
  });

  it('searches the area the visitor moved the map to, once the map rests, and lists its hotels', async () => {
    await renderWithMap();
    call.mockResolvedValue({
      boundingBox: { west: 2.1, south: 41.35, east: 2.25, north: 41.45 },
      exchangeRates: page.exchangeRates,
      total: 7,
      hotels: [hotel(4, 'Area '), hotel(5, 'Area ')],
    });
    // The page's own moves (fitting the hotels) carry no browser event, and search nothing.
    act(() => maps[0]!.fire('moveend', {}));
    act(() => maps[0]!.fire('moveend', { originalEvent: new MouseEvent('mouseup') }));
    act(() => maps[0]!.fire('moveend', { originalEvent: new MouseEvent('mouseup') }));
    // Not before the map has rested for 400 ms.
    expect(call).not.toHaveBeenCalled();
    await screen.findByRole(
      'heading',
      { level: 2, name: '7 hotels in this area · the 2 best rated' },
      { timeout: 3000 },
    );
    expect(call).toHaveBeenCalledOnce();
    expect(call.mock.calls[0]![0]).toBe('boundingBox');
    expect(call.mock.calls[0]![1]).toEqual({
      body: {
        boundingBox: { west: 2.1, south: 41.35, east: 2.25, north: 41.45 },
        checkIn: '2026-12-24',
        checkOut: '2026-12-27',
        guests: 2,
        rooms: 1,
        currency: 'EUR',
        limit: 50,
      },
    });
    expect(screen.getByRole('link', { name: 'Area Hotel 4' }).getAttribute('href')).toBe(
      '/hotel/area-hotel-4?searchId=search-abc123',
    );
    expect(screen.queryByRole('link', { name: 'Hotel 1' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: "Back to your search's results" }));
    await screen.findByRole('link', { name: 'Hotel 1' });
    expect(maps[0]!.fitBounds).toHaveBeenCalledOnce();
  });

  it('says so, and keeps its list, when the browser cannot draw the map', async () => {
    noWebGl.next = true;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(<Page />);
    await screen.findByText('The map cannot be shown in this browser. The list has every hotel.');
    expect(screen.getAllByRole('link', { name: /^Hotel \d$/ })).toHaveLength(3);
    expect(warn).toHaveBeenCalledWith('The map could not be shown:', 'Failed to initialize WebGL');
    warn.mockRestore();
  });

  it('switches between the list and the map on a phone', async () => {
    render(<Page />);
    const mapChoice = screen.getByRole('radio', { name: 'Map' });
    const pageElement = mapChoice.closest('.map-page')!;
    expect(pageElement.getAttribute('data-shown')).toBe('list');
    fireEvent.click(mapChoice);
    expect(pageElement.getAttribute('data-shown')).toBe('map');
    await waitFor(() => expect(maps).toHaveLength(1));
  });
});
