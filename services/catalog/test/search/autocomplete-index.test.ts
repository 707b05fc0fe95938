// Destination autocomplete: matching from the name's or a word's start, relevance tiers, size order,
// limits and dedupe, agreement with a brute-force reference, and query latency at 20k and 200k hotels.
import { describe, expect, it } from 'vitest';
import { AutocompleteIndex, type AutocompleteEntry } from '../../src/search/autocomplete-index.js';
import { normalizeText } from '../../src/search/normalize.js';
import { expectFlatAtScale, random, timeQueries } from './scale.js';

const city = (id: string, name: string, weight: number): AutocompleteEntry => ({ id, name, kind: 'city', weight });
const hotel = (id: string, name: string, weight: number): AutocompleteEntry => ({ id, name, kind: 'hotel', weight });
const country = (id: string, name: string, weight: number): AutocompleteEntry => ({
  id,
  name,
  kind: 'country',
  weight,
});

const names = (results: AutocompleteEntry[]) => results.map((e) => e.name);
const ids = (results: AutocompleteEntry[]) => results.map((e) => e.id);

/** The specified behaviour, by scanning every entry: the best 20 matches, to be cut to the limit. */
function referenceSearch(entries: AutocompleteEntry[]): (query: string) => AutocompleteEntry[] {
  const prepared = [...new Map(entries.map((e) => [e.id, e])).values()].map((entry) => {
    const norm = normalizeText(entry.name);
    const words = norm.split(' ');
    return { entry, norm, wordStarts: words.slice(1).map((_, i) => words.slice(i + 1).join(' ')) };
  });
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return (query) => {
    const q = normalizeText(query);
    if (q === '') return [];
    const matches: Array<{ entry: AutocompleteEntry; tier: number; norm: string }> = [];
    for (const { entry, norm, wordStarts } of prepared) {
      if (norm === '') continue;
      let tier: number | undefined;
      if (norm === q) tier = 0;
      else if (norm.startsWith(q)) tier = 1;
      else if (wordStarts.some((w) => w.startsWith(q))) tier = 2;
      if (tier !== undefined) matches.push({ entry, tier, norm });
    }
    matches.sort(
      (a, b) =>
        a.tier - b.tier ||
        b.entry.weight - a.entry.weight ||
        cmp(a.norm, b.norm) ||
        cmp(a.entry.name, b.entry.name) ||
        cmp(a.entry.id, b.entry.id),
    );
    return matches.slice(0, 20).map((m) => m.entry);
  };
}

const SYLLABLES = ['sa', 'pa', 'lo', 'ri', 'ne', 'yor', 'san', 'fran', 'ci', 'co', 'ber', 'lin', 'mo', 'ra', 'ta'];
const MORE_SYLLABLES = ['ki', 'vi', 'la', 'do', 'mar', 'bel', 'ka', 'to', 'li', 'na', 'ro', 'me', 'sta', 'pol', 'hå'];
const ALL_SYLLABLES = [...SYLLABLES, ...MORE_SYLLABLES];

/** Cities, countries and hotels with syllable names: many shared prefixes, some accents, some repeats. */
function syntheticCatalog(hotels: number, cities: number, seed: number): AutocompleteEntry[] {
  const rnd = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const word = (syllables: number) => {
    let w = '';
    for (let i = 0; i < syllables; i++) w += pick(ALL_SYLLABLES);
    return w[0]!.toUpperCase() + w.slice(1);
  };
  const out: AutocompleteEntry[] = [];
  for (let i = 0; i < 250; i++) out.push(country(`country-${i}`, word(2 + Math.floor(rnd() * 2)), 1e6 + rnd() * 1e9));
  const cityNames: string[] = [];
  for (let i = 0; i < cities; i++) {
    const name = rnd() < 0.25 ? `${word(1)} ${word(2)}` : word(2 + Math.floor(rnd() * 2));
    cityNames.push(name);
    out.push(city(`city-${i}`, name, Math.floor(1000 + rnd() * rnd() * 1e7)));
  }
  const kinds = ['Hotel', 'Grand Hotel', 'Villa', 'Résidence', 'Inn', 'Hostel', 'Hotel & Spa'];
  for (let i = 0; i < hotels; i++) {
    out.push(hotel(`hotel-${i}`, `${pick(kinds)} ${word(2)} ${pick(cityNames)}`, Math.floor(rnd() * 1000)));
  }
  return out;
}

