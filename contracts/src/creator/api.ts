// The creator service's shapes: profiles (every account's, a creator's club among them), club addresses
// (slugs), attribution and a visitor's guessed currency and country. docs/creator.md gives the rules.
import { z } from 'zod';
import {
  CountryCodeSchema,
  CurrencyCodeSchema,
  IdSchema,
  ImageAssetSchema,
  InstantSchema,
  SlugSchema,
} from '../common.js';
import { ExchangeRatesRefSchema, SupportedCurrencySchema } from '../catalog/api.js';
import { PricedHotelSummarySchema } from '../catalog/summaries-api.js';
import { GuideSchema, TravelPackageSchema } from './content-api.js';
import { ProfileVerificationSchema } from './audience-api.js';
import { RecommendationSchema, UserProfileSchema } from '../entities.js';
import { multiLineText, PublicNameSchema, singleLineText } from '../validation.js';

/** A club address as a creator types it: compared and stored lower-cased, 3 to 30 URL-safe characters. */
export const ClubSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'Use at least 3 characters')
  .max(30, 'Use at most 30 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use letters, digits and single hyphens inside');

/** A link on a creator's club page (their other channels). */
export const ProfileLinkSchema = z.strictObject({
  label: singleLineText(z.string().trim().min(1).max(40)),
  url: z.url({ protocol: /^https?$/, error: 'Use an http or https address' }).max(500),
});

/** What a creator's club page shows of them besides the name. */
export const CreatorDetailsSchema = z.object({
  heroImage: ImageAssetSchema.optional(),
  profilePicture: ImageAssetSchema.optional(),
  /** Plain text; paragraphs are separated by blank lines. Never HTML. */
  bio: multiLineText(z.string().max(1_000)).optional(),
  links: z.array(ProfileLinkSchema).max(10).optional(),
});
export type CreatorDetails = z.infer<typeof CreatorDetailsSchema>;

/**
 * Where an account came from, first touch: the creator whose club or `?creator=` link brought the traveller,
 * and the campaign fields of that link. Set once; later visits do not move it.
 */
