// The price model: a room's price each night from the hotel's base price, the day of the week and the
// season, and the demo occupancy model (rooms other channels have already taken each night).
import { nicePrice } from '@travelclub/contracts';
import type { RatePlan, StoredHotel, StoredRoomType } from './types.js';

/** What pricing reads of a hotel: the in-memory index keeps exactly this much. */
export type PricedHotel = Pick<StoredHotel, 'currency' | 'basePrice' | 'coordinates'>;

const DAY_MS = 86_400_000;

/** `compute` with its answers kept, all forgotten past `max` keys: searches ask about the same keys over and over. */
function kept<V>(compute: (key: string) => V, max: number): (key: string) => V {
  const answers = new Map<string, V>();
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = compute(key);
      if (answers.size > max) answers.clear();
      answers.set(key, answer);
    }
    return answer;
  };
}

/** Days since 1970-01-01 of a YYYY-MM-DD date, or NaN. Searches ask for the same few dates per room and night. */
const epochDay = kept(parseEpochDay, 10_000);

function parseEpochDay(date: string): number {
  if (date.length !== 10 || date[4] !== '-' || date[7] !== '-') return Number.NaN;
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  const ms = Date.UTC(y, m - 1, d);
  // Date.UTC rolls 2026-02-30 over to March; a date that does not round-trip is not a date.
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return Number.NaN;
  return ms / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The nights of a stay `<check-in>/<check-out>`. */
const stayNights = kept((stay) => {
  const [checkIn = '', checkOut = ''] = stay.split('/');
  const nights: string[] = [];
  const end = epochDay(checkOut);
  for (let day = epochDay(checkIn); day < end; day++) nights.push(dateOf(day));
  return Object.freeze(nights);
}, 10_000);

/** Every night of a stay, as the date it starts on: check-in up to the day before check-out (kept: searches repeat stays). */
export const nightsOf = (checkIn: string, checkOut: string) => stayNights(`${checkIn}/${checkOut}`) as string[];

/** 0 Sunday … 6 Saturday; 1970-01-01 was a Thursday. */
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

/** Friday and Saturday nights are the leisure peak; Sunday night is the quietest of the week. */
const WEEKDAY_FACTOR = [0.9, 1, 1, 1, 1.02, 1.15, 1.2] as const;

/**
 * A northern-hemisphere hotel's price level by month: high summer dearest, the winter months after the
 * holidays cheapest, spring and autumn in between.
 */
const MONTH_FACTOR = [0.84, 0.86, 0.92, 1, 1.05, 1.15, 1.25, 1.25, 1.08, 1, 0.88, 0.96] as const;
/** From 20 December to New Year's Eve, the holidays beat the season everywhere. */
const FESTIVE_FACTOR = 1.3;

/** The season's factor for a night at a latitude: flipped south of the equator, milder in the tropics. */
export function seasonFactor(date: string, latitude: number): number {
  const month = Number(date.slice(5, 7)) - 1;
  if (month === 11 && Number(date.slice(8, 10)) >= 20) return FESTIVE_FACTOR;
  const seasonal = MONTH_FACTOR[latitude < 0 ? (month + 6) % 12 : month] ?? 1;
  // Near the equator the months differ little in weather; the swing grows to its full size by the tropics.
  const strength = Math.min(1, Math.abs(latitude) / 23.5);
  return 1 + (seasonal - 1) * (0.35 + 0.65 * strength);
}

/** One room's price for one night, in minor units of the hotel's currency. */
export function nightlyPrice(
  hotel: PricedHotel,
  roomType: Pick<StoredRoomType, 'priceFactor'>,
  plan: Pick<RatePlan, 'priceFactor'>,
  date: string,
): number {
  const day = epochDay(date);
  if (Number.isNaN(day)) throw new RangeError(`Not a stay date: ${date}`);
  const raw =
    hotel.basePrice *
    roomType.priceFactor *
    plan.priceFactor *
    (WEEKDAY_FACTOR[weekdayOf(day)] ?? 1) *
    seasonFactor(date, hotel.coordinates.latitude);
  return nicePrice(raw, hotel.currency);
}

/**
 * The price a card says a hotel costs "from" when no dates are given: a night of its cheapest room type and
 * rate plan on an ordinary weeknight (the base price, which has no season), in minor units of the hotel's
 * currency; null for a hotel with nothing to sell.
 */
export function leadPrice(
  hotel: Pick<PricedHotel, 'basePrice' | 'currency'>,
  roomTypes: readonly Pick<StoredRoomType, 'priceFactor'>[],
  plans: readonly Pick<RatePlan, 'priceFactor'>[],
): number | null {
  if (!roomTypes.length || !plans.length) return null;
  const cheapest = (factors: readonly { priceFactor: number }[]) => Math.min(...factors.map((f) => f.priceFactor));
  return nicePrice(hotel.basePrice * cheapest(roomTypes) * cheapest(plans), hotel.currency);
}

/** FNV-1a with a final avalanche: a fast, stable 32-bit hash, as good as random for the occupancy model. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
/** An id's hash, kept: searches ask about the same hotels and room types night after night. */
const idHash = kept(hash32, 1_000_000);
/** Two 32-bit values mixed into one (a murmur-style finaliser): no strings in the per-night loop. */
function mix2(a: number, b: number): number {
  let h = Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
const unit = (h: number) => h / 4_294_967_296;

/**
 * Rooms of a type already taken on a night by other channels (the demo's occupancy model). Demand rises
 * on weekends and in the northern summer and holidays (no latitude here; most hotels are northern).
 * The whole hotel is full on about 3% of nights and a single type on about 5% more, so searches show
 * sold-out hotels now and then.
 */
export function baselineTaken(hotelId: string, roomType: Pick<StoredRoomType, 'type' | 'count'>, date: string): number {
  const day = epochDay(date);
  if (Number.isNaN(day) || roomType.count <= 0) return 0;
  const weekday = weekdayOf(day);
  const weekend = weekday === 5 || weekday === 6 ? 1 : 0;
  // About -0.1 in the low season to +0.2 at the peak.
  const season = (seasonFactor(date, 45) - 1) * 0.7;
  const demand = Math.min(1, Math.max(0, 0.5 + 0.15 * weekend + season));
  const hotel = idHash(hotelId);
  if (unit(mix2(hotel, day)) < 0.015 + 0.035 * demand) return roomType.count;
  const roll = unit(mix2(mix2(hotel, idHash(roomType.type)), day));
  if (roll < 0.03 + 0.045 * demand) return roomType.count;
  // Reuses the roll above its sold-out band as the occupancy noise: spread over ±0.3 around the demand.
  const occupancy = Math.min(0.95, Math.max(0, demand - 0.3 + 0.6 * roll));
  return Math.floor(roomType.count * occupancy);
}
