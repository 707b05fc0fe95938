// The ordering and tagging rules of spec section 4: rates cheapest first, room types by their cheapest
// rate with those without rates last, and the "Free Cancellation" tag.
import type { Money, RateOffer, RoomRate } from '@travelclub/contracts';
import { FREE_CANCELLATION_TAG, hasFreeCancellation } from './rates.js';

/** Tags a rate: "Free Cancellation" when one of its cancellation charges is zero. */
export function tagRate(rate: RoomRate): RateOffer {
  return { ...rate, tags: hasFreeCancellation(rate) ? [FREE_CANCELLATION_TAG] : [] };
}

/** Rates by total price, ascending; equal prices keep their order. */
export function orderRates<R extends { totalPrice: Money }>(rates: R[]): R[] {
  return [...rates].sort((a, b) => a.totalPrice.amount - b.totalPrice.amount);
}

/** Room types with their rates ordered, then by their cheapest rate; room types without rates last. */
export function orderRoomTypes<T extends { rooms: { totalPrice: Money }[] }>(roomTypes: T[]): T[] {
  const cheapest = (rt: T) => rt.rooms[0]?.totalPrice.amount ?? Number.POSITIVE_INFINITY;
  return roomTypes
    .map((rt) => ({ ...rt, rooms: orderRates(rt.rooms) }))
    .sort((a, b) => {
      const x = cheapest(a);
      const y = cheapest(b);
      return x === y ? 0 : x < y ? -1 : 1;
    });
}

/** The address joined as one line (spec section 3). */
export function addressLine(address: {
  line1: string;
  line2?: string;
  city: string;
  state?: string;
  postalCode?: string;
  countryCode: string;
}): string {
  const cityPart = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.line1, address.line2, cityPart, address.state, address.countryCode].filter(Boolean).join(', ');
}
