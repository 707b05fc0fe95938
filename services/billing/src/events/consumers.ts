// What billing does on other services' events: an itinerary cancelled or expired, a booking that failed,
// and a creator's profile (who earns a slug's commission).
import { createServiceConsumer, type ServiceApp } from '@travelclub/kit';
import type { RefundFlows } from '../flows/refunds.js';
import type { CreatorStore } from '../store/creators.js';

export function billingConsumer(app: ServiceApp, refunds: RefundFlows, creators: CreatorStore) {
  return createServiceConsumer(app, { groupId: 'billing' })
    .handle('itinerary.cancelled', async (event, ctx) => refunds.onCancelled(event.payload, ctx))
    .handle('itinerary.expired', async (event) => refunds.onExpired(event.payload))
    .handle('catalog.booking.failed', async (event, ctx) => refunds.onBookingFailed(event.payload, ctx))
    .handle('creator.profile.updated', async (event) => {
      await creators.upsert(event.payload.slug, event.payload.userId, event.payload.publicName);
    });
}
