// The offline basemap's build (web/map/): its styles, the world overview and cells from Natural Earth, the
// city names from the demo catalog's places, and the grid the browser shares with it.
// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import {
  cellBounds,
  cellKey,
  cellsIn,
  CELL_DEGREES,
  DETAIL_MIN_ZOOM,
  METADATA_KEY,
  type BasemapMetadata,
} from '~/map/basemap';
import { cityRows, loadPlaces, MAJOR_MIN_POPULATION } from '../../map/cities';
import {
  clipLine,
  clipRing,
  simplifyLine,
  splitAtAntimeridian,
  splitLineAtAntimeridian,
  type Point,
} from '../../map/geometry';
import { cells, overview } from '../../map/land';
import { buildStyle, files, palettes } from '../../map/style';

const require = createRequire(import.meta.url);
const world110 = JSON.parse(readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8')) as Parameters<
  typeof overview
>[0];

describe('the styles', () => {
  const light = buildStyle('light', ['36_27']);
  const dark = buildStyle('dark', ['36_27']);

  it('are MapLibre version 8 styles with no glyphs, sprites or text layers', () => {
    expect(light.version).toBe(8);
    expect(light.glyphs).toBeUndefined();
    expect(light.sprite).toBeUndefined();
    expect(light.layers.some((layer) => layer.type === 'symbol')).toBe(false);
  });

  it('draw the sea, then land and borders, the overview at small zooms and the cells beyond', () => {
    expect(light.layers.map((layer) => layer.id)).toEqual([
      'sea',
      'world-land',
      'world-borders',
      'detail-land',
      'detail-borders',
    ]);
    const byId = Object.fromEntries(light.layers.map((layer) => [layer.id, layer]));
    expect(byId['world-land']).toMatchObject({ source: 'world', maxzoom: DETAIL_MIN_ZOOM });
    expect(byId['detail-land']).toMatchObject({ source: 'detail', minzoom: DETAIL_MIN_ZOOM });
  });

  it('read our own files, served by the web server under /map/', () => {
    expect(light.sources.world).toMatchObject({ type: 'geojson', data: '/map/world.json' });
    expect(light.sources.detail).toMatchObject({ type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
    const metadata = (light.metadata as Record<string, BasemapMetadata>)[METADATA_KEY]!;
    expect(metadata).toEqual({
      darkStyle: 'style-dark.json',
      detailCells: '/map/cells/{cell}.json',
      detailSource: 'detail',
      overviewLayers: ['world-land', 'world-borders'],
      majorCities: '/map/cities.json',
      cells: ['36_27'],
    });
    expect(files.style('dark')).toBe('/map/style-dark.json');
    // GeoNames' licence (CC BY 4.0) asks for credit, shown by the map's attribution button.
    expect(light.sources.world).toMatchObject({ attribution: expect.stringContaining('GeoNames') });
  });

  it('have a light and a dark palette, and only the light one points at the dark', () => {
    const sea = (style: typeof light) =>
      (style.layers[0] as unknown as { paint: Record<string, string> }).paint['background-color'];
    expect(sea(light)).toBe(palettes.light.sea);
    expect(sea(dark)).toBe(palettes.dark.sea);
    expect((dark.metadata as Record<string, BasemapMetadata>)[METADATA_KEY]!.darkStyle).toBeUndefined();
  });
});

describe('the grid', () => {
  it('names a point by its 5° column and row from 180° west and 90° south', () => {
    expect(CELL_DEGREES).toBe(5);
    expect(cellKey(2.35, 48.85)).toBe('36_27');
    expect(cellKey(-180, -90)).toBe('0_0');
    expect(cellKey(180, 90)).toBe('71_35');
    expect(cellBounds('36_27')).toEqual({ west: 0, south: 45, east: 5, north: 50 });
  });

  it('lists the cells of a view, across the 180° meridian too, and none for a view too wide', () => {
    expect(cellsIn({ west: 1, south: 46, east: 6, north: 49 })).toEqual(['36_27', '37_27']);
    expect(cellsIn({ west: 178, south: -18, east: -178, north: -16 })).toEqual(['71_14', '0_14']);
    expect(cellsIn({ west: -180, south: -80, east: 180, north: 80 })).toEqual([]);
  });
});

describe('the geometry', () => {
  it('simplifies a line to the points that matter', () => {
    const line: Point[] = [
      [0, 0],
      [1, 0.001],
      [2, 0],
      [3, 1],
    ];
    expect(simplifyLine(line, 0.01)).toEqual([
      [0, 0],
      [2, 0],
      [3, 1],
    ]);
  });

  it('cuts a ring and a line to a box', () => {
    const square: Point[] = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ];
    const clipped = clipRing(square, { west: 5, south: -5, east: 15, north: 5 })!;
    expect(clipped[0]).toEqual(clipped[clipped.length - 1]);
    expect(new Set(clipped.map((p) => p.join()))).toEqual(new Set(['5,0', '10,0', '10,5', '5,5']));
    expect(clipRing(square, { west: 20, south: 20, east: 30, north: 30 })).toBeNull();
    const line: Point[] = [
      [0, 0],
      [10, 0],
      [10, 10],
    ];
    expect(clipLine(line, { west: 5, south: -1, east: 11, north: 5 })).toEqual([
      [
        [5, 0],
        [10, 0],
        [10, 5],
      ],
    ]);
  });
});

describe('the 180° meridian', () => {
  it('splits a polygon across it into one piece on each side', () => {
    // An island from 178° east to 178° west.
    const island: Point[] = [
      [178, -17],
      [-178, -17],
      [-178, -16],
      [178, -16],
      [178, -17],
    ];
    const pieces = splitAtAntimeridian([island]);
    expect(pieces).toHaveLength(2);
    const spans = pieces.map(([ring]) => [Math.min(...ring!.map(([x]) => x)), Math.max(...ring!.map(([x]) => x))]);
    expect(spans.sort((a, b) => a[0]! - b[0]!)).toEqual([
      [-180, -178],
      [178, 180],
    ]);
  });

  it('closes a ring around a pole through the pole, and leaves other polygons alone', () => {
    const around: Point[] = [
      [-180, -70],
      [0, -68],
      [180, -70],
      [-180, -70],
    ];
    const [piece] = splitAtAntimeridian([around]);
    expect(piece![0]!.some(([, y]) => y === -90)).toBe(true);
    expect(piece![0]!.every(([x]) => x >= -180 && x <= 180)).toBe(true);
    const plain: Point[] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ];
    expect(splitAtAntimeridian([plain])).toEqual([[plain]]);
  });

  it('breaks a line where it jumps across', () => {
    expect(
      splitLineAtAntimeridian([
        [179, 65],
        [179.9, 66],
        [-179.8, 66.5],
        [-179, 67],
      ]),
    ).toEqual([
      [
        [179, 65],
        [179.9, 66],
      ],
      [
        [-179.8, 66.5],
        [-179, 67],
      ],
    ]);
  });

  it('leaves no edge across the world in the overview', () => {
    const world = overview(world110);
    const rings = (world.features[0]!.geometry as unknown as { coordinates: Point[][][] }).coordinates.flat();
    const jumps = rings.flatMap((ring) =>
      ring.slice(1).filter(([x, y], i) => Math.abs(x - ring[i]![0]) > 180 && Math.abs(y) < 89),
    );
    expect(jumps).toEqual([]);
  });
});

describe('land and borders', () => {
  it('make a world overview of one land and one border feature', () => {
    const world = overview(world110);
    expect(world.features.map((f) => f.properties?.kind)).toEqual(['land', 'border']);
    expect(world.features[0]!.geometry.type).toBe('MultiPolygon');
  });

  it('cut into cells, each within its own box', () => {
    const byCell = cells(world110);
    const paris = byCell.get('36_27') as FeatureCollection;
    expect(paris.features.map((f) => f.properties?.kind)).toEqual(['land', 'border']);
    const land = paris.features[0] as Feature<Polygon | { type: 'MultiPolygon'; coordinates: Point[][][] }>;
    const points = (land.geometry.type === 'Polygon' ? [land.geometry.coordinates] : land.geometry.coordinates).flat(2);
    for (const [x, y] of points) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(5);
      expect(y).toBeGreaterThanOrEqual(45);
      expect(y).toBeLessThanOrEqual(50);
    }
    // Mid-Pacific: open sea, no cell.
    expect(byCell.has(cellKey(-140, 0))).toBe(false);
  });
});

describe('city names', () => {
  it('split the listed cities into major ones and cells, biggest first, leaving out the small', () => {
    const { major, byCell } = cityRows([
      { name: 'Smallville', longitude: 2.1, latitude: 48.1, population: 20_000 },
      { name: 'Versailles', longitude: 2.13, latitude: 48.8, population: 85_000 },
      { name: 'Paris', longitude: 2.3488, latitude: 48.8534, population: 2_138_551 },
      { name: 'Argenteuil', longitude: 2.25, latitude: 48.95, population: 110_000 },
    ]);
    expect(major).toEqual([['Paris', 2.349, 48.853, 2_138_551]]);
    expect(byCell.get('36_27')!.map(([name]) => name)).toEqual(['Argenteuil', 'Versailles']);
  });

  it("come from the demo catalog's places, the cities hotels are listed in", async () => {
    const places = loadPlaces();
    expect(places.length).toBeGreaterThan(5_000);
    expect(places.every((place) => place.population >= 50_000)).toBe(true);
    const { major } = cityRows(places);
    expect(major.map(([name]) => name)).toContain('Paris');
    expect(major.every(([, , , population]) => population >= MAJOR_MIN_POPULATION)).toBe(true);
  });
});
