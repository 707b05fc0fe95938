// Map viewport search: containment, the 180° meridian, best-first order and limits, agreement with a
// brute-force scan, and query latency at 20k and 200k hotels.
import { describe, expect, it } from 'vitest';
import { MapIndex, type MapBox, type MapPoint } from '../../src/search/map-index.js';
import { expectFlatAtScale, random, timeQueries } from './scale.js';

const point = (ordinal: number, longitude: number, latitude: number, rank: number): MapPoint => ({
  ordinal,
  longitude,
  latitude,
  rank,
});

function inside(p: MapPoint, b: MapBox): boolean {
  if (p.latitude < b.south || p.latitude > b.north) return false;
  return b.west <= b.east
    ? p.longitude >= b.west && p.longitude <= b.east
    : p.longitude >= b.west || p.longitude <= b.east;
}

/** The documented answer: the best `limit` points in the box, by rank then ordinal. */
function bruteForce(points: MapPoint[], box: MapBox, limit: number): number[] {
  return points
    .filter((p) => inside(p, box))
    .sort((a, b) => a.rank - b.rank || a.ordinal - b.ordinal)
    .slice(0, limit)
    .map((p) => p.ordinal);
}

/** Hotels the way a catalog has them: most around cities, some scattered; ranks a shuffled 0..n-1. */
function syntheticHotels(n: number, seed: number): MapPoint[] {
  const rnd = random(seed);
  const cities = Array.from({ length: 2000 }, () => ({ lon: rnd() * 360 - 180, lat: rnd() * 140 - 60 }));
  const ranks = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [ranks[i], ranks[j]] = [ranks[j]!, ranks[i]!];
  }
  return ranks.map((rank, ordinal) => {
    if (rnd() < 0.1) return point(ordinal, rnd() * 360 - 180, rnd() * 170 - 85, rank);
    const c = cities[Math.floor(rnd() * rnd() * cities.length)]!;
    const lon = Math.max(-180, Math.min(180, c.lon + (rnd() - 0.5) * rnd() * 0.6));
    return point(ordinal, lon, c.lat + (rnd() - 0.5) * rnd() * 0.4, rank);
  });
}

/** Viewports from street level to the whole world; about one in ten crosses the 180° meridian. */
function randomBoxes(count: number, seed: number): MapBox[] {
  const rnd = random(seed);
  return Array.from({ length: count }, () => {
    const width = 0.02 * Math.pow(360 / 0.02, rnd());
    const height = Math.min(170, width / 2);
    const west = rnd() * 360 - 180;
    const south = Math.max(-90, rnd() * 180 - 90 - height / 2);
    let east = west + width;
    if (east > 180) east -= 360;
    return { west, south, east: width >= 360 ? 180 : east, north: Math.min(90, south + height) };
  });
}

describe('MapIndex', () => {
  const points = [
    point(1, 2.35, 48.85, 5), // Paris
    point(2, 2.29, 48.86, 1),
    point(3, 2.4, 48.9, 3),
    point(4, 13.4, 52.5, 0), // Berlin
    point(5, 179, 0, 2),
    point(6, -179, 1, 4),
    point(7, 0, 0, 6),
  ];
  const index = new MapIndex(points);
  const paris = { west: 2.2, south: 48.8, east: 2.5, north: 48.95 };

  it('returns the points inside the box, best first, and leaves out the rest', () => {
    expect(index.size).toBe(7);
    expect(index.inBox(paris, 10)).toEqual([2, 3, 1]);
    expect(index.inBox({ west: 2.3, south: 48.8, east: 2.5, north: 48.95 }, 10)).toEqual([3, 1]);
    expect(index.inBox({ west: -10, south: -60, east: 40, north: 60 }, 10)).toEqual([4, 2, 3, 1, 7]);
    expect(index.inBox({ west: 100, south: 10, east: 120, north: 20 }, 10)).toEqual([]);
  });

  it('includes points on the edges', () => {
    expect(index.inBox({ west: 2.29, south: 48.86, east: 2.29, north: 48.86 }, 10)).toEqual([2]);
  });

  it('searches both sides of the 180° meridian when west > east', () => {
    const box = { west: 170, south: -10, east: -170, north: 10 };
    expect(index.inBox(box, 10)).toEqual([5, 6]);
    expect(index.inBox({ ...box, west: 179.5 }, 10)).toEqual([6]);
  });

  it('respects the limit', () => {
    expect(index.inBox(paris, 2)).toEqual([2, 3]);
    expect(index.inBox(paris, 1)).toEqual([2]);
    expect(index.inBox(paris, 0)).toEqual([]);
    expect(index.inBox({ west: -180, south: -90, east: 180, north: 90 }, 3)).toEqual([4, 2, 5]);
  });

  it('breaks rank ties by ordinal and ignores points without coordinates', () => {
    const tied = new MapIndex([point(9, 1, 1, 0), point(3, 1, 1, 0), point(5, Number.NaN, 1, 0)]);
    expect(tied.size).toBe(2);
    expect(tied.inBox({ west: 0, south: 0, east: 2, north: 2 }, 5)).toEqual([3, 9]);
  });

  it('answers nothing for an empty index or an upside-down box', () => {
    expect(new MapIndex([]).inBox({ west: -180, south: -90, east: 180, north: 90 }, 10)).toEqual([]);
    expect(index.inBox({ west: 2.2, south: 49, east: 2.5, north: 48 }, 10)).toEqual([]);
  });

  it('gives exactly the best `limit` points in the box, as a full scan would, whichever tier answers', () => {
    const rnd = random(5);
    // Uniform points with random (tied) ranks, so every tier gets boxes it answers.
    const many = Array.from({ length: 20_000 }, (_, i) =>
      point(i, rnd() * 360 - 180, rnd() * 180 - 90, Math.floor(rnd() * 5000)),
    );
    const built = new MapIndex(many);
    const boxes: MapBox[] = [
      { west: -180, south: -90, east: 180, north: 90 }, // the first tier suffices
      { west: 170, south: -30, east: -170, north: 30 }, // across the meridian
      { west: -1, south: -1, east: 1, north: 1 }, // fewer points than the limit: all of them
      ...randomBoxes(200, 8),
    ];
    const best1000 = [...many].sort((a, b) => a.rank - b.rank || a.ordinal - b.ordinal).slice(0, 1000);
    let smallestTierSuffices = 0;
    let fewerThanLimit = 0;
    for (const box of boxes) {
      for (const limit of [1, 50, 300]) {
        const expected = bruteForce(many, box, limit);
        expect(built.inBox(box, limit), JSON.stringify({ box, limit })).toEqual(expected);
        if (expected.length < limit) fewerThanLimit++;
        if (limit === 300 && best1000.filter((p) => inside(p, box)).length >= limit) smallestTierSuffices++;
      }
    }
    // Both regimes were exercised.
    expect(smallestTierSuffices).toBeGreaterThan(0);
    expect(fewerThanLimit).toBeGreaterThan(0);
  });
});

describe('MapIndex at catalog scale', () => {
  function measure(hotels: number) {
    const points = syntheticHotels(hotels, 42);
    return timeQueries(
      () => new MapIndex(points),
      randomBoxes(2000, 77),
      (built, box) => built.inBox(box, 100),
    );
  }

  it('answers viewports well under 5 ms at p99, no slower at 200k hotels than at 20k', () => {
    expectFlatAtScale('map', measure);
  }, 60_000);
});
