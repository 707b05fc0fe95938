// The hotels' pins: buttons named by hotel and price, added, updated and removed with the list, lit up with
// it, and telling the page when they are hovered, focused or pressed.
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { describe, expect, it, vi } from 'vitest';
import { pinLabel, pinLayer, pinPrice, type PinHotel } from '~/map/pins';

const hotel = (id: string, name: string, amount: number | null, currency = 'EUR'): PinHotel => ({
  id,
  name,
  coordinates: { latitude: 41.39, longitude: 2.17 },
  cheapestRate:
    amount === null
      ? null
      : {
          rateId: `rate-${id}`,
          rateName: 'Room only',
          roomTypeName: 'Double room',
          totalPrice: { amount, currency },
          freeCancellation: false,
        },
});

/** Just enough of MapLibre's Marker: it puts its element in the map's canvas container. */
function fakeMap() {
  const container = document.createElement('div');
  const map = {
    getCanvasContainer: () => container,
    project: ({ lng, lat }: { lng: number; lat: number }) => ({ x: lng * 10, y: lat * 10 }),
  };
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
    getLngLat() {
      return this.lngLat;
    }
    addTo() {
      container.append(this.element);
      return this;
    }
    remove() {
      this.element.remove();
      return this;
    }
  }
  return { map: map as unknown as MapLibreMap, Marker: FakeMarker as unknown as new () => Marker, container };
}

describe('a pin', () => {
  it("shows the stay's total in whole units, and is named by the hotel and that price", () => {
    expect(pinPrice(hotel('a', 'Casa Mar', 18_050))).toBe('€181');
    expect(pinPrice(hotel('b', 'Ryokan', 42_000, 'JPY'))).toBe('¥42,000');
    expect(pinLabel(hotel('a', 'Casa Mar', 18_000))).toBe('Casa Mar, €180');
  });

  it('says when a hotel has no rooms left', () => {
    expect(pinPrice(hotel('c', 'Full House', null))).toBe('Sold out');
    expect(pinLabel(hotel('c', 'Full House', null))).toBe('Full House, no rooms left for your dates');
  });
});

describe('the pins', () => {
  it('follow the hotels: one button each, named, added, updated and removed', () => {
    const { map, Marker, container } = fakeMap();
    const pins = pinLayer(map, Marker as never, { onActivate: vi.fn(), onSelect: vi.fn() });
    pins.sync([hotel('a', 'Casa Mar', 18_000), hotel('b', 'Hotel Rambla', 20_000)]);
    const buttons = () => [...container.querySelectorAll('button')];
    expect(buttons().map((b) => [b.getAttribute('aria-label'), b.textContent, b.type])).toEqual([
      ['Casa Mar, €180', '€180', 'button'],
      ['Hotel Rambla, €200', '€200', 'button'],
    ]);
    const first = pins.pin('a');
    pins.sync([hotel('a', 'Casa Mar', 15_000), hotel('c', 'Gothic Rooms', null)]);
    expect(pins.pin('a')).toBe(first);
    expect(buttons().map((b) => b.textContent)).toEqual(['€150', 'Sold out']);
    expect(pins.pin('c')!.classList.contains('is-sold-out')).toBe(true);
    pins.remove();
    expect(buttons()).toEqual([]);
  });

  it('tell the page when one is hovered, focused, left or pressed', () => {
    const { map, Marker } = fakeMap();
    const events = { onActivate: vi.fn(), onSelect: vi.fn() };
    const pins = pinLayer(map, Marker as never, events);
    pins.sync([hotel('a', 'Casa Mar', 18_000)]);
    const pin = pins.pin('a')!;
    pin.dispatchEvent(new MouseEvent('mouseenter'));
    pin.dispatchEvent(new MouseEvent('mouseleave'));
    pin.dispatchEvent(new FocusEvent('focus'));
    pin.click();
    expect(events.onActivate.mock.calls).toEqual([['a'], [null], ['a']]);
    expect(events.onSelect).toHaveBeenCalledWith('a');
  });

  it('light up the active one and mark the pressed one', () => {
    const { map, Marker } = fakeMap();
    const pins = pinLayer(map, Marker as never, { onActivate: vi.fn(), onSelect: vi.fn() });
    pins.sync([hotel('a', 'Casa Mar', 18_000), hotel('b', 'Hotel Rambla', 20_000)]);
    pins.highlight('a', 'b');
    expect(pins.pin('a')!.className).toBe('map-pin is-active');
    expect(pins.pin('b')!.className).toBe('map-pin is-selected');
    expect(pins.pin('b')!.getAttribute('aria-pressed')).toBe('true');
    pins.highlight(null, null);
    expect(pins.pin('a')!.className).toBe('map-pin');
    expect(pins.pin('b')!.getAttribute('aria-pressed')).toBe('false');
  });

  it('say where they stand on screen, above their point', () => {
    const { map, Marker } = fakeMap();
    const pins = pinLayer(map, Marker as never, { onActivate: vi.fn(), onSelect: vi.fn() });
    pins.sync([hotel('a', 'Casa Mar', 18_000)]);
    const [box] = pins.boxes();
    expect(box!.bottom).toBeCloseTo(413.9);
    expect(box!.top).toBeLessThan(box!.bottom);
    expect((box!.left + box!.right) / 2).toBeCloseTo(21.7);
  });
});
