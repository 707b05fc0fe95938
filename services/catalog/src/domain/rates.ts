// A bookable rate for one stay: its id, total price, cancellation charges and policy, local taxes and
// promotions, in the currency asked for. The id names everything but the currency, so a rate can be made again.
import { cancellationChargeAt, catalogLimits, convert, type Money, type RoomRate } from '@travelclub/contracts';
import { nightlyPrice, nightsOf, type PricedHotel } from './pricing.js';
import type { RatePlan, StoredHotel, StoredRoomType } from './types.js';
import localTaxes from './local-taxes.json' with { type: 'json' };

export const FREE_CANCELLATION_TAG = 'Free Cancellation';

/** Stays of this many nights or more get the long-stay discount. */
export const LONG_STAY_NIGHTS = 7;
const LONG_STAY_DISCOUNT = 0.1;

const DAY_MS = 86_400_000;
const MAX_ID_LENGTH = 128;
const PART = /^[A-Za-z0-9_-]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface RateKey {
  hotelId: string;
  roomType: string;
  planCode: string;
  checkIn: string;
  checkOut: string;
  rooms: number;
}

/** `<hotel>.<room type>.<plan>.<check-in>.<check-out>.<rooms>`: dots never occur inside a part. */
export function rateId(
  hotelId: string,
  roomType: string,
  planCode: string,
  checkIn: string,
  checkOut: string,
  rooms: number,
): string {
  for (const part of [hotelId, roomType, planCode])
    if (!PART.test(part)) throw new RangeError(`Rate id part may use only letters, digits, _ and -: ${part}`);
  const id = `${hotelId}.${roomType}.${planCode}.${checkIn}.${checkOut}.${rooms}`;
  if (id.length > MAX_ID_LENGTH) throw new RangeError(`Rate id longer than ${MAX_ID_LENGTH} characters: ${id}`);
  return id;
}

/** Date.parse would take 2026-02-30; the round trip does not. */
function isDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** The parts of a rate id, or null when it is not one (wrong shape, impossible dates, rooms out of range). */
export function parseRateId(id: string): RateKey | null {
  if (id.length > MAX_ID_LENGTH) return null;
  const parts = id.split('.');
  if (parts.length !== 6) return null;
  const [hotelId, roomType, planCode, checkIn, checkOut, roomsText] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (![hotelId, roomType, planCode].every((part) => PART.test(part))) return null;
  if (!isDate(checkIn) || !isDate(checkOut) || checkOut <= checkIn) return null;
  if (!/^[1-9]\d?$/.test(roomsText)) return null;
  const rooms = Number(roomsText);
  if (rooms > catalogLimits.maxRooms) return null;
  return { hotelId, roomType, planCode, checkIn, checkOut, rooms };
}

/** What a rate reads of a hotel: pricing's facts plus its id and country (for local taxes). */
export type RatedHotel = PricedHotel &
  Pick<StoredHotel, '_id'> & { address: Pick<StoredHotel['address'], 'countryCode'> };

export interface RateInput {
  hotel: RatedHotel;
  roomType: Pick<StoredRoomType, 'type' | 'name' | 'priceFactor'>;
  plan: RatePlan;
  checkIn: string;
  checkOut: string;
  rooms: number;
  /** The currency to quote in (one of contracts' supported currencies). */
  currency: string;
  /** When the rate is quoted: cancellation charges start here. */
  now: Date;
}

/**
 * Local taxes paid at the property, not in the total: a share of the room price, or a fixed amount per
 * room and night in the country's currency (local-taxes.json).
 */
type LocalTax = { name: string } & ({ percent: number } | { perRoomNight: Money });
const LOCAL_TAXES: Readonly<Record<string, LocalTax>> = localTaxes as Record<string, LocalTax>;

function localTax(countryCode: string, stayTotal: Money, roomNights: number): { name: string; amount: Money } | null {
  const tax = LOCAL_TAXES[countryCode];
  if (!tax) return null;
  const amount =
    'percent' in tax
      ? { amount: Math.round((stayTotal.amount * tax.percent) / 100), currency: stayTotal.currency }
      : convert(
          { amount: tax.perRoomNight.amount * roomNights, currency: tax.perRoomNight.currency },
          stayTotal.currency,
        );
  return { name: tax.name, amount };
}

/** "3 days before check-in", "the day of check-in" (from its midnight, UTC, as the deadline counts). */
const daysBeforeCheckIn = (days: number) =>
  days === 0 ? 'the day of check-in' : `${days} ${days === 1 ? 'day' : 'days'} before check-in`;

