// Hotels: a destination's list, the hotel page by id or slug, its title image (a redirect), likes, and
// summaries of many hotels for other services.
import type { endpoints } from '@travelclub/contracts';
import { sendTaggedJson, type Handlers } from '@travelclub/kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TaggedHotelView } from '../flows/hotels.js';
import type { CatalogFlows } from '../flows/index.js';
import { sendUnparsed } from './json.js';

type Endpoints = Pick<
  typeof endpoints.catalog,
  'listHotels' | 'hotel' | 'hotelBySlug' | 'titleImage' | 'likeHotel' | 'hotelSummaries'
>;

/** A hotel page with its ETag: written only for a caller that does not hold it yet (else 304). */
const sendPage = (req: FastifyRequest, reply: FastifyReply, { view, etag }: TaggedHotelView) =>
  sendTaggedJson(req, reply, () => JSON.stringify(view), etag);

export function hotelRoutes({ hotels }: Pick<CatalogFlows, 'hotels'>): Handlers<Endpoints> {
  return {
    listHotels: async ({ body }, reply) => sendUnparsed(reply, hotels.list(body.destination, body.take, body.skip)),
    hotel: async ({ params, req }, reply) => sendPage(req, reply, await hotels.byId(params.id)),
    hotelBySlug: async ({ params, req }, reply) => sendPage(req, reply, await hotels.bySlug(params.slug)),
    // The image itself lives at its CDN link; redirecting keeps one cacheable copy of it.
    titleImage: async ({ params }, reply) => reply.redirect(hotels.titleImageUrl(params.id), 302),
    // For the creator service and the gateway only (service identities): a whole club page's hotels in one call.
    hotelSummaries: async ({ body }, reply) => sendUnparsed(reply, hotels.summaries(body)),
    likeHotel: ({ params, body, user, ctx }) => hotels.like(user.id, params.id, body?.like ?? true, ctx),
  };
}
