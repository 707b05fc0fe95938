// Recommendations: for the traveller (any caller; a token names them), or for a destination when one is asked;
// a creator's recommended hotels first when a creator is named.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { CatalogFlows } from '../flows/index.js';

type Endpoints = Pick<typeof endpoints.catalog, 'recommended' | 'recommendation'>;

export function recommendationRoutes({ recommendations }: Pick<CatalogFlows, 'recommendations'>): Handlers<Endpoints> {
  return {
    recommended: ({ query, user }) => recommendations.forTraveller(user?.id, query.take, query.creator),
    recommendation: ({ body, user }) => recommendations.recommend(body.destination, user?.id, body.take, body.creator),
  };
}
