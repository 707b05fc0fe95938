// The creator service's endpoints, content part: travel packages (a creator's own, changed by them only; the
// active ones anyone's to read and book) and written guides (the published ones anyone's to read). A draft of
// someone else's answers 404, so ids cannot be probed.
import { z } from 'zod';
import { PublicSlugParamsSchema } from './api.js';
import {
  CreateGuideBodySchema,
  GuideListQuerySchema,
  GuideListSchema,
  GuideParamsSchema,
  GuideSchema,
  OrderedTravelPackagesSchema,
  PublicTravelPackagesSchema,
  TravelPackageBodySchema,
  TravelPackageForBookingSchema,
  TravelPackageListQuerySchema,
  TravelPackageListSchema,
  TravelPackageOrderBodySchema,
  TravelPackageParamsSchema,
  TravelPackageRequestAnswerSchema,
  TravelPackageRequestBodySchema,
  TravelPackageRequestListSchema,
  TravelPackageSchema,
  TravelPackageToggleBodySchema,
  TravelPackageWithHotelsSchema,
  UpdateGuideBodySchema,
  WithHotelContentQuerySchema,
} from './content-api.js';
import { accessOf, endpoint } from '../endpoint.js';
import type { ErrorCode } from '../errors.js';

const BASE = '/api/v1/travelpackage';
const GUIDES = '/api/itinerary-content';
const { open, openOrUser, internal, creator } = accessOf('creator');
const params = TravelPackageParamsSchema;
const creatorOnly = ['unauthenticated', 'forbidden'] as const satisfies readonly ErrorCode[];
/** A neighbour (the catalog) that does not answer, or not in time. */
const neighbours = ['service-unavailable', 'upstream-timeout'] as const satisfies readonly ErrorCode[];
/** What activating a package (or publishing a guide) may be refused with: its hotels checked at the catalog. */
const catalogChecks = ['hotel-not-found', 'room-type-not-found', ...neighbours] as const satisfies readonly ErrorCode[];
const onePackage = { 200: TravelPackageSchema } as const;

export const creatorPackageEndpoints = {
  // Makes a package (201) or changes the caller's own by its id (200).
  savePackage: endpoint(creator, 'PUT', BASE, {
    body: TravelPackageBodySchema,
    responses: { 200: TravelPackageSchema, 201: TravelPackageSchema },
    errors: [...creatorOnly, 'profile-not-found', 'travel-package-not-found', ...catalogChecks],
  }),
  // In the creator's order (a new package last).
  myPackages: endpoint(creator, 'GET', BASE, {
    query: TravelPackageListQuerySchema,
    responses: { 200: TravelPackageListSchema },
    errors: creatorOnly,
  }),
  // The creator's whole order (every package, drafts too, once); answered with all of them in that order.
  orderPackages: endpoint(creator, 'PUT', `${BASE}/order`, {
    body: TravelPackageOrderBodySchema,
    responses: { 200: OrderedTravelPackagesSchema },
    errors: creatorOnly,
  }),
  // The owner's in any status; anyone's when active.
  readPackage: endpoint(openOrUser, 'GET', `${BASE}/:id`, {
    params,
    responses: onePackage,
    errors: ['travel-package-not-found'],
  }),
  deletePackage: endpoint(creator, 'DELETE', `${BASE}/:id`, {
    params,
    responses: { 204: z.unknown() },
    errors: [...creatorOnly, 'travel-package-not-found'],
  }),
  packageWithHotels: endpoint(openOrUser, 'GET', `${BASE}/:id/withHotelContent`, {
    params,
    query: WithHotelContentQuerySchema,
    responses: { 200: TravelPackageWithHotelsSchema },
    errors: ['travel-package-not-found', ...neighbours],
  }),
  togglePackage: endpoint(creator, 'POST', '/api/v1/bff/travelPackage/:id/toggle', {
    params,
    body: TravelPackageToggleBodySchema,
    responses: onePackage,
    errors: [...creatorOnly, 'travel-package-not-found', ...catalogChecks],
  }),
  publicPackages: endpoint(open, 'GET', '/api/v1/userProfile/public/:slug/travelPackages', {
    params: PublicSlugParamsSchema,
    responses: { 200: PublicTravelPackagesSchema },
    errors: ['profile-not-found'],
  }),
  // A traveller asks a creator for a package: kept for the creator's dashboard, and mailed to them when their
  // address is verified. Limited per traveller address, per account and per client address.
  requestPackage: endpoint(openOrUser, 'POST', '/api/v1/request-travel-package', {
    limit: 'tight',
    body: TravelPackageRequestBodySchema,
    responses: { 202: TravelPackageRequestAnswerSchema },
    errors: ['profile-not-found', 'travel-package-not-found', 'creator-unreachable', 'too-many-requests'],
  }),
  // The requests travellers made to the calling creator, newest first (the dashboard's list).
  myPackageRequests: endpoint(creator, 'GET', '/api/v1/request-travel-package', {
    responses: { 200: TravelPackageRequestListSchema },
    errors: [...creatorOnly],
  }),

  // Internal: a package for the itinerary's booking of it (`fromTravelPackage`), with its creator's slug.
  packageForBooking: endpoint(internal('itinerary'), 'GET', '/internal/v1/travelpackages/:id', {
    params,
    responses: { 200: TravelPackageForBookingSchema },
    errors: [...creatorOnly, 'travel-package-not-found'],
  }),
};

const oneGuide = { 200: GuideSchema } as const;

export const creatorGuideEndpoints = {
  myGuides: endpoint(creator, 'GET', GUIDES, {
    query: GuideListQuerySchema,
    responses: { 200: GuideListSchema },
    errors: creatorOnly,
  }),
  createGuide: endpoint(creator, 'POST', GUIDES, {
    body: CreateGuideBodySchema,
    responses: { 201: GuideSchema },
    errors: [...creatorOnly, 'profile-not-found', 'hotel-not-found', ...neighbours],
  }),
  updateGuide: endpoint(creator, 'PUT', GUIDES, {
    body: UpdateGuideBodySchema,
    responses: oneGuide,
    errors: [...creatorOnly, 'guide-not-found', 'hotel-not-found', ...neighbours],
  }),
  // The owner's in any status; anyone's when published.
  readGuide: endpoint(openOrUser, 'GET', `${GUIDES}/:id`, {
    params: GuideParamsSchema,
    responses: oneGuide,
    errors: ['guide-not-found'],
  }),
  deleteGuide: endpoint(creator, 'DELETE', `${GUIDES}/:id`, {
    params: GuideParamsSchema,
    responses: { 204: z.unknown() },
    errors: [...creatorOnly, 'guide-not-found'],
  }),
};
