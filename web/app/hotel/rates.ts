// The rate rules of spec section 4, as the page applies them: rates by total price, room types by their
// cheapest rate (those without rates last), and the 'Free Cancellation' tag.
import type { Money } from '@travelclub/contracts';

export const FREE_CANCELLATION = 'Free Cancellation';

/** Rates by total price, ascending; equal prices keep the order they came in. */
export function sortRates<R extends { totalPrice: Money }>(rates: readonly R[]): R[] {
  return [...rates].sort((a, b) => a.totalPrice.amount - b.totalPrice.amount);
}

/** Room types with their rates sorted, cheapest room type first; room types without rates come last. */
export function sortRoomTypes<T extends { rooms: readonly { totalPrice: Money }[] }>(roomTypes: readonly T[]): T[] {
  const cheapest = (rt: T) => rt.rooms[0]?.totalPrice.amount ?? Number.POSITIVE_INFINITY;
  return roomTypes
    .map((rt) => ({ ...rt, rooms: sortRates(rt.rooms) }))
    .sort((a, b) => {
      const x = cheapest(a);
      const y = cheapest(b);
      // Infinity - Infinity is NaN: compare rather than subtract, so rate-less types keep their order.
      return x === y ? 0 : x < y ? -1 : 1;
    });
}

/** Whether the rate has a zero-amount cancellation charge (spec section 4). */
export const hasFreeCancellation = (rate: { cancellationCharges: readonly { amount: Money }[] }) =>
  rate.cancellationCharges.some((charge) => charge.amount.amount === 0);

/** The tags a rate shows. */
export const rateTags = (rate: { cancellationCharges: readonly { amount: Money }[] }): string[] =>
  hasFreeCancellation(rate) ? [FREE_CANCELLATION] : [];
