// The cart's room holds at the catalog (docs/booking.md, "Adding a room"): the search and stay a room is
// chosen from, the hold placed in one call (the catalog reads the search itself) in the itinerary's currency
// for the itinerary's owner, and holds let go once the itinerary let go of them.
import { createHash } from 'node:crypto';
import { holdStayIssues, type AddHotelBody, type Hold, type UpdateHotelBody } from '@travelclub/contracts';
import { appError, type CausalContext, type Logger } from '@travelclub/kit';
import type { CatalogClient, OnBehalfOf } from './clients/neighbours.js';
import { bookedRoomFrom, type ItineraryRecord, type RoomPlacement } from './domain/itinerary.js';

/** Holds are the itinerary owner's, whoever (owner or staff) is acting on the itinerary. */
export const behalfOf = (record: Pick<ItineraryRecord, 'ownerId'>, ctx: CausalContext): OnBehalfOf => ({
  ownerId: record.ownerId,
  ctx,
});

const MAX_KEY = 100;

/** A hold's idempotency key from its parts; hashed when too long for the catalog (same parts, same key). */
export function holdKey(...parts: (string | number)[]): string {
  const key = parts.join('.');
  return key.length <= MAX_KEY ? key : `k_${createHash('sha256').update(key).digest('base64url')}`;
}

/** The search and the stay a room is chosen from (the catalog holds the room if the stay is the search's). */
export interface Stay {
  searchId: string;
  checkInDate: string;
  checkOutDate: string;
}

/** Both dates and a search; dates no hold can have are no search's either, so the catalog is not asked. */
export function stayOf({ searchId, checkInDate, checkOutDate }: AddHotelBody | UpdateHotelBody): Stay {
  if (!searchId || !checkInDate || !checkOutDate || holdStayIssues(checkInDate, checkOutDate).length > 0)
    throw appError('search-or-dates-not-found');
  return { searchId, checkInDate, checkOutDate };
}

/** Where a newly held room goes in the itinerary, as the hold quoted it. */
export const placementOf = (hold: Hold, stay: Stay): RoomPlacement => ({
  lineItemId: hold.lineItemId,
  hotelId: hold.hotelId,
  hotelName: hold.hotelName,
  checkInDate: stay.checkInDate,
  checkOutDate: stay.checkOutDate,
  room: bookedRoomFrom(hold),
});

export function cartHolds({ catalog, log }: { catalog: CatalogClient; log: Logger }) {
  /** Releases holds after the itinerary let go of them; a failure only waits for the hold's own expiry. */
  async function releaseQuietly(holdIds: string[], owner: OnBehalfOf) {
    await Promise.all(
      holdIds.map((holdId) =>
        catalog
          .releaseHold(holdId, owner)
          .catch((err: unknown) =>
            log.warn({ err: (err as Error).message, holdId }, 'could not release a hold; it expires on its own'),
          ),
      ),
    );
  }

  /** Holds the room in the itinerary's currency; a quote in any other currency is never mixed in. */
  async function holdRoom(
    record: ItineraryRecord,
    body: AddHotelBody | UpdateHotelBody,
    stay: Stay,
    lineItemId: string,
    keyParts: (string | number)[],
    ctx: CausalContext,
  ): Promise<Hold> {
    const owner = behalfOf(record, ctx);
    const request = {
      searchId: stay.searchId,
      hotelId: body.hotelId,
      roomType: body.roomType,
      rateId: body.roomId,
      checkIn: stay.checkInDate,
      checkOut: stay.checkOutDate,
      itineraryId: record._id,
      lineItemId,
      currency: record.currency,
    };
    let hold = await catalog.placeHold({ idempotencyKey: holdKey(...keyParts), ...request }, owner);
    // The same key found an older hold that has ended (the room was removed, then added again): a new one.
    if (hold.status !== 'held')
      hold = await catalog.placeHold(
        { idempotencyKey: holdKey(...keyParts, `r${record.revision}`), ...request },
        owner,
      );
    if (hold.status !== 'held') throw appError('hold-expired');
    if (hold.quote.rate.totalPrice.currency !== record.currency) {
      await releaseQuietly([hold.id], owner);
      throw appError('validation-failed', [
        {
          path: 'currency',
          message: `The room is priced in ${hold.quote.rate.totalPrice.currency}, not ${record.currency}`,
        },
      ]);
    }
    return hold;
  }

  return { releaseQuietly, holdRoom };
}
