// What billing does on other services' events: an itinerary cancelled or expired, a booking that failed,
// and a creator's profile (who earns a slug's commission).
import { topics } from '@travelclub/contracts';
import { createServiceConsumer, handler, type ServiceApp } from '@travelclub/kit';
import type { RefundFlows } from '../flows/refunds.js';
import type { CreatorStore } from '../store/creators.js';

export function billingConsumer(app: ServiceApp, refunds: RefundFlows, creators: CreatorStore) {
  return createServiceConsumer(app, { groupId: 'billing' })
    .on(
      topics.itinerary,
      handler('itinerary.cancelled', async (event, ctx) => refunds.onCancelled(event.payload, ctx)),
    )
    .on(
      topics.itinerary,
      handler('itinerary.expired', async (event) => refunds.onExpired(event.payload)),
    )
    .on(
      topics.catalog,
      handler('catalog.booking.failed', async (event, ctx) => refunds.onBookingFailed(event.payload, ctx)),
    )
    .on(
      topics.creator,
      handler('creator.profile.updated', async (event) => {
        await creators.upsert(event.payload.slug, event.payload.userId, event.payload.publicName);
      }),
    );
}
