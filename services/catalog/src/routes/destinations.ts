// Destinations: autocomplete over cities, countries and hotels, and likes.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { CatalogFlows } from '../flows/index.js';
import { sendJson } from './json.js';

type Endpoints = Pick<typeof endpoints.catalog, 'autocomplete' | 'likeDestination'>;

export function destinationRoutes({ destinations }: Pick<CatalogFlows, 'destinations'>): Handlers<Endpoints> {
  return {
    autocomplete: async ({ query }, reply) => sendJson(reply, destinations.autocompleteJson(query.query, query.take)),
    likeDestination: ({ params, body, user, ctx }) => destinations.like(user.id, params.id, body, ctx),
  };
}
