// The map's area as the catalog takes it (contracts' BoundingBox), the request for the hotels in it, the box
// around a list of hotels for the first view, and the wait before a moved map searches again.
import type { BoundingBox, HotelResult, SearchPage } from '@travelclub/contracts';
import type { Bounds } from './basemap';

/** The catalog's default number of hotels for a map area (contracts' catalogLimits.mapLimit). */
export const AREA_LIMIT = 50;
/** How long the map must stay still before its area is searched. */
export const AREA_DELAY_MS = 400;

const wrapLongitude = (longitude: number) => {
  const wrapped = ((((longitude + 180) % 360) + 360) % 360) - 180;
  // 180° east stays itself rather than turning into 180° west.
  return wrapped === -180 && longitude > 0 ? 180 : wrapped;
};
const round = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * A map view's bounds as the catalog's box. MapLibre repeats the world sideways, so a view can reach past
 * ±180°: longitudes are wrapped back, and a view across the 180° meridian comes out with west greater than
 * east, which the catalog reads as crossing it. A view wider than the world is the whole world.
 */
export function boxOfView(view: Bounds): BoundingBox {
  const south = round(Math.max(-90, Math.min(view.south, view.north)));
  const north = round(Math.min(90, Math.max(view.south, view.north)));
  if (view.east - view.west >= 360) return { north, south, east: 180, west: -180 };
  let west = round(wrapLongitude(view.west));
  let east = round(wrapLongitude(view.east));
  if (west === east) [west, east] = [-180, 180];
  return { north, south: south === north ? south - 1e-5 : south, east, west };
}

/** The body of POST /api/v1/hotel/boundingBox: the stored search's stay, in its currency, in this box. */
export function areaRequest(box: BoundingBox, criteria: SearchPage['criteria'], limit = AREA_LIMIT) {
  const { checkIn, checkOut, guests, rooms, currency } = criteria;
  return { boundingBox: box, checkIn, checkOut, guests, rooms, currency, limit };
}

/** A box key for caching: the same view (to about a metre) is the same request. */
export const areaKey = (box: BoundingBox) =>
  [box.west, box.south, box.east, box.north].map((n) => n.toFixed(5)).join(',');

/** The smallest box around the hotels, padded so one hotel alone is not shown at street level. */
export function boundsOfHotels(hotels: Pick<HotelResult, 'coordinates'>[], pad = 0.005): Bounds | null {
  if (hotels.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { coordinates } of hotels) {
    west = Math.min(west, coordinates.longitude);
    east = Math.max(east, coordinates.longitude);
    south = Math.min(south, coordinates.latitude);
    north = Math.max(north, coordinates.latitude);
  }
  return {
    west: Math.max(-180, west - pad),
    south: Math.max(-85, south - pad),
    east: Math.min(180, east + pad),
    north: Math.min(85, north + pad),
  };
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** `run` once the calls have stopped for `waitMs`, with the last call's arguments. */
export function debounce<A extends unknown[]>(run: (...args: A) => void, waitMs: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => run(...args), waitMs);
  };
  debounced.cancel = () => clearTimeout(timer);
  return debounced;
}
