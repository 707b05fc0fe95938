// City names on the offline basemap, without glyphs: HTML labels in a layer of their own under the pins.
// Which names fit is chosen after each move (the biggest cities first, none overlapping); their places are
// followed while the map moves. Hidden from screen readers: the list names every hotel and its address.
import type { Bounds, CityRow } from './basemap';

export interface Projector {
  project(lngLat: [number, number]): { x: number; y: number };
}

/** The smallest city labelled at each zoom (index: the zoom, rounded down). */
const MIN_POPULATION_BY_ZOOM = [8_000_000, 8_000_000, 4_000_000, 2_000_000, 1_000_000, 500_000, 250_000, 100_000];
const LABEL_HEIGHT = 18;
const CHARACTER_WIDTH = 7;
/** The dot and the gap before the name. */
const LABEL_LEAD = 12;
const GAP = 6;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const minPopulationAt = (zoom: number) => MIN_POPULATION_BY_ZOOM[Math.max(0, Math.floor(zoom))] ?? 0;

function inView([, longitude, latitude]: CityRow, view: Bounds): boolean {
  if (latitude < view.south || latitude > view.north) return false;
  // A view past ±180° (the world repeats sideways) takes the cities on its other side too.
  if (view.east - view.west >= 360) return true;
  const shifted = [longitude, longitude - 360, longitude + 360];
  return shifted.some((lng) => lng >= view.west && lng <= view.east);
}

/**
 * The cities to label: in view, big enough for the zoom, biggest first, and none whose label would overlap
 * one already chosen (an estimate of the text's box; the names are short). At most `max`.
 */
export function pickLabels(
  cities: CityRow[],
  options: {
    view: Bounds;
    zoom: number;
    map: Projector;
    width: number;
    height: number;
    max?: number;
    /** Places already taken on screen (the pins): no label goes over them. */
    taken?: Box[];
  },
): CityRow[] {
  const { view, zoom, map, width, height, max = 40 } = options;
  const floor = minPopulationAt(zoom);
  const candidates = cities
    .filter((city) => city[3] >= floor && inView(city, view))
    .sort((a, b) => b[3] - a[3] || a[0].localeCompare(b[0]));
  const placed: Box[] = [...(options.taken ?? [])];
  const chosen: CityRow[] = [];
  const seen = new Set<string>();
  for (const city of candidates) {
    if (chosen.length >= max) break;
    const key = `${city[0]}|${city[1]}|${city[2]}`;
    if (seen.has(key)) continue;
    const { x, y } = map.project([city[1], city[2]]);
    const box = {
      left: x - LABEL_LEAD / 2,
      top: y - LABEL_HEIGHT / 2,
      right: x + LABEL_LEAD / 2 + city[0].length * CHARACTER_WIDTH,
      bottom: y + LABEL_HEIGHT / 2,
    };
    if (box.right < 0 || box.left > width || box.bottom < 0 || box.top > height) continue;
    const overlaps = placed.some(
      (other) =>
        box.left < other.right + GAP &&
        other.left < box.right + GAP &&
        box.top < other.bottom + GAP &&
        other.top < box.bottom + GAP,
    );
    if (overlaps) continue;
    placed.push(box);
    chosen.push(city);
    seen.add(key);
  }
  return chosen;
}

export interface LabelLayer {
  /** Shows these cities' names (the others go). */
  show(cities: CityRow[]): void;
  /** Follows the map: called on every frame it moves. */
  follow(): void;
  remove(): void;
}

/** The labels' layer, put right after the map's canvas: above the drawing, below the pins added later. */
export function labelLayer(canvas: HTMLElement, map: Projector): LabelLayer {
  const layer = document.createElement('div');
  layer.className = 'map-labels';
  layer.setAttribute('aria-hidden', 'true');
  canvas.after(layer);
  let shown: Array<{ city: CityRow; element: HTMLElement }> = [];

  const place = ({ city, element }: { city: CityRow; element: HTMLElement }) => {
    const { x, y } = map.project([city[1], city[2]]);
    element.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
  };

  return {
    show(cities) {
      const next = cities.map((city) => {
        const element = document.createElement('span');
        element.className = 'map-label';
        element.textContent = city[0];
        return { city, element };
      });
      layer.replaceChildren(...next.map(({ element }) => element));
      shown = next;
      shown.forEach(place);
    },
    follow: () => shown.forEach(place),
    remove: () => layer.remove(),
  };
}
