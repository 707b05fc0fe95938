// The itinerary service's events on `itinerary.events`: the payload of each type (itineraries: the cart, checkout,
// confirmation and cancellation). The envelope, the topics and the map of every type are in ../events.ts.
import { z } from 'zod';
import { IdSchema, InstantSchema, MoneySchema, SlugSchema, StayDateSchema } from '../common.js';
import { RoomRefSchema } from '../catalog/events.js';
import { RoleSchema } from '../entities.js';
import { CancellationTermsSchema } from './api.js';

export const itineraryEvents = {
  'itinerary.room.added': RoomRefSchema.extend({
    itineraryId: IdSchema,
    userId: IdSchema,
    lineItemId: IdSchema,
    checkInDate: StayDateSchema,
    checkOutDate: StayDateSchema,
    totalPrice: MoneySchema,
    /** The slug of the creator the itinerary is attributed to (the club page or `?creator=` link it came from). */
    creator: SlugSchema.optional(),
  }),
  'itinerary.room.removed': z.object({
    itineraryId: IdSchema,
    userId: IdSchema,
    lineItemId: IdSchema,
    hotelId: IdSchema,
  }),
  'itinerary.confirmed': z.object({
    itineraryId: IdSchema,
    userId: IdSchema,
    invoiceId: IdSchema,
    total: MoneySchema,
    /** The slug of the creator the itinerary is attributed to. */
    creator: SlugSchema.optional(),
  }),
  'itinerary.cancelled': z.object({
    itineraryId: IdSchema,
    userId: IdSchema,
    /** The invoice that was paid (or open) when it was cancelled. */
    invoiceId: IdSchema.optional(),
    cancelledBy: z.object({ userId: IdSchema, role: RoleSchema }),
    /** The moment the cancellation charge is judged at, whenever the event is handled. */
    cancelledAt: InstantSchema,
    /** Asked for by the traveller or support, or forced because a paid room could not be booked (full refund). */
    reason: z.enum(['requested', 'booking-failed']),
    terms: CancellationTermsSchema,
    /**
     * What the cancellation gives back of the invoice it names (version 2): the amount paid less the terms' charge
     * at `cancelledAt` (all of it when the booking failed; nothing before payment), at most what support staff's
     * refunds the itinerary knew of left. Billing gives back this, never more than its own refunds left.
     */
    refund: MoneySchema,
    /** The slug of the creator the itinerary is attributed to. */
    creator: SlugSchema.optional(),
  }),
  /** A hold lapsed before payment: the itinerary can no longer be paid. */
  'itinerary.expired': z.object({
    itineraryId: IdSchema,
    userId: IdSchema,
    invoiceId: IdSchema.optional(),
  }),
} as const;