export const UserAttributionSchema = z.strictObject({
  creator: SlugSchema.optional(),
  source: singleLineText(z.string().trim().max(100)).optional(),
  medium: singleLineText(z.string().trim().max(100)).optional(),
  campaign: singleLineText(z.string().trim().max(100)).optional(),
  /** The path of the first page, without its query. */
  landingPath: z
    .string()
    .max(300)
    .regex(/^\/[^?#]*$/, 'Use a path starting with /')
    .optional(),
});
export type UserAttribution = z.infer<typeof UserAttributionSchema>;

/** A creator's paid plan as the profile shows it (billing owns the plan itself). */
export const ProfilePlanSchema = z.object({
  status: z.string(),
  currentPeriodEnd: InstantSchema.optional(),
});

/** The owner's view of a profile: spec section 3's user profile and what the club page and dashboard need. */
export const ProfileSchema = UserProfileSchema.extend({
  creatorProfile: CreatorDetailsSchema.optional(),
  attribution: UserAttributionSchema.extend({ at: InstantSchema }).optional(),
  /** Support staff checked that the creator is who they say. */
  verified: z.boolean(),
  /** The latest verification request, absent before the first; on the owner's own profile only. */
  verification: ProfileVerificationSchema.optional(),
  plan: ProfilePlanSchema.optional(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

/** What anyone may see of a creator: their club's face, nothing private. */
export const PublicProfileSchema = z.object({
  userId: IdSchema,
  publicName: z.string(),
  slug: SlugSchema,
  creatorProfile: CreatorDetailsSchema,
  verified: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

/** `POST /userProfile`: the caller's profile, made once; a slug is made from the name when none is asked for. */
export const CreateProfileBodySchema = z.strictObject({
  publicName: PublicNameSchema.optional(),
  slug: ClubSlugSchema.optional(),
  currency: CurrencyCodeSchema.optional(),
  country: CountryCodeSchema.optional(),
});

/** `PUT /userProfile`: the fields to change; images have their own upload routes. */
export const UpdateProfileBodySchema = z.strictObject({
  publicName: PublicNameSchema.optional(),
  slug: ClubSlugSchema.optional(),
  currency: CurrencyCodeSchema.optional(),
  country: CountryCodeSchema.optional(),
  creatorProfile: z
    .strictObject({
      bio: multiLineText(z.string().max(1_000)).optional(),
      links: z.array(ProfileLinkSchema).max(10).optional(),
    })
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const ProfileIdParamsSchema = z.strictObject({ id: IdSchema });
/** Any text: an old or malformed address simply finds nothing. */
export const PublicSlugParamsSchema = z.strictObject({ slug: z.string().min(1).max(100) });
export const HandleParamsSchema = z.strictObject({ handle: z.string().max(100) });
/** Why an address cannot be had: another creator has (or had) it, it is a reserved word, or it breaks the rules. */
export const SlugUnavailableReasonSchema = z.enum(['taken', 'reserved', 'invalid']);
export type SlugUnavailableReason = z.infer<typeof SlugUnavailableReasonSchema>;
/** `reason` is there only when the address is not available. */
export const IsAvailableAnswerSchema = z.object({
  isAvailable: z.boolean(),
  reason: SlugUnavailableReasonSchema.optional(),
});
export type IsAvailableAnswer = z.infer<typeof IsAvailableAnswerSchema>;

/** `PUT /userProfile/attribution` (the spec's `userAttribution`). */
export const SetAttributionBodySchema = z.strictObject({ userAttribution: UserAttributionSchema });
export const AttributionAnswerSchema = z.object({
  userAttribution: UserAttributionSchema.extend({ at: InstantSchema }).nullable(),
});

// ---------- recommended stays ----------

/** What one creator's recommended stays may hold; the service enforces them, the dashboard shows them. */
export const recommendationLimits = {
  /** Recommendations a club may have: its page shows them all, priced in one catalog call. */
  perClub: 50,
  /** Photos besides the cover and the tile. */
  images: 12,
  title: 80,
  text: 2_000,
} as const;

/** A creator's recommendation as stored (spec section 3 "Recommendation") with its id, switch and place. */
export const RecommendationViewSchema = RecommendationSchema.extend({
  id: IdSchema,
  isActive: z.boolean(),
  /** Orders a creator's recommendations, lowest first; a new one goes last. */
  position: z.number().int().min(0),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
});
export type RecommendationView = z.infer<typeof RecommendationViewSchema>;

/** The text fields of `PUT /hotel/{id}/recommend` (multipart; the images are file fields). Plain text, never HTML. */
export const RecommendFieldsSchema = z.strictObject({
  title: singleLineText(z.string().trim().min(1, 'Give your recommendation a title').max(recommendationLimits.title)),
  text: multiLineText(z.string().trim().max(recommendationLimits.text)).default(''),
  /** Starts switched on unless told. */
  isActive: z.stringbool().optional(),
});
export type RecommendFields = z.infer<typeof RecommendFieldsSchema>;

export const HotelRecommendParamsSchema = z.strictObject({ id: IdSchema });
export const RecommendationParamsSchema = z.strictObject({ id: IdSchema, recommendationId: IdSchema });
export const RecommendationListSchema = z.object({ recommendations: z.array(RecommendationViewSchema) });
export const RecommendationToggleBodySchema = z.strictObject({ hotelId: IdSchema, isActive: z.boolean() });
/**
 * `PUT /userProfile/hotelRecommendations/order`: the creator's whole order, first shown first. Every one of their
 * recommendations must be named, each once, and nothing else (the service says which ids are wrong).
 */
export const RecommendationOrderBodySchema = z.strictObject({
  hotelIds: z.array(IdSchema).max(recommendationLimits.perClub, 'A club has at most 50 recommended stays'),
});
export type RecommendationOrderBody = z.infer<typeof RecommendationOrderBodySchema>;

// ---------- the club page view ----------

/** A recommended stay on the club page: the creator's words and the catalog's hotel card with its price. */
export const ClubRecommendationSchema = RecommendationViewSchema.extend({ hotel: PricedHotelSummarySchema });
export type ClubRecommendation = z.infer<typeof ClubRecommendationSchema>;

/** `GET /bff/creator/{slug}`: prices in the visitor's currency, for their dates when they gave some. */
export const ClubViewQuerySchema = z
  .strictObject({
    currency: SupportedCurrencySchema.optional(),
    checkIn: z.iso.date().optional(),
    checkOut: z.iso.date().optional(),
  })
  .refine((q) => !q.checkIn === !q.checkOut && (!q.checkIn || q.checkOut! > q.checkIn), {
    message: 'Give a check-out after the check-in, or no dates',
    path: ['checkOut'],
  });

/** A package as the club page's card shows it; its page reads the whole package. */
export const ClubPackageSchema = TravelPackageSchema.pick({
  id: true,
  title: true,
  summary: true,
  cover: true,
  nights: true,
  pricing: true,
  offeredDates: true,
  capacity: true,
});
/** A written guide as the club page lists it. */
export const ClubGuideSchema = GuideSchema.pick({
  id: true,
  title: true,
  summary: true,
  cover: true,
  publishedAt: true,
});

/** Everything a club page shows, in one answer. */
export const ClubViewSchema = z.object({
  profile: PublicProfileSchema,
  /** The switched-on recommendations in the creator's order; hotels the catalog no longer has are left out. */
  recommendations: z.array(ClubRecommendationSchema),
  /** The active packages in the creator's order (a new one last). */
  packages: z.array(ClubPackageSchema),
  /** The published guides, newest first. */
  guides: z.array(ClubGuideSchema),
  /** The exchange-rate snapshot the hotels' prices were quoted with. */
  exchangeRates: ExchangeRatesRefSchema.optional(),
});
export type ClubView = z.infer<typeof ClubViewSchema>;

/** `GET /bff/traveller/home`: the clubs a traveller follows and what is new in them. */
export const TravellerHomeSchema = z.object({
  /** The clubs of the traveller's confirmed subscriptions, then the club that brought them, if another. */
  clubs: z.array(PublicProfileSchema),
  /** The latest switched-on recommendations of those clubs, newest first, with the creator's address. */
  recommendations: z.array(ClubRecommendationSchema.extend({ creatorSlug: SlugSchema })),
  /** Their active packages, newest first, with the creator's address. */
  packages: z.array(ClubPackageSchema.extend({ creatorSlug: SlugSchema })),
});
export type TravellerHome = z.infer<typeof TravellerHomeSchema>;
