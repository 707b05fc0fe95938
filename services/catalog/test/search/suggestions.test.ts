// Autocomplete answers kept as JSON text (CatalogIndex.suggestJson and the flow's autocompleteJson): the same
// text as writing `suggest`'s answer afresh, for every kind of query, on a demo catalog; echoing each query as
// typed even when the kept part is shared; and a bounded cache.
import { AutocompleteAnswerSchema } from '@travelclub/contracts';
import { demoSupplier, loadDestinations } from '@travelclub/demo-catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { destinationFlows } from '../../src/flows/destinations.js';
import { CatalogIndex, SUGGESTION_CACHE_SIZE, type IndexedHotel } from '../../src/search/catalog-index.js';
import { normalizeText } from '../../src/search/normalize.js';
import { random } from './scale.js';

async function demoHotels(count: number): Promise<IndexedHotel[]> {
  const hotels: IndexedHotel[] = [];
  for await (const batch of demoSupplier({ count, seed: 5 }).hotels())
    for (const hotel of batch) hotels.push({ ...hotel, likes: 0 });
  return hotels;
}

/** The answer as the route wrote it before answers were kept: the whole object, stringified per request. */
const written = (index: CatalogIndex, query: string, take: number) =>
  JSON.stringify({ query, destinations: index.suggest(query, take) });

describe('autocomplete answers kept as JSON text', () => {
  let index: CatalogIndex;
  let flows: ReturnType<typeof destinationFlows>;
  const queries = [
    // Short prefixes, busy ones answered from the precomputed lists.
    ...['l', 'lo', 'par', 'pa', 's', 'b', 'h', 'ho', 'hotel', 'gra', 'new', 'to', 'du'],
    // Several words, accents, case, punctuation and spacing.
    ...['new york', 'new yo', 'são paulo', 'SAO  PAULO', 'sao-paulo', 'méxico', 'Kraków', 'los an', 'hotel par'],
    // Misses, and queries with nothing to look up.
    ...['zzzq', 'qwertyuiop', 'xq', '', '   ', ' - ', '"quoted" \\ back'],
  ];

  beforeAll(async () => {
    const hotels = await demoHotels(3_000);
    index = new CatalogIndex(hotels, loadDestinations());
    flows = destinationFlows({ index: () => index, likes: undefined as never });
    // Hotel names, whole and cut after a word or mid-word, so hotels are among the answers too.
    const rnd = random(17);
    for (let i = 0; i < 60; i++) {
      const name = hotels[Math.floor(rnd() * hotels.length)]!.name;
      queries.push(name, name.slice(0, 1 + Math.floor(rnd() * name.length)));
    }
  }, 60_000);

  it('writes the same text as stringifying the answer afresh, asked once and asked again', () => {
    let hotelsFound = 0;
    for (let round = 0; round < 2; round++)
      for (const query of queries)
        for (const take of [1, 8, 20]) {
          const json = flows.autocompleteJson(query, take);
          expect(json, `${query} / ${take}`).toBe(written(index, query, take));
          const answer = AutocompleteAnswerSchema.parse(JSON.parse(json));
          hotelsFound += answer.destinations.filter((d) => d.locationType === 'hotel').length;
        }
    expect(hotelsFound).toBeGreaterThan(0);
    expect(JSON.parse(flows.autocompleteJson('par', 8)).destinations.length).toBe(8);
  });

  it('shares the kept part between queries that normalize alike but echoes each query as typed', () => {
    const typed = ['são paulo', 'SAO  PAULO', 'sao-paulo'];
    expect(new Set(typed.map(normalizeText)).size).toBe(1);
    const kept = typed.map((q) => index.suggestJson(q, 8));
    expect(new Set(kept).size).toBe(1);
    expect(JSON.parse(kept[0]!)[0].name).toBe('São Paulo');
    for (const query of typed) expect(JSON.parse(flows.autocompleteJson(query, 8)).query).toBe(query);
  });

  it('keeps answers per take', () => {
    expect(JSON.parse(index.suggestJson('pa', 3))).toHaveLength(3);
    expect(JSON.parse(index.suggestJson('pa', 5))).toHaveLength(5);
    expect(JSON.parse(index.suggestJson('pa', 3))).toHaveLength(3);
  });

  it('keeps at most SUGGESTION_CACHE_SIZE answers, dropping the least recently asked, and still answers them', () => {
    const local = new CatalogIndex([], loadDestinations());
    const first = local.suggestJson('paris', 8);
    for (let i = 0; i < SUGGESTION_CACHE_SIZE + 50; i++) {
      local.suggestJson(`q${i}`, 8);
      // Asked again and again, Paris stays among the most recently asked and is never the one dropped.
      if (i % 100 === 0) local.suggestJson('PARIS', 8);
    }
    expect(local.suggestionsKept).toBe(SUGGESTION_CACHE_SIZE);
    expect(local.keepsSuggestion('paris', 8)).toBe(true);
    expect(local.keepsSuggestion('q0', 8)).toBe(false);
    expect(local.keepsSuggestion(`q${SUGGESTION_CACHE_SIZE + 49}`, 8)).toBe(true);
    expect(local.suggestJson('paris', 8)).toBe(first);
    expect(local.suggestJson('q0', 8)).toBe(JSON.stringify(local.suggest('q0', 8)));
    expect(local.suggestionsKept).toBe(SUGGESTION_CACHE_SIZE);
  });
});
