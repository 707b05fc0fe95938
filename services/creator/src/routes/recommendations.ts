// Recommended stays and the club page view: thin handlers over the flows. `PUT /hotel/{id}/recommend` is
// multipart: its text fields are checked against the contracts here, its files go through the upload pipeline.
import { RecommendFieldsSchema, type endpoints } from '@travelclub/contracts';
import { appError, sendTaggedJson, type Handlers } from '@travelclub/kit';
import type { FastifyRequest } from 'fastify';
import { MAX_RECOMMENDATION_IMAGES, recommendationView } from '../domain/recommendation.js';
import type { ClubFlows } from '../flows/club.js';
import type { RecommendationFlows, RecommendationImages } from '../flows/recommendations.js';
import type { MultipartReader } from './uploads.js';

type Endpoints = Pick<
  typeof endpoints.creator,
  | 'recommendHotel'
  | 'withdrawRecommendation'
  | 'readRecommendation'
  | 'myRecommendations'
  | 'publicRecommendations'
  | 'clubView'
  | 'travellerHome'
  | 'toggleRecommendation'
  | 'orderRecommendations'
>;

const list = (records: Parameters<typeof recommendationView>[0][]) => ({
  recommendations: records.map(recommendationView),
});

export function recommendationRoutes(
  flows: {
    recommendations: RecommendationFlows;
    club: ClubFlows;
    publicBySlug: (slug: string) => Promise<{ _id: string }>;
  },
  readMultipart: MultipartReader,
): Handlers<Endpoints> {
  const { recommendations, club } = flows;

  /** The form's text fields, checked, and its photos, stored: cover and tile one each, images up to the limit. */
  async function readForm(req: FastifyRequest) {
    const form = await readMultipart(req, { single: ['cover', 'tile'], many: ['images'] });
    const fields = RecommendFieldsSchema.safeParse({
      title: form.fields.title ?? form.fields.recommendationTitle,
      text: form.fields.text ?? form.fields.recommendationText,
      isActive: form.fields.isActive,
    });
    const tooMany = (form.files.images?.length ?? 0) > MAX_RECOMMENDATION_IMAGES;
    if (!fields.success || tooMany) {
      await form.discard();
      if (tooMany)
        throw appError('validation-failed', [
          { path: 'images', message: `At most ${MAX_RECOMMENDATION_IMAGES} photos besides the cover and tile` },
        ]);
      throw appError(
        'validation-failed',
        (fields.error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
    }
    const images: RecommendationImages = {
      ...(form.files.cover?.[0] && { cover: form.files.cover[0] }),
      ...(form.files.tile?.[0] && { tile: form.files.tile[0] }),
      ...(form.files.images && { images: form.files.images }),
    };
    return { fields: fields.data, images, discard: form.discard };
  }

  return {
    recommendHotel: async ({ params, user, ctx, req }, reply) => {
      const form = await readForm(req);
      try {
        const { record, created } = await recommendations.recommend(user, params.id, form.fields, form.images, ctx);
        return reply.code(created ? 201 : 200).send(recommendationView(record));
      } catch (err) {
        // Refused (no such hotel, no profile): the photos just stored belong to nothing.
        await form.discard();
        throw err;
      }
    },
    withdrawRecommendation: async ({ params, user, ctx }, reply) => {
      await recommendations.withdraw(user, params.id, ctx);
      return reply.code(204).send();
    },
    readRecommendation: async ({ params, user }) =>
      recommendationView(await recommendations.read(params.id, params.recommendationId, user)),
    myRecommendations: async ({ user }) => list(await recommendations.mine(user)),
    publicRecommendations: async ({ params }) =>
      list(await recommendations.activeOf((await flows.publicBySlug(params.slug))._id)),
    // Serialised once and kept with its ETag (flows/club.ts): sent as it is, or 304 to a caller that holds it.
    clubView: async ({ params, query, ctx, req }, reply) => {
      const { json, etag } = await club.viewJson({ slug: params.slug, ...query }, ctx);
      return sendTaggedJson(req, reply, json, etag);
    },
    travellerHome: ({ user, ctx }) => club.home(user, ctx),
    toggleRecommendation: async ({ body, user, ctx }) =>
      recommendationView(await recommendations.toggle(user, body.hotelId, body.isActive, ctx)),
    orderRecommendations: async ({ body, user, ctx }) => list(await recommendations.order(user, body.hotelIds, ctx)),
  };
}
