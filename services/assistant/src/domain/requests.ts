// What the offline engine understands of a message (docs/assistant.md, "The offline engine"): which request it
// is, and its stay (dates by chrono-node, nights, guests), how many hotels and in what order, a period for the
// numbers, and the place named. Pure: `today` is passed in.
import * as chrono from 'chrono-node';
import { addDays, nightsBetween } from './format.js';

export type RequestKind =
  | 'hotels'
  | 'availability'
  | 'draft-recommendation'
  | 'draft-post'
  | 'numbers'
  | 'income'
  | 'my-stays'
  | 'my-packages'
  | 'ideas'
  | 'help';

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  couple: 2,
};
/** A count said in words or digits ("two", "3", "a"); undefined for anything else. */
function count(word: string | undefined): number | undefined {
  if (!word) return undefined;
  const lower = word.toLowerCase();
  const value = lower === 'a' || lower === 'an' ? 1 : (NUMBER_WORDS[lower] ?? Number(word));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/** The words of a message, lower-cased, by the platform's own word segmenter. */
export function words(text: string): string[] {
  const segmenter = new Intl.Segmenter('en', { granularity: 'word' });
  return [...segmenter.segment(text.toLowerCase())].filter((s) => s.isWordLike).map((s) => s.segment);
}

const has = (list: string[], ...wanted: string[]) => wanted.some((w) => list.includes(w));

/** Which request a message is; the first rule that matches wins, most specific first. */
export function kindOf(text: string): RequestKind {
  const w = words(text);
  const drafting = has(w, 'draft', 'write', 'compose');
  if (drafting && has(w, 'post', 'announce', 'announcement', 'instagram', 'caption')) return 'draft-post';
  if (drafting && has(w, 'recommendation', 'recommend', 'review')) return 'draft-recommendation';
  if (has(w, 'income', 'earn', 'earned', 'earnings', 'commission', 'payout', 'payouts', 'balance')) return 'income';
  if (has(w, 'numbers', 'stats', 'statistics', 'analytics', 'views', 'visitors', 'performance')) return 'numbers';
  if (has(w, 'my') && has(w, 'packages', 'package', 'itineraries')) return 'my-packages';
  if (has(w, 'my') && has(w, 'recommendations', 'stays', 'recommended')) return 'my-stays';
  const ideas =
    has(w, 'suggest', 'ideas', 'idea', 'inspire', 'inspiration') || /where (should|could|can) i go/i.test(text);
  if (ideas && !has(w, 'hotel', 'hotels')) return 'ideas';
  if (has(w, 'available', 'availability', 'free') && has(w, 'is', 'check', 'does')) return 'availability';
  if (has(w, 'hotel', 'hotels', 'stay', 'stays', 'find', 'search', 'cheapest', 'room', 'rooms')) return 'hotels';
  return 'help';
}

export interface StayWish {
  checkIn: string;
  checkOut: string;
  guests: number;
  /** Whether the dates were said, or are Taylor's default (the next weekend). */
  datesGiven: boolean;
}

/** The next Friday on or after `day` (a Friday stays itself). */
function fridayFrom(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, (5 - weekday + 7) % 7);
}

/** The stay a message asks about: its dates, nights and guests, with Taylor's defaults for what it leaves out. */
export function stayOf(text: string, today: string): StayWish {
  const guestsMatch = /\bfor (\w+)(?: (?:people|persons|guests|adults|of us))?\b(?! nights?)/i.exec(text);
  const guests = /\bcouple\b/i.test(text) ? 2 : (count(guestsMatch?.[1]) ?? 2);
  const nightsMatch = /\b(\w+) nights?\b/i.exec(text);
  const nights = count(nightsMatch?.[1]);
  const results = chrono.parse(text, new Date(`${today}T12:00:00Z`), { forwardDate: true });
  // A date with its day said ("12 December") wins over a vaguer one ("the weekend of 12 December").
  const found = results.find((r) => r.start.isCertain('day')) ?? results[0];
  const weekend = !!found && /\bweekend\b/i.test(found.text);
  let checkIn: string;
  let checkOut: string;
  if (found) {
    const start = found.start.date().toISOString().slice(0, 10);
    // A weekend is Friday to Sunday: chrono names its Saturday.
    const saturday = weekend ? addDays(start, (6 - new Date(`${start}T00:00:00Z`).getUTCDay() + 7) % 7) : start;
    checkIn = weekend ? addDays(saturday, -1) : start;
    const end = found.end?.date().toISOString().slice(0, 10);
    checkOut = end && end > checkIn ? end : addDays(checkIn, nights ?? 2);
  } else {
    checkIn = fridayFrom(addDays(today, 1));
    checkOut = addDays(checkIn, nights ?? 2);
  }
  // A stay starts tomorrow at the earliest; moved, it keeps its nights.
  if (checkIn <= today) {
    const length = Math.max(1, nightsBetween(checkIn, checkOut));
    checkIn = addDays(today, 1);
    checkOut = addDays(checkIn, length);
  }
  if (nightsBetween(checkIn, checkOut) < 1) checkOut = addDays(checkIn, nights ?? 2);
  return {
    checkIn,
    checkOut,
    guests: Number.isInteger(guests) && guests > 0 && guests <= 16 ? guests : 2,
    datesGiven: !!found,
  };
}

