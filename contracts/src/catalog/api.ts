// The catalog's public HTTP bodies and answers: hotels, destinations, searches, map viewports, availability,
// likes and recommendations. Hotel images are in catalog-images-api.ts, the room holds other services place in
// catalog-holds-api.ts.
import { z } from 'zod';
import {
  CountryCodeSchema,
  CurrencyCodeSchema,
  DEFAULT_CURRENCY,
  IdSchema,
  ImageAssetSchema,
  InstantSchema,
  MoneySchema,
  pageFields,
  SlugSchema,
  StayDateSchema,
} from '../common.js';
import { AddressSchema, CoordinatesSchema, HotelSchema, RoomRateSchema, RoomTypeSchema } from '../entities.js';
import { singleLineText } from '../validation.js';

// ---------- limits (spec section 9 and ours) ----------

export const catalogLimits = {
  /** Spec section 9: the hotel list defaults. */
  listTake: 15,
  listSkip: 0,
  maxTake: 100,
  maxSkip: 10_000,
  maxNights: 30,
  /** How far ahead a stay may start. */
  maxDaysAhead: 500,
  maxRooms: 9,
  /** The largest room any hotel offers; more guests per room than this is refused up front. */
  maxGuestsPerRoom: 6,
  mapLimit: 50,
  maxMapLimit: 300,
  autocompleteTake: 8,
} as const;

/** The currencies the exchange-rate snapshot covers: a price is never quoted in any other. */
export const supportedCurrencies = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CAD',
  'AUD',
  'NZD',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'TRY',
  'ILS',
  'AED',
  'SAR',
  'EGP',
  'ZAR',
  'INR',
  'CNY',
  'HKD',
  'SGD',
  'KRW',
  'THB',
  'IDR',
  'MYR',
  'PHP',
  'VND',
  'MXN',
  'BRL',
  'ARS',
  'CLP',
  'COP',
  'PEN',
] as const;
export const SupportedCurrencySchema = CurrencyCodeSchema.refine(
  (code) => (supportedCurrencies as readonly string[]).includes(code),
  { message: 'Unknown currency' },
);

// ---------- destinations ----------

export const LocationTypeSchema = z.enum(['city', 'country', 'hotel']);
export type LocationType = z.infer<typeof LocationTypeSchema>;

/** `city-<geonames id>`, `country-<ISO code>` or `hotel-<hotel id>`. */
export const DestinationIdSchema = z
  .string({ error: 'Destination is required' })
  .min(1, 'Destination is required')
  .max(140, { abort: true })
  .regex(/^(city|country|hotel)-[A-Za-z0-9]+$/, 'Not a destination id');

export const DestinationSchema = z.object({
  id: DestinationIdSchema,
  name: z.string(),
  locationType: LocationTypeSchema,
  countryCode: CountryCodeSchema,
  /** What a list shows: "Paris, France". */
  label: z.string(),
  coordinates: CoordinatesSchema.optional(),
  hotelCount: z.number().int().min(0),
});
export type Destination = z.infer<typeof DestinationSchema>;

export const AutocompleteQuerySchema = z.strictObject({
  query: singleLineText(z.string().trim().min(1, 'Type at least one letter').max(100)),
  take: z.coerce.number().int().min(1).max(20).default(catalogLimits.autocompleteTake),
});
export const AutocompleteAnswerSchema = z.object({ query: z.string(), destinations: z.array(DestinationSchema) });
export type AutocompleteAnswer = z.infer<typeof AutocompleteAnswerSchema>;

export const DestinationParamsSchema = z.strictObject({ id: DestinationIdSchema });
export const DestinationLikeBodySchema = z.strictObject({
  destinationId: DestinationIdSchema,
  locationType: LocationTypeSchema,
  like: z.boolean(),
});
export const DestinationLikeAnswerSchema = z.object({ destinationId: DestinationIdSchema, liked: z.boolean() });

// ---------- money ----------

