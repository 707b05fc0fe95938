// Room holds, for the itinerary service only (its service identity; docs/identity.md), on behalf of the
// itinerary's owner named in `ownerId`: the itinerary checked the traveller before it called. Not routed by
// the gateway: these paths are not public.
import {
  HoldOwnerQuerySchema,
  HoldParamsSchema,
  HoldSchema,
  internalRoutes,
  PlaceHoldBodySchema,
  type AuthUser,
} from '@travelclub/contracts';
import { requestContext } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The owner as the hold rules see a caller: only their own holds, no staff reach. */
const owner = ({ ownerId }: { ownerId: string }): AuthUser => ({ id: ownerId, roles: [], isAnonymous: false });

export const holdRoutes: FastifyPluginAsyncZod = async (app) => {
  const { holds } = app.catalog;
  const { placeHold, readHold, releaseHold } = internalRoutes;

  app.post(
    placeHold.path,
    {
      schema: {
        querystring: HoldOwnerQuerySchema,
        body: PlaceHoldBodySchema,
        response: { 200: HoldSchema, 201: HoldSchema },
      },
      onRequest: app.requireService(...placeHold.callers),
    },
    async (req, reply) => {
      const { hold, created } = await holds.place(req.body, owner(req.query), requestContext(req));
      return reply.code(created ? 201 : 200).send(hold);
    },
  );

  app.get(
    readHold.path,
    {
      schema: { params: HoldParamsSchema, querystring: HoldOwnerQuerySchema, response: { 200: HoldSchema } },
      onRequest: app.requireService(...readHold.callers),
    },
    async (req) => holds.get(req.params.id, owner(req.query)),
  );

  app.delete(
    releaseHold.path,
    {
      schema: { params: HoldParamsSchema, querystring: HoldOwnerQuerySchema, response: { 200: HoldSchema } },
      onRequest: app.requireService(...releaseHold.callers),
    },
    async (req) => holds.remove(req.params.id, owner(req.query), requestContext(req)),
  );
};
