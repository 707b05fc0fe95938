// Land and country borders from Natural Earth (world-atlas): the whole world at 1:110m for small zooms, and
// 1:10m cut into grid cells (app/map/basemap.ts) that the map loads only around what is on screen.
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { cellBounds, cellsIn } from '../app/map/basemap';
import {
  boxOf,
  cleanLine,
  cleanRing,
  clipLine,
  clipRing,
  linesOf,
  polygonsOf,
  splitAtAntimeridian,
  splitLineAtAntimeridian,
  type Point,
} from './geometry';

export type Kind = 'land' | 'border';

/** How much detail a layer keeps: Douglas–Peucker tolerance and decimals, both in degrees. */
export interface Detail {
  tolerance: number;
  digits: number;
}

/** The world overview: 110m keeps ~1 km (2 decimals) and loses nothing visible at zoom 0–5. */
export const OVERVIEW: Detail = { tolerance: 0.01, digits: 2 };
/** The cells: 10m is already quantised to ~0.004°; ~100 m is about 3 px at zoom 11. */
export const CELLS: Detail = { tolerance: 0.002, digits: 3 };

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

/** The land (polygons) and the borders between countries (lines) of a world-atlas topology. */
export function landAndBorders(topology: Countries): { land: Geometry[]; borders: Geometry[] } {
  const land = feature(topology, topology.objects.land) as FeatureCollection | Feature;
  const landGeometries = 'features' in land ? land.features.map((f) => f.geometry) : [land.geometry];
  // Borders are the arcs two different countries share; coastlines are arcs of one country only.
  const borders = mesh(topology, topology.objects.countries, (a, b) => a !== b);
  return { land: landGeometries, borders: [borders] };
}

const landFeature = (rings: Point[][][]): Feature =>
  rings.length === 1
    ? { type: 'Feature', properties: { kind: 'land' }, geometry: { type: 'Polygon', coordinates: rings[0]! } }
    : { type: 'Feature', properties: { kind: 'land' }, geometry: { type: 'MultiPolygon', coordinates: rings } };

const borderFeature = (lines: Point[][]): Feature => ({
  type: 'Feature',
  properties: { kind: 'border' },
  geometry: { type: 'MultiLineString', coordinates: lines },
});

function cleanPolygons(land: Geometry[], detail: Detail): Point[][][] {
  const polygons: Point[][][] = [];
  for (const geometry of land)
    for (const polygon of polygonsOf(geometry)) {
      const [outer, ...holes] = polygon.map((ring) => cleanRing(ring, detail.tolerance, detail.digits));
      if (!outer) continue;
      const cleaned = [outer, ...holes.filter((ring): ring is Point[] => ring !== null)];
      for (const piece of splitAtAntimeridian(cleaned))
        polygons.push(piece.map((ring) => roundAll(ring, detail.digits)));
    }
  return polygons;
}

function cleanLines(borders: Geometry[], detail: Detail): Point[][] {
  return borders
    .flatMap(linesOf)
    .map((line) => cleanLine(line, detail.tolerance, detail.digits))
    .filter((line): line is Point[] => line !== null)
    .flatMap(splitLineAtAntimeridian);
}

/** The whole world in one collection: land polygons and border lines, each feature with its `kind`. */
export function overview(topology: Countries, detail = OVERVIEW): FeatureCollection {
  const { land, borders } = landAndBorders(topology);
  return {
    type: 'FeatureCollection',
    features: [landFeature(cleanPolygons(land, detail)), borderFeature(cleanLines(borders, detail))],
  };
}

const roundAll = (points: Point[], digits: number): Point[] => {
  const scale = 10 ** digits;
  return points.map(([x, y]) => [Math.round(x * scale) / scale, Math.round(y * scale) / scale]);
};

const columnAndRow = (key: string) => key.split('_').map(Number) as [number, number];

/**
 * A polygon cut into each of `keys` (a block of cells). Halving the block again and again, so each cut
 * works on what the last one left: a continent is cut into hundreds of cells in a fraction of a second.
 */
function splitPolygon(polygon: Point[][], keys: string[]): Array<[string, Point[][]]> {
  if (keys.length === 0) return [];
  const box = keys.map(cellBounds).reduce((a, b) => ({
    west: Math.min(a.west, b.west),
    south: Math.min(a.south, b.south),
    east: Math.max(a.east, b.east),
    north: Math.max(a.north, b.north),
  }));
  const [outer, ...holes] = polygon.map((ring) => clipRing(ring, box));
  if (!outer) return [];
  const clipped = [outer, ...holes.filter((ring): ring is Point[] => ring !== null)];
  if (keys.length === 1) return [[keys[0]!, clipped]];
  const columns = keys.map((key) => columnAndRow(key)[0]);
  const rows = keys.map((key) => columnAndRow(key)[1]);
  const wide = Math.max(...columns) - Math.min(...columns) >= Math.max(...rows) - Math.min(...rows);
  const values = wide ? columns : rows;
  const middle = (Math.min(...values) + Math.max(...values) + 1) / 2;
  const first = keys.filter((_, i) => values[i]! < middle);
  const second = keys.filter((_, i) => values[i]! >= middle);
  return [...splitPolygon(clipped, first), ...splitPolygon(clipped, second)];
}

/** Land and borders cut into cells, by cell key; cells with neither are left out. */
export function cells(topology: Countries, detail = CELLS): Map<string, FeatureCollection> {
  const { land, borders } = landAndBorders(topology);
  const landByCell = new Map<string, Point[][][]>();
  const bordersByCell = new Map<string, Point[][]>();
  const add = <T>(map: Map<string, T[]>, key: string, item: T) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };

  for (const polygon of cleanPolygons(land, detail)) {
    for (const [key, rings] of splitPolygon(polygon, cellsIn(boxOf(polygon[0]!), Infinity)))
      add(
        landByCell,
        key,
        rings.map((ring) => roundAll(ring, detail.digits)),
      );
  }
  for (const line of cleanLines(borders, detail)) {
    for (const key of cellsIn(boxOf(line), Infinity)) {
      for (const piece of clipLine(line, cellBounds(key))) add(bordersByCell, key, roundAll(piece, detail.digits));
    }
  }

  const result = new Map<string, FeatureCollection>();
  for (const key of new Set([...landByCell.keys(), ...bordersByCell.keys()]).values()) {
    const features: Feature[] = [];
    const polygons = landByCell.get(key);
    const lines = bordersByCell.get(key);
    if (polygons) features.push(landFeature(polygons));
    if (lines) features.push(borderFeature(lines));
    result.set(key, { type: 'FeatureCollection', features });
  }
  return result;
}
