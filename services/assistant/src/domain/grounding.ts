// The grounding check (docs/assistant.md, "Grounding"): every price in an answer and every hotel it links must
// come from a tool result of the same turn. The offline engine is grounded by construction (its tests run this
// check over every kind of answer); a model's answer is checked after it is written, and what fails is named in a
// note under it.

/** Amounts as Taylor's tools write them ("€1,234.50", "$80.00", "¥12,000", "CHF 310.00"), or a bare "EUR 80". */
const PRICE =
  /(?:[$€£¥₹₩]|[A-Z]{2}\$|\b[A-Z]{3}\s?)\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)?\s?(?:€|EUR|USD|GBP)(?![A-Za-z])/g;
const HOTEL_LINK = /\]\((\/hotel\/[^)\s?]+)/g;

/** A path as written, decoded where it can be (a malformed escape stays as it is: it matches nothing). */
function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const normalise = (price: string) => price.replace(/[\s,]/g, '');

export interface Ungrounded {
  prices: string[];
  hotels: string[];
}

/** The prices and hotel pages a turn's tool results hold, kept with its answer for the checks of later turns. */
export function groundsOf(results: readonly unknown[]): string[] {
  const text = JSON.stringify(results);
  const paths = [...text.matchAll(/"(\/hotel\/[^"?\s]+)/g)].map((m) => safeDecode(m[1]!));
  const slugs = [...text.matchAll(/"slug":"([^"]+)"/g)].map((m) => `/hotel/${m[1]!}`);
  return [...new Set([...(text.match(PRICE) ?? []), ...paths, ...slugs])];
}

/** The prices and hotel links in `answer` that no tool result in `results` holds. */
export function ungroundedClaims(answer: string, results: readonly unknown[]): Ungrounded {
  const known = JSON.stringify(results);
  const knownPrices = new Set((known.match(PRICE) ?? []).map(normalise));
  const prices = [...new Set(answer.match(PRICE) ?? [])].filter((p) => !knownPrices.has(normalise(p)));
  const knownPaths = new Set(groundsOf(results).filter((g) => g.startsWith('/hotel/')));
  const hotels = [...answer.matchAll(HOTEL_LINK)].map((m) => safeDecode(m[1]!)).filter((path) => !knownPaths.has(path));
  return { prices, hotels: [...new Set(hotels)] };
}

/** The note under an answer that names what no tool returned; empty when everything is grounded. */
export function groundingNote({ prices, hotels }: Ungrounded): string {
  const parts = [
    prices.length ? `price${prices.length > 1 ? 's' : ''} ${prices.join(', ')}` : '',
    hotels.length ? `hotel link${hotels.length > 1 ? 's' : ''} ${hotels.join(', ')}` : '',
  ].filter(Boolean);
  if (!parts.length) return '';
  return `\n\nNote: no search or tool in this conversation returned the ${parts.join(' and the ')}. Please check before you use ${prices.length + hotels.length > 1 ? 'them' : 'it'}.`;
}
