// The hotels' pins: HTML markers, each a button named by the hotel and its price and showing the price. They
// tell the page when one is hovered or focused (to light up its list item) and when one is pressed (its card).
import type { HotelResult } from '@travelclub/contracts';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { minorDigits } from '~/search/format';
import type { Box } from './labels';

export type PinHotel = Pick<HotelResult, 'id' | 'name' | 'coordinates' | 'cheapestRate'>;

const LOCALE = 'en-US';

/** The price on a pin: the stay's total in whole units, short enough to sit on the map. */
export function pinPrice(hotel: PinHotel): string {
  const rate = hotel.cheapestRate;
  if (!rate) return 'Sold out';
  const { amount, currency } = rate.totalPrice;
  return new Intl.NumberFormat(LOCALE, { style: 'currency', currency, maximumFractionDigits: 0 }).format(
    Math.round(amount / 10 ** minorDigits(currency)),
  );
}

/** The pin's accessible name: the hotel and its price, as a list item would say them. */
export function pinLabel(hotel: PinHotel): string {
  return hotel.cheapestRate ? `${hotel.name}, ${pinPrice(hotel)}` : `${hotel.name}, no rooms left for your dates`;
}

export interface PinEvents {
  /** Hovered or focused (a hotel id), or left (null). */
  onActivate(id: string | null): void;
  /** Pressed: its card opens. */
  onSelect(id: string): void;
}

export interface PinLayer {
  /** Shows these hotels' pins: new ones added, gone ones removed, the others updated. */
  sync(hotels: PinHotel[]): void;
  /** Lights up the hovered or focused hotel's pin and marks the selected one. */
  highlight(activeId: string | null, selectedId: string | null): void;
  pin(id: string): HTMLButtonElement | undefined;
  /** Where the pins are on screen, relative to the map (for the city names to keep clear of). */
  boxes(): Box[];
  remove(): void;
}

type MarkerClass = new (options: { element: HTMLElement; anchor: 'bottom' }) => Marker;

export function pinLayer(map: MapLibreMap, MarkerType: MarkerClass, events: PinEvents): PinLayer {
  const pins = new Map<string, { marker: Marker; button: HTMLButtonElement }>();

  function create(hotel: PinHotel) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'map-pin';
    button.dataset.hotelId = hotel.id;
    button.setAttribute('aria-pressed', 'false');
    button.addEventListener('mouseenter', () => events.onActivate(hotel.id));
    button.addEventListener('mouseleave', () => events.onActivate(null));
    button.addEventListener('focus', () => events.onActivate(hotel.id));
    button.addEventListener('blur', () => events.onActivate(null));
    button.addEventListener('click', (event) => {
      event.stopPropagation();
      events.onSelect(hotel.id);
    });
    const marker = new MarkerType({ element: button, anchor: 'bottom' });
    return { marker, button };
  }

  return {
    sync(hotels) {
      const wanted = new Set(hotels.map((hotel) => hotel.id));
      for (const [id, pin] of pins)
        if (!wanted.has(id)) {
          pin.marker.remove();
          pins.delete(id);
        }
      for (const hotel of hotels) {
        const known = pins.get(hotel.id);
        const pin = known ?? create(hotel);
        // Named before it joins the map, which would otherwise name it "Map marker".
        pin.button.textContent = pinPrice(hotel);
        pin.button.setAttribute('aria-label', pinLabel(hotel));
        pin.button.classList.toggle('is-sold-out', !hotel.cheapestRate);
        pin.marker.setLngLat([hotel.coordinates.longitude, hotel.coordinates.latitude]);
        if (!known) {
          pins.set(hotel.id, pin);
          pin.marker.addTo(map);
        }
      }
    },
    highlight(activeId, selectedId) {
      for (const [id, { button }] of pins) {
        button.classList.toggle('is-active', id === activeId);
        button.classList.toggle('is-selected', id === selectedId);
        button.setAttribute('aria-pressed', String(id === selectedId));
      }
    },
    pin: (id) => pins.get(id)?.button,
    boxes() {
      const boxes: Box[] = [];
      for (const { marker, button } of pins.values()) {
        const { x, y } = map.project(marker.getLngLat());
        // Anchored at the bottom, centred: the pin stands above its point.
        const width = button.offsetWidth || 64;
        const height = button.offsetHeight || 30;
        boxes.push({ left: x - width / 2, top: y - height, right: x + width / 2, bottom: y });
      }
      return boxes;
    },
    remove() {
      for (const { marker } of pins.values()) marker.remove();
      pins.clear();
    },
  };
}
