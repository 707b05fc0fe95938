// Percentiles as every bench reports them.

/** `values` in ascending order, as a copy (numbers, not strings: a typed array sorts by value). */
export const ascending = (values: Iterable<number>): Float64Array => Float64Array.from(values).sort();

/** The value `p` percent of the way up `sorted` (ascending), the nearest rank at or above it; NaN for none. */
export const percentile = (sorted: ArrayLike<number>, p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
