// The offline basemap's MapLibre styles (light and dark): sea, land and country borders from our own files.
// No glyphs or sprites: city names are HTML labels the map page draws from the files named in `metadata`.
import type { StyleSpecification } from 'maplibre-gl';
import { BASEMAP_PATH, DETAIL_MIN_ZOOM, METADATA_KEY, type BasemapMetadata } from '../app/map/basemap';

export type Scheme = 'light' | 'dark';

/** Quiet colours that sit under the pins and text without competing; borders stay 3:1 against land. */
export const palettes: Record<Scheme, { sea: string; land: string; border: string }> = {
  light: { sea: '#cfe0ea', land: '#f7f6f2', border: '#8c8679' },
  dark: { sea: '#0d1d2b', land: '#222a33', border: '#7a8494' },
};

/** Where the build puts each file, as the browser asks for them. */
export const files = {
  style: (scheme: Scheme) => `${BASEMAP_PATH}/${scheme === 'light' ? 'style' : 'style-dark'}.json`,
  world: `${BASEMAP_PATH}/world.json`,
  cell: `${BASEMAP_PATH}/cells/{cell}.json`,
  majorCities: `${BASEMAP_PATH}/cities.json`,
};

/** Natural Earth is in the public domain; GeoNames (the city names) asks for credit (CC BY 4.0). */
export const ATTRIBUTION =
  '<a href="https://www.naturalearthdata.com/">Natural Earth</a> · <a href="https://www.geonames.org/">GeoNames</a>';

export const WORLD_SOURCE = 'world';
export const DETAIL_SOURCE = 'detail';

/** A style for one colour scheme; `cells`: the keys of the cells the build wrote. */
export function buildStyle(scheme: Scheme, cells: string[]): StyleSpecification {
  const colours = palettes[scheme];
  const metadata: BasemapMetadata = {
    ...(scheme === 'light' ? { darkStyle: 'style-dark.json' } : {}),
    detailCells: files.cell,
    detailSource: DETAIL_SOURCE,
    overviewLayers: ['world-land', 'world-borders'],
    majorCities: files.majorCities,
    cells,
  };
  const land = ['==', ['get', 'kind'], 'land'] as ['==', ['get', string], string];
  const border = ['==', ['get', 'kind'], 'border'] as ['==', ['get', string], string];
  // Borders a little thicker as the map zooms in, where they cross whole streets.
  const borderWidth = ['interpolate', ['linear'], ['zoom'], 2, 0.5, 8, 1.2] as unknown as number;
  return {
    version: 8,
    name: `TravelClub offline (${scheme})`,
    metadata: { [METADATA_KEY]: metadata },
    sources: {
      // The overview is drawn up to DETAIL_MIN_ZOOM only, so tiling it deeper would be wasted work.
      [WORLD_SOURCE]: { type: 'geojson', data: files.world, maxzoom: DETAIL_MIN_ZOOM + 1, attribution: ATTRIBUTION },
      // Filled in by the map page with the cells around the view (see app/map/detail.ts).
      [DETAIL_SOURCE]: {
        type: 'geojson',
        data: { type: 'FeatureCollection', features: [] },
        attribution: ATTRIBUTION,
      },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': colours.sea } },
      {
        id: 'world-land',
        type: 'fill',
        source: WORLD_SOURCE,
        maxzoom: DETAIL_MIN_ZOOM,
        filter: land,
        paint: { 'fill-color': colours.land },
      },
      {
        id: 'world-borders',
        type: 'line',
        source: WORLD_SOURCE,
        maxzoom: DETAIL_MIN_ZOOM,
        filter: border,
        paint: { 'line-color': colours.border, 'line-width': borderWidth },
      },
      {
        id: 'detail-land',
        type: 'fill',
        source: DETAIL_SOURCE,
        minzoom: DETAIL_MIN_ZOOM,
        filter: land,
        // Cut cells keep hairline slivers along their edges; without antialiasing they draw nothing.
        paint: { 'fill-color': colours.land, 'fill-antialias': false },
      },
      {
        id: 'detail-borders',
        type: 'line',
        source: DETAIL_SOURCE,
        minzoom: DETAIL_MIN_ZOOM,
        filter: border,
        layout: { 'line-join': 'round' },
        paint: { 'line-color': colours.border, 'line-width': borderWidth, 'line-dasharray': [3, 2] },
      },
    ],
  };
}
