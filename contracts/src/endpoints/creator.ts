// The creator service's endpoints, part one: profiles (every account's), club addresses, attribution and a
// visitor's guessed currency. Profiles are their owner's; `/public/*` answers what anyone may see of a creator.
import { AnonymousVisitorDataSchema } from '../entities.js';
import {
  AttributionAnswerSchema,
  CreateProfileBodySchema,
  CreatorBySlugAnswerSchema,
  HandleParamsSchema,
  IsAvailableAnswerSchema,
  ProfileIdParamsSchema,
  ProfileSchema,
  PublicProfileSchema,
  PublicSlugParamsSchema,
  SetAttributionBodySchema,
  UpdateProfileBodySchema,
} from '../creator-api.js';
import { accessOf, endpoint } from '../endpoint.js';
import type { ErrorCode } from '../errors.js';

const BASE = '/api/v1/userProfile';
const { open, openOrUser, signedIn: user, internal } = accessOf('creator');
const one = { 200: ProfileSchema } as const;
const mine = ['unauthenticated', 'profile-not-found'] as const satisfies readonly ErrorCode[];
const slugRefusals = ['slug-taken', 'slug-reserved'] as const satisfies readonly ErrorCode[];

export const creatorProfileEndpoints = {
  createProfile: endpoint({
    ...user,
    method: 'POST',
    path: BASE,
    body: CreateProfileBodySchema.nullish(),
    // 201 when this call made it, 200 with the profile that was already there.
    responses: { 200: ProfileSchema, 201: ProfileSchema },
    errors: ['unauthenticated', 'forbidden', ...slugRefusals],
  }),
  readProfile: endpoint({ ...user, method: 'GET', path: BASE, responses: one, errors: mine }),
  updateProfile: endpoint({
    ...user,
    method: 'PUT',
    path: BASE,
    body: UpdateProfileBodySchema,
    responses: one,
    errors: [...mine, ...slugRefusals],
  }),
  myProfile: endpoint({ ...user, method: 'GET', path: `${BASE}/my`, responses: one, errors: mine }),
  readAttribution: endpoint({
    ...user,
    method: 'GET',
    path: `${BASE}/attribution`,
    responses: { 200: AttributionAnswerSchema },
    errors: mine,
  }),
  setAttribution: endpoint({
    ...user,
    method: 'PUT',
    path: `${BASE}/attribution`,
    body: SetAttributionBodySchema,
    responses: { 200: AttributionAnswerSchema },
    errors: mine,
  }),
  publicProfile: endpoint({
    ...open,
    method: 'GET',
    path: `${BASE}/public/:slug`,
    params: PublicSlugParamsSchema,
    responses: { 200: PublicProfileSchema },
    errors: ['profile-not-found'],
  }),
  // The owner's (or support staff's); anyone else gets 404, so ids cannot be probed.
  readProfileById: endpoint({
    ...user,
    method: 'GET',
    path: `${BASE}/:id`,
    params: ProfileIdParamsSchema,
    responses: one,
    errors: mine,
  }),
  updateProfileById: endpoint({
    ...user,
    method: 'PUT',
    path: `${BASE}/:id`,
    params: ProfileIdParamsSchema,
    body: UpdateProfileBodySchema,
    responses: one,
    errors: [...mine, ...slugRefusals],
  }),
  // Asked while a creator types: any text answers, never an error; the caller's own address is available to them.
  isAvailable: endpoint({
    ...openOrUser,
    method: 'GET',
    path: '/api/v1/creator/:handle/isAvailable',
    params: HandleParamsSchema,
    responses: { 200: IsAvailableAnswerSchema },
    errors: [],
  }),
  anonymousUserData: endpoint({
    ...open,
    method: 'GET',
    path: '/api/v1/getAnonymousUserData',
    responses: { 200: AnonymousVisitorDataSchema },
    errors: [],
  }),

  // Internal: who earns a slug's attribution (an old slug answers its creator's current one).
  creatorBySlug: endpoint({
    ...internal('itinerary', 'billing', 'catalog', 'gateway'),
    method: 'GET',
    path: '/internal/v1/creators/by-slug/:slug',
    params: PublicSlugParamsSchema,
    responses: { 200: CreatorBySlugAnswerSchema },
    errors: ['unauthenticated', 'forbidden', 'profile-not-found'],
  }),
};
