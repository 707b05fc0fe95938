// Hotel summaries for other services (the creator's club pages, the gateway's views): many hotels in one call,
// each as lists and search results show it, with a nightly price to start from.
import { z } from 'zod';
import { DEFAULT_CURRENCY, IdSchema, MoneySchema, StayDateSchema } from '../common.js';
import { catalogLimits, checkStay, ExchangeRatesRefSchema, HotelResultSchema, SupportedCurrencySchema } from './api.js';

/** Hotels one call may ask for: a club page shows 50 recommendations at most, a package a few stays. */
export const MAX_HOTEL_SUMMARIES = 200;

/** The hotels by id (unknown ids are left out of the answer), and optionally a stay to price. */
export const HotelSummariesBodySchema = z
  .strictObject({
    ids: z.array(IdSchema).max(MAX_HOTEL_SUMMARIES, `At most ${MAX_HOTEL_SUMMARIES} hotels in one call`),
    currency: SupportedCurrencySchema.default(DEFAULT_CURRENCY),
    checkIn: StayDateSchema.optional(),
    checkOut: StayDateSchema.optional(),
    /** Guests in one room, for the dates' cheapest rate. */
    guests: z.number().int().min(1).max(catalogLimits.maxGuestsPerRoom).default(2),
  })
  .superRefine((c, ctx) => {
    if (!c.checkIn !== !c.checkOut)
      ctx.addIssue({ code: 'custom', path: [c.checkIn ? 'checkOut' : 'checkIn'], message: 'Give both dates or none' });
    else if (c.checkIn && c.checkOut)
      checkStay({ checkIn: c.checkIn, checkOut: c.checkOut, guests: c.guests, rooms: 1 }, ctx);
  });
export type HotelSummariesBody = z.infer<typeof HotelSummariesBodySchema>;

/** A hotel as a search result shows it, with the price a card says "from". */
export const PricedHotelSummarySchema = HotelResultSchema.extend({
  /**
   * A night's price in the asked currency. With dates: the cheapest free rate's average night (null when no
   * room is left, as `cheapestRate` is). Without dates: the lead price, a night of the cheapest room and rate
   * on an ordinary weeknight (`cheapestRate` is then null).
   */
  fromPrice: MoneySchema.nullable(),
});
export type PricedHotelSummary = z.infer<typeof PricedHotelSummarySchema>;

export const HotelSummariesAnswerSchema = z.object({
  exchangeRates: ExchangeRatesRefSchema,
  /** The hotels that exist, in the order asked, each once. */
  hotels: z.array(PricedHotelSummarySchema),
});
export type HotelSummariesAnswer = z.infer<typeof HotelSummariesAnswerSchema>;
