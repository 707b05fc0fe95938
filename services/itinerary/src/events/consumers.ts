// The events the itinerary hears from billing, the catalog and auth, each handed to its reaction (flows/reactions.ts).
// The kit records handled event ids; the conditional updates make a copy that slips through a no-op too.
import { createServiceConsumer, type ServiceApp } from '@travelclub/kit';
import type { ReactionFlows } from '../flows/reactions.js';

export function itineraryConsumer(app: ServiceApp, reactions: ReactionFlows) {
  return createServiceConsumer(app, { groupId: 'itinerary' })
    .handle('billing.invoice.paid', async (event, ctx) => {
      await reactions.invoicePaid(event.payload.itineraryId, event.payload.invoiceId, ctx);
    })
    .handle('billing.refund.issued', async (event) => {
      const { itineraryId, invoiceId, refundId, amount, reason } = event.payload;
      if (reason === 'goodwill') await reactions.goodwillRefunded(itineraryId, { refundId, invoiceId, amount });
    })
    .handle('catalog.hold.released', async (event, ctx) => {
      const { itineraryId, holdId, reason } = event.payload;
      await reactions.holdReleased(itineraryId, holdId, reason, ctx);
    })
    .handle('catalog.booking.failed', async (event, ctx) => {
      await reactions.bookingFailed(event.payload.itineraryId, ctx);
    })
    .handle('auth.anonymous.merged', async (event) => {
      await reactions.anonymousMerged(event.payload.anonymousId, event.payload.userId);
    });
}
