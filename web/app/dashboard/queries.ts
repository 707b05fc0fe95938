// The dashboard's client data: a creator's own profile, recommendations, packages, counters and plan, read in
// the browser with TanStack Query through the factories of lib/queries.ts (their keys are what the other
// dashboard pages refresh after a change: a new stay ticks the checklist), once the session says a creator.
import { useQuery } from '@tanstack/react-query';
import type { CreatorCountersAnswer, Profile, RecommendationView, TravelPackage } from '@travelclub/contracts';
import { countersQuery, creatorPlanQuery, myPackagesQuery, myRecommendationsQuery, profileQuery } from '~/lib/queries';
import { useRootData } from '~/lib/root-data';
import { useSession } from '~/lib/session';

/** Today as the counters count days: in UTC. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** The creator's profile (made on the first read if the role is newer than it: lib/queries.ts). */
export function useCreatorProfile(initial?: Profile) {
  const { isCreator } = useSession();
  return useQuery({ ...profileQuery(), initialData: initial, enabled: isCreator });
}

export function useMyRecommendations(initial?: RecommendationView[]) {
  const { isCreator } = useSession();
  return useQuery({ ...myRecommendationsQuery(), initialData: initial, enabled: isCreator });
}

export function useMyPackages(initial?: TravelPackage[]) {
  const { isCreator } = useSession();
  return useQuery({ ...myPackagesQuery(), initialData: initial, enabled: isCreator });
}

/**
 * The dashboard's counters of a range. With `refreshMs` (a range that is still being counted, like today) they
 * are read again that often while the page is in view, and whenever it comes back into view.
 */
export function useCounters(from: string, to: string, initial?: CreatorCountersAnswer, refreshMs?: number) {
  const { isCreator } = useSession();
  return useQuery({
    ...countersQuery(from, to),
    initialData: initial,
    ...(refreshMs ? { refetchInterval: refreshMs, refetchOnWindowFocus: 'always' as const } : {}),
    enabled: isCreator,
  });
}

/** The creator's paid plan, or null while they have none. */
export function useCreatorPlan() {
  const { isCreator } = useSession();
  return useQuery({ ...creatorPlanQuery(), enabled: isCreator });
}

/** The club's public address for a slug, on the site the page is open on. */
export function clubUrl(slug: string, origin = typeof window === 'undefined' ? '' : window.location.origin): string {
  return `${origin}/user/${slug}`;
}

/**
 * The club's public address as the site's settings give it (the server and the browser render the same text),
 * else on the site the page is open on.
 */
export function useClubUrl(slug: string): string {
  const origin = useRootData()?.environmentVariables.publicApiUrl;
  return clubUrl(slug, origin ?? undefined);
}
