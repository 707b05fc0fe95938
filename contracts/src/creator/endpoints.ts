// The creator service's endpoints, part one: profiles (every account's), club addresses, attribution and a
// visitor's guessed currency. Profiles are their owner's; `/public/*` answers what anyone may see of a creator.
import { z } from 'zod';
import { TravelPackageParamsSchema, TravelPackageSchema } from './content-api.js';
import { AnonymousVisitorDataSchema } from '../entities.js';
import {
  AttributionAnswerSchema,
  CreateProfileBodySchema,
  HandleParamsSchema,
  IsAvailableAnswerSchema,
  ProfileIdParamsSchema,
  ProfileSchema,
  PublicProfileSchema,
  PublicSlugParamsSchema,
  SetAttributionBodySchema,
  UpdateProfileBodySchema,
  HotelRecommendParamsSchema,
  RecommendationListSchema,
  RecommendationParamsSchema,
  RecommendationOrderBodySchema,
  RecommendationToggleBodySchema,
  RecommendationViewSchema,
  ClubViewQuerySchema,
  ClubViewSchema,
  TravellerHomeSchema,
} from './api.js';
import { accessOf, endpoint } from '../endpoint.js';
import type { ErrorCode } from '../errors.js';

const BASE = '/api/v1/userProfile';
const { open, openOrUser, signedIn: user, creator } = accessOf('creator');
/** A neighbour (the catalog) that does not answer, or not in time. */
const neighbours = ['service-unavailable', 'upstream-timeout'] as const satisfies readonly ErrorCode[];
/** An upload the pipeline refuses. */
const uploadRefusals = [
  'payload-too-large',
  'form-required',
  'image-type-not-allowed',
  'image-too-large',
  'image-missing',
  // The account's images (files, or decoded megapixels) of the last hour.
  'upload-limit-reached',
] as const satisfies readonly ErrorCode[];
const one = { 200: ProfileSchema } as const;
const mine = ['unauthenticated', 'profile-not-found'] as const satisfies readonly ErrorCode[];
const slugRefusals = [
  'slug-taken',
  'slug-reserved',
  'slug-limit-reached',
  'forbidden',
  // A public name that reads as a verified creator's (case, accents and look-alike letters aside).
  'public-name-taken',
] as const satisfies readonly ErrorCode[];

export const creatorProfileEndpoints = {
  createProfile: endpoint(user, 'POST', BASE, {
    body: CreateProfileBodySchema.nullish(),
    // 201 when this call made it, 200 with the profile that was already there.
    responses: { 200: ProfileSchema, 201: ProfileSchema },
    errors: ['unauthenticated', ...slugRefusals],
  }),
  readProfile: endpoint(user, 'GET', BASE, { responses: one, errors: mine }),
  updateProfile: endpoint(user, 'PUT', BASE, {
    body: UpdateProfileBodySchema,
    responses: one,
    errors: [...mine, ...slugRefusals],
  }),
  myProfile: endpoint(user, 'GET', `${BASE}/my`, { responses: one, errors: mine }),
  readAttribution: endpoint(user, 'GET', `${BASE}/attribution`, {
    responses: { 200: AttributionAnswerSchema },
    errors: mine,
  }),
  setAttribution: endpoint(user, 'PUT', `${BASE}/attribution`, {
    body: SetAttributionBodySchema,
    responses: { 200: AttributionAnswerSchema },
    errors: mine,
  }),
  publicProfile: endpoint(open, 'GET', `${BASE}/public/:slug`, {
    params: PublicSlugParamsSchema,
    responses: { 200: PublicProfileSchema },
    errors: ['profile-not-found'],
  }),
  // The owner's (or support staff's); anyone else gets 404, so ids cannot be probed.
  readProfileById: endpoint(user, 'GET', `${BASE}/:id`, {
    params: ProfileIdParamsSchema,
    responses: one,
    errors: mine,
  }),
  updateProfileById: endpoint(user, 'PUT', `${BASE}/:id`, {
    params: ProfileIdParamsSchema,
    body: UpdateProfileBodySchema,
    responses: one,
    errors: [...mine, ...slugRefusals],
  }),
  // Multipart, one file in the field `image` (or `file`), through the upload pipeline; the owner's only.
  uploadHeroImage: endpoint(user, 'POST', `${BASE}/:id/creator/heroImage`, {
    uploads: true,
    params: ProfileIdParamsSchema,
    responses: one,
    errors: [...mine, 'forbidden', ...uploadRefusals],
  }),
  uploadProfilePicture: endpoint(user, 'POST', `${BASE}/:id/profilePicture`, {
    uploads: true,
    params: ProfileIdParamsSchema,
    responses: one,
    errors: [...mine, ...uploadRefusals],
  }),
  // Asked while a creator types: any text answers, never an error; the caller's own address is available to them.
  isAvailable: endpoint(openOrUser, 'GET', '/api/v1/creator/:handle/isAvailable', {
    params: HandleParamsSchema,
    responses: { 200: IsAvailableAnswerSchema },
    errors: [],
  }),
  anonymousUserData: endpoint(open, 'GET', '/api/v1/getAnonymousUserData', {
    responses: { 200: AnonymousVisitorDataSchema },
    errors: [],
  }),
};

