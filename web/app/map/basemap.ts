// What the offline basemap's build (web/map/) and the map in the browser agree on: the files' places, the
// grid of cells that detailed coastlines and city names are cut into, and the style's metadata naming them.
// Pure and small: the map route's bundle and the build script both import it.

/** The folder the build writes and the web server serves (web/public/map → /map/). */
export const BASEMAP_PATH = '/map';

/** Detailed land, borders and small cities come in square cells of this many degrees. */
export const CELL_DEGREES = 5;

/** From this zoom on, the map shows the detailed cells instead of the world overview. */
export const DETAIL_MIN_ZOOM = 5;

/** Past this many cells the view is too wide for detail: the overview is right there anyway. */
export const MAX_DETAIL_CELLS = 48;

/** Names of the offline style's metadata entries (MapLibre keeps `metadata` as it is). */
export const METADATA_KEY = 'travelclub:basemap';

export interface BasemapMetadata {
  /** The style to use in a dark colour scheme, relative to this style's address. */
  darkStyle?: string;
  /**
   * A cell's file, `{cell}` replaced by its key: a FeatureCollection of its land (`kind: 'land'`) and borders
   * (`kind: 'border'`), plus `cities`, the names of its listed cities that are not major (`CityRow`s).
   */
  detailCells: string;
  /** The GeoJSON source the cells' land and borders are put into. */
  detailSource: string;
  /** The world overview's layers: drawn up to DETAIL_MIN_ZOOM, and beyond while the cells are loading. */
  overviewLayers: string[];
  /** The biggest cities (`CityRow`s), labelled at every zoom. */
  majorCities: string;
  /** Which cells exist (the others are open sea, never asked for). */
  cells: string[];
}

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The key of the cell a point is in: `column_row`, counted from 180° west and 90° south. */
export function cellKey(longitude: number, latitude: number): string {
  const columns = 360 / CELL_DEGREES;
  const rows = 180 / CELL_DEGREES;
  const column = Math.min(columns - 1, Math.max(0, Math.floor((longitude + 180) / CELL_DEGREES)));
  const row = Math.min(rows - 1, Math.max(0, Math.floor((latitude + 90) / CELL_DEGREES)));
  return `${column}_${row}`;
}

/** The box a cell covers. */
export function cellBounds(key: string): Bounds {
  const [column = 0, row = 0] = key.split('_').map(Number);
  const west = column * CELL_DEGREES - 180;
  const south = row * CELL_DEGREES - 90;
  return { west, south, east: west + CELL_DEGREES, north: south + CELL_DEGREES };
}

/**
 * The cells a view covers; a view across the 180° meridian (west greater than east) takes both sides.
 * Empty when the view needs more than `max` cells.
 */
export function cellsIn(view: Bounds, max = MAX_DETAIL_CELLS): string[] {
  const south = Math.max(-90, view.south);
  const north = Math.min(90, view.north);
  const spans: Array<[number, number]> =
    view.west <= view.east
      ? [[Math.max(-180, view.west), Math.min(180, view.east)]]
      : [
          [view.west, 180],
          [-180, view.east],
        ];
  const [, firstRow = 0] = cellKey(0, south).split('_').map(Number);
  const [, lastRow = 0] = cellKey(0, Math.min(north, 90 - 1e-9))
    .split('_')
    .map(Number);
  const keys: string[] = [];
  for (const [west, east] of spans) {
    const [firstColumn = 0] = cellKey(west, 0).split('_').map(Number);
    const [lastColumn = 0] = cellKey(Math.min(east, 180 - 1e-9), 0)
      .split('_')
      .map(Number);
    for (let column = firstColumn; column <= lastColumn; column++)
      for (let row = firstRow; row <= lastRow; row++) {
        keys.push(`${column}_${row}`);
        if (keys.length > max) return [];
      }
  }
  return keys;
}

/** A cell file's address from its pattern. */
export const cellUrl = (pattern: string, key: string) => pattern.replace('{cell}', key);

/** The label data's compact form: name, longitude, latitude, population. */
export type CityRow = [name: string, longitude: number, latitude: number, population: number];
