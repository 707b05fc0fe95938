// The room holds other services place at the catalog (service to service, never public): the body that places
// one, and the hold as stored and answered.
import { z } from 'zod';
import { DEFAULT_CURRENCY, IdSchema, InstantSchema, StayDateSchema } from './common.js';
import {
  catalogLimits,
  earliestTodayOnEarth,
  ExchangeRatesRefSchema,
  nightsBetween,
  RateOfferSchema,
  SupportedCurrencySchema,
} from './catalog-api.js';

export const HoldStatusSchema = z.enum(['held', 'booked', 'released']);
export const PlaceHoldBodySchema = z
  .strictObject({
    /** The same key twice gives the same hold. */
    idempotencyKey: z.string().min(8).max(100),
    hotelId: IdSchema,
    roomType: z.string().min(1).max(64),
    rateId: IdSchema,
    rooms: z.number().int().min(1).max(catalogLimits.maxRooms),
    checkIn: StayDateSchema,
    checkOut: StayDateSchema,
    itineraryId: IdSchema,
    lineItemId: IdSchema,
    currency: SupportedCurrencySchema.default(DEFAULT_CURRENCY),
  })
  .superRefine((h, ctx) => {
    const nights = nightsBetween(h.checkIn, h.checkOut);
    if (nights < 1 || nights > catalogLimits.maxNights)
      ctx.addIssue({ code: 'custom', path: ['checkOut'], message: 'Check-out must be after check-in' });
    if (h.checkIn < earliestTodayOnEarth())
      ctx.addIssue({ code: 'custom', path: ['checkIn'], message: 'Check-in is in the past' });
  });
export type PlaceHoldBody = z.infer<typeof PlaceHoldBodySchema>;

export const HoldSchema = z.object({
  id: IdSchema,
  hotelId: IdSchema,
  hotelName: z.string(),
  roomType: z.string(),
  rateId: IdSchema,
  rooms: z.number().int(),
  checkIn: StayDateSchema,
  checkOut: StayDateSchema,
  itineraryId: IdSchema,
  lineItemId: IdSchema,
  ownerId: IdSchema,
  status: HoldStatusSchema,
  /** The rate as quoted when the hold was placed, in the hold's currency. */
  quote: z.object({
    rate: RateOfferSchema,
    exchangeRates: ExchangeRatesRefSchema,
  }),
  expiresAt: InstantSchema,
  createdAt: InstantSchema,
});
export type Hold = z.infer<typeof HoldSchema>;
export const HoldParamsSchema = z.strictObject({ id: IdSchema });
