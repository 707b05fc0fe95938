// The creator service's analytics shapes: a creator's counters per UTC day (club page views and visitors,
// subscribers, searches, itineraries started, bookings with their value and commission, cancellations), and a
// traveller's liked hotels and destinations.
import { z } from 'zod';
import { CurrencyCodeSchema, IdSchema, InstantSchema, StayDateSchema } from '../common.js';
import { DestinationIdSchema, LocationTypeSchema } from '../catalog/api.js';

export const analyticsLimits = {
  /** Days a counters read covers when it names no range (today and the 29 before). */
  defaultDays: 30,
  /** The most days one read may cover. */
  maxDays: 366,
} as const;

/** `GET /userProfile/creatorCounters`: both days (UTC) included; `to` defaults to today, `from` to 29 days before. */
/** A day the counters can be asked about: this century (years beyond 9999 do not even parse back). */
const CounterDaySchema = StayDateSchema.refine((day) => day >= '2000-01-01' && day <= '2099-12-31', {
  message: 'Use a day between 2000 and 2099',
});

export const CreatorCountersQuerySchema = z
  .strictObject({ from: CounterDaySchema.optional(), to: CounterDaySchema.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Must not be after `to`', path: ['from'] });
export type CreatorCountersQuery = z.infer<typeof CreatorCountersQuerySchema>;

/** Amounts in minor units by ISO 4217 code (`{ "USD": 12999 }`): one figure per currency, never converted. */
export const AmountsByCurrencySchema = z.record(CurrencyCodeSchema, z.number().int());
export type AmountsByCurrency = z.infer<typeof AmountsByCurrencySchema>;

/** What one creator's club did in a period (a day, or the sum of a range's days). */
export const CreatorCountersSchema = z.object({
  /** Counted views of the club page (bots and over-the-limit calls left out). */
  pageViews: z.number().int(),
  /** Visitors counted once a day each; a range's figure is the sum of its days'. */
  uniqueVisitors: z.number().int(),
  /** Subscribers confirmed minus subscribers who left: a change, so a day may be negative. */
  subscribers: z.number().int(),
  /** Searches started from the creator's pages. */
  searches: z.number().int(),
  /** Itineraries attributed to the creator, counted on their first room. */
  itinerariesStarted: z.number().int(),
  /** Attributed itineraries confirmed (paid). */
  bookings: z.number().int(),
  /** Paid bookings attributed to the creator that were cancelled afterwards. */
  cancellations: z.number().int(),
  /** What travellers paid for attributed bookings. */
  grossBookingValue: AmountsByCurrencySchema,
  /** What the creator earned on them. */
  commission: AmountsByCurrencySchema,
  /** Commission taken back by refunds. */
  commissionReversed: AmountsByCurrencySchema,
});
export type CreatorCounters = z.infer<typeof CreatorCountersSchema>;

export const CreatorDayCountersSchema = CreatorCountersSchema.extend({ day: StayDateSchema });
export type CreatorDayCounters = z.infer<typeof CreatorDayCountersSchema>;

/** Every day of the range is there, oldest first, with zeros where nothing happened. */
export const CreatorCountersAnswerSchema = z.object({
  from: StayDateSchema,
  to: StayDateSchema,
  totals: CreatorCountersSchema,
  days: z.array(CreatorDayCountersSchema),
});
export type CreatorCountersAnswer = z.infer<typeof CreatorCountersAnswerSchema>;

/** `GET /userProfile/likes`: the caller's likes, newest first. */
export const LikesAnswerSchema = z.object({
  hotels: z.array(z.object({ hotelId: IdSchema, at: InstantSchema })),
  destinations: z.array(
    z.object({ destinationId: DestinationIdSchema, locationType: LocationTypeSchema, at: InstantSchema }),
  ),
});
export type LikesAnswer = z.infer<typeof LikesAnswerSchema>;
