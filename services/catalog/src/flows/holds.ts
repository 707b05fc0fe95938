// Room holds as other services use them: place (all nights or none, idempotent by key), read, release,
// and what events and jobs do to them (paid → booked, cancelled or expired → released).
import { exchangeRatesRef, type AuthUser, type Hold, type PlaceHoldBody } from '@travelclub/contracts';
import { appError, canAccess, type CausalContext, type JobQueue, type Logger } from '@travelclub/kit';
import { createHash } from 'node:crypto';
import { nightsOf } from './domain/pricing.js';
import { tagRate } from './domain/rate-order.js';
import { buildRate, parseRateId } from './domain/rates.js';
import type { AvailabilityProjection } from './search/availability.js';
import type { CatalogIndex } from './search/catalog-index.js';
import { inventoryId, type HoldRecord, type InventoryStore, type TakenState } from './store/inventory.js';
import type { SearchStore } from './store/searches.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/** A hold's id follows from who asked and their key: the same request twice finds the same hold. */
export const holdIdFor = (ownerId: string, idempotencyKey: string) =>
  `hold_${sha256(`${ownerId}\n${idempotencyKey}`).slice(0, 24)}`;

export function holdView(record: HoldRecord): Hold {
  return {
    id: record.id,
    hotelId: record.hotelId,
    hotelName: record.hotelName,
    roomType: record.roomType,
    rateId: record.rateId,
    rooms: record.rooms,
    checkIn: record.checkIn,
    checkOut: record.checkOut,
    itineraryId: record.itineraryId,
    lineItemId: record.lineItemId,
    ownerId: record.ownerId,
    status: record.status,
    quote: record.quote,
    expiresAt: new Date(record.expiresAt).toISOString(),
    createdAt: new Date(record.createdAt).toISOString(),
  };
}

export interface HoldServiceDeps {
  inventory: InventoryStore;
  searches: Pick<SearchStore, 'get'>;
  index: () => CatalogIndex;
  availability: AvailabilityProjection;
  expiry: JobQueue<'hold-expiry'>;
  holdTtlSeconds: number;
  log: Logger;
}

export type HoldService = ReturnType<typeof holdService>;

