// Support staff's routes on the itinerary service (role/support), for the travelclub command line: find
// itineraries, read one with its invoices, holds, terms and staff log (the read is recorded with the staff id).
// Staff cancel through the cart's own `PUT /api/v1/itinerary/:id/cancel`, whose `note` is kept as the reason.
import { accessOf, endpoint, type Endpoint } from '../endpoint.js';
import {
  SupportItineraryDetailSchema,
  SupportItineraryListQuerySchema,
  SupportItineraryListSchema,
  SupportItineraryParamsSchema,
} from './support-api.js';

const BASE = '/api/v1/support/itineraries';

const { support } = accessOf('itinerary');

export const itinerarySupportEndpoints = {
  supportListItineraries: endpoint(support, 'GET', BASE, {
    query: SupportItineraryListQuerySchema,
    responses: { 200: SupportItineraryListSchema },
    errors: ['unauthenticated', 'forbidden'],
    summary: 'Itineraries by status, owner, contact address, creator, hotel, stay dates or free text',
  }),
  supportReadItinerary: endpoint(support, 'GET', `${BASE}/:id`, {
    params: SupportItineraryParamsSchema,
    responses: { 200: SupportItineraryDetailSchema },
    errors: ['unauthenticated', 'forbidden', 'itinerary-not-found'],
    summary:
      'One itinerary (by id or booking reference) with its invoices, holds, frozen terms and what staff did to it',
  }),
} as const satisfies Record<string, Endpoint>;
