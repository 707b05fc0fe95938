// The cart's rooms (docs/booking.md, "Adding a room"): each room held at the catalog first, then written into
// the itinerary in one single-document change with its event; a change that cannot be written lets go of the
// hold it took, and a room taken out is let go at the catalog once the itinerary no longer has it. A cart
// awaiting payment gets its invoice taken back only once the change is known to be one it can make: every
// check passed and the new room held, so a refused request leaves the invoice as it was.
import { randomUUID } from 'node:crypto';
import type { AddHotelBody, RemoveHotelBody, UpdateHotelBody } from '@travelclub/contracts';
import { appError, newEvent, type CausalContext } from '@travelclub/kit';
import {
  addRoom,
  holdsRoom,
  lineItemFor,
  placementOf,
  removeRooms,
  roomsToTake,
  stayOf,
  swapRooms,
  type RoomPlacement,
} from '../domain/cart.js';
import { isOpen, type ItineraryRecord } from '../domain/itinerary.js';
import { cartAdds } from '../metrics.js';
import type { Caller, ItineraryAccess } from './access.js';
import { behalfOf, type CartHolds } from './cart-holds.js';
import type { InvoiceWithdrawalFlows } from './invoice-withdrawal.js';

export const newLineItemId = () => `li_${randomUUID().replace(/-/g, '').slice(0, 16)}`;

export const roomAdded = (record: ItineraryRecord, placement: RoomPlacement, ctx: CausalContext) =>
  newEvent(
    'itinerary.room.added',
    record._id,
    {
      itineraryId: record._id,
      userId: record.ownerId,
      lineItemId: placement.lineItemId,
      hotelId: placement.hotelId,
      roomType: placement.room.roomType.type,
      rateId: placement.room.rateId,
      checkInDate: placement.checkInDate,
      checkOutDate: placement.checkOutDate,
      totalPrice: placement.room.totalPrice,
      ...(record.creator ? { creator: record.creator } : {}),
    },
    ctx,
  );

const roomRemoved = (record: ItineraryRecord, lineItemId: string, hotelId: string, ctx: CausalContext) =>
  newEvent(
    'itinerary.room.removed',
    record._id,
    { itineraryId: record._id, userId: record.ownerId, lineItemId, hotelId },
    ctx,
  );

/** A search and both dates, before anything is read: without them, the cart's own error. */
function assertStayGiven<B extends AddHotelBody | UpdateHotelBody>(
  body: B,
): asserts body is B & { searchId: string; checkInDate: string; checkOutDate: string } {
  if (!body.searchId || !body.checkInDate || !body.checkOutDate) throw appError('search-or-dates-not-found');
}

interface CartDeps {
  access: ItineraryAccess;
  holds: CartHolds;
  withdrawal: InvoiceWithdrawalFlows;
}

/** The owner's cart, if its rooms may change at all (one awaiting payment may, once its invoice is back). */
async function changeable({ owned }: ItineraryAccess, id: string, user: Caller['user']) {
  const record = await owned(id, user);
  if (!isOpen(record)) throw appError('itinerary-not-editable');
  return record;
}

/**
 * Billing gives back the invoice the cart awaits (if any), then `write` puts the new hold in, given the cart as
 * it then is. If either fails
 * (a payment holds the invoice, or the itinerary changed meanwhile: paid, cancelled, awaiting another
 * payment), the new hold is let go and the cart stays exactly as it was.
 */
async function putIn<T>(
  { holds, withdrawal }: CartDeps,
  record: ItineraryRecord,
  holdId: string,
  ctx: CausalContext,
  write: (reopened: ItineraryRecord) => Promise<T>,
) {
  try {
    return await write(await withdrawal.reopen(record, ctx));
  } catch (err) {
    await holds.releaseQuietly([holdId], behalfOf(record, ctx));
    throw err;
  }
}

export function cartFlows(deps: CartDeps) {
  const { access, holds, withdrawal } = deps;
  const { mutateOrMissing } = access;
  const { holdRoom, releaseQuietly } = holds;

  return {
    async addHotel(id: string, body: AddHotelBody, caller: Caller): Promise<ItineraryRecord> {
      assertStayGiven(body);
      const { ctx } = caller;
      const record = await changeable(access, id, caller.user);
      const { hotelId, checkInDate, checkOutDate } = body;
      if (body.lineItemId) lineItemFor(record, body.lineItemId, { hotelId, checkInDate, checkOutDate });
      const stay = stayOf(body);
      const lineItemId = body.lineItemId ?? newLineItemId();
      const hold = await holdRoom(record, body, stay, lineItemId, [record._id, lineItemId, body.roomId], ctx);
      // The same request again finds its hold already in: nothing to change, nothing to take back.
      if (holdsRoom(record, hold.id)) return record;
      const placement = placementOf(hold, stay);
      const result = await putIn(deps, record, hold.id, ctx, (reopened) =>
        mutateOrMissing(
          id,
          (current) => {
            const next = addRoom(current, placement, new Date(), body.creator);
            return next && { record: next, events: [roomAdded(next, placement, ctx)] };
          },
          reopened,
        ),
      );
      if (result.changed) cartAdds.inc();
      return result.record;
    },

    async updateHotel(id: string, body: UpdateHotelBody, caller: Caller): Promise<ItineraryRecord> {
      assertStayGiven(body);
      const { ctx } = caller;
      const record = await changeable(access, id, caller.user);
      const old = roomsToTake(record, body.lineItemId).map((room) => room.holdId);
      const stay = stayOf(body);
      const keyParts = [record._id, body.lineItemId, body.roomId, `r${record.revision}`];
      const hold = await holdRoom(record, body, stay, body.lineItemId, keyParts, ctx);
      if (old.includes(hold.id)) return record; // the same room again: nothing to swap
      const placement = placementOf(hold, stay);
      const result = await putIn(deps, record, hold.id, ctx, (reopened) =>
        mutateOrMissing(
          id,
          (current) => {
            const swap = swapRooms(current, placement, old, new Date());
            const removed = roomRemoved(current, body.lineItemId, swap.oldHotelId, ctx);
            return { record: swap.record, events: [removed, roomAdded(swap.record, placement, ctx)] };
          },
          reopened,
        ),
      );
      await releaseQuietly(old, behalfOf(record, ctx));
      return result.record;
    },

    async removeHotel(id: string, body: RemoveHotelBody, { user, ctx }: Caller): Promise<ItineraryRecord> {
      const found = await changeable(access, id, user);
      roomsToTake(found, body.lineItemId, body.holdId); // a room that is not there: refused before anything else
      const record = await withdrawal.reopen(found, ctx);
      let removed: string[] = [];
      const result = await mutateOrMissing(
        id,
        (current) => {
          const change = removeRooms(current, body.lineItemId, body.holdId, new Date());
          removed = change.removed.filter((room) => room.holdStatus === 'held').map((room) => room.holdId);
          return { record: change.record, events: [roomRemoved(current, body.lineItemId, change.hotelId, ctx)] };
        },
        record,
      );
      await releaseQuietly(removed, behalfOf(record, ctx));
      return result.record;
    },
  };
}
export type CartFlows = ReturnType<typeof cartFlows>;
