// Hotels inside a map viewport, best first and capped, with work bounded by the cap rather than by how
// many hotels the viewport holds: a zoomed-out map shows the globally best hotels in view, a zoomed-in
// one shows every hotel in view.
//
// Points are kept in nested tiers (the best 1,000, 10,000, 100,000, ... then all), each its own k-d tree.
// A query asks the smallest tier first and stops at the first that has at least `limit` points in the box.
// Since a tier holds the globally best points, its best `limit` in the box are the best `limit` of all
// points in the box: the answer is exact, only the work is bounded (typically about `10 × limit` points
// plus the tree descents, whatever the catalog's size). The index is immutable; the catalog rebuilds it
// when hotels change.
import KDBush from 'kdbush';

export interface MapPoint {
  /** The caller's handle for the hotel, returned by queries. */
  ordinal: number;
  longitude: number;
  latitude: number;
  /** 0 = best. Ties are broken by ordinal. */
  rank: number;
}

export interface MapBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The smallest tier; each next one is `MAP_TIER_GROWTH` times larger, the last holds every point. */
export const MAP_FIRST_TIER_SIZE = 1_000;
export const MAP_TIER_GROWTH = 10;

export class MapIndex {
  /** Ordinals in best-first order; a tree's point ids are positions in this order. */
  private readonly ordinals: Float64Array;
  /** Trees over the best `size` points, smallest first; the last covers all points. */
  private readonly tiers: Array<{ size: number; tree: KDBush }> = [];

  constructor(points: MapPoint[]) {
    const usable = points.filter((p) => Number.isFinite(p.longitude) && Number.isFinite(p.latitude));
    usable.sort((a, b) => a.rank - b.rank || a.ordinal - b.ordinal);
    this.ordinals = Float64Array.from(usable, (p) => p.ordinal);
    const n = usable.length;
    if (n === 0) return;
    const sizes: number[] = [];
    for (let s = MAP_FIRST_TIER_SIZE; s < n; s *= MAP_TIER_GROWTH) sizes.push(s);
    sizes.push(n);
    for (const size of sizes) {
      const tree = new KDBush(size);
      for (let i = 0; i < size; i++) {
        const p = usable[i]!;
        tree.add(p.longitude, p.latitude);
      }
      this.tiers.push({ size, tree: tree.finish() });
    }
  }

  /** Number of points indexed. */
  get size(): number {
    return this.ordinals.length;
  }

  /**
   * Ordinals of the best (lowest rank) points inside the box, best first, at most `limit`. Edges are
   * inclusive. A box with west > east crosses the 180° meridian.
   */
  inBox(box: MapBox, limit: number): number[] {
    const wanted = Math.floor(limit);
    if (!(wanted > 0) || !(box.south <= box.north)) return [];
    for (const { size, tree } of this.tiers) {
      const ids = rangeIn(tree, box);
      if (ids.length < wanted && size < this.ordinals.length) continue;
      // Ids are best-first positions, so a numeric sort orders by rank.
      const best = Uint32Array.from(ids).sort();
      const count = Math.min(wanted, best.length);
      const out = new Array<number>(count);
      for (let i = 0; i < count; i++) out[i] = this.ordinals[best[i]!]!;
      return out;
    }
    return [];
  }
}

function rangeIn(tree: KDBush, { west, south, east, north }: MapBox): number[] {
  if (west <= east) return tree.range(west, south, east, north);
  return [...tree.range(west, south, 180, north), ...tree.range(-180, south, east, north)];
}
