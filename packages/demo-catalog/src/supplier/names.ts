// Hotel names from the word lists of data/names.json, and the slugs made from them.
import names from '../../data/names.json' with { type: 'json' };
import type { Random } from './random.js';

const { hotelWords: HOTEL_WORDS, nouns: NOUNS, adjectives: ADJECTIVES, brands: BRANDS, areas: AREAS } = names;
const MODEST_KINDS = names.modestKinds;
const KINDS = [...MODEST_KINDS, ...names.grandKinds];

/** A hotel name as its words, so its slug can be made from slugs of the words (few, so memoised). */
export function hotelName(random: Random, city: string, stars: number): string[] {
  const noun = random.pick(NOUNS);
  switch (random.int(0, 6)) {
    case 0:
      return ['Hotel', random.pick(HOTEL_WORDS), city];
    case 1:
      return ['The', noun, 'House', city];
    case 2:
      return [random.pick(ADJECTIVES), noun, random.pick(stars >= 4 ? KINDS : MODEST_KINDS), city];
    case 3:
      return [city, noun, stars <= 2 && random.chance(0.5) ? 'Hostel' : 'Hotel'];
    case 4:
      return [random.pick(BRANDS), city, random.pick(AREAS)];
    case 5:
      return stars >= 4 ? [random.pick(HOTEL_WORDS), 'Palace', city] : ['Hotel', random.pick(HOTEL_WORDS)];
    default:
      return [random.pick(ADJECTIVES), noun, random.pick(stars >= 4 ? KINDS : MODEST_KINDS)];
  }
}

/** Letters that Unicode does not decompose into a base letter and an accent. */
const FOLDED: Readonly<Record<string, string>> = names.foldedLetters;
const SLUG_MAX = 64;

/** Lower-case ASCII words joined by single hyphens ("São Paulo" → "sao-paulo"); may be empty. */
function slugWords(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđðþı]/g, (letter) => FOLDED[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The slug words cut to fit, then the id part that makes the slug unique. */
function withUniquePart(words: string, uniquePart: string): string {
  const room = SLUG_MAX - uniquePart.length - 1;
  const head = words.slice(0, room).replace(/-+$/, '') || 'hotel';
  return `${head}-${uniquePart}`;
}

/** A slug: the name's words, cut to fit, then the id part that makes it unique. */
export function slugOf(name: string, uniquePart: string): string {
  return withUniquePart(slugWords(name), uniquePart);
}

const slugWordCache = new Map<string, string>();
/** slugOf for a name given as words: the same slug, with each word's slug made once per run. */
export function slugOfWords(words: readonly string[], uniquePart: string): string {
  const slugs: string[] = [];
  for (const word of words) {
    let slug = slugWordCache.get(word);
    if (slug === undefined) {
      slug = slugWords(word);
      // City names are bounded (about ten thousand), but a long-lived process should not grow forever.
      if (slugWordCache.size > 50_000) slugWordCache.clear();
      slugWordCache.set(word, slug);
    }
    if (slug) slugs.push(slug);
  }
  return withUniquePart(slugs.join('-'), uniquePart);
}
