// Creators' analytics: the club page's view beacon (always 204, whatever was counted), a creator's own counters
// and a signed-in traveller's likes.
import type { endpoints } from '@travelclub/contracts';
import type { Handlers } from '@travelclub/kit';
import type { AnalyticsFlows } from '../flows/analytics.js';
import type { PageViewFlows } from '../flows/page-views.js';

type AnalyticsEndpoints = Pick<typeof endpoints.creator, 'recordClubView' | 'creatorCounters' | 'myLikes'>;

export function analyticsRoutes(analytics: AnalyticsFlows, pageViews: PageViewFlows): Handlers<AnalyticsEndpoints> {
  return {
    recordClubView: async ({ params, req, ctx }, reply) => {
      const visitor = { address: req.ip, userAgent: req.headers['user-agent'] };
      const outcome = await pageViews.record(params.slug, visitor, ctx);
      req.log.debug({ outcome }, 'club page view');
      return reply.send();
    },
    // The token names the creator: there is no way to ask for another's counters.
    creatorCounters: ({ query, user }) => analytics.countersOf(user.id, query),
    myLikes: ({ user }) => analytics.likesOf(user.id),
  };
}
