// /dashboard (index): where a creator lands. What to do next, from sign-up to a live club (a checklist ticked
// from their own data), and today's counters. The first page load brings that data with its HTML (the server
// reads it with the creator's own token); a move here within the app reads it in the browser, from the cache
// the other dashboard pages keep fresh.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { checklistOf, rememberShared, wasShared } from '~/dashboard/checklist';
import { NextSteps } from '~/dashboard/next-steps';
import { PackageRequests } from '~/dashboard/package-requests';
import { dashboardHomeData } from '~/dashboard/home.server';
import { useClubUrl, useCreatorProfile, useMyPackages, useMyRecommendations } from '~/dashboard/queries';
import { LoadError, Loading } from '~/dashboard/status';
import { TodayCounters } from '~/dashboard/today';
import { PRODUCT } from '~/lib/brand';
import { useSession } from '~/lib/session';
import type { Route } from './+types/dashboard-index';

export const meta: Route.MetaFunction = () => [{ title: `Dashboard · ${PRODUCT}` }];

/** The creator's own figures: kept by no cache on the way. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ request }: Route.LoaderArgs) {
  return { home: await dashboardHomeData(request) };
}

/** Within the app the browser's cache has (or reads) the same data: no round trip through the web server. */
export const clientLoader = () => ({ home: null });

/** Whether the creator copied their link before, read after hydration (it lives in this browser's storage). */
function useShared(userId: string | undefined) {
  const [shared, setShared] = useState(false);
  useEffect(() => setShared(userId ? wasShared(userId) : false), [userId]);
  const markShared = () => {
    if (userId) rememberShared(userId);
    setShared(true);
  };
  return [shared, markShared] as const;
}

export default function DashboardHome({ loaderData }: Partial<Route.ComponentProps>) {
  const home = loaderData?.home ?? undefined;
  const { user } = useSession();
  const profile = useCreatorProfile(home?.profile);
  const recommendations = useMyRecommendations(home?.recommendations);
  const packages = useMyPackages(home?.packages);
  const link = useClubUrl(profile.data?.slug ?? '');
  const [shared, markShared] = useShared(user?.id);

  const failed = [profile, recommendations, packages].find((query) => query.isError);
  if (failed) {
    return (
      <div className="stack">
        <h1>Your dashboard</h1>
        <LoadError error={failed.error} retry={() => void failed.refetch()} />
      </div>
    );
  }
  if (!profile.data || !recommendations.data || !packages.data) {
    return (
      <div className="stack">
        <h1>Your dashboard</h1>
        <Loading text="Loading your club…" />
      </div>
    );
  }

  const steps = checklistOf({
    profile: profile.data,
    recommendations: recommendations.data,
    packages: packages.data,
    shared,
  });
  return (
    <div className="stack dash-home">
      <div className="dash-home-head">
        <h1>Welcome, {profile.data.publicName}</h1>
        <p className="muted">
          Your club: <Link to={`/user/${profile.data.slug}`}>{link.replace(/^https?:\/\//, '')}</Link>
        </p>
      </div>
      <div className="dash-home-grid">
        <NextSteps steps={steps} clubLink={link} onCopied={markShared} />
        <TodayCounters currency={profile.data.currency} initial={home?.today} />
      </div>
      <PackageRequests />
    </div>
  );
}
