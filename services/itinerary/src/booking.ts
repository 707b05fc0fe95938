// The booking flow of docs/booking.md as the routes and consumers use it: who may see and change an
// itinerary, placing and releasing room holds in the catalog around each single-document change, the
// invoice from billing, the payment lock, and what billing's and the catalog's events do to the status.
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_CURRENCY,
  type AddHotelBody,
  type AuthUser,
  type CancellationTerms,
  type InvoiceDraft,
  type LeadGuest,
  type PreCheckAnswer,
  type UpdateHotelBody,
} from '@travelclub/contracts';
import {
  appError,
  assertCanAccess,
  newEvent,
  type CausalContext,
  type Logger,
  type OutboxEvent,
} from '@travelclub/kit';
import { behalfOf, cartHolds, placementOf, stayOf } from './cart-holds.js';
import type { BillingClient, CatalogClient } from './clients/neighbours.js';
import { assertPayable, awaitPayment, invoiceDraftOf, invoiceMismatch, refuseRevision } from './domain/invoice.js';
import {
  actingRole,
  addRoom,
  allRooms,
  assertCartEditable,
  cancel,
  cancellationMoney,
  confirm,
  holdReleased,
  lineItemFor,
  removeRooms,
  roomsToTake,
  swapRooms,
  termsFor,
  termsOf,
  totalOf,
  type ItineraryRecord,
  type RoomPlacement,
} from './domain/itinerary.js';
import { setGuestDetails, updateCustomerData, type GuestRooms } from './domain/guests.js';
import type { BookingMailer } from './mail.js';
import { paymentLockFlow } from './payment-lock.js';
import type { ItineraryStore } from './store/itineraries.js';

/** The signed-in traveller (or staff) a route acts for, and the request's ids. */
export interface Caller {
  user: AuthUser;
  ctx: CausalContext;
}

export interface BookingDeps {
  store: ItineraryStore;
  catalog: CatalogClient;
  billing: BillingClient;
  mailer: BookingMailer;
  paymentLockSeconds: number;
  log: Logger;
}

const newLineItemId = () => `li_${randomUUID().replace(/-/g, '').slice(0, 16)}`;

export type BookingService = ReturnType<typeof bookingService>;

