// Destinations: autocomplete over cities, countries and hotels, and likes.
import {
  AutocompleteAnswerSchema,
  AutocompleteQuerySchema,
  DestinationLikeAnswerSchema,
  DestinationLikeBodySchema,
  DestinationParamsSchema,
} from '@travelclub/contracts';
import { appError, unparsedResponse } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const destinationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { index, likes } = app.catalog;

  app.get(
    '/api/v1/destinations/autocomplete',
    {
      schema: { querystring: AutocompleteQuerySchema, response: { 200: AutocompleteAnswerSchema } },
      ...unparsedResponse,
    },
    async (req, reply) => {
      // The same prefix gives the same answer until the catalog changes: let browsers keep it a minute.
      reply.header('cache-control', 'public, max-age=60');
      return { query: req.query.query, destinations: index().suggest(req.query.query, req.query.take) };
    },
  );

  app.post(
    '/api/v1/destinations/:id/like',
    {
      schema: {
        params: DestinationParamsSchema,
        body: DestinationLikeBodySchema,
        response: { 200: DestinationLikeAnswerSchema },
      },
      preHandler: app.requireUser,
    },
    async (req) => {
      const { destinationId, locationType, like } = req.body;
      if (destinationId !== req.params.id)
        throw appError('validation-failed', [
          { path: 'destinationId', message: 'Must be the destination in the path' },
        ]);
      const destination = index().destination(destinationId);
      if (!destination) throw appError('destination-not-found');
      if (destination.locationType !== locationType)
        throw appError('validation-failed', [
          { path: 'locationType', message: `This destination is a ${destination.locationType}` },
        ]);
      await likes.set(req.user!.id, destinationId, locationType, like);
      return { destinationId, liked: like };
    },
  );
};
