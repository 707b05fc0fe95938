// Creators' content (docs/creator.md, "Travel packages" and "Written guides"): travel packages ("experiences":
// days with their nights' stays, bookable as one cart), the booking of one, a traveller's request for one, and
// written guides whose text is structured blocks, never HTML.
import { z } from 'zod';
import { IdSchema, ImageAssetSchema, InstantSchema, pageFields, SlugSchema, StayDateSchema } from '../common.js';
import { catalogLimits, earliestTodayOnEarth, SupportedCurrencySchema } from '../catalog/api.js';
import { PricedHotelSummarySchema } from '../catalog/summaries-api.js';
import { CoordinatesSchema } from '../entities.js';
import { EmailSchema, multiLineText, singleLineText } from '../validation.js';

export const contentLimits = {
  packageDays: 30,
  packageGallery: 20,
  offeredDates: 100,
  capacity: 100,
  guideDays: 60,
  guidePlaces: 20,
  guideBlocks: 50,
  /** All the text of one guide together (titles, blocks, list items). */
  guideText: 60_000,
  /** The most packages one order may name: a creator with more cannot reorder them. */
  orderedPackages: 200,
} as const;

const title = (message: string) => singleLineText(z.string().trim().min(1, message).max(120));
/** Plain text: stored and answered as typed, shown as text (never HTML), paragraphs split by blank lines. */
const plainText = (max: number) => multiLineText(z.string().trim().max(max));
/** One line of plain text (an activity, a heading, a place). */
const line = (max: number) => singleLineText(z.string().trim().min(1).max(max));

const PageQuery = {
  take: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).max(10_000).default(0),
};

// ---------- travel packages ----------

export const PackageStatusSchema = z.enum(['draft', 'active']);
export type PackageStatus = z.infer<typeof PackageStatusSchema>;

/** The night's room of a package day: a hotel of the catalog and one of its room types. */
export const PackageNightStaySchema = z.strictObject({ hotelId: IdSchema, roomType: z.string().min(1).max(64) });

export const PackageDaySchema = z.strictObject({
  title: title('Give the day a title'),
  text: plainText(4_000).default(''),
  activities: z.array(line(200)).max(20).default([]),
  /** Where the traveller sleeps that night; none (a night train, the last day) books nothing. */
  stay: PackageNightStaySchema.optional(),
});
export type PackageDay = z.infer<typeof PackageDaySchema>;

/**
 * One booking of a package: a hotel and room type for consecutive nights, from `night` (0 for the check-in
 * night) for `nights` nights. Derived from the days; a cart gets one line item per stay.
 */
export const PackageStaySchema = z.object({
  hotelId: IdSchema,
  roomType: z.string(),
  night: z.number().int().min(0),
  nights: z.number().int().min(1),
});
export type PackageStay = z.infer<typeof PackageStaySchema>;

/** A price per person the creator shows (the cart is always priced by the catalog's holds), or a live quote. */
export const PackagePricingSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('perPerson'),
    price: z.strictObject({ amount: z.number().int().min(1).max(100_000_000), currency: SupportedCurrencySchema }),
  }),
  z.strictObject({ kind: z.literal('liveQuote') }),
]);
export type PackagePricing = z.infer<typeof PackagePricingSchema>;

/** The check-in dates a package departs on, or any date. */
export const OfferedDatesSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('any') }),
  z.strictObject({ kind: z.literal('dates'), dates: z.array(StayDateSchema).min(1).max(contentLimits.offeredDates) }),
]);
export type OfferedDates = z.infer<typeof OfferedDatesSchema>;

/** Offered dates as a creator sends them: each in the future, each once. */
const OfferedDatesBodySchema = OfferedDatesSchema.superRefine((offered, ctx) => {
  if (offered.kind !== 'dates') return;
  const today = earliestTodayOnEarth();
  offered.dates.forEach((date, i) => {
    if (date < today) ctx.addIssue({ code: 'custom', path: ['dates', i], message: 'This date is in the past' });
    else if (offered.dates.indexOf(date) !== i)
      ctx.addIssue({ code: 'custom', path: ['dates', i], message: 'This date is there twice' });
  });
});

