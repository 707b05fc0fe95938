// Room holds as the itinerary uses them: place (all nights or none, idempotent by key, for the rooms of a
// stored search), read, release; and what events and jobs do to them (paid → booked, cancelled or expired →
// released). Each change also updates this instance's availability projection at once.
import { exchangeRatesRef, type AuthUser, type Hold, type PlaceHoldBody } from '@travelclub/contracts';
import { appError, canAccess, type CausalContext } from '@travelclub/kit';
import { holdIdFor, holdView, rateIsFor, requestHashOf, type HoldRecord, type HoldRequest } from '../domain/holds.js';
import { nightsOf } from '../domain/pricing.js';
import { tagRate } from '../domain/rate-order.js';
import { buildRate, parseRateId } from '../domain/rates.js';
import { inventoryId, type TakenState } from '../store/inventory.js';
import type { CatalogParts } from './parts.js';

/** The events that change a room type's taken rooms, and what each says of the hold. */
type HoldChange = 'catalog.hold.placed' | 'catalog.hold.released' | 'catalog.booking.confirmed';
type HoldChanged = { holdId: string; hotelId: string; roomType: string };

type HoldParts = Pick<CatalogParts, 'config' | 'inventory' | 'searches' | 'index' | 'availability' | 'expiry' | 'log'>;

export class HoldFlows {
  constructor(private readonly parts: HoldParts) {}

  async place(body: PlaceHoldBody, user: AuthUser, ctx: CausalContext): Promise<{ hold: Hold; created: boolean }> {
    const { inventory, availability } = this.parts;
    const { idempotencyKey, ...asked } = body;
    const request = await this.searchedRequest(asked);
    const { hotel, roomType, rate, nights } = this.priced(request);
    const outcome = await inventory.place(
      {
        hold: {
          id: holdIdFor(user.id, idempotencyKey),
          ...request,
          hotelName: hotel.name,
          nights,
          ownerId: user.id,
          quote: { rate, exchangeRates: exchangeRatesRef() },
          expiresAt: new Date(Date.now() + this.parts.config.HOLD_TTL_S * 1000),
          requestHash: requestHashOf(request),
        },
        capacity: availability.capacity(hotel._id, roomType, nights),
      },
      ctx,
    );
    if (outcome.outcome === 'conflict') throw appError('idempotency-key-reused');
    if (outcome.outcome === 'refused') throw appError('no-rooms-available');
    this.track(outcome.hold, outcome.taken, outcome.outcome === 'placed' ? 'catalog.hold.placed' : undefined);
    if (outcome.hold.status === 'held') await this.scheduleExpiry(outcome.hold);
    return { hold: holdView(outcome.hold), created: outcome.outcome === 'placed' };
  }

  /** A hold its owner (or support staff) may see; anyone else is told it does not exist. */
  async get(holdId: string, user: AuthUser): Promise<Hold> {
    const record = await this.parts.inventory.get(holdId);
    if (!record || !canAccess(user, record.ownerId)) throw appError('hold-not-found');
    return holdView(record);
  }

  /** The traveller took the room out of the cart: the hold ends now (a booking is cancelled, not removed). */
  async remove(holdId: string, user: AuthUser, ctx: CausalContext): Promise<Hold> {
    const { inventory } = this.parts;
    const record = await inventory.get(holdId);
    if (!record || !canAccess(user, record.ownerId)) throw appError('hold-not-found');
    const released = await inventory.release(holdId, 'removed', ctx);
    if (released) {
      this.track(released.hold, released.taken, 'catalog.hold.released');
      return holdView(released.hold);
    }
    return holdView((await inventory.get(holdId)) ?? record);
  }

  /** The hold-expiry job: releases the hold if it is still unpaid at its expiry. */
  async expire(holdId: string, ctx: CausalContext): Promise<boolean> {
    const released = await this.parts.inventory.release(holdId, 'expired', ctx, {
      dueBy: new Date(Date.now() + 1_000),
    });
    if (released) this.track(released.hold, released.taken, 'catalog.hold.released');
    return released !== null;
  }

  /** billing.invoice.paid: every hold of the itinerary becomes a booking. */
  async bookItinerary(itineraryId: string, invoiceId: string, ctx: CausalContext): Promise<void> {
    const { inventory, log } = this.parts;
    for (const entry of await inventory.entriesOfItinerary(itineraryId)) {
      const result = await inventory.book(entry, invoiceId, (hold) => this.capacityFor(hold), ctx);
      if (result.hold)
        this.track(result.hold, result.taken, result.outcome === 'booked' ? 'catalog.booking.confirmed' : undefined);
      if (result.outcome === 'failed')
        log.warn({ holdId: entry._id, itineraryId, invoiceId }, 'paid hold had lapsed and its rooms are gone');
    }
  }