/** What a stay costs in the hotel's currency (minor units): the whole stay, long-stay discount applied, and its first night. */
export function stayPrice(input: Omit<RateInput, 'currency' | 'now'>): {
  nights: string[];
  total: number;
  firstNight: number;
  longStay: boolean;
} {
  const { hotel, roomType, plan, checkIn, checkOut, rooms } = input;
  const nights = nightsOf(checkIn, checkOut);
  if (nights.length < 1) throw new RangeError(`Not a stay: ${checkIn} to ${checkOut}`);
  let full = 0;
  for (const night of nights) full += nightlyPrice(hotel, roomType, plan, night);
  full *= rooms;
  const longStay = nights.length >= LONG_STAY_NIGHTS;
  const total = longStay ? full - Math.round(full * LONG_STAY_DISCOUNT) : full;
  const firstNight = Math.min(total, nightlyPrice(hotel, roomType, plan, nights[0]!) * rooms);
  return { nights, total, firstNight, longStay };
}

/** When free cancellation ends (ms since the epoch), or null when the plan never had it. */
export function freeCancellationDeadline(plan: Pick<RatePlan, 'freeCancellationDays'>, checkIn: string): number | null {
  return plan.freeCancellationDays === null
    ? null
    : Date.parse(`${checkIn}T00:00:00.000Z`) - plan.freeCancellationDays * DAY_MS;
}

/** The few facts a search result shows of a rate, without building the whole rate (searches price many). */
export function quoteRate(input: RateInput): { id: string; total: Money; freeCancellation: boolean } {
  const { hotel, roomType, plan, checkIn, checkOut, rooms, currency, now } = input;
  const deadline = freeCancellationDeadline(plan, checkIn);
  return {
    id: rateId(hotel._id, roomType.type, plan.code, checkIn, checkOut, rooms),
    total: convert({ amount: stayPrice(input).total, currency: hotel.currency }, currency),
    freeCancellation: deadline !== null && deadline > now.getTime(),
  };
}

/** The rate for one stay of `rooms` rooms, priced in the hotel's currency and quoted in `currency`. */
export function buildRate(input: RateInput): RoomRate {
  const { hotel, roomType, plan, checkIn, currency, now } = input;
  const { nights, total: stayTotal, firstNight, longStay } = stayPrice(input);
  const rooms = input.rooms;
  const local = (amount: number): Money => ({ amount, currency: hotel.currency });

  const total = convert(local(stayTotal), currency);
  const firstNightCharge = convert(local(firstNight), currency);
  const zero: Money = { amount: 0, currency };
  const nowIso = now.toISOString();

  let cancellationCharges: RoomRate['cancellationCharges'];
  let policyText: string;
  const deadline = freeCancellationDeadline(plan, checkIn);
  if (deadline === null) {
    cancellationCharges = [{ from: nowIso, amount: total }];
    policyText = 'Non-refundable: the full price is charged if you cancel.';
  } else {
    if (deadline > now.getTime()) {
      cancellationCharges = [
        { from: nowIso, amount: zero },
        { from: new Date(deadline).toISOString(), amount: firstNightCharge },
      ];
      // Words without the date: pages show the deadline (the charges' `from`) once, in the reader's own format.
      policyText = `Free cancellation until ${daysBeforeCheckIn(plan.freeCancellationDays!)}. After that, the first night is charged.`;
    } else {
      cancellationCharges = [{ from: nowIso, amount: firstNightCharge }];
      policyText = 'The free cancellation period has ended: cancelling now costs the first night.';
    }
  }

  const tax = localTax(hotel.address.countryCode, local(stayTotal), nights.length * rooms);
  const surcharges: RoomRate['surcharges'] =
    tax && tax.amount.amount > 0
      ? [{ name: `${tax.name}, paid at the property`, amount: convert(tax.amount, currency), includedInTotal: false }]
      : [];

  const offers: string[] = [];
  if (plan.priceFactor < 1)
    offers.push(`Save ${Math.round((1 - plan.priceFactor) * 100)}% by paying for a rate you cannot cancel`);
  const promotions = longStay
    ? [`Long stay: ${LONG_STAY_DISCOUNT * 100}% off stays of ${LONG_STAY_NIGHTS} nights or more, included in the price`]
    : [];

  const rate: RoomRate = {
    id: rateId(hotel._id, roomType.type, plan.code, checkIn, input.checkOut, rooms),
    rateName: plan.name,
    benefits: [...plan.benefits],
    cancellationPolicyText: policyText,
    cancellationCharges,
    surcharges,
    totalPrice: total,
    booked: false,
    extraBeds: 0,
    roomTypeName: roomType.name,
    cancellationPolicy: { charge: zero, policyText },
    offers,
    promotions,
  };
  rate.cancellationPolicy.charge = cancellationChargeAt(rate, now);
  return rate;
}

/** Spec section 4: the "Free Cancellation" tag goes on a rate with a zero-amount cancellation charge. */
export function hasFreeCancellation(rate: Pick<RoomRate, 'cancellationCharges'>): boolean {
  return rate.cancellationCharges.some((charge) => charge.amount.amount === 0);
}
