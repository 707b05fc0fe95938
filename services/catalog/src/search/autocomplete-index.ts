// Destination autocomplete over cities, countries and hotels: a query matches a name from its start or
// from any later word's start, and answers in time that does not grow with the size of the catalog.
//
// The index is immutable. When hotels change, the catalog builds a new index in the background and swaps
// it in: a sorted suffix array cannot take inserts cheaply, while a build of ~225k entries takes one to
// two seconds. Entry ids are expected to be unique; a repeated id replaces the earlier entry.
import { normalizeText } from './normalize.js';

export interface AutocompleteEntry {
  id: string;
  name: string;
  kind: 'city' | 'country' | 'hotel';
  /** Size: population for cities and countries, a (lower-scaled) popularity for hotels. Higher ranks first. */
  weight: number;
}

export interface AutocompleteOptions {
  /** The largest `limit` a search honours; answers for crowded prefixes are precomputed up to this many. */
  maxResults?: number;
  /** Prefixes matching more postings than this get their answer precomputed at build. */
  precomputeThreshold?: number;
}

export const AUTOCOMPLETE_MAX_RESULTS = 20;
// Scanning a range costs some 20-30 ns a posting; at 200 the slowest scanned query stays near 10 µs whatever the
// catalog's size, for a few thousand stored answers at 200k hotels.
const DEFAULT_PRECOMPUTE_THRESHOLD = 200;

// Relevance tiers; a match's sort key is `tier * entryCount + sizeRank`, so one number orders by both.
const EXACT = 0;
const NAME_PREFIX = 1;
const WORD_PREFIX = 2;

/** Sorts after every code unit a normalized string can hold, so `q + END` bounds all strings starting with q. */
const END = '\uffff';

export class AutocompleteIndex {
  /** Entries by size rank: 0 is the heaviest; ties by normalized name, then name, then id. */
  private readonly byRank: AutocompleteEntry[];
  /** Normalized names by size rank. */
  private readonly names: string[];
  /** Every word-start suffix of every normalized name, sorted by code unit. */
  private readonly suffixes: string[];
  /** Per suffix: `sizeRank * 2`, plus 1 when the suffix starts at a later word rather than at the name's start. */
  private readonly postings: Uint32Array;
  /** Answers (size ranks, best first) for prefixes matching more postings than the threshold. */
  private readonly crowded = new Map<string, Uint32Array>();
  private readonly maxResults: number;
  private readonly threshold: number;

  constructor(entries: Iterable<AutocompleteEntry>, options: AutocompleteOptions = {}) {
    this.maxResults = Math.max(1, Math.floor(options.maxResults ?? AUTOCOMPLETE_MAX_RESULTS));
    this.threshold = Math.max(this.maxResults, Math.floor(options.precomputeThreshold ?? DEFAULT_PRECOMPUTE_THRESHOLD));

    const unique = new Map<string, AutocompleteEntry>();
    for (const entry of entries) unique.set(entry.id, entry);
    const list = [...unique.values()];
    const normalized = list.map((e) => normalizeText(e.name));
    const order = rankBySize(list, normalized);
    this.byRank = new Array<AutocompleteEntry>(list.length);
    this.names = new Array<string>(list.length);
    for (let rank = 0; rank < order.length; rank++) {
      this.byRank[rank] = list[order[rank]!]!;
      this.names[rank] = normalized[order[rank]!]!;
    }

    const rawSuffixes: string[] = [];
    const rawPostings: number[] = [];
    for (let rank = 0; rank < this.names.length; rank++) {
      const name = this.names[rank]!;
      if (name.length === 0) continue;
      rawSuffixes.push(name);
      rawPostings.push(rank * 2);
      for (let at = name.indexOf(' '); at !== -1; at = name.indexOf(' ', at + 1)) {
        rawSuffixes.push(name.slice(at + 1));
        rawPostings.push(rank * 2 + 1);
      }
    }
    const sorted = sortStrings(rawSuffixes);
    this.suffixes = new Array<string>(sorted.length);
    this.postings = new Uint32Array(sorted.length);
    for (let i = 0; i < sorted.length; i++) {
      this.suffixes[i] = rawSuffixes[sorted[i]!]!;
      this.postings[i] = rawPostings[sorted[i]!]!;
    }
    this.precomputeCrowded();
  }

  /** Number of entries indexed. */
  get size(): number {
    return this.byRank.length;
  }

