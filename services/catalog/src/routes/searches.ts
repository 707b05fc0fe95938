// Searches (stored or one-off), map viewports, and the availability check of one hotel for a search.
import {
  AvailabilityAnswerSchema,
  CheckAvailabilityBodySchema,
  exchangeRatesRef,
  HotelIdParamsSchema,
  MapAnswerSchema,
  MapBodySchema,
  SearchBodySchema,
  SearchCreatedSchema,
  SearchCriteriaSchema,
  SearchIdParamsSchema,
  SearchPageQuerySchema,
  SearchPageSchema,
} from '@travelclub/contracts';
import { appError, unparsedResponse } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SearchClient } from '../store/searches.js';

/** JSON text the searcher wrote itself, in the route's response shape: sent as is. */
const written = (json: string) => json as never;

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { searches, searcher, hotels, index } = app.catalog;

  app.post(
    '/api/v1/hotel/search',
    { schema: { body: SearchBodySchema, response: { 200: SearchPageSchema } }, ...unparsedResponse },
    async (req, reply) => {
      const { take, skip, ...criteria } = req.body;
      return reply.type('application/json').send(written(searcher.pageJson(criteria, take, skip)));
    },
  );

  app.post(
    '/api/v1/hotel/search/create',
    // No token needed; with one, the search counts against the user rather than their address.
    { schema: { body: SearchCriteriaSchema, response: { 201: SearchCreatedSchema } }, preHandler: app.optionalUser },
    async (req, reply) => {
      if (req.body.destination && !index().hotelsOf(req.body.destination)) throw appError('destination-not-found');
      const client: SearchClient = req.user ? `user:${req.user.id}` : `ip:${req.ip}`;
      const { searchId, expiresAt } = await searches.create(req.body, client);
      return reply.code(201).send({ searchId, expiresAt });
    },
  );

  app.get(
    '/api/v1/hotel/search/:id',
    {
      schema: { params: SearchIdParamsSchema, querystring: SearchPageQuerySchema, response: { 200: SearchPageSchema } },
      ...unparsedResponse,
    },
    async (req, reply) => {
      const criteria = await searches.get(req.params.id);
      if (!criteria) throw appError('search-not-found');
      return reply
        .type('application/json')
        .send(written(searcher.pageJson(criteria, req.query.take, req.query.skip, req.params.id)));
    },
  );

  app.post(
    '/api/v1/hotel/boundingBox',
    { schema: { body: MapBodySchema, response: { 200: MapAnswerSchema } }, ...unparsedResponse },
    async (req, reply) => {
      const { boundingBox, limit, checkIn, checkOut, guests, rooms, currency } = req.body;
      const stay = checkIn && checkOut ? { checkIn, checkOut, guests, rooms, currency } : null;
      return reply.type('application/json').send(written(searcher.mapJson(boundingBox, limit, stay)));
    },
  );

  app.post(
    '/api/v1/hotel/:id/checkAvailability',
    {
      schema: {
        params: HotelIdParamsSchema,
        body: CheckAvailabilityBodySchema,
        response: { 200: AvailabilityAnswerSchema },
      },
      ...unparsedResponse,
    },
    async (req) => {
      const { hotelId, hotelSearchId } = req.body;
      if (hotelId !== req.params.id)
        throw appError('validation-failed', [{ path: 'hotelId', message: 'Must be the hotel in the path' }]);
      const criteria = await searches.get(hotelSearchId);
      if (!criteria) throw appError('search-or-dates-not-found');
      const hotel = await hotels.byId(hotelId);
      if (!hotel) throw appError('hotel-not-found');
      const roomTypes = searcher.offers(hotel, criteria);
      // Spec section 5: the check fails when no rooms come back ("No rooms available").
      if (!roomTypes.some((rt) => rt.rooms.length > 0)) throw appError('no-rooms-available');
      return {
        hotelId,
        searchId: hotelSearchId,
        checkIn: criteria.checkIn,
        checkOut: criteria.checkOut,
        guests: criteria.guests,
        rooms: criteria.rooms,
        currency: criteria.currency,
        exchangeRates: exchangeRatesRef(),
        roomTypes,
      };
    },
  );
};
