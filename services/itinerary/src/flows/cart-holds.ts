// The cart's room holds at the catalog (docs/booking.md, "Adding a room"): the hold placed in one call (the
// catalog reads the search itself) in the itinerary's currency for the itinerary's owner, read back, and let go
// once the itinerary let go of it. Calls go through the catalog's endpoint definitions with this service's
// identity, on behalf of the itinerary's owner (whoever acts, owner or staff).
import { endpoints, type AddHotelBody, type Hold, type UpdateHotelBody } from '@travelclub/contracts';
import { AppError, appError, type CausalContext, type Logger, type ServiceClient } from '@travelclub/kit';
import { holdKey, type Stay } from '../domain/cart.js';
import type { ItineraryRecord } from '../domain/itinerary.js';

const { placeHold, readHold, releaseHold } = endpoints.catalog;

/** On whose behalf a hold call is made: the itinerary's owner, for the request or event `ctx`. */
export interface OnBehalfOf {
  ownerId: string;
  ctx: CausalContext;
}

/** Holds are the itinerary owner's, whoever (owner or staff) is acting on the itinerary. */
export const behalfOf = (record: Pick<ItineraryRecord, 'ownerId'>, ctx: CausalContext): OnBehalfOf => ({
  ownerId: record.ownerId,
  ctx,
});

export function cartHolds({ catalog, log }: { catalog: ServiceClient; log: Logger }) {
  /** A hold's address at the catalog: its id and its owner. */
  const theHold = (holdId: string, { ownerId }: OnBehalfOf) => ({ params: { id: holdId }, query: { ownerId } });

  /** Releases holds after the itinerary let go of them; a failure only waits for the hold's own expiry. */
  async function releaseQuietly(holdIds: string[], owner: OnBehalfOf) {
    await Promise.all(
      holdIds.map((holdId) =>
        catalog
          .call(releaseHold, theHold(holdId, owner), owner.ctx)
          .catch((err: unknown) =>
            log.warn({ err: (err as Error).message, holdId }, 'could not release a hold; it expires on its own'),
          ),
      ),
    );
  }

  /** The hold as the catalog has it now, or null when the owner has none by that id. */
  async function current(holdId: string, owner: OnBehalfOf): Promise<Hold | null> {
    return catalog.call(readHold, theHold(holdId, owner), owner.ctx).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'hold-not-found') return null;
      throw err;
    });
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
    const place = (...parts: (string | number)[]) =>
      catalog.call(
        placeHold,
        { query: { ownerId: owner.ownerId }, body: { idempotencyKey: holdKey(...parts), ...request } },
        ctx,
      );
    let placed = await place(...keyParts);
    // The same key found an older hold that has ended (the room was removed, then added again): a new one.
    if (placed.status !== 'held') placed = await place(...keyParts, `r${record.revision}`);
    if (placed.status !== 'held') throw appError('hold-expired');
    if (placed.quote.rate.totalPrice.currency !== record.currency) {
      await releaseQuietly([placed.id], owner);
      throw appError('validation-failed', [
        {
          path: 'currency',
          message: `The room is priced in ${placed.quote.rate.totalPrice.currency}, not ${record.currency}`,
        },
      ]);
    }
    return placed;
  }

  return { releaseQuietly, current, holdRoom };
}
export type CartHolds = ReturnType<typeof cartHolds>;
