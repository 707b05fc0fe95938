// The itinerary service's endpoints: the cart (/api/v1/itinerary/*, any signed-in caller, anonymous included;
// without a token the cart's own "Token not found"). No other service calls the itinerary: it calls billing and
// the catalog, and hears their events (docs/booking.md, "One payment at a time").
import { FromTravelPackageBodySchema } from '../creator/content-api.js';
import { ItinerarySchema } from '../entities.js';
import { accessOf, endpoint } from '../endpoint.js';
import type { ErrorCode } from '../errors.js';
import {
  AddHotelBodySchema,
  CancelItineraryBodySchema,
  CancellationTermsAnswerSchema,
  CreateItineraryBodySchema,
  ItineraryIdParamsSchema,
  ItineraryListQuerySchema,
  ItineraryListSchema,
  PreCheckAnswerSchema,
  RemoveHotelBodySchema,
  SetGuestDetailsBodySchema,
  UpdateCustomerDataBodySchema,
  UpdateHotelBodySchema,
} from './api.js';

const BASE = '/api/v1/itinerary';

const { signedIn: user } = accessOf('itinerary');
/** Every cart endpoint: the owner's (or support staff's), with the cart's answer to a missing token. */
const cart = { ...user, missingToken: 'token-not-found' } as const;
const one = { 200: ItinerarySchema } as const;
const params = ItineraryIdParamsSchema;

const signedIn = ['token-not-found', 'unauthenticated'] as const satisfies readonly ErrorCode[];
const found = [...signedIn, 'itinerary-not-found'] as const satisfies readonly ErrorCode[];
/** A neighbour (the catalog, billing) that does not answer, or not in time. */
const neighbours = ['service-unavailable', 'upstream-timeout'] as const satisfies readonly ErrorCode[];
/** What the catalog may refuse a hold with, passed on as it is. */
const holdRefusals = [
  'search-or-dates-not-found',
  'hotel-not-found',
  'room-type-not-found',
  'room-not-found',
  'no-rooms-available',
  'idempotency-key-reused',
  'hold-expired',
] as const satisfies readonly ErrorCode[];
/** A cart that is not open, or that billing is charging. */
const notEditable = ['itinerary-not-editable', 'payment-in-progress'] as const satisfies readonly ErrorCode[];
/** A room held at the catalog and put into the cart. */
const roomChange = [
  ...found,
  ...holdRefusals,
  ...neighbours,
  ...notEditable,
  'hotel-booking-not-found',
] as const satisfies readonly ErrorCode[];
/** Why a cart cannot be invoiced (yet). */
const notPayable = [
  ...notEditable,
  'itinerary-empty',
  'guest-details-missing',
  'hold-expired',
  'invoice-outdated',
] as const satisfies readonly ErrorCode[];

export const itineraryEndpoints = {
  // The traveller's itineraries.
  createItinerary: endpoint(cart, 'POST', BASE, {
    body: CreateItineraryBodySchema.nullish(),
    responses: { 201: ItinerarySchema },
    errors: signedIn,
  }),
  listItineraries: endpoint(cart, 'GET', BASE, {
    query: ItineraryListQuerySchema,
    responses: { 200: ItineraryListSchema },
    errors: signedIn,
  }),
  latestItinerary: endpoint(cart, 'GET', `${BASE}/latest`, { responses: one, errors: found }),
  readItinerary: endpoint(cart, 'GET', `${BASE}/:id`, { params, responses: one, errors: found }),

  // A new cart filled with a creator's travel package, for the chosen departure: all of its rooms held, or none.
  fromTravelPackage: endpoint(cart, 'POST', `${BASE}/fromTravelPackage/:id`, {
    params,
    body: FromTravelPackageBodySchema,
    responses: { 201: ItinerarySchema },
    errors: [
      ...signedIn,
      'travel-package-not-found',
      'travel-package-date-not-offered',
      ...holdRefusals,
      ...neighbours,
    ],
  }),

  // Rooms in the cart: each held at the catalog first.
  addHotel: endpoint(cart, 'POST', `${BASE}/:id/addHotel`, {
    params,
    body: AddHotelBodySchema,
    responses: one,
    errors: roomChange,
  }),
  updateHotel: endpoint(cart, 'POST', `${BASE}/:id/updateHotel`, {
    params,
    body: UpdateHotelBodySchema,
    responses: one,
    errors: [...roomChange, 'booking-not-found'],
  }),
  removeHotel: endpoint(cart, 'POST', `${BASE}/:id/removeHotel`, {
    params,
    body: RemoveHotelBodySchema,
    responses: one,
    errors: [...found, ...neighbours, ...notEditable, 'hotel-booking-not-found', 'booking-not-found'],
  }),

  // Guest details and the contact page.
  setGuestDetails: endpoint(cart, 'POST', `${BASE}/:id/setGuestDetails`, {
    params,
    body: SetGuestDetailsBodySchema,
    responses: one,
    errors: [...found, 'itinerary-not-editable', 'hotel-booking-not-found', 'guest-names-mismatch'],
  }),
  updateCustomerData: endpoint(cart, 'POST', `${BASE}/:id/updateCustomerData`, {
    params,
    body: UpdateCustomerDataBodySchema,
    responses: one,
    errors: [...found, 'itinerary-not-editable'],
  }),

  // Checkout: the rooms checked again, the invoice from billing.
  preCheck: endpoint(cart, 'GET', `${BASE}/:id/preCheck`, {
    params,
    responses: { 200: PreCheckAnswerSchema },
    errors: [...found, ...neighbours],
  }),
  createInvoice: endpoint(cart, 'POST', `${BASE}/:id/createInvoice`, {
    params,
    responses: one,
    errors: [...found, ...notPayable, ...neighbours, 'invoice-mismatch'],
  }),

  // Cancellation.
  cancellationTerms: endpoint(cart, 'GET', `${BASE}/:id/cancellationTerms`, {
    params,
    responses: { 200: CancellationTermsAnswerSchema },
    errors: found,
  }),
  cancelItinerary: endpoint(cart, 'PUT', `${BASE}/:id/cancel`, {
    params,
    body: CancelItineraryBodySchema.nullable(),
    responses: one,
    errors: [...found, ...neighbours, 'itinerary-not-cancellable', 'payment-in-progress'],
  }),
};
