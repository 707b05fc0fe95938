// The catalog service's endpoints: hotels and their pages, searches (one-off or stored) and map viewports,
// destinations, likes and recommendations, the generated images (public, through the gateway); and, service to
// service only (never routed by the gateway), hotel summaries for club pages, and the room holds the itinerary
// places, reads and releases (its identity only) on behalf of the itinerary's owner named in `ownerId`.
import { z } from 'zod';
import {
  AutocompleteAnswerSchema,
  AutocompleteQuerySchema,
  AvailabilityAnswerSchema,
  CheckAvailabilityBodySchema,
  DestinationLikeAnswerSchema,
  DestinationLikeBodySchema,
  DestinationParamsSchema,
  HotelIdParamsSchema,
  HotelLikeAnswerSchema,
  HotelLikeBodySchema,
  HotelListAnswerSchema,
  HotelListBodySchema,
  HotelSlugParamsSchema,
  HotelViewSchema,
  MapAnswerSchema,
  MapBodySchema,
  RecommendationBodySchema,
  RecommendedAnswerSchema,
  RecommendedQuerySchema,
  SearchBodySchema,
  SearchCreatedSchema,
  SearchCriteriaSchema,
  SearchIdParamsSchema,
  SearchPageQuerySchema,
  SearchPageSchema,
} from './api.js';
import { HoldParamsSchema, HoldSchema, PlaceHoldBodySchema } from './holds-api.js';
import { ImageParamsSchema, ImageQuerySchema } from './images-api.js';
import { HotelSummariesAnswerSchema, HotelSummariesBodySchema } from './summaries-api.js';
import { SlugSchema } from '../common.js';
import { accessOf, endpoint } from '../endpoint.js';
import { HoldOwnerQuerySchema } from '../internal-api.js';
import { linkPaths } from '../paths.js';

const HOLD = '/internal/v1/holds/:id';
// `openOrUser`: a token, when sent, names the caller (searches count against them, likes steer recommendations).
const { open, openOrUser, signedIn, internal } = accessOf('catalog');
/** For the itinerary's service identity only. */
const forItinerary = internal('itinerary');
/** For the creator service: club pages and packages (it composes the `/bff/*` views). */
const forClubPages = internal('creator');
/** An answer that is not JSON: a redirect, or the image's bytes. */
const NotJson = z.unknown();

