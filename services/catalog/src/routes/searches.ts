// Searches (stored or one-off), map viewports, and the availability check of one hotel for a search. Pages
// and viewports are JSON text the searcher wrote, sent as they are.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { CatalogFlows } from '../flows/index.js';
import { sendJson, sendUnparsed } from './json.js';

type Endpoints = Pick<
  typeof endpoints.catalog,
  'search' | 'createSearch' | 'searchPage' | 'boundingBox' | 'checkAvailability'
>;

export function searchRoutes({ searches }: Pick<CatalogFlows, 'searches'>): Handlers<Endpoints> {
  return {
    search: async ({ body, ctx }, reply) => sendJson(reply, await searches.page(body, ctx)),
    // No token needed; with one, the search counts against the user rather than their address.
    createSearch: ({ body, user, req, ctx }) => searches.create(body, { userId: user?.id, ip: req.ip }, ctx),
    searchPage: async ({ params, query }, reply) =>
      sendJson(reply, await searches.storedPage(params.id, query.take, query.skip)),
    boundingBox: async ({ body }, reply) => sendJson(reply, searches.map(body)),
    checkAvailability: async ({ params, body }, reply) =>
      sendUnparsed(reply, await searches.checkAvailability(params.id, body.hotelId, body.hotelSearchId)),
  };
}