/** How many hotels the message asks for ("three hotels"), and in what order. */
export function listWish(text: string): { limit: number; sort: 'relevance' | 'cheapest' | 'best-rated' } {
  const said = [...text.matchAll(/\b(\w+) (?:(\w+) )?(?:hotels|stays|places|options)\b/gi)].flatMap((m) => [
    m[1],
    m[2],
  ]);
  const asked = said.map(count).find((n) => n !== undefined);
  const limit = asked && asked <= 10 ? asked : 5;
  if (/\b(cheap|cheapest|budget|lowest price|affordable|least expensive)\b/i.test(text))
    return { limit, sort: 'cheapest' };
  if (/\b(best|top|highest)[- ]?(rated|reviewed)?\b|\bluxury\b/i.test(text)) return { limit, sort: 'best-rated' };
  return { limit, sort: 'relevance' };
}

const STOP = new Set(['the', 'a', 'an', 'my', 'our', 'next', 'this', 'for', 'from', 'to', 'on', 'at', 'with']);

export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/** "May" for month 4 (January is 0). */
export const monthName = (index: number) => `${MONTHS[index]![0]!.toUpperCase()}${MONTHS[index]!.slice(1)}`;

const DATE_WORDS = `today|tomorrow|tonight|next|this|from|for|on|in|between|during|with|under|over|until|${[
  ...MONTHS,
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'weekend',
].join('|')}`;
const placeAfter = (words: string) =>
  new RegExp(`\\b(?:${words})\\s+([A-Za-zÀ-ÿ' .-]+?)(?=\\s+(?:${DATE_WORDS})\\b|[,.!?\\d]|$)`, 'i');

/** The place a message names: the words after "in", "at" or "near" (else "to"), up to a date, a number or "for". */
export function placeOf(text: string): string | null {
  for (const pattern of [placeAfter('in|at|near|around'), placeAfter('to')]) {
    const place = pattern.exec(text)?.[1]?.trim();
    if (place && !STOP.has(place.toLowerCase()) && !/^(stay|go|travel|visit)$/i.test(place)) return place;
  }
  return null;
}

/** The period the numbers are asked for; the last 30 days when the message names none. */
export function periodOf(text: string, today: string): { from: string; to: string; label: string } {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monthRange = (y: number, m: number) => {
    const from = `${y}-${String(m).padStart(2, '0')}-01`;
    const last = addDays(`${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, '0')}-01`, -1);
    return { from, to: last < today ? last : today };
  };
  const lower = text.toLowerCase();
  const days = /\b(?:last|past) (\d{1,3}) days\b/.exec(lower);
  if (days) return { from: addDays(today, -(Number(days[1]) - 1)), to: today, label: `the last ${days[1]} days` };
  if (/\b(last|previous) month\b/.test(lower))
    return { ...monthRange(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1), label: 'last month' };
  if (/\bthis month\b/.test(lower)) return { ...monthRange(year, month), label: 'this month' };
  if (/\b(last|past) week\b/.test(lower)) return { from: addDays(today, -6), to: today, label: 'the last 7 days' };
  if (/\btoday\b/.test(lower)) return { from: today, to: today, label: 'today' };
  if (/\byesterday\b/.test(lower)) return { from: addDays(today, -1), to: addDays(today, -1), label: 'yesterday' };
  if (/\bthis year\b/.test(lower)) return { from: `${year}-01-01`, to: today, label: 'this year' };
  const named = MONTHS.findIndex((m) => new RegExp(`\\b${m}\\b`).test(lower));
  if (named >= 0) {
    const m = named + 1;
    const y = m > month ? year - 1 : year;
    return { ...monthRange(y, m), label: `${monthName(named)} ${y}` };
  }
  return { from: addDays(today, -29), to: today, label: 'the last 30 days' };
}

/** Words too common in hotel names to tell one from another. */
const GENERIC = new Set([
  'hotel',
  'hotels',
  'house',
  'resort',
  'suites',
  'palace',
  'grand',
  'hostel',
  'plaza',
  'boutique',
]);

/** Which hotel of a list the message means: by ordinal ("the second one"), or by (part of) its name. */
export function pickHotel<H extends { name: string }>(text: string, hotels: readonly H[]): H | null {
  if (!hotels.length) return null;
  const lower = text.toLowerCase();
  const named = hotels.find((h) => lower.includes(h.name.toLowerCase()));
  if (named) return named;
  const ordinals = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
  const at = ordinals.findIndex((o) => new RegExp(`\\b${o}\\b`).test(lower));
  if (at >= 0) return hotels[at] ?? null;
  const number = /\b(?:number|no\.?|#)\s*(\d{1,2})\b/.exec(lower);
  if (number) return hotels[Number(number[1]) - 1] ?? null;
  if (/\b(last one|the last)\b/.test(lower)) return hotels.at(-1) ?? null;
  const said = words(text);
  const partial = hotels.find((h) => words(h.name).some((w) => w.length > 4 && !GENERIC.has(w) && said.includes(w)));
  return partial ?? (hotels.length === 1 || /\b(it|that one|this one|that hotel)\b/.test(lower) ? hotels[0]! : null);
}
