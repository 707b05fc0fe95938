// Written guides (`/api/itinerary-content`): thin handlers over the guide flows.
import type { creatorGuideEndpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import { guideView } from '../domain/guides.js';
import type { GuideFlows } from '../flows/guides.js';

export function guideRoutes(guides: GuideFlows): Handlers<typeof creatorGuideEndpoints> {
  return {
    myGuides: ({ query, user }) => guides.mine(user, query.take, query.skip),
    createGuide: async ({ body, user, ctx }, reply) =>
      reply.code(201).send(guideView(await guides.create(user, body, ctx))),
    updateGuide: async ({ body, user, ctx }) => guideView(await guides.update(user, body, ctx)),
    readGuide: ({ params, user }) => guides.read(params.id, user),
    deleteGuide: async ({ params, user }, reply) => {
      await guides.remove(user, params.id);
      return reply.code(204).send();
    },
  };
}
