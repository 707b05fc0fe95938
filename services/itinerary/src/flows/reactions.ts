// What billing's, the catalog's and auth's events do to an itinerary (events/consumers.ts hears them): paid →
// confirmed (with the payment's trace), a hold released → the room shows it (and an unpaid
// cart expires), a paid room that could not be booked → cancelled, refunded whole, support staff's refund →
// recorded for the cancellation's sums. Each is one conditional
// change, so a redelivered event changes nothing twice.
import { currentTraceId, newEvent, type CausalContext, type Logger } from '@travelclub/kit';
import { cancel, recordGoodwillRefund } from '../domain/cancellation.js';
import { confirm, holdReleased, totalOf, withTrace, type GoodwillRefund } from '../domain/itinerary.js';
import { itinerariesCancelled, itinerariesConfirmed } from '../metrics.js';
import type { ItineraryStore } from '../store/itineraries.js';
import { cancelledEvent, type CancellationFlows } from './cancellation.js';
import type { BookingMailer } from './mails.js';

interface ReactionDeps {
  store: ItineraryStore;
  mailer: BookingMailer;
  cancellation: CancellationFlows;
  log: Logger;
}

export function reactionFlows({ store, mailer, cancellation, log }: ReactionDeps) {
  return {
    /** auth.anonymous.merged: a visitor signed in to their account, and their carts go with them. */
    async anonymousMerged(anonymousId: string, userId: string) {
      const moved = await store.handOver(anonymousId, userId);
      if (moved > 0)
        log.info({ anonymousId, userId, moved }, "an anonymous visitor's itineraries went to their account");
    },

    /**
     * billing.invoice.paid: confirmed once, whatever the redeliveries; the mail is keyed by the itinerary. The
     * event's handling continues the payment's trace: support follows the booking from then on by it.
     */
    async invoicePaid(itineraryId: string, invoiceId: string, ctx: CausalContext) {
      const traceId = currentTraceId();
      const result = await store.mutate(itineraryId, (current) => {
        const paid = confirm(current, invoiceId, new Date());
        if (!paid) return null;
        const next = withTrace(paid, traceId);
        const total = totalOf(next);
        const creator = next.creator ? { creator: next.creator } : {};
        const confirmed = { itineraryId, userId: next.ownerId, invoiceId, total, ...creator };
        return { record: next, events: [newEvent('itinerary.confirmed', itineraryId, confirmed, ctx)] };
      });
      if (!result) return log.warn({ itineraryId, invoiceId }, 'an invoice was paid for an unknown itinerary');
      // A redelivery finds it confirmed already: the mail below is sent again (deduped), the count is not.
      if (result.changed) itinerariesConfirmed.inc();
      // Also on a redelivery: a crash between the change and the mail must not lose the mail (its job id dedupes).
      if (result.record.status === 'confirmed' && result.record.invoiceId === invoiceId)
        await mailer.confirmed(result.record);
    },

    /** billing.refund.issued by support staff: a later cancellation gives back at most the rest (a copy is a no-op). */
    async goodwillRefunded(itineraryId: string, refund: GoodwillRefund) {
      await store.mutate(itineraryId, (current) => {
        const next = recordGoodwillRefund(current, refund);
        return next && { record: next };
      });
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
        const { invoiceId, ownerId: userId } = current;
        const expired = { itineraryId, userId, ...(invoiceId ? { invoiceId } : {}) };
        const events = change.expired ? [newEvent('itinerary.expired', itineraryId, expired, ctx)] : [];
        return { record: change.record, events };
      });
    },

    /** catalog.booking.failed: a paid room could not be booked; the itinerary is cancelled and refunded whole. */
    async bookingFailed(itineraryId: string, ctx: CausalContext) {
      let wasPaid = false;
      const result = await store.mutate(itineraryId, (current) => {
        wasPaid = current.status === 'confirmed';
        const next = cancel(current, { userId: 'system', role: 'role/support' }, 'booking-failed', new Date());
        return next && { record: next, events: [cancelledEvent(next, wasPaid, ctx)] };
      });
      if (!result?.changed) return;
      itinerariesCancelled.inc();
      await cancellation.mailCancellation(result.record, wasPaid);
    },
  };
}
export type ReactionFlows = ReturnType<typeof reactionFlows>;
