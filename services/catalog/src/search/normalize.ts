// Folds names and queries to one comparable form (lower case, no accents, single spaces) so that
// "São Paulo", "SAO  PAULO" and "sao-paulo" all index and search as "sao paulo".

// Letters that carry no combining mark under NFD, so stripping marks alone would leave them as is.
const FOLDS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

const COMBINING_MARKS = /\p{M}+/gu;
const FOLDABLE = /[ßæœøłđðþı]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;
// Most names are plain ASCII; they skip the Unicode decomposition, which dominates build time otherwise.
const ASCII_ONLY = /^[\x20-\x7e]*$/;
const ASCII_SEPARATORS = /[^a-z0-9]+/g;

/** Lower-cases, strips diacritics, turns every run of non-alphanumerics into one space, and trims. */
export function normalizeText(s: string): string {
  const lower = s.toLowerCase();
  if (ASCII_ONLY.test(lower)) return lower.replace(ASCII_SEPARATORS, ' ').trim();
  return lower
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(FOLDABLE, (ch) => FOLDS[ch] ?? ch)
    .replace(SEPARATORS, ' ')
    .trim();
}