/**
 * `PUT /travelpackage`: a new package without `id`, or all of the caller's package with its `id`. Photos have
 * their own routes and are kept. `nights`, when sent, must be the days with a stay.
 */
export const TravelPackageBodySchema = z
  .strictObject({
    id: IdSchema.optional(),
    title: title('Give your package a title'),
    summary: plainText(2_000).default(''),
    days: z.array(PackageDaySchema).min(1, 'Give your package at least one day').max(contentLimits.packageDays),
    nights: z.number().int().min(0).max(contentLimits.packageDays).optional(),
    pricing: PackagePricingSchema,
    offeredDates: OfferedDatesBodySchema.default({ kind: 'any' }),
    capacity: z.number().int().min(1).max(contentLimits.capacity),
    /** A new package is a draft unless told; activating checks every stay at the catalog. */
    status: PackageStatusSchema.optional(),
  })
  .superRefine((body, ctx) => {
    const nights = body.days.filter((day) => day.stay).length;
    if (body.nights !== undefined && body.nights !== nights)
      ctx.addIssue({ code: 'custom', path: ['nights'], message: `The days have ${nights} nights with a stay` });
  });
export type TravelPackageBody = z.infer<typeof TravelPackageBodySchema>;

export const TravelPackageSchema = z.object({
  id: IdSchema,
  /** The creator's account. */
  userId: IdSchema,
  title: z.string(),
  summary: z.string(),
  cover: ImageAssetSchema.optional(),
  gallery: z.array(ImageAssetSchema),
  days: z.array(PackageDaySchema),
  /** The days with a stay. */
  nights: z.number().int().min(0),
  /** The hotels and room types it books, night by night. */
  stays: z.array(PackageStaySchema),
  pricing: PackagePricingSchema,
  offeredDates: OfferedDatesSchema,
  /** Rooms per departure. */
  capacity: z.number().int(),
  status: PackageStatusSchema,
  /** The creator's order, lowest first (lists follow it; a new package goes last). Absent before any order. */
  position: z.number().int().min(0).optional(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type TravelPackage = z.infer<typeof TravelPackageSchema>;

export const TravelPackageParamsSchema = z.strictObject({ id: IdSchema });
export const TravelPackageListQuerySchema = z.strictObject(PageQuery);
export const TravelPackageListSchema = z.object({ ...pageFields, packages: z.array(TravelPackageSchema) });
export const PublicTravelPackagesSchema = z.object({ packages: z.array(TravelPackageSchema) });

/**
 * `PUT /travelpackage/order`: the creator's whole order of their packages, first shown first. Every one of their
 * packages (drafts too) must be named, each once, and nothing else. Answered with all of them in that order.
 */
export const TravelPackageOrderBodySchema = z.strictObject({
  ids: z.array(IdSchema).max(contentLimits.orderedPackages, 'Order at most 200 packages at once'),
});
export type TravelPackageOrderBody = z.infer<typeof TravelPackageOrderBodySchema>;
export const OrderedTravelPackagesSchema = z.object({ packages: z.array(TravelPackageSchema) });

/** `GET /travelpackage/{id}/withHotelContent`: prices of the hotel cards in this currency (USD unless told). */
export const WithHotelContentQuerySchema = z.strictObject({ currency: SupportedCurrencySchema.optional() });
export const TravelPackageWithHotelsSchema = TravelPackageSchema.extend({
  /** The catalog's cards of the hotels it books, in the order of their first night; gone hotels left out. */
  hotels: z.array(PricedHotelSummarySchema),
});

/** `POST /bff/travelPackage/{id}/toggle` (spec section 7: packageId, isActive); the id of the path decides. */
export const TravelPackageToggleBodySchema = z.strictObject({ packageId: IdSchema.optional(), isActive: z.boolean() });

/** Internal, for the itinerary's booking of a package: the package (any status) and its creator's current slug. */
export const TravelPackageForBookingSchema = TravelPackageSchema.extend({ creatorSlug: SlugSchema });
export type TravelPackageForBooking = z.infer<typeof TravelPackageForBookingSchema>;

// ---------- asking a creator for a package ----------

export const TravelPackageRequestBodySchema = z
  .strictObject({
    /** The creator, by club address (an old one too) or account id. */
    creatorSlug: z.string().min(1).max(100).optional(),
    creatorId: IdSchema.optional(),
    /** One of the creator's active packages the request is about. */
    packageId: IdSchema.optional(),
    /** Where the creator answers; a signed-in traveller's own address when left out. */
    email: EmailSchema.optional(),
    message: plainText(2_000).min(1, 'Tell the creator what you would like'),
    dates: z
      .strictObject({ from: StayDateSchema, to: StayDateSchema })
      .refine((d) => d.to >= d.from, { message: 'The end must not be before the start', path: ['to'] })
      .optional(),
    party: z
      .strictObject({ adults: z.number().int().min(1).max(50), children: z.number().int().min(0).max(50).default(0) })
      .optional(),
  })
  .refine((body) => !body.creatorSlug !== !body.creatorId, {
    message: 'Name the creator by creatorSlug or creatorId',
    path: ['creatorSlug'],
  });
export type TravelPackageRequestBody = z.infer<typeof TravelPackageRequestBodySchema>;
export const TravelPackageRequestAnswerSchema = z.object({ requested: z.literal(true) });

/**
 * A request as the creator's dashboard lists it (`GET /request-travel-package`, newest first). `mailed` says
 * whether it was also mailed to the creator: only a verified address is mailed, so otherwise it waits here.
 */
export const TravelPackageRequestSchema = z.object({
  id: IdSchema,
  travellerEmail: EmailSchema,
  message: z.string(),
  packageId: IdSchema.optional(),
  packageTitle: z.string().optional(),
  dates: z.object({ from: StayDateSchema, to: StayDateSchema }).optional(),
  party: z.object({ adults: z.number().int(), children: z.number().int() }).optional(),
  mailed: z.boolean(),
  createdAt: InstantSchema,
});
export type TravelPackageRequest = z.infer<typeof TravelPackageRequestSchema>;
export const TravelPackageRequestListSchema = z.object({ requests: z.array(TravelPackageRequestSchema) });
export type TravelPackageRequestList = z.infer<typeof TravelPackageRequestListSchema>;

// ---------- booking a package (the itinerary service) ----------

/** `POST /itinerary/fromTravelPackage/{id}`: the departure and the party; rooms of each stay for them all. */
export const FromTravelPackageBodySchema = z
  .strictObject({
    checkInDate: StayDateSchema,
    adults: z
      .number()
      .int()
      .min(1)
      .max(catalogLimits.maxRooms * catalogLimits.maxGuestsPerRoom),
    /** Rooms of each night's room type; one unless told. */
    rooms: z.number().int().min(1).max(catalogLimits.maxRooms).default(1),
    /** The cart's currency: the package's price currency, else USD, unless told. */
    currency: SupportedCurrencySchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.checkInDate < earliestTodayOnEarth())
      ctx.addIssue({ code: 'custom', path: ['checkInDate'], message: 'Check-in is in the past' });
    if (body.rooms > body.adults)
      ctx.addIssue({ code: 'custom', path: ['rooms'], message: 'Every room needs at least one guest' });
    if (body.adults > body.rooms * catalogLimits.maxGuestsPerRoom)
      ctx.addIssue({
        code: 'custom',
        path: ['adults'],
        message: `No room takes more than ${catalogLimits.maxGuestsPerRoom} guests; add rooms or fewer guests`,
      });
  });
export type FromTravelPackageBody = z.infer<typeof FromTravelPackageBodySchema>;

// ---------- written guides ----------

export const GuideStatusSchema = z.enum(['draft', 'published']);

/** A block of a guide's text: what the web renders as elements, so nothing a creator writes runs as script. */
export const GuideBlockSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('paragraph'), text: plainText(4_000).min(1) }),
  z.strictObject({
    type: z.literal('heading'),
    text: line(200),
    level: z.union([z.literal(2), z.literal(3)]),
  }),
  z.strictObject({
    type: z.literal('list'),
    items: z.array(line(500)).min(1).max(50),
    ordered: z.boolean().default(false),
  }),
  z.strictObject({
    type: z.literal('link'),
    text: line(200),
    url: z.url({ protocol: /^https?$/, error: 'Use an http or https address' }).max(2_000),
  }),
  /** The catalog's hotel card. */
  z.strictObject({ type: z.literal('hotel'), hotelId: IdSchema }),
]);
export type GuideBlock = z.infer<typeof GuideBlockSchema>;

