// Room holds, for other services (the itinerary service, on a traveller's behalf, with their token).
// Not routed by the gateway: these paths are not public.
import { HoldParamsSchema, HoldSchema, PlaceHoldBodySchema } from '@travelclub/contracts';
import { requestContext } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const holdRoutes: FastifyPluginAsyncZod = async (app) => {
  const { holds } = app.catalog;

  app.post(
    '/internal/v1/holds',
    {
      schema: { body: PlaceHoldBodySchema, response: { 200: HoldSchema, 201: HoldSchema } },
      preHandler: app.requireUser,
    },
    async (req, reply) => {
      const { hold, created } = await holds.place(req.body, req.user!, requestContext(req));
      return reply.code(created ? 201 : 200).send(hold);
    },
  );

  app.get(
    '/internal/v1/holds/:id',
    { schema: { params: HoldParamsSchema, response: { 200: HoldSchema } }, preHandler: app.requireUser },
    async (req) => holds.get(req.params.id, req.user!),
  );

  app.delete(
    '/internal/v1/holds/:id',
    { schema: { params: HoldParamsSchema, response: { 200: HoldSchema } }, preHandler: app.requireUser },
    async (req) => holds.remove(req.params.id, req.user!, requestContext(req)),
  );
};
