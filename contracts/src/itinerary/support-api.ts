// Support staff's desk (the travelclub command line): the itinerary service's support bodies and answers. Staff
// find itineraries by owner, contact address, creator, hotel, stay dates or free text, and read one with what
// the service keeps beside it (invoices, holds, frozen terms, the log of what staff did to it).
import { z } from 'zod';
import { IdSchema, InstantSchema, MoneySchema, SlugSchema, StayDateSchema } from '../common.js';
import {
  BookingReferenceSchema,
  ItinerarySchema,
  ItineraryStatusSchema,
  LeadGuestSchema,
  RoomHoldStatusSchema,
} from '../entities.js';
import { CancellationTermsSchema } from './api.js';
import { EmailSchema, singleLineText } from '../validation.js';

/**
 * An id as staff type it (an owner's, a hotel's). Ids never hold blanks, quotes or braces, nor start with `$`,
 * so nothing that reads as a query operator (`{"$ne":1}`, `$where`) gets as far as a store.
 */
export const SupportLookupIdSchema = IdSchema.regex(/^[^\s${}"]+$/, 'Use an id');

/** Free text: at least two characters, so one letter does not list everything. */
export const SupportSearchTextSchema = singleLineText(z.string().trim().min(2).max(100));

/**
 * `GET /api/v1/support/itineraries`: every filter is optional and they all apply together. `hotelId` and the
 * check-in range apply to one same line of the itinerary (a stay at that hotel checking in within the range).
 */
export const SupportItineraryListQuerySchema = z
  .strictObject({
    status: ItineraryStatusSchema.optional(),
    /** The owner's account id. */
    userId: SupportLookupIdSchema.optional(),
    /** The contact (lead guest) address kept on the itinerary, or the one the booking was paid with: exact, any case. */
    email: EmailSchema.optional(),
    /** The creator slug the itinerary came from. */
    creator: SlugSchema.optional(),
    hotelId: SupportLookupIdSchema.optional(),
    /** Some line checks in on or after this day. */
    checkInFrom: StayDateSchema.optional(),
    /** Some line checks in on or before this day. */
    checkInTo: StayDateSchema.optional(),
    /**
     * The itinerary's id or booking reference exactly (a reference in any case, with or without `TC-`, blanks
     * or dashes), or (any case, taken literally) part of a guest's or the lead guest's name, of
     * the contact address, of a hotel's name or of the title.
     */
    q: SupportSearchTextSchema.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((query) => !query.checkInFrom || !query.checkInTo || query.checkInFrom <= query.checkInTo, {
    message: 'checkInFrom must not be after checkInTo',
    path: ['checkInTo'],
  });
export type SupportItineraryListQuery = z.infer<typeof SupportItineraryListQuerySchema>;

/** One itinerary of the staff's list: enough to tell it apart and pick it. */
export const SupportItinerarySummarySchema = z.object({
  id: IdSchema,
  reference: BookingReferenceSchema,
  ownerId: IdSchema,
  status: ItineraryStatusSchema,
  title: z.string(),
  creator: SlugSchema.optional(),
  /** The lead guest's address (or, when the contact data was cleared, the one the booking was paid with). */
  contactEmail: z.string().optional(),
  /** The lead guest's name. */
  leadGuest: z.string().optional(),
  /** The hotels' names, once each, in line order. */
  hotels: z.array(z.string()),
  /** The earliest check-in and the latest check-out of its lines. */
  checkIn: StayDateSchema.optional(),
  checkOut: StayDateSchema.optional(),
  /** The rooms still in it. */
  total: MoneySchema,
  invoiceId: IdSchema.optional(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type SupportItinerarySummary = z.infer<typeof SupportItinerarySummarySchema>;

/** Newest change first; `total` counts every match, `page` is 1-based. */
export const SupportItineraryListSchema = z.object({
  items: z.array(SupportItinerarySummarySchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type SupportItineraryList = z.infer<typeof SupportItineraryListSchema>;

export const SupportItineraryParamsSchema = z.strictObject({ id: SupportLookupIdSchema });

/** What support staff did to an itinerary (a read, a cancel, ...), oldest first. */
export const SupportItineraryActionSchema = z.object({
  at: InstantSchema,
  /** The acting staff member's user id. */
  staffId: IdSchema,
  /** `read`, `read-cancellation-terms`, `cancel`. */
  action: z.string(),
  /** The note staff gave (a cancel's). */
  reason: z.string().optional(),
});
export type SupportItineraryAction = z.infer<typeof SupportItineraryActionSchema>;

/** A room hold the itinerary keeps, as the catalog last told it. */
export const SupportItineraryHoldSchema = z.object({
  holdId: IdSchema,
  lineItemId: IdSchema,
  hotelId: IdSchema,
  hotelName: z.string(),
  roomTypeName: z.string(),
  rateName: z.string(),
  rooms: z.number().int().min(1),
  checkInDate: StayDateSchema,
  checkOutDate: StayDateSchema,
  status: RoomHoldStatusSchema,
  expiresAt: InstantSchema,
  totalPrice: MoneySchema,
  guestNames: z.array(z.string()).optional(),
});
export type SupportItineraryHold = z.infer<typeof SupportItineraryHoldSchema>;

/** `GET /api/v1/support/itineraries/:id`: the itinerary and what the service keeps beside it. */
export const SupportItineraryDetailSchema = z.object({
  itinerary: ItinerarySchema,
  ownerId: IdSchema,
  /** Every invoice the itinerary had (the itinerary keeps them since the support desk came; the current at least). */
  invoiceIds: z.array(IdSchema),
  holds: z.array(SupportItineraryHoldSchema),
  /** The cancellation terms frozen with the invoice. */
  terms: CancellationTermsSchema.optional(),
  /** The lead guest the booking was paid with: the booking mails go there. */
  paidLeadGuest: LeadGuestSchema.optional(),
  /** Oldest first; this read is the last. */
  staffActions: z.array(SupportItineraryActionSchema),
  /**
   * The booking's trace (32 hex digits, W3C trace context): the checkout's, then that of the latest payment
   * billing started. None for an itinerary never checked out, or checked out with tracing off.
   */
  traceId: z
    .string()
    .regex(/^[0-9a-f]{32}$/)
    .optional(),
});
export type SupportItineraryDetail = z.infer<typeof SupportItineraryDetailSchema>;
