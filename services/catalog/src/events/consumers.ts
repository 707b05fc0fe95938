// What the catalog does on other services' events (paid → book the holds, cancelled → release them; creators'
// recommendations, kept to rank them first), and how each instance keeps its availability projection current
// with changes other instances made.
import { createServiceConsumer, type ServiceApp } from '@travelclub/kit';
import { randomUUID } from 'node:crypto';
import type { HoldFlows } from '../flows/holds.js';
import type { RecommendationFlows } from '../flows/recommendations.js';

export function holdEventConsumer(app: ServiceApp, holds: HoldFlows) {
  return createServiceConsumer(app, { groupId: 'catalog' })
    .handle('billing.invoice.paid', async (event, ctx) => {
      await holds.bookItinerary(event.payload.itineraryId, event.payload.invoiceId, ctx);
    })
    .handle('itinerary.cancelled', async (event, ctx) => {
      await holds.cancelItinerary(event.payload.itineraryId, ctx);
    });
}

/**
 * Creators' recommended hotels and the slugs creators go by: a group of its own, so a slow creator topic never
 * holds bookings back.
 */
export function creatorPickConsumer(app: ServiceApp, recommendations: RecommendationFlows) {
  return createServiceConsumer(app, { groupId: 'catalog-creators' })
    .handle('creator.recommendation.changed', async (event) => {
      await recommendations.pickChanged(event.payload, event.occurredAt);
    })
    .handle('creator.profile.updated', async (event) => {
      await recommendations.creatorKnown(event.payload.userId, event.payload.slug);
    });
}

/**
 * Every instance hears every hold change (a group of its own, from now on) and re-reads that room type's
 * taken rooms from MongoDB, unless the change was its own (set already from its write's answer): absolute
 * numbers, so an event heard twice or late changes nothing wrong, and no record of handled events is kept (but
 * for an event it dead-lettered, recorded once a replay has it handled, which closes its letter).
 */
export function availabilityConsumer(app: ServiceApp, holds: HoldFlows) {
  const refresh = (event: Parameters<HoldFlows['reproject']>[0]) => holds.reproject(event);
  return createServiceConsumer(app, {
    groupId: `catalog-availability-${randomUUID()}`,
    fromBeginning: false,
    recordsHandled: false,
  })
    .handle('catalog.hold.placed', refresh)
    .handle('catalog.hold.released', refresh)
    .handle('catalog.booking.confirmed', refresh);
}