/** Recommended stays: a creator's own, changed by them only; the switched-on ones are anyone's to read. */
export const creatorRecommendationEndpoints = {
  // Multipart (title, text, isActive, and the files cover, tile, images), read by the handler through the
  // upload pipeline: the text fields are checked against RecommendFieldsSchema there.
  recommendHotel: endpoint(creator, 'PUT', '/api/v1/hotel/:id/recommend', {
    uploads: true,
    params: HotelRecommendParamsSchema,
    // 201 when this call made it, 200 when it replaced the creator's recommendation of that hotel.
    responses: { 200: RecommendationViewSchema, 201: RecommendationViewSchema },
    errors: [
      'unauthenticated',
      'forbidden',
      'profile-not-found',
      'hotel-not-found',
      'recommendation-limit-reached',
      ...uploadRefusals,
      ...neighbours,
    ],
  }),
  withdrawRecommendation: endpoint(creator, 'DELETE', '/api/v1/hotel/:id/recommend', {
    params: HotelRecommendParamsSchema,
    responses: { 204: z.unknown() },
    errors: ['unauthenticated', 'forbidden', 'profile-not-found', 'recommendation-not-found'],
  }),
  readRecommendation: endpoint(openOrUser, 'GET', '/api/v1/hotel/:id/recommendation/:recommendationId', {
    params: RecommendationParamsSchema,
    responses: { 200: RecommendationViewSchema },
    errors: ['recommendation-not-found'],
  }),
  myRecommendations: endpoint(creator, 'GET', `${BASE}/hotelRecommendations`, {
    responses: { 200: RecommendationListSchema },
    errors: ['unauthenticated', 'forbidden'],
  }),
  publicRecommendations: endpoint(open, 'GET', `${BASE}/public/:slug/hotelRecommendations`, {
    params: PublicSlugParamsSchema,
    responses: { 200: RecommendationListSchema },
    errors: ['profile-not-found'],
  }),
  // The club page in one call (the `/bff/*` views are the creator service's: docs/creator.md).
  clubView: endpoint(open, 'GET', '/api/v1/bff/creator/:slug', {
    params: PublicSlugParamsSchema,
    query: ClubViewQuerySchema,
    responses: { 200: ClubViewSchema },
    errors: ['profile-not-found', ...neighbours],
  }),
  travellerHome: endpoint(user, 'GET', '/api/v1/bff/traveller/home', {
    responses: { 200: TravellerHomeSchema },
    errors: ['unauthenticated', ...neighbours],
  }),
  toggleRecommendation: endpoint(creator, 'POST', '/api/v1/bff/recommendation/toggle', {
    body: RecommendationToggleBodySchema,
    responses: { 200: RecommendationViewSchema },
    errors: ['unauthenticated', 'forbidden', 'profile-not-found', 'recommendation-not-found'],
  }),
  // The creator's whole order (every recommendation once); answered like `myRecommendations`, in that order.
  orderRecommendations: endpoint(creator, 'PUT', `${BASE}/hotelRecommendations/order`, {
    body: RecommendationOrderBodySchema,
    responses: { 200: RecommendationListSchema },
    errors: ['unauthenticated', 'forbidden', 'profile-not-found'],
  }),
};

/** A package's photos: multipart, one file in `cover` (it replaces the cover) or `image` (added to the gallery). */
export const creatorPackageImageEndpoints = {
  addPackageImage: endpoint(creator, 'POST', '/api/v1/travelpackage/:id/image', {
    uploads: true,
    params: TravelPackageParamsSchema,
    responses: { 200: TravelPackageSchema },
    errors: ['unauthenticated', 'forbidden', 'travel-package-not-found', ...uploadRefusals],
  }),
  removePackageImage: endpoint(creator, 'DELETE', '/api/v1/travelpackage/:id/image', {
    params: TravelPackageParamsSchema,
    query: z.strictObject({ publicId: z.string().min(1).max(100) }),
    responses: { 204: z.unknown() },
    errors: ['unauthenticated', 'forbidden', 'travel-package-not-found', 'image-not-found'],
  }),
};
