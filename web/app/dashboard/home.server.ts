// The dashboard home's data, read on the server for the page a creator lands on after signing in: the
// creator's profile, stays, packages and today's counters come with the HTML, so the page is whole at its
// first paint (no loading note that the checklist then pushes down). The web server acts for the creator as
// their browser would: it turns the session cookie into an access token (the double-submit CSRF token beside
// it) and reads with that token, the creator's own rights only. Anything missing or refused: null, and the
// browser reads it as before, and says what went wrong.
import type { CreatorCountersAnswer, Profile, RecommendationView, TravelPackage } from '@travelclub/contracts';
import { endpoints } from '@travelclub/contracts';
import { isCreator } from '~/auth/return-url';
import { serverCall } from '~/lib/api.server';
import { cookieOf } from '~/lib/cookies';
import { todayUtc } from './queries';

export interface DashboardHomeData {
  profile: Profile;
  recommendations: RecommendationView[];
  packages: TravelPackage[];
  /** Today's counters, and the UTC day they count. */
  today: { day: string; counters: CreatorCountersAnswer };
}

export async function dashboardHomeData(request: Request): Promise<DashboardHomeData | null> {
  const csrf = cookieOf(request, 'tc_csrf');
  if (!csrf || !cookieOf(request, 'tc_session')) return null;
  try {
    const { accessToken: token, user } = await serverCall(
      request,
      endpoints.auth.sessionToken,
      {},
      { cookies: true, headers: { 'x-csrf-token': csrf } },
    );
    if (!isCreator(user)) return null;
    const day = todayUtc();
    const [profile, recommendations, packages, counters] = await Promise.all([
      serverCall(request, endpoints.creator.readProfile, {}, { token }),
      serverCall(request, endpoints.creator.myRecommendations, {}, { token }),
      serverCall(request, endpoints.creator.myPackages, { query: { take: 100 } }, { token }),
      serverCall(request, endpoints.creator.creatorCounters, { query: { from: day, to: day } }, { token }),
    ]);
    return {
      profile,
      recommendations: recommendations.recommendations,
      packages: packages.packages,
      today: { day, counters },
    };
  } catch {
    return null;
  }
}