  /**
   * Entries whose name, or a word within it onward, starts with the query (both normalized): the exact
   * full-name match first, then full-name prefix matches, then word-start matches, each by weight
   * descending, ties by (normalized) name then id. Each entry appears once. Returns at most
   * `min(limit, maxResults)` entries: autocomplete shows a short list, and that cap is what keeps
   * crowded prefixes answerable from precomputed lists.
   */
  search(query: string, limit: number): AutocompleteEntry[] {
    const q = normalizeText(query);
    const wanted = Math.min(Math.floor(limit), this.maxResults);
    if (q.length === 0 || !(wanted > 0)) return [];
    const lo = this.lowerBound(q, 0, this.suffixes.length);
    const hi = this.lowerBound(q + END, lo, this.suffixes.length);
    if (lo === hi) return [];
    let ranks: ArrayLike<number> | undefined;
    if (hi - lo > this.threshold) ranks = this.crowded.get(q);
    // A crowded prefix always has an answer stored; the scan is only a safety net.
    ranks ??= this.collect(q, lo, hi, wanted);
    const out: AutocompleteEntry[] = [];
    for (let i = 0; i < ranks.length && out.length < wanted; i++) out.push(this.byRank[ranks[i]!]!);
    return out;
  }

  /** First position in [lo, hi) whose suffix is not below `s`. */
  private lowerBound(s: string, lo: number, hi: number): number {
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.suffixes[mid]! < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The best `k` entries (as size ranks) among postings [lo, hi), all of which start with `q`. Each entry
   * counts once, in its best tier: a word-start posting is skipped when the entry's whole name also
   * starts with `q`, since that name's own posting lies in the same range.
   */
  private collect(q: string, lo: number, hi: number, k: number): Uint32Array {
    const n = this.byRank.length;
    const keys: number[] = [];
    for (let i = lo; i < hi; i++) {
      const posting = this.postings[i]!;
      const rank = posting >>> 1;
      let key: number;
      if ((posting & 1) === 0) {
        key = (this.names[rank]!.length === q.length ? EXACT : NAME_PREFIX) * n + rank;
      } else {
        key = WORD_PREFIX * n + rank;
      }
      if (keys.length === k && key >= keys[k - 1]!) continue;
      if ((posting & 1) === 1 && this.names[rank]!.startsWith(q)) continue;
      // Insertion into a short sorted list; an equal key is the same entry met through another word.
      let at = keys.length;
      while (at > 0 && keys[at - 1]! > key) at--;
      if (at > 0 && keys[at - 1] === key) continue;
      keys.splice(at, 0, key);
      if (keys.length > k) keys.pop();
    }
    return Uint32Array.from(keys, (key) => key % n);
  }

  /**
   * Stores the answer of every prefix whose range exceeds the threshold, walking the sorted suffixes
   * depth first: a prefix can only be crowded if its parent is, so the walk stops at the first quiet one.
   */
  private precomputeCrowded(): void {
    const stack: Array<{ prefix: string; lo: number; hi: number }> = [];
    this.pushChildren('', 0, this.suffixes.length, stack);
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      const { prefix, lo, hi } = top;
      this.crowded.set(prefix, this.collect(prefix, lo, hi, this.maxResults));
      this.pushChildren(prefix, lo, hi, stack);
    }
  }

  /** Pushes the one-character-longer prefixes of [lo, hi) (all starting with `prefix`) that are crowded. */
  private pushChildren(
    prefix: string,
    lo: number,
    hi: number,
    stack: Array<{ prefix: string; lo: number; hi: number }>,
  ): void {
    const depth = prefix.length;
    let i = lo;
    // Suffixes equal to the prefix itself sort first and have no next character.
    while (i < hi && this.suffixes[i]!.length === depth) i++;
    while (i < hi) {
      const c = this.suffixes[i]!.charCodeAt(depth);
      let a = i + 1;
      let b = hi;
      while (a < b) {
        const mid = (a + b) >>> 1;
        if (this.suffixes[mid]!.charCodeAt(depth) === c) a = mid + 1;
        else b = mid;
      }
      if (a - i > this.threshold) stack.push({ prefix: prefix + String.fromCharCode(c), lo: i, hi: a });
      i = a;
    }
  }
}

/**
 * Entry positions, heaviest first; ties by normalized name, then name, then id. NaN weights count as the
 * lightest. Comparing 225k entries with a callback takes too long, so both orders become integers that
 * pack into one double, sorted natively.
 */