/** The exchange-rate snapshot a price was converted with, named on every answer that quotes prices. */
export const ExchangeRatesRefSchema = z.object({
  snapshotId: z.string(),
  asOf: InstantSchema,
  base: CurrencyCodeSchema,
});
export type ExchangeRatesRef = z.infer<typeof ExchangeRatesRefSchema>;

// ---------- hotels ----------

export const HotelIdParamsSchema = z.strictObject({ id: IdSchema });
export const HotelSlugParamsSchema = z.strictObject({ slug: SlugSchema });

/** A hotel as lists, searches and maps show it. */
export const HotelSummarySchema = z.object({
  id: IdSchema,
  name: z.string(),
  slug: SlugSchema,
  titleImage: ImageAssetSchema.optional(),
  address: AddressSchema,
  /** The address joined as one line (spec section 3). */
  addressLine: z.string(),
  coordinates: CoordinatesSchema,
  starRating: z.number().optional(),
  reviewRating: z.number().optional(),
  ratingSummary: HotelSchema.shape.ratingSummary,
  destinationId: DestinationIdSchema,
  likes: z.number().int().min(0),
});
export type HotelSummary = z.infer<typeof HotelSummarySchema>;

/** The hotel page. Rates need dates, so room types come without rooms; checkAvailability gives them. */
export const HotelViewSchema = HotelSchema.extend({
  addressLine: z.string(),
  destinationId: DestinationIdSchema,
  likes: z.number().int().min(0),
});
export type HotelView = z.infer<typeof HotelViewSchema>;

const take = (fallback: number, max: number = catalogLimits.maxTake) =>
  z.number().int().min(1).max(max).default(fallback);
const skip = z.number().int().min(0).max(catalogLimits.maxSkip).default(catalogLimits.listSkip);

export const HotelListBodySchema = z.strictObject({
  destination: DestinationIdSchema,
  take: take(catalogLimits.listTake),
  skip,
});
export const HotelListAnswerSchema = z.object({
  destination: DestinationSchema,
  ...pageFields,
  hotels: z.array(HotelSummarySchema),
});
export type HotelListAnswer = z.infer<typeof HotelListAnswerSchema>;

// ---------- stays, searches and maps ----------

