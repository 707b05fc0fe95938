// /user/{slug}: a creator's club (spec section 2), rendered on the server from one club view. The layout reads
// the club once for every tab, applies the address rules (an old slug: 301 to the current one; an unknown one:
// to /, or the explore tab's 404 'Profile not found'), gives each page its head, and counts the page view with
// a beacon once the page runs. Public and the same for every visitor: shared for 3 s (docs/web-creator.md).
import { isRouteErrorResponse, Outlet, useLocation, type ShouldRevalidateFunction } from 'react-router';
import { isDeepPage } from '~/club/club-data';
import { ClubHeader } from '~/club/club-header';
import { useClubViewBeacon } from '~/club/beacon';
import { requireClub } from '~/club/load.server';
import { clubMeta, clubNotFoundMeta } from '~/club/meta';
import type { RootData } from '~/lib/root-data';
import { NotFound } from '~/ui/not-found';
import type { Route } from './+types/club-layout';

export const loader = async ({ request, params }: Route.LoaderArgs) => ({
  club: await requireClub(request, params.slug),
});

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'public, s-maxage=3' });

// The club changes only with the address: not after the subscribe box's POST, nor with a tab's query.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams }) =>
  currentParams.slug !== nextParams.slug;

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  if (!loaderData || !root) return clubNotFoundMeta();
  const publicUrl = root.environmentVariables.publicApiUrl;
  return clubMeta({ club: loaderData.club, pathname: location.pathname, publicUrl });
};

export default function ClubLayout({ loaderData }: Route.ComponentProps) {
  const { club } = loaderData;
  const { pathname } = useLocation();
  useClubViewBeacon(club.profile.slug, pathname);
  return (
    <div className="club">
      <ClubHeader club={club} compact={isDeepPage(pathname)} />
      <div className="club-body">
        <Outlet />
      </div>
    </div>
  );
}

/** The explore tab of an unknown club: the not-found page titled 'Profile not found'. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    const title = (error.data as { title?: unknown } | undefined)?.title;
    return <NotFound title={typeof title === 'string' ? title : undefined} />;
  }
  throw error;
}
