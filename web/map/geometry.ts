// Plane geometry for the basemap build, in degrees: simplifying lines and rings, rounding coordinates, and
// cutting land and borders into the grid cells the map loads near the viewer (see app/map/basemap.ts).
import type { Geometry, LineString, MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';

export type Point = [number, number];
export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Coordinates rounded to `digits` decimals: 2 is about 1 km, 3 about 100 m; enough for coarse data. */
export function roundPoint([x, y]: Position, digits: number): Point {
  const scale = 10 ** digits;
  return [Math.round((x ?? 0) * scale) / scale, Math.round((y ?? 0) * scale) / scale];
}

function distanceToSegmentSquared([px, py]: Point, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared)) : 0;
  const ex = ax + t * dx - px;
  const ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}

/** Douglas–Peucker: the points a line needs so that none it drops is further than `tolerance` from it. */
export function simplifyLine(points: Point[], tolerance: number): Point[] {
  if (points.length < 3 || tolerance <= 0) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  // A stack, not recursion: the longest coastlines have tens of thousands of points.
  const stack: Array<[number, number]> = [[0, points.length - 1]];
  const limit = tolerance * tolerance;
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let farthestDistance = limit;
    for (let i = first + 1; i < last; i++) {
      const distance = distanceToSegmentSquared(points[i]!, points[first]!, points[last]!);
      if (distance > farthestDistance) {
        farthest = i;
        farthestDistance = distance;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** Consecutive equal points removed (rounding makes many). */
function dedupe(points: Point[]): Point[] {
  return points.filter((p, i) => i === 0 || p[0] !== points[i - 1]![0] || p[1] !== points[i - 1]![1]);
}

/** Points simplified at full precision, then rounded to `digits`, repeats removed. */
const simplified = (points: Position[], tolerance: number, digits: number) =>
  dedupe(
    simplifyLine(
      points.map((p) => roundPoint(p, 12)),
      tolerance,
    ).map((p) => roundPoint(p, digits)),
  );

/** A closed ring simplified and rounded; null when too little is left to have an area. */
export function cleanRing(ring: Position[], tolerance: number, digits: number): Point[] | null {
  const points = simplified(ring, tolerance, digits);
  if (points.length < 4) return null;
  const [first, last] = [points[0]!, points[points.length - 1]!];
  if (first[0] !== last[0] || first[1] !== last[1]) points.push([first[0], first[1]]);
  return points;
}

/** A line simplified and rounded; null when it shrank to a point. */
export function cleanLine(line: Position[], tolerance: number, digits: number): Point[] | null {
  const points = simplified(line, tolerance, digits);
  return points.length < 2 ? null : points;
}

type Edge = 'west' | 'east' | 'south' | 'north';

function inside([x, y]: Point, edge: Edge, box: Box): boolean {
  if (edge === 'west') return x >= box.west;
  if (edge === 'east') return x <= box.east;
  if (edge === 'south') return y >= box.south;
  return y <= box.north;
}

function crossing([ax, ay]: Point, [bx, by]: Point, edge: Edge, box: Box): Point {
  if (edge === 'west' || edge === 'east') {
    const x = box[edge];
    return [x, ay + ((by - ay) * (x - ax)) / (bx - ax)];
  }
  const y = box[edge];
  return [ax + ((bx - ax) * (y - ay)) / (by - ay), y];
}

/**
 * A closed ring cut to the box (Sutherland–Hodgman). A concave ring may keep zero-width slivers along the
 * box's edges: invisible in a fill, which is all cut rings are drawn as (coastlines are not stroked).
 */
export function clipRing(ring: Point[], box: Box): Point[] | null {
  let points = ring.slice(0, -1);
  for (const edge of ['west', 'east', 'south', 'north'] as const) {
    if (points.length === 0) break;
    const next: Point[] = [];
    for (let i = 0; i < points.length; i++) {
      const current = points[i]!;
      const previous = points[(i + points.length - 1) % points.length]!;
      const currentIn = inside(current, edge, box);
      if (currentIn !== inside(previous, edge, box)) next.push(crossing(previous, current, edge, box));
      if (currentIn) next.push(current);
    }
    points = next;
  }
  if (points.length < 3) return null;
  return [...points, points[0]!];
}

/** A line cut to the box (Liang–Barsky on each segment): the pieces inside, joined where they continue. */
export function clipLine(line: Point[], box: Box): Point[][] {
  const pieces: Point[][] = [];
  let current: Point[] = [];
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = line[i - 1]!;
    const [bx, by] = line[i]!;
    const dx = bx - ax;
    const dy = by - ay;
    let t0 = 0;
    let t1 = 1;
    const checks: Array<[number, number]> = [
      [-dx, ax - box.west],
      [dx, box.east - ax],
      [-dy, ay - box.south],
      [dy, box.north - ay],
    ];
    let visible = true;
    for (const [p, q] of checks) {
      if (p === 0) {
        if (q < 0) visible = false;
      } else if (p < 0) t0 = Math.max(t0, q / p);
      else t1 = Math.min(t1, q / p);
    }
    if (!visible || t0 > t1) {
      if (current.length > 1) pieces.push(current);
      current = [];
      continue;
    }
    const start: Point = [ax + t0 * dx, ay + t0 * dy];
    const end: Point = [ax + t1 * dx, ay + t1 * dy];
    if (current.length === 0) current.push(start);
    current.push(end);
    // The segment left the box: the piece ends here.
    if (t1 < 1) {
      pieces.push(current);
      current = [];
    }
  }
  if (current.length > 1) pieces.push(current);
  return pieces;
}

/**
 * A ring's longitudes made continuous: a step of more than 180° is the ring crossing the 180° meridian, so
 * the rest of it is shifted by 360°. A ring that then ends a whole turn from where it began goes around a
 * pole (Antarctica): it is closed through that pole.
 */
export function unwrapRing(ring: Point[]): { points: Point[]; crosses: boolean } {
  const points: Point[] = [ring[0]!];
  let shift = 0;
  for (let i = 1; i < ring.length; i++) {
    const previous = points[i - 1]![0];
    let x = ring[i]![0] + shift;
    // Whole turns: a step of more than half the world is the ring crossing the meridian.
    const turns = Math.round((previous - x) / 360);
    x += turns * 360;
    shift += turns * 360;
    points.push([x, ring[i]![1]]);
  }
  const crosses = points.some(([x]) => x < -180 || x > 180);
  const [first, last] = [points[0]!, points[points.length - 1]!];
  if (Math.abs(last[0] - first[0]) > 180) {
    const latitudes = points.map(([, y]) => y);
    const pole = latitudes.reduce((sum, y) => sum + y, 0) / latitudes.length < 0 ? -90 : 90;
    points.push([last[0], pole], [first[0], pole], [first[0], first[1]]);
  }
  return { points, crosses: crosses || Math.abs(last[0] - first[0]) > 180 };
}

/**
 * A polygon that crosses the 180° meridian, as the pieces on either side of it; other polygons as they are.
 * Drawn as it comes, such a ring has an edge from one side of the world to the other: a band across the map.
 */
export function splitAtAntimeridian(polygon: Point[][]): Point[][][] {
  const rings = polygon.map(unwrapRing);
  if (!rings.some((ring) => ring.crosses)) return [polygon];
  const pieces: Point[][][] = [];
  for (const offset of [-360, 0, 360]) {
    const box = { west: offset - 180, east: offset + 180, south: -90, north: 90 };
    const [outer, ...holes] = rings.map((ring) => clipRing(ring.points, box));
    if (!outer) continue;
    const kept = [outer, ...holes.filter((ring): ring is Point[] => ring !== null)];
    pieces.push(kept.map((ring) => ring.map(([x, y]): Point => [x - offset, y])));
  }
  return pieces;
}

/** A line broken where it jumps across the 180° meridian. */
export function splitLineAtAntimeridian(line: Point[]): Point[][] {
  const pieces: Point[][] = [[line[0]!]];
  for (let i = 1; i < line.length; i++) {
    if (Math.abs(line[i]![0] - line[i - 1]![0]) > 180) pieces.push([]);
    pieces[pieces.length - 1]!.push(line[i]!);
  }
  return pieces.filter((piece) => piece.length > 1);
}

/** The polygons of a land geometry as lists of rings. */
export function polygonsOf(geometry: Geometry | null): Position[][][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [(geometry as Polygon).coordinates];
  if (geometry.type === 'MultiPolygon') return (geometry as MultiPolygon).coordinates;
  return [];
}

/** The lines of a border geometry. */
export function linesOf(geometry: Geometry | null): Position[][] {
  if (!geometry) return [];
  if (geometry.type === 'LineString') return [(geometry as LineString).coordinates];
  if (geometry.type === 'MultiLineString') return (geometry as MultiLineString).coordinates;
  return [];
}

/** The smallest box around some points. */
export function boxOf(points: Iterable<Position>): Box {
  const box = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (const [x = 0, y = 0] of points) {
    box.west = Math.min(box.west, x);
    box.east = Math.max(box.east, x);
    box.south = Math.min(box.south, y);
    box.north = Math.max(box.north, y);
  }
  return box;
}

export const overlaps = (a: Box, b: Box) =>
  a.west <= b.east && b.west <= a.east && a.south <= b.north && b.south <= a.north;