export function bookingService({ store, catalog, billing, mailer, paymentLockSeconds, log }: BookingDeps) {
  const { releaseQuietly, holdRoom } = cartHolds({ catalog, log });

  /** The itinerary if the caller may see it: its owner, or support staff (whose read is recorded). */
  async function visible(id: string, user: AuthUser, action: string): Promise<ItineraryRecord> {
    const record = await store.get(id);
    if (!record) throw appError('itinerary-not-found');
    assertCanAccess(user, record.ownerId, 'itinerary-not-found');
    if (user.id !== record.ownerId) {
      await store.recordStaffAction(id, { at: new Date(), userId: user.id, action });
      log.info({ staffId: user.id, itineraryId: id, action }, 'support staff acted on an itinerary');
    }
    return record;
  }

  /** Only the owner changes their cart: anyone else is told it does not exist. */
  async function owned(id: string, user: AuthUser): Promise<ItineraryRecord> {
    const record = await store.get(id);
    if (!record || record.ownerId !== user.id) throw appError('itinerary-not-found');
    return record;
  }

  async function mutateOrMissing(...args: Parameters<ItineraryStore['mutate']>) {
    const result = await store.mutate(...args);
    if (!result) throw appError('itinerary-not-found');
    return result;
  }

  const paymentLock = paymentLockFlow({ store, catalog, billing, paymentLockSeconds, mutateOrMissing });
  const { letGoOfEndedPayment } = paymentLock;

  const roomAdded = (record: ItineraryRecord, placement: RoomPlacement, ctx: CausalContext) =>
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

  const cancelled = (record: ItineraryRecord, terms: CancellationTerms, ctx: CausalContext): OutboxEvent => {
    const cancellation = record.cancellation!;
    return newEvent(
      'itinerary.cancelled',
      record._id,
      {
        itineraryId: record._id,
        userId: record.ownerId,
        ...(record.invoiceId ? { invoiceId: record.invoiceId } : {}),
        cancelledBy: cancellation.by,
        cancelledAt: cancellation.at,
        reason: cancellation.reason,
        terms,
      },
      ctx,
    );
  };

  /** Sends the cancellation mail; a queue that is down must not undo a cancellation already made. */
  async function mailCancellation(record: ItineraryRecord, wasPaid: boolean) {
    const cancellation = record.cancellation!;
    const failed = cancellation.reason === 'booking-failed';
    const at = new Date(cancellation.at);
    const { charge, refund } = cancellationMoney(record, termsFor(record), at, wasPaid, failed);
    await mailer
      .cancelled(record, { charge, refund })
      .catch((err: unknown) => log.error({ err, itineraryId: record._id }, 'could not queue the cancellation mail'));
  }

  return {
    visible,

    async create(user: AuthUser, body: { title?: string; currency?: string; creator?: string }) {
      const now = new Date();
      return store.create({
        _id: randomUUID(),
        title: body.title ?? '',
        currency: body.currency ?? DEFAULT_CURRENCY,
        status: 'draft',
        ownerId: user.id,
        ...(body.creator ? { creator: body.creator } : {}),
        lineItems: [],
        createdAt: now,
        updatedAt: now,
        revision: 0,
        version: 0,
        staffActions: [],
      });
    },

    list: (user: AuthUser, take: number, skip: number) => store.listOf(user.id, take, skip),

    async latest(user: AuthUser) {
      const record = await store.latestOpen(user.id);
      if (!record) throw appError('itinerary-not-found');
      return record;
    },

    async addHotel(id: string, body: AddHotelBody, caller: Caller): Promise<ItineraryRecord> {
      if (!body.searchId || !body.checkInDate || !body.checkOutDate) throw appError('search-or-dates-not-found');
      const record = await letGoOfEndedPayment(await owned(id, caller.user), caller.ctx);
      assertCartEditable(record, new Date());
      if (body.lineItemId)
        lineItemFor(record, body.lineItemId, {
          hotelId: body.hotelId,
          checkInDate: body.checkInDate,
          checkOutDate: body.checkOutDate,
        });
      const stay = stayOf(body);
      const lineItemId = body.lineItemId ?? newLineItemId();
      const hold = await holdRoom(record, body, stay, lineItemId, [record._id, lineItemId, body.roomId], caller.ctx);
      const placement = placementOf(hold, stay);
      try {
        const result = await mutateOrMissing(id, (current) => {
          const next = addRoom(current, placement, new Date(), body.creator);
          return next && { record: next, events: [roomAdded(next, placement, caller.ctx)] };
        });
        return result.record;
      } catch (err) {
        // The itinerary changed meanwhile (paid, cancelled, locked): it stays exactly as it was.
        await releaseQuietly([hold.id], behalfOf(record, caller.ctx));
        throw err;
      }
    },

    async updateHotel(id: string, body: UpdateHotelBody, caller: Caller): Promise<ItineraryRecord> {
      if (!body.searchId || !body.checkInDate || !body.checkOutDate) throw appError('search-or-dates-not-found');
      const record = await letGoOfEndedPayment(await owned(id, caller.user), caller.ctx);
      assertCartEditable(record, new Date());
      const old = roomsToTake(record, body.lineItemId).map((room) => room.holdId);
      const stay = stayOf(body);
      const hold = await holdRoom(
        record,
        body,
        stay,
        body.lineItemId,
        [record._id, body.lineItemId, body.roomId, `r${record.revision}`],
        caller.ctx,
      );
      if (old.includes(hold.id)) return record; // the same room again: nothing to swap
      const placement = placementOf(hold, stay);
      let result;
      try {
        result = await mutateOrMissing(id, (current) => {
          const swap = swapRooms(current, placement, old, new Date());
          return {
            record: swap.record,
            events: [
              roomRemoved(current, body.lineItemId, swap.oldHotelId, caller.ctx),
              roomAdded(swap.record, placement, caller.ctx),
            ],
          };
        });
      } catch (err) {
        await releaseQuietly([hold.id], behalfOf(record, caller.ctx));
        throw err;
      }
      await releaseQuietly(old, behalfOf(record, caller.ctx));
      return result.record;
    },

    async removeHotel(id: string, body: { lineItemId: string; holdId?: string }, caller: Caller) {
      const record = await letGoOfEndedPayment(await owned(id, caller.user), caller.ctx);
      let removed: string[] = [];
      const result = await mutateOrMissing(id, (current) => {
        const change = removeRooms(current, body.lineItemId, body.holdId, new Date());
        removed = change.removed.filter((room) => room.holdStatus === 'held').map((room) => room.holdId);
        return {
          record: change.record,
          events: [roomRemoved(current, body.lineItemId, change.hotelId, caller.ctx)],
        };
      });
      await releaseQuietly(removed, behalfOf(record, caller.ctx));
      return result.record;
    },

    async setGuestDetails(id: string, body: { leadGuest: LeadGuest; rooms: GuestRooms[] }, caller: Caller) {
      await owned(id, caller.user);
      const result = await mutateOrMissing(id, (current) => ({
        record: setGuestDetails(current, body.leadGuest, body.rooms, new Date()),
      }));
      return result.record;
    },

    async updateCustomerData(id: string, body: { leadGuest: Partial<LeadGuest>; title?: string }, caller: Caller) {
      await owned(id, caller.user);
      const result = await mutateOrMissing(id, (current) => ({
        record: updateCustomerData(current, body, new Date()),
      }));
      return result.record;
    },

    async createInvoice(id: string, caller: Caller): Promise<ItineraryRecord> {
      const record = await owned(id, caller.user);
      if (record.status === 'pending_payment' && record.invoiceId) return record;
      const now = new Date();
      assertCartEditable(record, now);
      assertPayable(record, now);
      const terms = termsOf(record);
      // Billing reads what the invoice says from this service (`invoiceDraft`). Its answer is checked all the
      // same: an invoice made for this revision in any other way is never the one awaited.
      const invoice = await billing.createInvoice({ itineraryId: record._id, revision: record.revision }, caller.ctx);
      const mismatch = invoiceMismatch(record, terms, invoice);
      if (mismatch.length > 0) {
        log.error({ itineraryId: id, invoiceId: invoice.id, mismatch }, 'billing answered an invoice that is not ours');
        // A new revision: the next createInvoice asks for a new invoice, and billing voids this one as older.
        await store.mutate(id, (current) => {
          const next = refuseRevision(current, record.revision, new Date());
          return next && { record: next };
        });
        throw appError('invoice-mismatch');
      }
      const result = await mutateOrMissing(id, (current) => {
        const next = awaitPayment(current, record.revision, invoice.id, terms, new Date());
        return next && { record: next };
      });
      return result.record;
    },

    /** For billing: what the invoice of this revision says (lines, prices, terms, owner), from our own data. */
    async invoiceDraft(id: string, revision: number): Promise<InvoiceDraft> {
      const record = await store.get(id);
      if (!record) throw appError('itinerary-not-found');
      return invoiceDraftOf(record, revision, new Date());
    },

    async cancel(id: string, caller: Caller): Promise<ItineraryRecord> {
      const { user } = caller;
      const record = await store.get(id);
      if (!record) throw appError('itinerary-not-found');
      assertCanAccess(user, record.ownerId, 'itinerary-not-found');
      await letGoOfEndedPayment(record, caller.ctx);
      const byStaff = user.id !== record.ownerId;
      const by = { userId: user.id, role: actingRole(user) };
      let wasPaid = false;
      const result = await mutateOrMissing(id, (current) => {
        wasPaid = current.status === 'confirmed';
        const now = new Date();
        const next = cancel(current, by, 'requested', now)!;
        return {
          record: next,
          events: [cancelled(next, next.terms!, caller.ctx)],
          ...(byStaff ? { staffAction: { at: now, userId: user.id, action: 'cancel' } } : {}),
        };
      });
      if (byStaff) log.info({ staffId: user.id, itineraryId: id, action: 'cancel' }, 'support staff cancelled');
      await mailCancellation(result.record, wasPaid);
      return result.record;
    },

    async cancellationTerms(id: string, user: AuthUser) {
      const record = await visible(id, user, 'read-cancellation-terms');
      const terms = termsFor(record);
      const { charge, refund } = cancellationMoney(record, terms, new Date(), record.status === 'confirmed');
      return { itineraryId: id, terms, chargeNow: charge, refundNow: refund };
    },

    async preCheck(id: string, caller: Caller): Promise<PreCheckAnswer> {
      const record = await visible(id, caller.user, 'pre-check');
      const now = Date.now();
      const lines = await Promise.all(
        allRooms(record).map(async ({ item, room }) => {
          const hold = await catalog.hold(room.holdId, behalfOf(record, caller.ctx));
          let status: PreCheckAnswer['lines'][number]['status'];
          let current = null;
          if (!hold) status = 'unavailable';
          else if (hold.status === 'booked') {
            status = 'ok';
            current = hold.quote.rate.totalPrice;
          } else if (hold.status === 'released' || Date.parse(hold.expiresAt) <= now) status = 'hold-expired';
          else {
            current = hold.quote.rate.totalPrice;
            const same = current.amount === room.totalPrice.amount && current.currency === room.totalPrice.currency;
            status = same ? 'ok' : 'price-changed';
          }
          return {
            lineItemId: item.identity,
            holdId: room.holdId,
            hotelId: item.hotelBooking.hotelId,
            status,
            quoted: room.totalPrice,
            current,
            holdExpiresAt: hold?.expiresAt ?? null,
          };
        }),
      );
      return {
        itineraryId: id,
        ok: lines.length > 0 && lines.every((line) => line.status === 'ok'),
        total: totalOf(record),
        lines,
      };
    },

    takePaymentLock: paymentLock.takePaymentLock,
    releasePaymentLock: paymentLock.releasePaymentLock,
    paymentEnded: paymentLock.paymentEnded,

    // ---------- what other services' events do ----------

    /** billing.invoice.paid: confirmed once, whatever the redeliveries; the mail is keyed by the itinerary. */
    async invoicePaid(itineraryId: string, invoiceId: string, ctx: CausalContext) {
      const result = await store.mutate(itineraryId, (current) => {
        const next = confirm(current, invoiceId, new Date());
        return (
          next && {
            record: next,
            events: [
              newEvent(
                'itinerary.confirmed',
                itineraryId,
                { itineraryId, userId: next.ownerId, invoiceId, total: totalOf(next) },
                ctx,
              ),
            ],
          }
        );
      });
      if (!result) return log.warn({ itineraryId, invoiceId }, 'an invoice was paid for an unknown itinerary');
      // Also on a redelivery: a crash between the change and the mail must not lose the mail (its job id dedupes).
      if (result.record.status === 'confirmed' && result.record.invoiceId === invoiceId)
        await mailer.confirmed(result.record);
    },

    /** catalog.hold.released: the room shows it; an unpaid cart whose hold lapsed expires. */
    async holdReleased(
      itineraryId: string,
      holdId: string,
      reason: 'expired' | 'removed' | 'cancelled',
      ctx: CausalContext,
    ) {
      await store.mutate(itineraryId, (current) => {
        const change = holdReleased(current, holdId, reason, new Date());
        if (!change) return null;
        const events = change.expired
          ? [
              newEvent(
                'itinerary.expired',
                itineraryId,
                {
                  itineraryId,
                  userId: current.ownerId,
                  ...(current.invoiceId ? { invoiceId: current.invoiceId } : {}),
                },
                ctx,
              ),
            ]
          : [];
        return { record: change.record, events };
      });
    },

    /** catalog.booking.failed: a paid room could not be booked; the itinerary is cancelled and refunded whole. */
    async bookingFailed(itineraryId: string, ctx: CausalContext) {
      let wasPaid = false;
      const result = await store.mutate(itineraryId, (current) => {
        wasPaid = current.status === 'confirmed';
        const next = cancel(current, { userId: 'system', role: 'role/support' }, 'booking-failed', new Date());
        return next && { record: next, events: [cancelled(next, next.terms!, ctx)] };
      });
      if (result?.changed) await mailCancellation(result.record, wasPaid);
    },
  };
}