export const GuidePlaceSchema = z.strictObject({
  name: line(120),
  hotelId: IdSchema.optional(),
  coordinates: CoordinatesSchema.optional(),
});

export const GuideDaySchema = z.strictObject({
  title: title('Give the day a title'),
  places: z.array(GuidePlaceSchema).max(contentLimits.guidePlaces).default([]),
  blocks: z.array(GuideBlockSchema).max(contentLimits.guideBlocks).default([]),
});
export type GuideDay = z.infer<typeof GuideDaySchema>;

const guideFields = {
  title: title('Give your guide a title'),
  summary: plainText(2_000).default(''),
  days: z.array(GuideDaySchema).min(1, 'Give your guide at least one day').max(contentLimits.guideDays),
  /** A new guide is a draft unless told; a published one is anyone's to read. */
  status: GuideStatusSchema.optional(),
};

/** Characters of all the text of a guide's days. */
function guideTextLength(days: GuideDay[]): number {
  const ofBlock = (block: GuideBlock) =>
    block.type === 'list'
      ? block.items.reduce((sum, item) => sum + item.length, 0)
      : 'text' in block
        ? block.text.length
        : 0;
  return days.reduce(
    (sum, day) => sum + day.title.length + day.blocks.reduce((all, block) => all + ofBlock(block), 0),
    0,
  );
}

