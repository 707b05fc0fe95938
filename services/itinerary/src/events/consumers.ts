// What the itinerary does on billing's and the catalog's events: paid → confirmed, a payment declined or
// refunded → its lock goes, a hold released → the room shows it (and an unpaid cart expires), a paid room
// that could not be booked → cancelled.
// The kit records handled event ids; the conditional updates make a copy that slips through a no-op too.
import { topics } from '@travelclub/contracts';
import { createServiceConsumer, handler, type ServiceApp } from '@travelclub/kit';
import type { BookingService } from '../booking.js';

export function itineraryConsumer(app: ServiceApp, booking: BookingService) {
  return createServiceConsumer(app, { groupId: 'itinerary' })
    .on(
      topics.billing,
      handler('billing.invoice.paid', async (event, ctx) => {
        await booking.invoicePaid(event.payload.itineraryId, event.payload.invoiceId, ctx);
      }),
    )
    .on(
      topics.billing,
      handler('billing.payment.failed', async (event) => {
        const { itineraryId, invoiceId, paymentId } = event.payload;
        // Events from before payments were named say nothing about which lock is theirs.
        if (paymentId) await booking.paymentEnded(itineraryId, invoiceId, paymentId);
      }),
    )
    .on(
      topics.billing,
      handler('billing.payment.refunded', async (event) => {
        const { itineraryId, invoiceId, paymentId } = event.payload;
        await booking.paymentEnded(itineraryId, invoiceId, paymentId);
      }),
    )
    .on(
      topics.catalog,
      handler('catalog.hold.released', async (event, ctx) => {
        const { itineraryId, holdId, reason } = event.payload;
        await booking.holdReleased(itineraryId, holdId, reason, ctx);
      }),
    )
    .on(
      topics.catalog,
      handler('catalog.booking.failed', async (event, ctx) => {
        await booking.bookingFailed(event.payload.itineraryId, ctx);
      }),
    );
}
