// The dashboard's client data: a creator's own profile, recommendations, packages, counters and plan, read in
// the browser with TanStack Query through the API module (loaded on demand). The keys are exported so the
// other dashboard pages refresh the same entries after a change (a new stay ticks the checklist).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CreatorCountersAnswer,
  CreatorPlan,
  Profile,
  RecommendationView,
  TravelPackage,
} from '@travelclub/contracts';
import { codeOf, retryHiccup } from '~/lib/api-errors';
import { useRootData } from '~/lib/root-data';
import { loadApi, useSession } from '~/lib/session';

export const creatorKeys = {
  all: ['creator'] as const,
  profile: ['creator', 'profile'] as const,
  recommendations: ['creator', 'recommendations'] as const,
  packages: ['creator', 'packages'] as const,
  counters: (from: string, to: string) => ['creator', 'counters', from, to] as const,
  plan: ['creator', 'plan'] as const,
};

/** Today as the counters count days: in UTC. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The creator's profile. The creator service makes it from the sign-up; a role granted a moment ago may have
 * no profile yet, so one is made (the call is idempotent) rather than showing an error.
 */
export function useCreatorProfile(initial?: Profile) {
  const { isCreator } = useSession();
  return useQuery<Profile>({
    queryKey: creatorKeys.profile,
    initialData: initial,
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      try {
        return await api.call(api.endpoints.creator.readProfile, {}, { signal });
      } catch (err) {
        if (codeOf(err) !== 'profile-not-found') throw err;
        return api.call(api.endpoints.creator.createProfile, { body: null }, { signal });
      }
    },
    enabled: isCreator,
    retry: retryHiccup,
  });
}

export function useMyRecommendations(initial?: RecommendationView[]) {
  const { isCreator } = useSession();
  return useQuery<RecommendationView[]>({
    queryKey: creatorKeys.recommendations,
    initialData: initial,
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return (await api.call(api.endpoints.creator.myRecommendations, {}, { signal })).recommendations;
    },
    enabled: isCreator,
    retry: retryHiccup,
  });
}

export function useMyPackages(initial?: TravelPackage[]) {
  const { isCreator } = useSession();
  return useQuery<TravelPackage[]>({
    queryKey: creatorKeys.packages,
    initialData: initial,
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return (await api.call(api.endpoints.creator.myPackages, { query: { take: 100 } }, { signal })).packages;
    },
    enabled: isCreator,
    retry: retryHiccup,
  });
}

/** The counters of one range of UTC days (both included): one cache entry a range, for the dashboard and analytics. */
export const countersQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: creatorKeys.counters(from, to),
    queryFn: async ({ signal }): Promise<CreatorCountersAnswer> => {
      const api = await loadApi();
      return api.call(api.endpoints.creator.creatorCounters, { query: { from, to } }, { signal });
    },
    retry: retryHiccup,
  });

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

/** The creator's paid plan, or null while they have none (billing answers `{ plan: null }`, not a refusal). */
export function useCreatorPlan() {
  const { isCreator } = useSession();
  return useQuery<CreatorPlan | null>({
    queryKey: creatorKeys.plan,
    queryFn: async ({ signal }) => {
      const api = await loadApi();
      return (await api.call(api.endpoints.billing.creatorPlan, {}, { signal })).plan;
    },
    enabled: isCreator,
    retry: retryHiccup,
  });
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