const DAY_MS = 86_400_000;
/** Today where it is earliest on earth (UTC-12): a stay date is in the past only when it is past everywhere. */
export function earliestTodayOnEarth(now = Date.now()): string {
  return new Date(now - 12 * 3_600_000).toISOString().slice(0, 10);
}
export const nightsBetween = (checkIn: string, checkOut: string) =>
  Math.round((Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`)) / DAY_MS);

export const BoundingBoxSchema = z
  .strictObject({
    north: z.number().min(-90).max(90),
    south: z.number().min(-90).max(90),
    /** West greater than east means the box crosses the 180° meridian, as a map panned over the Pacific does. */
    east: z.number().min(-180).max(180),
    west: z.number().min(-180).max(180),
  })
  .refine((box) => box.south < box.north, { message: 'South must be below north', path: ['south'] })
  .refine((box) => box.west !== box.east, { message: 'West and east must differ', path: ['east'] });
export type BoundingBox = z.infer<typeof BoundingBoxSchema>;

interface StayFields {
  checkIn: string;
  checkOut: string;
  guests: number;
  rooms: number;
}
/** The rules every stay obeys, reported on the field they concern. */
export function checkStay(stay: StayFields, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  const today = earliestTodayOnEarth();
  if (stay.checkIn < today)
    ctx.addIssue({ code: 'custom', path: [...path, 'checkIn'], message: 'Check-in is in the past' });
  const nights = nightsBetween(stay.checkIn, stay.checkOut);
  if (nights < 1)
    ctx.addIssue({ code: 'custom', path: [...path, 'checkOut'], message: 'Check-out must be after check-in' });
  else if (nights > catalogLimits.maxNights)
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'checkOut'],
      message: `A stay is at most ${catalogLimits.maxNights} nights`,
    });
  if (nightsBetween(today, stay.checkIn) > catalogLimits.maxDaysAhead)
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'checkIn'],
      message: `Check-in is at most ${catalogLimits.maxDaysAhead} days ahead`,
    });
  if (stay.guests > stay.rooms * catalogLimits.maxGuestsPerRoom)
    ctx.addIssue({
      code: 'custom',
      path: [...path, 'guests'],
      message: `No room takes more than ${catalogLimits.maxGuestsPerRoom} guests; add rooms or fewer guests`,
    });
  if (stay.rooms > stay.guests)
    ctx.addIssue({ code: 'custom', path: [...path, 'rooms'], message: 'Every room needs at least one guest' });
}

/** A search is for a destination or a map box, not both, and for a stay that obeys the rules. */
function checkPlaceAndStay(
  c: StayFields & { destination?: string | undefined; boundingBox?: unknown },
  ctx: z.RefinementCtx,
) {
  if (!c.destination === !c.boundingBox)
    ctx.addIssue({ code: 'custom', path: ['destination'], message: 'Give a destination or a bounding box' });
  checkStay(c, ctx);
}

const stayShape = {
  checkIn: StayDateSchema,
  checkOut: StayDateSchema,
  guests: z
    .number()
    .int()
    .min(1)
    .max(catalogLimits.maxRooms * catalogLimits.maxGuestsPerRoom),
  rooms: z.number().int().min(1).max(catalogLimits.maxRooms).default(1),
  currency: SupportedCurrencySchema.default(DEFAULT_CURRENCY),
};

/** A stay as answers name it: the criteria already checked, so no limits or defaults. */
const answeredStay = {
  checkIn: StayDateSchema,
  checkOut: StayDateSchema,
  guests: z.number().int(),
  rooms: z.number().int(),
  currency: CurrencyCodeSchema,
};

export const SearchCriteriaSchema = z
  .strictObject({
    destination: DestinationIdSchema.optional(),
    boundingBox: BoundingBoxSchema.optional(),
    ...stayShape,
  })
  .superRefine(checkPlaceAndStay);
export type SearchCriteria = z.infer<typeof SearchCriteriaSchema>;

export const SearchBodySchema = z
  .strictObject({
    destination: DestinationIdSchema.optional(),
    boundingBox: BoundingBoxSchema.optional(),
    ...stayShape,
    take: take(catalogLimits.listTake),
    skip,
    creator: SlugSchema.optional(),
  })
  .superRefine(checkPlaceAndStay);

/** A stored search's id as the catalog makes them: anything else is no search, and is never looked up. */
export const SearchIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a search id');
export const SearchIdParamsSchema = z.strictObject({ id: SearchIdSchema });
export const SearchPageQuerySchema = z.strictObject({
  take: z.coerce.number().int().min(1).max(catalogLimits.maxTake).default(catalogLimits.listTake),
  skip: z.coerce.number().int().min(0).max(catalogLimits.maxSkip).default(catalogLimits.listSkip),
});

export const SearchCreatedSchema = z.object({ searchId: z.string(), expiresAt: InstantSchema });

/** The cheapest rate a hotel has for the searched stay, in the search currency. */
export const CheapestRateSchema = z.object({
  rateId: IdSchema,
  rateName: z.string(),
  roomTypeName: z.string(),
  totalPrice: MoneySchema,
  freeCancellation: z.boolean(),
});

export const HotelResultSchema = HotelSummarySchema.extend({
  /** Null when nothing is left for those dates and guests. */
  cheapestRate: CheapestRateSchema.nullable(),
});
export type HotelResult = z.infer<typeof HotelResultSchema>;

export const SearchPageSchema = z.object({
  searchId: z.string().optional(),
  criteria: z.object({
    destination: DestinationIdSchema.optional(),
    boundingBox: BoundingBoxSchema.optional(),
    ...answeredStay,
  }),
  exchangeRates: ExchangeRatesRefSchema,
  // `total`: the hotels matching the place; those sold out for the stay come with a null cheapest rate.
  ...pageFields,
  hotels: z.array(HotelResultSchema),
});
export type SearchPage = z.infer<typeof SearchPageSchema>;

export const MapBodySchema = z
  .strictObject({
    boundingBox: BoundingBoxSchema,
    checkIn: StayDateSchema.optional(),
    checkOut: StayDateSchema.optional(),
    guests: stayShape.guests.default(2),
    rooms: stayShape.rooms,
    currency: stayShape.currency,
    limit: z.number().int().min(1).max(catalogLimits.maxMapLimit).default(catalogLimits.mapLimit),
  })
  .superRefine((c, ctx) => {
    if (!c.checkIn !== !c.checkOut)
      ctx.addIssue({ code: 'custom', path: [c.checkIn ? 'checkOut' : 'checkIn'], message: 'Give both dates or none' });
    else if (c.checkIn && c.checkOut) checkStay({ ...c, checkIn: c.checkIn, checkOut: c.checkOut }, ctx);
  });
export const MapAnswerSchema = z.object({
  boundingBox: BoundingBoxSchema,
  exchangeRates: ExchangeRatesRefSchema,
  /** Hotels in the box; the best-rated first, at most `limit`. */
  total: z.number().int().min(0),
  hotels: z.array(HotelResultSchema),
});

// ---------- availability ----------

export const CheckAvailabilityBodySchema = z.strictObject({
  hotelId: IdSchema,
  hotelSearchId: z.string({ error: 'Search results or dates not found' }).min(1).max(64),
});

export const RateOfferSchema = RoomRateSchema.extend({
  /** "Free Cancellation" where a zero-amount cancellation charge exists (spec section 4). */
  tags: z.array(z.string()),
});
export type RateOffer = z.infer<typeof RateOfferSchema>;
export const AvailableRoomTypeSchema = RoomTypeSchema.extend({
  rooms: z.array(RateOfferSchema),
  /** Rooms of this type still free on every night of the stay. */
  roomsLeft: z.number().int().min(0),
});
export type AvailableRoomType = z.infer<typeof AvailableRoomTypeSchema>;

export const AvailabilityAnswerSchema = z.object({
  hotelId: IdSchema,
  searchId: z.string(),
  ...answeredStay,
  exchangeRates: ExchangeRatesRefSchema,
  /** Rates cheapest first; room types by their cheapest rate, those without rates last. */
  roomTypes: z.array(AvailableRoomTypeSchema),
});
export type AvailabilityAnswer = z.infer<typeof AvailabilityAnswerSchema>;

// ---------- likes and recommendations ----------
export const HotelLikeBodySchema = z.strictObject({ like: z.boolean().default(true) });
export const HotelLikeAnswerSchema = z.object({ hotelId: IdSchema, liked: z.boolean(), likes: z.number().int() });

/** A creator's slug (any case): their active recommended hotels come first, in their order. */
const CreatorSlugSchema = z.string().trim().toLowerCase().pipe(SlugSchema);
export const RecommendedQuerySchema = z.strictObject({
  take: z.coerce.number().int().min(1).max(50).default(10),
  creator: CreatorSlugSchema.optional(),
});
export const RecommendationBodySchema = z.strictObject({
  destination: DestinationIdSchema.optional(),
  take: z.number().int().min(1).max(50).default(10),
  creator: CreatorSlugSchema.optional(),
});
export const RecommendedAnswerSchema = z.object({
  /** What the list is based on: the destination asked for, the traveller's likes, or what travellers like most. */
  basis: z.enum(['destination', 'likes', 'popular']),
  /** With a creator: how many of the first hotels are theirs (the rest follow `basis`). */
  fromCreator: z.number().int().min(0).optional(),
  hotels: z.array(HotelSummarySchema),
});