export const catalogEndpoints = {
  // Hotels: the list of a destination, the hotel page by id or slug, its title image, likes.
  listHotels: endpoint(open, 'POST', '/api/v1/hotel', {
    body: HotelListBodySchema,
    responses: { 200: HotelListAnswerSchema },
    errors: ['destination-not-found'],
  }),
  hotel: endpoint(open, 'GET', '/api/v1/hotel/:id', {
    params: HotelIdParamsSchema,
    responses: { 200: HotelViewSchema },
    errors: ['hotel-not-found'],
  }),
  hotelBySlug: endpoint(open, 'GET', '/api/v1/hotel/by-slug/:slug', {
    params: HotelSlugParamsSchema,
    responses: { 200: HotelViewSchema },
    errors: ['hotel-not-found'],
  }),
  titleImage: endpoint(open, 'GET', linkPaths.titleImage, {
    params: HotelIdParamsSchema,
    // To the title image's link (its `Location`).
    responses: { 302: NotJson },
    errors: ['hotel-not-found'],
  }),
  likeHotel: endpoint(signedIn, 'PUT', '/api/v1/hotel/:id/like', {
    params: HotelIdParamsSchema,
    body: HotelLikeBodySchema,
    responses: { 200: HotelLikeAnswerSchema },
    errors: ['unauthenticated', 'hotel-not-found'],
  }),

  // Recommendations: a destination's best, or near the traveller's likes.
  recommended: endpoint(openOrUser, 'GET', '/api/v1/hotel/recommended', {
    query: RecommendedQuerySchema,
    responses: { 200: RecommendedAnswerSchema },
    errors: [],
  }),
  recommendation: endpoint(openOrUser, 'POST', '/api/v1/recommendation', {
    body: RecommendationBodySchema,
    responses: { 200: RecommendedAnswerSchema },
    errors: ['destination-not-found'],
  }),

  // Searches: one-off, stored (then read page by page), map viewports, and a hotel's rooms for a stored search.
  search: endpoint(open, 'POST', '/api/v1/hotel/search', {
    body: SearchBodySchema,
    responses: { 200: SearchPageSchema },
    errors: ['destination-not-found'],
  }),
  createSearch: endpoint(openOrUser, 'POST', '/api/v1/hotel/search/create', {
    // The criteria, and the slug of the club page the search started from (counted, not stored with it).
    body: SearchCriteriaSchema.safeExtend({ creator: SlugSchema.optional() }),
    responses: { 201: SearchCreatedSchema },
    errors: ['destination-not-found'],
  }),
  searchPage: endpoint(open, 'GET', '/api/v1/hotel/search/:id', {
    params: SearchIdParamsSchema,
    query: SearchPageQuerySchema,
    responses: { 200: SearchPageSchema },
    errors: ['search-not-found', 'destination-not-found'],
  }),
  boundingBox: endpoint(open, 'POST', '/api/v1/hotel/boundingBox', {
    body: MapBodySchema,
    responses: { 200: MapAnswerSchema },
    errors: [],
  }),
  // Public like the search it reads: a visitor sees rates before any account exists (docs/web.md).
  checkAvailability: endpoint(openOrUser, 'POST', '/api/v1/hotel/:id/checkAvailability', {
    params: HotelIdParamsSchema,
    body: CheckAvailabilityBodySchema,
    responses: { 200: AvailabilityAnswerSchema },
    errors: ['search-or-dates-not-found', 'hotel-not-found', 'no-rooms-available'],
  }),

  // Destinations: autocomplete, likes.
  autocomplete: endpoint(open, 'GET', '/api/v1/destinations/autocomplete', {
    query: AutocompleteQuerySchema,
    responses: { 200: AutocompleteAnswerSchema },
    errors: [],
    // The same prefix gives the same answer until the catalog changes: a minute in browsers and the gateway.
    cacheSeconds: 60,
  }),
  likeDestination: endpoint(signedIn, 'POST', '/api/v1/destinations/:id/like', {
    params: DestinationParamsSchema,
    body: DestinationLikeBodySchema,
    responses: { 200: DestinationLikeAnswerSchema },
    errors: ['unauthenticated', 'destination-not-found'],
  }),

  // The image CDN (spec section 9).
  image: endpoint(open, 'GET', '/api/v1/images/:publicId', {
    params: ImageParamsSchema,
    query: ImageQuerySchema,
    // A JPEG with its ETag, cacheable forever; 304 to a matching If-None-Match; 503 with Retry-After when busy.
    responses: { 200: NotJson, 304: NotJson },
    errors: ['image-not-found', 'service-unavailable'],
  }),

  // Hotel summaries by id, for club pages and the views the gateway composes: one call for a whole page.
  hotelSummaries: endpoint(forClubPages, 'POST', '/internal/v1/hotels/summaries', {
    body: HotelSummariesBodySchema,
    responses: { 200: HotelSummariesAnswerSchema },
    errors: ['unauthenticated', 'forbidden'],
  }),

  // Room holds, for the itinerary.
  placeHold: endpoint(forItinerary, 'POST', '/internal/v1/holds', {
    query: HoldOwnerQuerySchema,
    body: PlaceHoldBodySchema,
    // 201 when this call placed it, 200 with the same hold for the same idempotency key.
    responses: { 200: HoldSchema, 201: HoldSchema },
    errors: [
      'unauthenticated',
      'forbidden',
      'search-or-dates-not-found',
      'hotel-not-found',
      'room-type-not-found',
      'room-not-found',
      'idempotency-key-reused',
      'no-rooms-available',
    ],
  }),
  readHold: endpoint(forItinerary, 'GET', HOLD, {
    params: HoldParamsSchema,
    query: HoldOwnerQuerySchema,
    responses: { 200: HoldSchema },
    errors: ['unauthenticated', 'forbidden', 'hold-not-found'],
  }),
  releaseHold: endpoint(forItinerary, 'DELETE', HOLD, {
    params: HoldParamsSchema,
    query: HoldOwnerQuerySchema,
    responses: { 200: HoldSchema },
    errors: ['unauthenticated', 'forbidden', 'hold-not-found'],
  }),
};