  /** itinerary.cancelled: holds and bookings of the itinerary give their rooms back. */
  async cancelItinerary(itineraryId: string, ctx: CausalContext): Promise<void> {
    const { inventory } = this.parts;
    for (const { _id: holdId } of await inventory.entriesOfItinerary(itineraryId)) {
      const released = await inventory.release(holdId, 'cancelled', ctx, { from: ['held', 'booked'] });
      if (released) this.track(released.hold, released.taken, 'catalog.hold.released');
    }
  }

  /** Releases holds past their expiry whose job never ran (Redis lost it, or it could not be added). */
  async sweepOverdue(ctx: CausalContext): Promise<number> {
    let released = 0;
    for (const holdId of await this.parts.inventory.overdueIds(new Date()))
      if (await this.expire(holdId, ctx)) released++;
    return released;
  }

  /**
   * The scheduled refresh: overdue holds released, and settled holds moved out of their inventory documents
   * (released ones a crash left there, bookings whose stay is over).
   */
  async refresh(ctx: CausalContext): Promise<{ released: number; settled: number }> {
    const released = await this.sweepOverdue(ctx);
    const settled = await this.parts.inventory.settle(new Date());
    return { released, settled };
  }

  /**
   * A room type's holds changed: this instance's projection re-reads its taken rooms, unless the change was its
   * own and already set from its write's answer.
   */
  async reproject({ type, payload }: { type: HoldChange; payload: HoldChanged }): Promise<void> {
    if (this.parts.availability.heardOwn(`${type}/${payload.holdId}`)) return;
    const id = inventoryId(payload.hotelId, payload.roomType);
    this.parts.availability.set(id, await this.parts.inventory.takenOf(id));
  }

  /**
   * The request for the rooms of its search, which must be there and for the same dates. Its fields in the
   * order they had when the rooms came in the body: the request hash is over them.
   */
  private async searchedRequest({ searchId, ...body }: Omit<PlaceHoldBody, 'idempotencyKey'>): Promise<HoldRequest> {
    const criteria = await this.parts.searches.get(searchId);
    if (!criteria || criteria.checkIn !== body.checkIn || criteria.checkOut !== body.checkOut)
      throw appError('search-or-dates-not-found');
    const { hotelId, roomType, rateId, checkIn, checkOut, itineraryId, lineItemId, currency } = body;
    return { hotelId, roomType, rateId, rooms: criteria.rooms, checkIn, checkOut, itineraryId, lineItemId, currency };
  }

  /** The hotel, room type and rate the request names, the rate priced now; refused when one is not there. */
  private priced(request: HoldRequest) {
    const hotel = this.parts.index().hotel(request.hotelId);
    if (!hotel) throw appError('hotel-not-found');
    const roomType = hotel.roomTypes.find((rt) => rt.type === request.roomType);
    if (!roomType) throw appError('room-type-not-found');
    const key = parseRateId(request.rateId);
    const plan = key && hotel.ratePlans.find((p) => p.code === key.planCode);
    if (!key || !plan || !rateIsFor(key, request)) throw appError('room-not-found');
    const { checkIn, checkOut, rooms, currency } = request;
    const rate = tagRate(buildRate({ hotel, roomType, plan, checkIn, checkOut, rooms, currency, now: new Date() }));
    return { hotel, roomType, rate, nights: nightsOf(checkIn, checkOut) };
  }

  private async scheduleExpiry(record: HoldRecord) {
    const delay = Math.max(0, new Date(record.expiresAt).getTime() - Date.now());
    try {
      // One job per hold (the hold id is the job id), so a repeated request schedules nothing twice.
      await this.parts.expiry.add(
        { holdId: record.id, hotelId: record.hotelId, expiresAt: new Date(record.expiresAt).toISOString() },
        { jobId: record.id, delay },
      );
    } catch (err) {
      // The hold stands; the availability-refresh sweep releases it when it is overdue.
      this.parts.log.warn(
        { err, holdId: record.id },
        'could not schedule the hold expiry; the refresh sweep will release it',
      );
    }
  }

  /** This instance's projection set from a change's answer; `change`: the event the change wrote, if any. */
  private track(hold: HoldRecord, taken: TakenState | undefined, change?: HoldChange) {
    if (!taken) return;
    const id = inventoryId(hold.hotelId, hold.roomType);
    if (change) this.parts.availability.setOwn(id, taken, `${change}/${hold.id}`);
    else this.parts.availability.set(id, taken);
  }

  /** Rooms of the hold's type sellable each night before our own holds. */
  private capacityFor(record: Pick<HoldRecord, 'hotelId' | 'roomType' | 'nights'>) {
    const roomType = this.parts
      .index()
      .hotel(record.hotelId)
      ?.roomTypes.find((rt) => rt.type === record.roomType);
    return roomType ? this.parts.availability.capacity(record.hotelId, roomType, record.nights) : {};
  }
}