describe('AutocompleteIndex', () => {
  const world = [
    city('c-sao', 'São Paulo', 12_000_000),
    city('c-ny', 'New York', 8_000_000),
    city('c-yo', 'Yokohama', 3_700_000),
    city('c-paris', 'Paris', 2_100_000),
    city('c-parisot', 'Parisot', 9_000_000),
    city('c-sf', 'San Francisco', 800_000),
    city('c-sd', 'San Diego', 1_400_000),
    city('c-krakow', 'Kraków', 800_000),
    country('k-fr', 'France', 68_000_000),
    hotel('h-px', 'Paris Hotel X', 500),
    hotel('h-py', 'Paris Hotel Y', 900),
    hotel('h-cp', 'Hotel Paris Centre', 50_000_000),
    hotel('h-ss', 'Sao Sao Hotel', 10),
    hotel('h-sts', 'Hotel Santa Sofia', 20),
  ];
  const index = new AutocompleteIndex(world);

  it('matches the normalized query against the whole name and every word start', () => {
    expect(names(index.search('sao', 10))).toContain('São Paulo');
    expect(names(index.search('SÃO', 10))).toContain('São Paulo');
    expect(names(index.search('paulo', 10))).toEqual(['São Paulo']);
    expect(names(index.search('são p', 10))).toEqual(['São Paulo']);
    expect(names(index.search('new yo', 10))).toEqual(['New York']);
    expect(names(index.search('york', 10))).toEqual(['New York']);
    expect(names(index.search('san fr', 10))).toEqual(['San Francisco']);
    expect(names(index.search('krakow', 10))).toEqual(['Kraków']);
    expect(names(index.search('PARIS', 1))).toEqual(['Paris']);
  });

  it('does not match inside a word or across a word the query skips', () => {
    expect(index.search('aulo', 10)).toEqual([]);
    expect(index.search('new york city', 10)).toEqual([]);
    expect(index.search('zzz', 10)).toEqual([]);
  });

  it('ranks the exact name first, then name prefixes, then word starts, each by size', () => {
    expect(names(index.search('paris', 10))).toEqual([
      'Paris',
      'Parisot', // bigger than Paris, but only a prefix match
      'Paris Hotel Y',
      'Paris Hotel X',
      'Hotel Paris Centre', // the heaviest entry of all, but a word-start match
    ]);
    expect(names(index.search('sa', 10))).toEqual([
      'São Paulo',
      'San Diego',
      'San Francisco',
      'Sao Sao Hotel',
      'Hotel Santa Sofia',
    ]);
    expect(names(index.search('yo', 10))).toEqual(['Yokohama', 'New York']);
  });

  it('lists an entry matched by several words once, in its best tier', () => {
    expect(ids(index.search('sao', 10))).toEqual(['c-sao', 'h-ss']);
    expect(ids(index.search('s', 20)).filter((id) => id === 'h-sts')).toEqual(['h-sts']);
    const hotelFirst = new AutocompleteIndex([hotel('h1', 'Rome Rome', 1), city('c1', 'Roma', 5)]);
    expect(ids(hotelFirst.search('rom', 10))).toEqual(['c1', 'h1']);
  });

  it('respects the limit, capped at 20', () => {
    expect(index.search('s', 2)).toHaveLength(2);
    expect(index.search('paris', 0)).toEqual([]);
    expect(index.search('paris', -3)).toEqual([]);
    const many = new AutocompleteIndex(Array.from({ length: 50 }, (_, i) => hotel(`h${i}`, `Hotel ${i}`, i)));
    expect(many.search('hotel', 100)).toHaveLength(20);
    expect(ids(many.search('hotel', 3))).toEqual(['h49', 'h48', 'h47']);
  });

  it('returns nothing for an empty, blank or punctuation-only query', () => {
    expect(index.search('', 10)).toEqual([]);
    expect(index.search('   ', 10)).toEqual([]);
    expect(index.search(' - ', 10)).toEqual([]);
  });

  it('breaks weight ties by name, then id, and keeps the last of a repeated id', () => {
    const tied = new AutocompleteIndex([
      city('b', 'Bergen', 100),
      city('a', 'Bergen', 100),
      city('c', 'Berlin', 100),
      city('d', 'Bern', 100),
      city('d', 'Bernau', 100),
    ]);
    expect(tied.size).toBe(4);
    expect(ids(tied.search('ber', 10))).toEqual(['a', 'b', 'c', 'd']);
    expect(names(tied.search('bern', 10))).toEqual(['Bernau']);
  });

  it('skips names with nothing to index and copes with an empty catalog', () => {
    const odd = new AutocompleteIndex([city('x', '???', 1), city('y', 'Oslo', 2)]);
    expect(odd.size).toBe(2);
    expect(ids(odd.search('o', 5))).toEqual(['y']);
    const empty = new AutocompleteIndex([]);
    expect(empty.size).toBe(0);
    expect(empty.search('a', 5)).toEqual([]);
  });

  it('agrees with a brute-force scan, both for precomputed and for scanned prefixes', () => {
    const entries = syntheticCatalog(3000, 1500, 7);
    const rnd = random(11);
    const queries = ['s', 'sa', 'san', 'h', 'ho', 'hotel', 'hotel s', 'grand hotel', 'ha', 'hå', 'r', 'res', 'x'];
    for (let i = 0; i < 150; i++) {
      const e = entries[Math.floor(rnd() * entries.length)]!;
      const words = normalizeText(e.name).split(' ');
      const from = Math.floor(rnd() * words.length);
      const tail = words.slice(from).join(' ');
      queries.push(tail.slice(0, 1 + Math.floor(rnd() * Math.min(tail.length, 12))));
    }
    const reference = referenceSearch(entries);
    const expected = queries.map((q) => ids(reference(q)));
    // The default threshold and a tiny one, so most prefixes go through the precomputed lists.
    for (const options of [{}, { precomputeThreshold: 25 }]) {
      const built = new AutocompleteIndex(entries, options);
      queries.forEach((q, i) => {
        for (const limit of [1, 7, 20]) {
          expect(ids(built.search(q, limit)), `${q} / ${limit}`).toEqual(expected[i]!.slice(0, limit));
        }
      });
    }
  });
});

describe('AutocompleteIndex at catalog scale', () => {
  function measure(hotels: number) {
    const entries = syntheticCatalog(hotels, 25_000, 42);
    const rnd = random(99);
    const letters = 'abcdefghijklmnoprstuvyz';
    const queries: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const length = 1 + Math.floor(rnd() * 4);
      if (rnd() < 0.7) {
        // Prefixes people type: starts of words in the catalog, so most queries match something.
        const words = normalizeText(entries[Math.floor(rnd() * entries.length)]!.name).split(' ');
        queries.push(words[Math.floor(rnd() * words.length)]!.slice(0, length));
      } else {
        let q = '';
        for (let j = 0; j < length; j++) q += letters[Math.floor(rnd() * letters.length)];
        queries.push(q);
      }
    }
    return timeQueries(
      () => new AutocompleteIndex(entries),
      queries,
      (built, q) => built.search(q, 10),
    );
  }

  it('answers short prefixes well under 5 ms at p99, no slower at 200k hotels than at 20k', () => {
    expectFlatAtScale('autocomplete', measure);
  }, 60_000);
});
