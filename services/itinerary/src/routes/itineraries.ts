// The public itinerary routes (/api/v1/itinerary/*): thin handlers over the booking flow, every body,
// query and param checked by the contracts' schemas, every answer in the contracts' shapes.
import {
  AddHotelBodySchema,
  CancelItineraryBodySchema,
  CancellationTermsAnswerSchema,
  CreateItineraryBodySchema,
  ItineraryIdParamsSchema,
  ItineraryListQuerySchema,
  ItineraryListSchema,
  ItinerarySchema,
  PreCheckAnswerSchema,
  RemoveHotelBodySchema,
  SetGuestDetailsBodySchema,
  UpdateCustomerDataBodySchema,
  UpdateHotelBodySchema,
} from '@travelclub/contracts';
import { requestContext } from '@travelclub/kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Caller } from '../booking.js';
import { itineraryView } from '../domain/itinerary.js';
import { tokenRequired } from './token.js';

/** The signed-in caller and the request's ids (neighbours are called with this service's own identity). */
export const callerOf = (req: FastifyRequest): Caller => ({ user: req.user!, ctx: requestContext(req) });

const BASE = '/api/v1/itinerary';

export const itineraryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { booking } = app.itinerary;
  const onRequest = tokenRequired(app);
  const params = ItineraryIdParamsSchema;
  const one = { 200: ItinerarySchema };

  app.post(
    BASE,
    { schema: { body: CreateItineraryBodySchema.nullish(), response: { 201: ItinerarySchema } }, onRequest },
    async (req, reply) => reply.code(201).send(itineraryView(await booking.create(req.user!, req.body ?? {}))),
  );

  app.get(
    BASE,
    { schema: { querystring: ItineraryListQuerySchema, response: { 200: ItineraryListSchema } }, onRequest },
    async (req) => {
      const { take, skip } = req.query;
      const { total, records } = await booking.list(req.user!, take, skip);
      return { total, take, skip, itineraries: records.map(itineraryView) };
    },
  );

  app.get(`${BASE}/latest`, { schema: { response: one }, onRequest }, async (req) =>
    itineraryView(await booking.latest(req.user!)),
  );

  app.get(`${BASE}/:id`, { schema: { params, response: one }, onRequest }, async (req) =>
    itineraryView(await booking.visible(req.params.id, req.user!, 'read')),
  );

  app.get(
    `${BASE}/:id/cancellationTerms`,
    { schema: { params, response: { 200: CancellationTermsAnswerSchema } }, onRequest },
    async (req) => booking.cancellationTerms(req.params.id, req.user!),
  );

  app.get(
    `${BASE}/:id/preCheck`,
    { schema: { params, response: { 200: PreCheckAnswerSchema } }, onRequest },
    async (req) => booking.preCheck(req.params.id, callerOf(req)),
  );

  app.post(
    `${BASE}/:id/addHotel`,
    { schema: { params, body: AddHotelBodySchema, response: one }, onRequest },
    async (req) => itineraryView(await booking.addHotel(req.params.id, req.body, callerOf(req))),
  );

  app.post(
    `${BASE}/:id/updateHotel`,
    { schema: { params, body: UpdateHotelBodySchema, response: one }, onRequest },
    async (req) => itineraryView(await booking.updateHotel(req.params.id, req.body, callerOf(req))),
  );

  app.post(
    `${BASE}/:id/removeHotel`,
    { schema: { params, body: RemoveHotelBodySchema, response: one }, onRequest },
    async (req) => itineraryView(await booking.removeHotel(req.params.id, req.body, callerOf(req))),
  );

  app.post(
    `${BASE}/:id/setGuestDetails`,
    { schema: { params, body: SetGuestDetailsBodySchema, response: one }, onRequest },
    async (req) => itineraryView(await booking.setGuestDetails(req.params.id, req.body, callerOf(req))),
  );

  app.post(
    `${BASE}/:id/updateCustomerData`,
    { schema: { params, body: UpdateCustomerDataBodySchema, response: one }, onRequest },
    async (req) => itineraryView(await booking.updateCustomerData(req.params.id, req.body, callerOf(req))),
  );

  app.post(`${BASE}/:id/createInvoice`, { schema: { params, response: one }, onRequest }, async (req) =>
    itineraryView(await booking.createInvoice(req.params.id, callerOf(req))),
  );

  app.put(
    `${BASE}/:id/cancel`,
    { schema: { params, body: CancelItineraryBodySchema.nullable(), response: one }, onRequest },
    async (req) => itineraryView(await booking.cancel(req.params.id, callerOf(req))),
  );
};