export function holdService({
  inventory,
  searches,
  index,
  availability,
  expiry,
  holdTtlSeconds,
  log,
}: HoldServiceDeps) {
  const track = (hotelId: string, roomType: string, taken: TakenState | undefined) => {
    if (taken) availability.set(inventoryId(hotelId, roomType), taken);
  };
  const capacityFor = (record: Pick<HoldRecord, 'hotelId' | 'roomType' | 'nights'>) => {
    const roomType = index()
      .hotel(record.hotelId)
      ?.roomTypes.find((rt) => rt.type === record.roomType);
    return roomType ? availability.capacity(record.hotelId, roomType, record.nights) : {};
  };

  async function scheduleExpiry(record: HoldRecord) {
    const delay = Math.max(0, new Date(record.expiresAt).getTime() - Date.now());
    try {
      // One job per hold (the hold id is the job id), so a repeated request schedules nothing twice.
      await expiry.add(
        { holdId: record.id, hotelId: record.hotelId, expiresAt: new Date(record.expiresAt).toISOString() },
        { jobId: record.id, delay },
      );
    } catch (err) {
      // The hold stands; the availability-refresh sweep releases it when it is overdue.
      log.warn({ err, holdId: record.id }, 'could not schedule the hold expiry; the refresh sweep will release it');
    }
  }

  /**
   * The request for the rooms of its search, which must be there and for the same dates. Its fields in the
   * order they had when the rooms came in the body: the request hash is over them.
   */
  async function searchedRequest({ searchId, ...body }: Omit<PlaceHoldBody, 'idempotencyKey'>) {
    const criteria = await searches.get(searchId);
    if (!criteria || criteria.checkIn !== body.checkIn || criteria.checkOut !== body.checkOut)
      throw appError('search-or-dates-not-found');
    const { hotelId, roomType, rateId, checkIn, checkOut, itineraryId, lineItemId, currency } = body;
    return { hotelId, roomType, rateId, rooms: criteria.rooms, checkIn, checkOut, itineraryId, lineItemId, currency };
  }

  return {
    async place(body: PlaceHoldBody, user: AuthUser, ctx: CausalContext): Promise<{ hold: Hold; created: boolean }> {
      const { idempotencyKey, ...asked } = body;
      const request = await searchedRequest(asked);
      const hotel = index().hotel(request.hotelId);
      if (!hotel) throw appError('hotel-not-found');
      const roomType = hotel.roomTypes.find((rt) => rt.type === request.roomType);
      if (!roomType) throw appError('room-type-not-found');
      const rate = parseRateId(request.rateId);
      const plan = rate && hotel.ratePlans.find((p) => p.code === rate.planCode);
      if (
        !rate ||
        !plan ||
        rate.hotelId !== request.hotelId ||
        rate.roomType !== request.roomType ||
        rate.checkIn !== request.checkIn ||
        rate.checkOut !== request.checkOut ||
        rate.rooms !== request.rooms
      )
        throw appError('room-not-found');

      const nights = nightsOf(request.checkIn, request.checkOut);
      const quote = tagRate(
        buildRate({
          hotel: hotel,
          roomType: roomType,
          plan,
          checkIn: request.checkIn,
          checkOut: request.checkOut,
          rooms: request.rooms,
          currency: request.currency,
          now: new Date(),
        }),
      );
      const outcome = await inventory.place(
        {
          hold: {
            id: holdIdFor(user.id, idempotencyKey),
            ...request,
            hotelName: hotel.name,
            nights,
            ownerId: user.id,
            quote: { rate: quote, exchangeRates: exchangeRatesRef() },
            expiresAt: new Date(Date.now() + holdTtlSeconds * 1000),
            requestHash: sha256(JSON.stringify(request)),
          },
          capacity: availability.capacity(hotel._id, roomType, nights),
        },
        ctx,
      );
      if (outcome.outcome === 'conflict') throw appError('idempotency-key-reused');
      if (outcome.outcome === 'refused') throw appError('no-rooms-available');
      track(hotel._id, roomType.type, outcome.taken);
      if (outcome.hold.status === 'held') await scheduleExpiry(outcome.hold);
      return { hold: holdView(outcome.hold), created: outcome.outcome === 'placed' };
    },

    /** A hold its owner (or support staff) may see; anyone else is told it does not exist. */
    async get(holdId: string, user: AuthUser): Promise<Hold> {
      const record = await inventory.get(holdId);
      if (!record || !canAccess(user, record.ownerId)) throw appError('hold-not-found');
      return holdView(record);
    },

    /** The traveller took the room out of the cart: the hold ends now (a booking is cancelled, not removed). */
    async remove(holdId: string, user: AuthUser, ctx: CausalContext): Promise<Hold> {
      const record = await inventory.get(holdId);
      if (!record || !canAccess(user, record.ownerId)) throw appError('hold-not-found');
      const released = await inventory.release(holdId, 'removed', ctx);
      if (released) {
        track(released.hold.hotelId, released.hold.roomType, released.taken);
        return holdView(released.hold);
      }
      return holdView((await inventory.get(holdId)) ?? record);
    },

    /** The hold-expiry job: releases the hold if it is still unpaid at its expiry. */
    async expire(holdId: string, ctx: CausalContext): Promise<boolean> {
      const released = await inventory.release(holdId, 'expired', ctx, { dueBy: new Date(Date.now() + 1_000) });
      if (released) track(released.hold.hotelId, released.hold.roomType, released.taken);
      return released !== null;
    },

    /** billing.invoice.paid: every hold of the itinerary becomes a booking. */
    async bookItinerary(itineraryId: string, invoiceId: string, ctx: CausalContext): Promise<void> {
      for (const holdId of await inventory.idsOfItinerary(itineraryId)) {
        const record = await inventory.get(holdId);
        if (!record || (record.status === 'released' && record.releasedReason !== 'expired')) continue;
        const result = await inventory.book(holdId, invoiceId, capacityFor(record), ctx);
        track(record.hotelId, record.roomType, result.taken);
        if (result.outcome === 'failed')
          log.warn({ holdId, itineraryId, invoiceId }, 'paid hold had lapsed and its rooms are gone');
      }
    },

    /** itinerary.cancelled: holds and bookings of the itinerary give their rooms back. */
    async cancelItinerary(itineraryId: string, ctx: CausalContext): Promise<void> {
      for (const holdId of await inventory.idsOfItinerary(itineraryId)) {
        const released = await inventory.release(holdId, 'cancelled', ctx, { from: ['held', 'booked'] });
        if (released) track(released.hold.hotelId, released.hold.roomType, released.taken);
      }
    },

    /** Releases holds past their expiry whose job never ran (Redis lost it, or it could not be added). */
    async sweepOverdue(ctx: CausalContext): Promise<number> {
      let released = 0;
      for (const holdId of await inventory.overdueIds(new Date())) if (await this.expire(holdId, ctx)) released++;
      return released;
    },
  };
}