const boundedText = (guide: { days: GuideDay[] }, ctx: z.RefinementCtx) => {
  if (guideTextLength(guide.days) > contentLimits.guideText)
    ctx.addIssue({
      code: 'custom',
      path: ['days'],
      message: `A guide holds at most ${contentLimits.guideText} characters of text`,
    });
};

/** `POST /api/itinerary-content`: a new guide. */
export const CreateGuideBodySchema = z.strictObject(guideFields).superRefine(boundedText);
export type CreateGuideBody = z.infer<typeof CreateGuideBodySchema>;
/** `PUT /api/itinerary-content`: all of the caller's guide, by its id (its cover is kept). */
export const UpdateGuideBodySchema = z.strictObject({ id: IdSchema, ...guideFields }).superRefine(boundedText);
export type UpdateGuideBody = z.infer<typeof UpdateGuideBodySchema>;

export const GuideSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  title: z.string(),
  summary: z.string(),
  cover: ImageAssetSchema.optional(),
  days: z.array(GuideDaySchema),
  status: GuideStatusSchema,
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
  publishedAt: InstantSchema.optional(),
});
export type Guide = z.infer<typeof GuideSchema>;

export const GuideParamsSchema = z.strictObject({ id: IdSchema });
export const GuideListQuerySchema = z.strictObject(PageQuery);
export const GuideListSchema = z.object({ ...pageFields, guides: z.array(GuideSchema) });
