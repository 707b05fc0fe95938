// What billing does on other services' events: an itinerary cancelled or expired, a booking that failed,
// a creator's profile (who earns a slug's commission), and a creator's role revoked or given back by staff.
import { createServiceConsumer, type ServiceApp } from '@travelclub/kit';
import type { CreatorRoleFlows } from '../flows/creator-roles.js';
import type { RefundFlows } from '../flows/refunds.js';

export function billingConsumer(app: ServiceApp, refunds: RefundFlows, creators: CreatorRoleFlows) {
  return (
    createServiceConsumer(app, { groupId: 'billing' })
      .handle('itinerary.cancelled', async (event, ctx) => refunds.onCancelled(event.payload, ctx))
      .handle('itinerary.expired', async (event) => refunds.onExpired(event.payload))
      .handle('catalog.booking.failed', async (event, ctx) => refunds.onBookingFailed(event.payload, ctx))
      .handle('creator.profile.updated', async ({ payload }) =>
        creators.profileUpdated(payload.slug, payload.userId, payload.publicName),
      )
      // Each is conditional on its time, so a redelivered or late old one changes nothing.
      .handle('auth.role.revoked', async ({ payload, occurredAt }, ctx) =>
        creators.revoked(payload.userId, payload.role, new Date(occurredAt), ctx),
      )
      .handle('auth.role.granted', async ({ payload, occurredAt }) =>
        creators.granted(payload.userId, payload.role, new Date(occurredAt)),
      )
  );
}
