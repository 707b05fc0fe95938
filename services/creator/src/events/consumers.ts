// What the creator service hears: accounts registering (their profile is made with the name they signed up
// with, and a creator's address kept for travellers' package requests) and roles granted (a traveller
// becoming a creator), and billing's word on a creator's paid plan. The kit records handled event ids.
import { createServiceConsumer, type ServiceApp } from '@travelclub/kit';
import type { CreatorFlows } from '../flows/index.js';

/** Billing's plan events: each says where the creator's plan stands now. */
const PLAN_EVENTS = [
  'billing.subscription.started',
  'billing.subscription.renewed',
  'billing.subscription.overdue',
  'billing.subscription.cancelled',
  'billing.subscription.lapsed',
] as const;

export function creatorConsumer(app: ServiceApp, { profiles, stores, analytics }: CreatorFlows) {
  const consumer = createServiceConsumer(app, { groupId: 'creator' });
  // Travellers' likes, kept here for GET /userProfile/likes: a hotel's like is the catalog's `hotel-<id>`.
  consumer.handle('catalog.hotel.liked', async ({ payload: { userId, hotelId, liked, at } }) => {
    await analytics.liked(userId, `hotel-${hotelId}`, 'hotel', liked, at);
  });
  consumer.handle('catalog.destination.liked', async ({ payload }) => {
    const { userId, destinationId, locationType, liked, at } = payload;
    await analytics.liked(userId, destinationId, locationType, liked, at);
  });
  for (const type of PLAN_EVENTS) {
    consumer.handle(type, async (event) => {
      const { userId, subscriptionId, status, currentPeriodEnd, at } = event.payload;
      await profiles.setPlan(userId, {
        status,
        subscriptionId,
        at: new Date(at),
        ...(currentPeriodEnd && { currentPeriodEnd: new Date(currentPeriodEnd) }),
      });
    });
  }
  return (
    consumer
      .handle('auth.account.registered', async (event, ctx) => {
        const { userId, email, publicName, roles } = event.payload;
        const { record, created } = await profiles.create(userId, roles, { publicName }, publicName, ctx);
        if (!created) await profiles.syncClaims(record._id, roles, ctx);
        // Unproven at sign-up (the event does not say): kept, never mailed until a token proves it.
        if (roles.includes('role/creator')) await stores.contacts.remember(userId, email, false);
      })
      .handle('auth.role.granted', async ({ payload }, ctx) => {
        if (payload.role === 'role/creator') await profiles.syncClaims(payload.userId, payload.roles, ctx, null);
        else await profiles.syncClaims(payload.userId, payload.roles, ctx);
      })
      // Support staff took a role away: the profile's claims follow, so a former creator's club stops being one
      // (public pages, packages, bookings), and a token signed before it cannot bring it back.
      .handle('auth.role.revoked', async ({ payload, occurredAt }, ctx) => {
        const revokedAt = payload.role === 'role/creator' ? new Date(occurredAt) : undefined;
        if (revokedAt) await profiles.syncClaims(payload.userId, payload.roles, ctx, revokedAt);
        else await profiles.syncClaims(payload.userId, payload.roles, ctx);
      })
  );
}
