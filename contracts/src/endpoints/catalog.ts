// The catalog service's endpoints. So far only the room holds the itinerary places, reads and releases
// (service to service: its identity only, never routed by the gateway), on behalf of the itinerary's owner
// named in `ownerId`. The catalog's public endpoints join them when its routes move onto definitions; until
// then the catalog is not in `endpoints` (the gateway would take its public routes as defined).
import { HoldOwnerQuerySchema } from '../internal-api.js';
import { HoldParamsSchema, HoldSchema, PlaceHoldBodySchema } from '../catalog-holds-api.js';
import { endpoint } from '../endpoint.js';

const HOLD = '/internal/v1/holds/:id';

export const catalogEndpoints = {
  placeHold: endpoint({
    service: 'catalog',
    method: 'POST',
    path: '/internal/v1/holds',
    access: { callers: ['itinerary'] },
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
  readHold: endpoint({
    service: 'catalog',
    method: 'GET',
    path: HOLD,
    access: { callers: ['itinerary'] },
    params: HoldParamsSchema,
    query: HoldOwnerQuerySchema,
    responses: { 200: HoldSchema },
    errors: ['unauthenticated', 'forbidden', 'hold-not-found'],
  }),
  releaseHold: endpoint({
    service: 'catalog',
    method: 'DELETE',
    path: HOLD,
    access: { callers: ['itinerary'] },
    params: HoldParamsSchema,
    query: HoldOwnerQuerySchema,
    responses: { 200: HoldSchema },
    errors: ['unauthenticated', 'forbidden', 'hold-not-found'],
  }),
};
