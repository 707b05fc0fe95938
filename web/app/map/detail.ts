// The offline basemap's detail near the viewer: which grid cells a view needs, and a small cache of the
// cells loaded so far (their land and borders for the map's detail source, their cities for the labels).
import type { Feature } from 'geojson';
import { cellsIn, cellUrl, DETAIL_MIN_ZOOM, type BasemapMetadata, type Bounds, type CityRow } from './basemap';

/** Cells kept in memory: a few views' worth, so panning back costs nothing. */
export const KEPT_CELLS = 64;

export type DetailPlan =
  | { mode: 'overview' }
  /** Zoomed in, but the view needs more cells than is sensible: the overview stands in. */
  | { mode: 'too-wide' }
  | { mode: 'detail'; cells: string[] };

/** What a view needs: the overview when zoomed out, else its cells that exist (the rest is open sea). */
export function detailPlan(view: Bounds, zoom: number, available: ReadonlySet<string>): DetailPlan {
  if (zoom < DETAIL_MIN_ZOOM) return { mode: 'overview' };
  const cells = cellsIn(view);
  if (cells.length === 0) return { mode: 'too-wide' };
  return { mode: 'detail', cells: cells.filter((key) => available.has(key)) };
}

interface Cell {
  features: Feature[];
  cities: CityRow[];
}

type Fetch = (url: string) => Promise<{ ok: boolean; json(): Promise<unknown> }>;

export interface DetailCells {
  readonly available: ReadonlySet<string>;
  /** Grows with every cell loaded or dropped: the map's source needs new data when it has changed. */
  readonly version: number;
  has(key: string): boolean;
  /** Loads the cells not loaded yet; a cell that fails to load is left out (the map still works). */
  load(keys: string[]): Promise<void>;
  /** The land and borders of every cell in memory. */
  features(): Feature[];
  /** The cities of every cell in memory. */
  cities(): CityRow[];
}

export function detailCells(basemap: BasemapMetadata, fetcher: Fetch = (url) => fetch(url)): DetailCells {
  const available = new Set(basemap.cells);
  // A Map remembers insertion order: the first entries are the oldest, dropped first.
  const loaded = new Map<string, Cell>();
  const loading = new Map<string, Promise<void>>();
  let version = 0;

  async function loadOne(key: string) {
    try {
      const answer = await fetcher(cellUrl(basemap.detailCells, key));
      if (!answer.ok) return;
      const cell = (await answer.json()) as { features?: Feature[]; cities?: CityRow[] };
      loaded.set(key, { features: cell.features ?? [], cities: cell.cities ?? [] });
      while (loaded.size > KEPT_CELLS) loaded.delete(loaded.keys().next().value!);
      version++;
    } catch {
      // Offline or interrupted: the overview stays, and the next move asks again.
    }
  }

  return {
    available,
    get version() {
      return version;
    },
    has: (key) => loaded.has(key),
    async load(keys) {
      const wanted = keys.filter((key) => available.has(key) && !loaded.has(key));
      for (const key of wanted)
        if (!loading.has(key))
          loading.set(
            key,
            loadOne(key).finally(() => loading.delete(key)),
          );
      await Promise.all(wanted.map((key) => loading.get(key) ?? Promise.resolve()));
    },
    features: () => [...loaded.values()].flatMap((cell) => cell.features),
    cities: () => [...loaded.values()].flatMap((cell) => cell.cities),
  };
}
