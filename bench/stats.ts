// Percentiles as every bench reports them.

/** `values` in ascending order, as a copy (numbers, not strings: a typed array sorts by value). */
export const ascending = (values: Iterable<number>): Float64Array => Float64Array.from(values).sort();

/**
 * The nearest-rank percentile of `sorted` (ascending): the smallest value with at least `p` percent of them at or
 * below it (p99 of 100 values is the 99th, p100 the largest); NaN for none.
 */
export const percentile = (sorted: ArrayLike<number>, p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;
