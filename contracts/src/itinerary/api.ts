// The itinerary service's HTTP bodies and answers (the cart), and its cancellation terms as the traveller reads
// them (what they cost and give back is the itinerary's own rule: services/itinerary/src/domain/cancellation.ts).
import { z } from 'zod';
import {
  CurrencyCodeSchema,
  IdSchema,
  InstantSchema,
  MoneySchema,
  pageFields,
  SlugSchema,
  StayDateSchema,
  type Money,
} from '../common.js';
import { CancellationChargeSchema, ItinerarySchema, LeadGuestSchema } from '../entities.js';
import { SupportedCurrencySchema } from '../catalog/api.js';
import { multiLineText, singleLineText } from '../validation.js';

export const ItineraryIdParamsSchema = z.strictObject({ id: IdSchema });

/** A name or title the traveller types: one line of plain text. */
const itineraryTitle = singleLineText(z.string().trim().max(120));

/** The lead guest as a request sets it: their name one line of plain text (answers show what is stored). */
const LeadGuestBodySchema = LeadGuestSchema.extend({ name: singleLineText(LeadGuestSchema.shape.name) });

export const CreateItineraryBodySchema = z.strictObject({
  title: itineraryTitle.optional(),
  /** One currency per itinerary (spec section 4); USD unless chosen. */
  currency: SupportedCurrencySchema.optional(),
  /** The creator slug of the hotel page the traveller came from. */
  creator: SlugSchema.optional(),
});
export type CreateItineraryBody = z.infer<typeof CreateItineraryBodySchema>;

export const ItineraryListQuerySchema = z.strictObject({
  take: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).max(10_000).default(0),
});

/**
 * Add to cart (spec section 5): the hotel, room type and room id (the rate id of the availability answer),
 * the search it came from and both dates. The search and the dates are optional here so that their absence
 * gets the cart error "Search results or dates not found" rather than a generic validation answer.
 */
export const AddHotelBodySchema = z.strictObject({
  hotelId: IdSchema,
  roomType: z.string().min(1).max(64),
  roomId: IdSchema,
  searchId: z.string().min(1).max(64).optional(),
  checkInDate: StayDateSchema.optional(),
  checkOutDate: StayDateSchema.optional(),
  /** A line item of this itinerary to add the room to (same hotel and dates); a new line item otherwise. */
  lineItemId: IdSchema.optional(),
  /** The creator slug of the hotel page, when the itinerary has none yet. */
  creator: SlugSchema.optional(),
});
export type AddHotelBody = z.infer<typeof AddHotelBodySchema>;

/** Change the room of a line item: the new room is held first, then the old one released. */
export const UpdateHotelBodySchema = AddHotelBodySchema.omit({ lineItemId: true, creator: true }).extend({
  lineItemId: IdSchema,
});
export type UpdateHotelBody = z.infer<typeof UpdateHotelBodySchema>;

export const RemoveHotelBodySchema = z.strictObject({
  lineItemId: IdSchema,
  /** One room choice of the line item; all of them when left out. */
  holdId: IdSchema.optional(),
});
export type RemoveHotelBody = z.infer<typeof RemoveHotelBodySchema>;

export const SetGuestDetailsBodySchema = z.strictObject({
  leadGuest: LeadGuestBodySchema,
  /** A name per room: for each line item, the names in room order. */
  rooms: z
    .array(
      z.strictObject({
        lineItemId: IdSchema,
        holdId: IdSchema,
        guestNames: z
          .array(singleLineText(z.string().trim().min(1, 'A guest name is required').max(120)))
          .min(1)
          .max(9),
      }),
    )
    .max(50),
});
export type SetGuestDetailsBody = z.infer<typeof SetGuestDetailsBodySchema>;

/** The traveller's contact data on their own itinerary (the contact page), without room names. */
export const UpdateCustomerDataBodySchema = z.strictObject({
  leadGuest: LeadGuestBodySchema.partial().refine((g) => Object.keys(g).length > 0, 'Give at least one field'),
  title: itineraryTitle.optional(),
});
export type UpdateCustomerDataBody = z.infer<typeof UpdateCustomerDataBodySchema>;

export const CancelItineraryBodySchema = z
  .strictObject({ note: multiLineText(z.string().trim().max(500)).optional() })
  .optional();

export const ItineraryListSchema = z.object({
  ...pageFields,
  itineraries: z.array(ItinerarySchema),
});

// ---------- cancellation terms ----------

/**
 * One booked room, as the cancellation terms and the invoice list it: which room choice of which line item,
 * at which hotel, in which room type and rate. Each adds what it says of the room, in its own key order.
 */
export const BookedRoomLineSchema = z.object({
  lineItemId: IdSchema,
  holdId: IdSchema,
  hotelId: IdSchema,
  hotelName: z.string(),
  roomTypeName: z.string(),
  rateName: z.string(),
});

/** The cancellation rules of every room in the itinerary, frozen as they were quoted. */
export const CancellationTermsSchema = z.object({
  currency: CurrencyCodeSchema,
  lines: z.array(
    BookedRoomLineSchema.extend({
      checkInDate: StayDateSchema,
      checkOutDate: StayDateSchema,
      totalPrice: MoneySchema,
      policyText: z.string(),
      charges: z.array(CancellationChargeSchema),
    }),
  ),
});
export type CancellationTerms = z.infer<typeof CancellationTermsSchema>;

export const CancellationTermsAnswerSchema = z.object({
  itineraryId: IdSchema,
  terms: CancellationTermsSchema,
  /** What cancelling now would cost: what the payment keeps under the terms, less what support gave back. */
  chargeNow: MoneySchema,
  /**
   * What cancelling now would give back: the amount paid minus the charge (zero before payment), at most what
   * support staff's refunds left of the payment.
   */
  refundNow: MoneySchema,
  /** What support staff gave back of the payment already (goodwill refunds), when they did. */
  refundedBefore: MoneySchema.optional(),
});
export type CancellationTermsAnswer = z.infer<typeof CancellationTermsAnswerSchema>;

/** What cancelling one room at `at` costs: the latest charge already in force, nothing before the first. */
export function cancellationChargeAt(
  rate: { cancellationCharges: readonly { from: string; amount: Money }[]; totalPrice: Money },
  at: Date,
): Money {
  const time = at.getTime();
  let charge: Money = { amount: 0, currency: rate.totalPrice.currency };
  let latest = Number.NEGATIVE_INFINITY;
  for (const entry of rate.cancellationCharges) {
    const from = Date.parse(entry.from);
    if (from <= time && from >= latest) {
      latest = from;
      charge = entry.amount;
    }
  }
  return charge;
}

// ---------- pre-check ----------

export const PreCheckAnswerSchema = z.object({
  itineraryId: IdSchema,
  /** True when every room is still held at the quoted price: payment can go ahead. */
  ok: z.boolean(),
  total: MoneySchema,
  lines: z.array(
    z.object({
      lineItemId: IdSchema,
      holdId: IdSchema,
      hotelId: IdSchema,
      status: z.enum(['ok', 'price-changed', 'unavailable', 'hold-expired']),
      quoted: MoneySchema,
      /** The price the catalog gives for the same room now, when it still has one. */
      current: MoneySchema.nullable(),
      holdExpiresAt: InstantSchema.nullable(),
    }),
  ),
});
export type PreCheckAnswer = z.infer<typeof PreCheckAnswerSchema>;
