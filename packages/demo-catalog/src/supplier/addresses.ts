// Street addresses and postal codes in the style of the hotel's country (data/addresses.json).
import addresses from '../../data/addresses.json' with { type: 'json' };
import type { Random } from './random.js';

export interface StreetStyle {
  /** Street number first ("27 Market Street") or after the name ("Calle Mayor, 27"). */
  numberFirst: boolean;
  separator: string;
  streets: readonly string[];
}

const { default: DEFAULT_STYLE, ...byLanguage } = addresses.streetStyles;
/** Each country's street style, by the language its streets are named in; others get the default (English). */
const STYLE_OF: ReadonlyMap<string, StreetStyle> = new Map(
  Object.values(byLanguage).flatMap((style) => style.countries.map((code) => [code, style] as const)),
);

export function streetStyleOf(countryCode: string): StreetStyle {
  return STYLE_OF.get(countryCode) ?? DEFAULT_STYLE;
}

export function streetAddress(random: Random, style: StreetStyle): string {
  const number = random.chance(0.7) ? random.int(1, 60) : random.int(61, 240);
  const street = random.pick(style.streets);
  return style.numberFirst ? `${number}${style.separator}${street}` : `${street}${style.separator}${number}`;
}

/** Postal code shapes (9 a digit, A a letter) by country; others use five digits. */
const POSTAL_FORMATS: ReadonlyMap<string, string> = new Map(
  Object.entries(addresses.postalFormats).flatMap(([format, codes]) => codes.map((code) => [code, format] as const)),
);
/** Where hotels do not use postal codes in addresses. */
const NO_POSTAL: ReadonlySet<string> = new Set(addresses.noPostalCodes);
const LETTERS = [...addresses.postalLetters];

export function postalCode(random: Random, countryCode: string, prefix: string): { postalCode?: string } {
  if (NO_POSTAL.has(countryCode)) return {};
  const format = POSTAL_FORMATS.get(countryCode) ?? '99999';
  let digits = 0;
  let code = '';
  for (const char of format) {
    if (char === '9') {
      // The first two digits are the city's, so hotels of one city share a postal area.
      code += digits < 2 ? prefix[digits] : String(random.int(0, 9));
      digits++;
    } else if (char === 'A') code += random.pick(LETTERS);
    else code += char;
  }
  return { postalCode: code };
}
