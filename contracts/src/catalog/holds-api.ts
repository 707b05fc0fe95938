// The room holds other services place at the catalog (service to service, never public): the body that places
// one, and the hold as stored and answered.
import { z } from 'zod';
import { DEFAULT_CURRENCY, IdSchema, InstantSchema, StayDateSchema } from '../common.js';
import {
  catalogLimits,
  earliestTodayOnEarth,
  ExchangeRatesRefSchema,
  nightsBetween,
  RateOfferSchema,
  SupportedCurrencySchema,
} from './api.js';

export const HoldStatusSchema = z.enum(['held', 'booked', 'released']);

/** What makes two dates no stay a hold (or a search) can have: past, backwards or too long. */
export function holdStayIssues(checkIn: string, checkOut: string): { path: 'checkIn' | 'checkOut'; message: string }[] {
  const issues: { path: 'checkIn' | 'checkOut'; message: string }[] = [];
  const nights = nightsBetween(checkIn, checkOut);
  if (nights < 1 || nights > catalogLimits.maxNights)
    issues.push({ path: 'checkOut', message: 'Check-out must be after check-in' });
  if (checkIn < earliestTodayOnEarth()) issues.push({ path: 'checkIn', message: 'Check-in is in the past' });
  return issues;
}

/**
 * A hold of the room chosen from a stored search: as many rooms as the search asked for, on its dates. The
 * catalog answers `search-or-dates-not-found` for a search it has not (or no longer) got, or other dates.
 */
export const PlaceHoldBodySchema = z
  .strictObject({
    /** The same key twice gives the same hold. */
    idempotencyKey: z.string().min(8).max(100),
    searchId: z.string().min(1).max(64),
    hotelId: IdSchema,
    roomType: z.string().min(1).max(64),
    rateId: IdSchema,
    checkIn: StayDateSchema,
    checkOut: StayDateSchema,
    itineraryId: IdSchema,
    lineItemId: IdSchema,
    currency: SupportedCurrencySchema.default(DEFAULT_CURRENCY),
  })
  .superRefine((h, ctx) => {
    for (const { path, message } of holdStayIssues(h.checkIn, h.checkOut))
      ctx.addIssue({ code: 'custom', path: [path], message });
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
