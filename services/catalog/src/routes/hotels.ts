// Hotels: the list by destination, the hotel page (by id or slug), its title image, likes and
// recommendations.
import {
  HotelIdParamsSchema,
  HotelLikeAnswerSchema,
  HotelLikeBodySchema,
  HotelListAnswerSchema,
  HotelListBodySchema,
  HotelSlugParamsSchema,
  HotelViewSchema,
  RecommendationBodySchema,
  RecommendedAnswerSchema,
  RecommendedQuerySchema,
} from '@travelclub/contracts';
import { appError, unparsedResponse } from '@travelclub/kit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hotelView } from '../answers.js';
import { imageUrl } from '../images/cdn.js';

export const hotelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { hotels, likes, index, searcher, recommender, config } = app.catalog;

  app.post(
    '/api/v1/hotel',
    { schema: { body: HotelListBodySchema, response: { 200: HotelListAnswerSchema } }, ...unparsedResponse },
    async (req) => {
      const { destination, take, skip } = req.body;
      const listed = index().hotelsOf(destination);
      const place = index().destination(destination);
      if (!listed || !place) throw appError('destination-not-found');
      const hotelsOfIndex = index().hotels;
      return {
        destination: place,
        total: listed.length,
        take,
        skip,
        hotels: listed.slice(skip, skip + take).map((ordinal) => searcher.summary(hotelsOfIndex[ordinal]!)),
      };
    },
  );

  app.get(
    '/api/v1/hotel/recommended',
    {
      schema: { querystring: RecommendedQuerySchema, response: { 200: RecommendedAnswerSchema } },
      preHandler: app.optionalUser,
    },
    async (req) => recommender.forTraveller(req.user?.id, req.query.take),
  );

  app.post(
    '/api/v1/recommendation',
    {
      schema: { body: RecommendationBodySchema, response: { 200: RecommendedAnswerSchema } },
      preHandler: app.optionalUser,
    },
    async (req) => {
      const { destination, take } = req.body;
      if (destination) return recommender.forDestination(destination, take);
      return recommender.forTraveller(req.user?.id, take);
    },
  );

  app.get(
    '/api/v1/hotel/by-slug/:slug',
    { schema: { params: HotelSlugParamsSchema, response: { 200: HotelViewSchema } } },
    async (req) => {
      const listed = index().hotelBySlug(req.params.slug);
      const hotel = listed && (await hotels.byId(listed._id));
      if (!hotel) throw appError('hotel-not-found');
      return hotelView(hotel, config.IMAGES_BASE_URL);
    },
  );

  app.get(
    '/api/v1/hotel/:id',
    { schema: { params: HotelIdParamsSchema, response: { 200: HotelViewSchema } } },
    async (req) => {
      const hotel = await hotels.byId(req.params.id);
      if (!hotel) throw appError('hotel-not-found');
      return hotelView(hotel, config.IMAGES_BASE_URL);
    },
  );

  app.get('/api/v1/hotel/:id/titleImage', { schema: { params: HotelIdParamsSchema } }, async (req, reply) => {
    const title = index().hotel(req.params.id)?.images[0];
    if (!title) throw appError('hotel-not-found');
    // The image itself lives at its CDN link; redirecting keeps one cacheable copy of it.
    return reply.redirect(imageUrl(config.IMAGES_BASE_URL, title), 302);
  });

  app.put(
    '/api/v1/hotel/:id/like',
    {
      schema: { params: HotelIdParamsSchema, body: HotelLikeBodySchema, response: { 200: HotelLikeAnswerSchema } },
      preHandler: app.requireUser,
    },
    async (req) => {
      const hotelId = req.params.id;
      if (!index().hotel(hotelId)) throw appError('hotel-not-found');
      const like = req.body?.like ?? true;
      const changed = await likes.set(req.user!.id, `hotel-${hotelId}`, 'hotel', like);
      const count = changed
        ? await hotels.addLikes(hotelId, like ? 1 : -1)
        : ((await hotels.byId(hotelId))?.likes ?? 0);
      index().setLikes(hotelId, count ?? 0);
      return { hotelId, liked: like, likes: count ?? 0 };
    },
  );
};
