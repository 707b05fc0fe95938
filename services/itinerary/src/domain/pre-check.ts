// The check before payment (docs/booking.md, "Checkout"): for each room, whether the catalog still holds it at
// the quoted price, quotes another price, let the hold go or lapse, or has no such hold any more.
import type { BookedRoom, Hold, PreCheckAnswer } from '@travelclub/contracts';
import { allRooms, totalOf, type ItineraryRecord } from './itinerary.js';

type Line = PreCheckAnswer['lines'][number];

/** A room's state from its hold as the catalog has it now (null: the catalog has none by that id). */
function roomState(room: BookedRoom, hold: Hold | null, now: Date): Pick<Line, 'status' | 'current'> {
  if (!hold) return { status: 'unavailable', current: null };
  if (hold.status === 'booked') return { status: 'ok', current: hold.quote.rate.totalPrice };
  if (hold.status === 'released' || Date.parse(hold.expiresAt) <= now.getTime())
    return { status: 'hold-expired', current: null };
  const current = hold.quote.rate.totalPrice;
  const same = current.amount === room.totalPrice.amount && current.currency === room.totalPrice.currency;
  return { status: same ? 'ok' : 'price-changed', current };
}

/** The answer from the holds of every room, in the order of `allRooms`; ok only for rooms all still good. */
export function preCheckOf(record: ItineraryRecord, holds: (Hold | null)[], now: Date): PreCheckAnswer {
  const lines = allRooms(record).map(({ item, room }, i): Line => {
    const hold = holds[i] ?? null;
    const { status, current } = roomState(room, hold, now);
    return {
      lineItemId: item.identity,
      holdId: room.holdId,
      hotelId: item.hotelBooking.hotelId,
      status,
      quoted: room.totalPrice,
      current,
      holdExpiresAt: hold?.expiresAt ?? null,
    };
  });
  return {
    itineraryId: record._id,
    ok: lines.length > 0 && lines.every((line) => line.status === 'ok'),
    total: totalOf(record),
    lines,
  };
}