function rankBySize(list: readonly AutocompleteEntry[], normalized: readonly string[]): Uint32Array {
  const n = list.length;
  const byName = sortStrings(normalized);
  for (let i = 0; i < n;) {
    let j = i + 1;
    while (j < n && normalized[byName[j]!] === normalized[byName[i]!]) j++;
    if (j - i > 1) {
      byName.subarray(i, j).sort((a, b) => {
        const ea = list[a]!;
        const eb = list[b]!;
        if (ea.name !== eb.name) return ea.name < eb.name ? -1 : 1;
        return ea.id < eb.id ? -1 : ea.id > eb.id ? 1 : 0;
      });
    }
    i = j;
  }
  const weights = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const w = list[i]!.weight;
    weights[i] = Number.isNaN(w) ? -Infinity : w;
  }
  const ascending = weights.slice().sort();
  const packed = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const w = weights[byName[r]!]!;
    // How many entries are lighter: equal weights share it, and the heaviest has the most.
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ascending[mid]! < w) lo = mid + 1;
      else hi = mid;
    }
    packed[r] = (n - lo) * n + r;
  }
  packed.sort();
  const order = new Uint32Array(n);
  for (let r = 0; r < n; r++) order[r] = byName[packed[r]! % n]!;
  return order;
}

// Symbols for the numeric sort keys: 0 ends the string; the others follow code-unit order. Space, digits
// and a-z (all a normalized name holds, bar non-ASCII letters) map one to one; any other code unit maps
// to the shared symbol of its gap, after which a key stops, since later characters no longer decide.
const KEY_SYMBOLS = 42;
const KEY_SYMBOL_BITS = Math.log2(KEY_SYMBOLS);
/** Below this many strings a plain comparison sort is cheaper than packing keys. */
const SMALL_RUN = 16;

function keySymbol(c: number): number {
  if (c === 32) return 2;
  if (c < 32) return -1;
  if (c < 48) return -3;
  if (c <= 57) return 4 + (c - 48);
  if (c < 97) return -14;
  if (c <= 122) return 15 + (c - 97);
  return -41;
}

const OPEN = 0;
const ENDED = 1;
const LOSSY = 2;

/** Packs `count` characters of `s` from `depth` into a number that orders as the characters do. */
function packKey(s: string, depth: number, count: number): number {
  let key = 0;
  let open = true;
  for (let k = depth; k < depth + count; k++) {
    let symbol = 0;
    if (open && k < s.length) {
      symbol = keySymbol(s.charCodeAt(k));
      if (symbol < 0) {
        symbol = -symbol;
        open = false;
      }
    } else open = false;
    key = key * KEY_SYMBOLS + symbol;
  }
  return key;
}

/** Whether characters of `s` after the packed ones still decide its order, and if not, why. */
function packStatus(s: string, depth: number, count: number): number {
  for (let k = depth; k < depth + count; k++) {
    if (k >= s.length) return ENDED;
    if (keySymbol(s.charCodeAt(k)) < 0) return LOSSY;
  }
  return OPEN;
}

/**
 * The permutation that sorts `strings` by code unit, ties by position. Comparing hundreds of thousands of
 * strings (many sharing long prefixes such as "hotel ") with a callback takes seconds; instead a few
 * characters at a time are packed, with the position in the run, into one double and sorted natively,
 * then each run of equal keys is sorted the same way on the next characters (a radix sort, most
 * significant characters first).
 */
function sortStrings(strings: readonly string[]): Uint32Array {
  const order = new Uint32Array(strings.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  const compare = (a: number, b: number) => {
    const sa = strings[a]!;
    const sb = strings[b]!;
    return sa < sb ? -1 : sa > sb ? 1 : a - b;
  };
  const runs: Array<{ lo: number; hi: number; depth: number }> = [{ lo: 0, hi: order.length, depth: 0 }];
  for (let run = runs.pop(); run !== undefined; run = runs.pop()) {
    const { lo, hi, depth } = run;
    const m = hi - lo;
    if (m <= SMALL_RUN) {
      order.subarray(lo, hi).sort(compare);
      continue;
    }
    const indexBits = Math.ceil(Math.log2(m));
    const scale = 2 ** indexBits;
    const chars = Math.floor((53 - indexBits) / KEY_SYMBOL_BITS);
    const packed = new Float64Array(m);
    // Ties keep their current order, which is by position among equal strings.
    for (let r = 0; r < m; r++) packed[r] = packKey(strings[order[lo + r]!]!, depth, chars) * scale + r;
    packed.sort();
    const before = order.slice(lo, hi);
    for (let r = 0; r < m; r++) order[lo + r] = before[packed[r]! % scale]!;
    for (let r = 0; r < m;) {
      const key = Math.floor(packed[r]! / scale);
      let j = r + 1;
      while (j < m && Math.floor(packed[j]! / scale) === key) j++;
      if (j - r > 1) {
        const status = packStatus(strings[order[lo + r]!]!, depth, chars);
        if (status === OPEN) runs.push({ lo: lo + r, hi: lo + j, depth: depth + chars });
        else if (status === LOSSY) order.subarray(lo + r, lo + j).sort(compare);
        // ENDED: the strings are equal, already by position.
      }
      r = j;
    }
  }
  return order;
}
