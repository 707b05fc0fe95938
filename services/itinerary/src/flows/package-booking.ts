// Booking a creator's travel package (`POST /itinerary/fromTravelPackage/{id}`, docs/creator.md): the package
// read from the creator service, each of its stays (consecutive nights in one hotel and room type) held at the
// catalog like any room added to a cart (a search for the stay, the room type's cheapest rate, the hold), then
// the new cart written once, attributed to the creator, with all the rooms and their events. All or nothing: a
// refused hold lets go of the holds already taken, and no cart is written.
import { randomUUID } from 'node:crypto';
import {
  endpoints,
  type AuthUser,
  type FromTravelPackageBody,
  type Hold,
  type PackageStay,
} from '@travelclub/contracts';
import { appError, type CausalContext, type OutboxEvent, type ServiceClient } from '@travelclub/kit';
import { addRoom, placementOf } from '../domain/cart.js';
import { newItinerary, type ItineraryRecord } from '../domain/itinerary.js';
import { assertBookable, stayDates } from '../domain/package-booking.js';
import { cartAdds } from '../metrics.js';
import type { ItineraryStore } from '../store/itineraries.js';
import { behalfOf, type CartHolds } from './cart-holds.js';
import { newLineItemId, roomAdded } from './cart.js';

export interface PackageBookingDeps {
  store: ItineraryStore;
  catalog: ServiceClient;
  creator: ServiceClient;
  holds: CartHolds;
}

interface Party {
  adults: number;
  rooms: number;
}

/** A rate with a moment from which cancelling costs nothing. */
const freeToCancel = (rate: { cancellationCharges: { amount: { amount: number } }[] }) =>
  rate.cancellationCharges.some((charge) => charge.amount.amount === 0);

export function packageBookingFlows({ store, catalog, creator, holds }: PackageBookingDeps) {
  /** One stay held at the catalog for the cart-to-be: its cheapest rate of the package's room type. */
  async function holdStay(
    draft: ItineraryRecord,
    stay: PackageStay,
    checkIn: string,
    party: Party,
    ctx: CausalContext,
  ) {
    const { checkInDate, checkOutDate } = stayDates(checkIn, stay);
    const { hotelId } = stay;
    const hotel = await catalog.call(endpoints.catalog.hotel, { params: { id: hotelId } }, ctx);
    const criteria = { checkIn: checkInDate, checkOut: checkOutDate, guests: party.adults, rooms: party.rooms };
    const { searchId } = await catalog.call(
      endpoints.catalog.createSearch,
      { body: { destination: hotel.destinationId, ...criteria, currency: draft.currency } },
      ctx,
    );
    const offer = await catalog.call(
      endpoints.catalog.checkAvailability,
      { params: { id: hotelId }, body: { hotelId, hotelSearchId: searchId } },
      ctx,
    );
    const roomType = offer.roomTypes.find((rt) => rt.type === stay.roomType);
    if (!roomType) throw appError('room-type-not-found');
    // Rates come cheapest first. A package is booked ahead, so the cheapest one the traveller can still cancel
    // for free is taken when there is one (spec section 4: a zero-amount charge is free cancellation). None (or
    // too few rooms left) for this party is the catalog's "no rooms".
    const rate = roomType.rooms.find(freeToCancel) ?? roomType.rooms[0];
    if (!rate || roomType.roomsLeft < party.rooms) throw appError('no-rooms-available');
    const lineItemId = newLineItemId();
    const choice = { hotelId, roomType: stay.roomType, roomId: rate.id };
    const where = { searchId, checkInDate, checkOutDate };
    return holds.holdRoom(draft, choice, where, lineItemId, [draft._id, lineItemId, rate.id], ctx);
  }

  /** The cart with every held room in it (one line item each), and the event of each. */
  function filled(draft: ItineraryRecord, placed: Hold[], ctx: CausalContext) {
    const now = new Date();
    const events: OutboxEvent[] = [];
    let record = draft;
    for (const hold of placed) {
      const placement = placementOf(hold, { searchId: '', checkInDate: hold.checkIn, checkOutDate: hold.checkOut });
      record = addRoom(record, placement, now) ?? record;
      events.push(roomAdded(record, placement, ctx));
    }
    return { record, events };
  }

  return {
    async book(user: AuthUser, packageId: string, body: FromTravelPackageBody, ctx: CausalContext) {
      const pkg = await creator.call(endpoints.creator.packageForBooking, { params: { id: packageId } }, ctx);
      const currency = assertBookable(pkg, body);
      const draft = newItinerary(
        randomUUID(),
        user.id,
        { title: pkg.title, currency, creator: pkg.creatorSlug },
        new Date(),
      );
      const placed: Hold[] = [];
      try {
        // One after the other: the first refusal stops the rest, and releases what was taken.
        for (const stay of pkg.stays) placed.push(await holdStay(draft, stay, body.checkInDate, body, ctx));
        const { record, events } = filled(draft, placed, ctx);
        const created = await store.create(record, events);
        // Each booking of a package is a cart of its own (a new id), so every call counts its rooms.
        cartAdds.inc(placed.length);
        return created;
      } catch (err) {
        await holds.releaseQuietly(
          placed.map((hold) => hold.id),
          behalfOf(draft, ctx),
        );
        throw err;
      }
    },
  };
}
export type PackageBookingFlows = ReturnType<typeof packageBookingFlows>;
