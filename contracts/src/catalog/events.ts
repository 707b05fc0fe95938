// The catalog service's events on `catalog.events`: the payload of each type (holds, bookings, searches and the
// hotels). The envelope, the topics and the map of every type are in ../events.ts.
import { z } from 'zod';
import { IdSchema, InstantSchema, SlugSchema, StayDateSchema } from '../common.js';
import { DestinationIdSchema, LocationTypeSchema } from './api.js';

/** A room of a hotel at a rate: what holds and carts are about. */
export const RoomRefSchema = z.object({ hotelId: IdSchema, roomType: z.string().min(1), rateId: IdSchema });

export const catalogEvents = {
  'catalog.hold.placed': RoomRefSchema.extend({
    holdId: IdSchema,
    itineraryId: IdSchema,
    lineItemId: IdSchema,
    checkInDate: StayDateSchema,
    checkOutDate: StayDateSchema,
    expiresAt: InstantSchema,
  }),
  'catalog.hold.released': z.object({
    holdId: IdSchema,
    hotelId: IdSchema,
    roomType: z.string().min(1),
    itineraryId: IdSchema,
    /** Expired unpaid, removed from the cart, or the itinerary cancelled (a booking's rooms are freed too). */
    reason: z.enum(['expired', 'removed', 'cancelled']),
  }),
  /** A paid itinerary's hold became a booking: the rooms stay taken for good. */
  'catalog.booking.confirmed': z.object({
    holdId: IdSchema,
    hotelId: IdSchema,
    roomType: z.string().min(1),
    itineraryId: IdSchema,
    invoiceId: IdSchema,
  }),
  /** A paid itinerary's hold had lapsed and its rooms were gone: billing refunds the charge. */
  'catalog.booking.failed': z.object({
    holdId: IdSchema,
    hotelId: IdSchema,
    roomType: z.string().min(1),
    itineraryId: IdSchema,
    invoiceId: IdSchema,
    reason: z.string(),
  }),
  /**
   * A stored search was made (or a one-off search started from a creator's page). `creator`: the slug of the
   * club page the traveller came from. No criteria and no client: analytics counts searches per creator.
   */
  'catalog.search.created': z.object({ searchId: IdSchema, creator: SlugSchema.optional() }),
  /**
   * A traveller liked a hotel or took the like back. Only a real change is published: liking twice publishes
   * once. The aggregate is the like (`<userId>|hotel-<hotelId>`), so one like's changes stay in order.
   */
  'catalog.hotel.liked': z.object({ userId: IdSchema, hotelId: IdSchema, liked: z.boolean(), at: InstantSchema }),
  /**
   * The same for a destination, aggregate `<userId>|<destinationId>`. A hotel liked as a destination
   * (`hotel-<hotelId>`) is the same like as `catalog.hotel.liked`'s: either event changes it.
   */
  'catalog.destination.liked': z.object({
    userId: IdSchema,
    destinationId: DestinationIdSchema,
    locationType: LocationTypeSchema,
    liked: z.boolean(),
    at: InstantSchema,
  }),
} as const;
