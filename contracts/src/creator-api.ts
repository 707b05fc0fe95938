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
} from './common.js';
import { RoleSchema, UserProfileSchema } from './entities.js';
import { PublicNameSchema } from './validation.js';

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
  label: z.string().trim().min(1).max(40),
  url: z.url({ protocol: /^https?$/, error: 'Use an http or https address' }).max(500),
});

/** What a creator's club page shows of them besides the name. */
export const CreatorDetailsSchema = z.object({
  heroImage: ImageAssetSchema.optional(),
  profilePicture: ImageAssetSchema.optional(),
  /** Plain text; paragraphs are separated by blank lines. Never HTML. */
  bio: z.string().max(1_000).optional(),
  links: z.array(ProfileLinkSchema).max(10).optional(),
});
export type CreatorDetails = z.infer<typeof CreatorDetailsSchema>;

/**
 * Where an account came from, first touch: the creator whose club or `?creator=` link brought the traveller,
 * and the campaign fields of that link. Set once; later visits do not move it.
 */
export const UserAttributionSchema = z.strictObject({
  creator: SlugSchema.optional(),
  source: z.string().trim().max(100).optional(),
  medium: z.string().trim().max(100).optional(),
  campaign: z.string().trim().max(100).optional(),
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
    .strictObject({ bio: z.string().max(1_000).optional(), links: z.array(ProfileLinkSchema).max(10).optional() })
    .optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const ProfileIdParamsSchema = z.strictObject({ id: IdSchema });
/** Any text: an old or malformed address simply finds nothing. */
export const PublicSlugParamsSchema = z.strictObject({ slug: z.string().min(1).max(100) });
export const HandleParamsSchema = z.strictObject({ handle: z.string().max(100) });
export const IsAvailableAnswerSchema = z.object({ isAvailable: z.boolean() });

/** `PUT /userProfile/attribution` (the spec's `userAttribution`). */
export const SetAttributionBodySchema = z.strictObject({ userAttribution: UserAttributionSchema });
export const AttributionAnswerSchema = z.object({
  userAttribution: UserAttributionSchema.extend({ at: InstantSchema }).nullable(),
});

/** Internal: who owns a slug (old slugs too), for the services that attribute to creators. */
export const CreatorBySlugAnswerSchema = z.object({
  userId: IdSchema,
  slug: SlugSchema,
  publicName: z.string(),
  roles: z.array(RoleSchema),
});
