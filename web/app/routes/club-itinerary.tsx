// /user/{slug}/itineraries/{id}: one of the creator's written guides, its hotels bookable through the club. A
// guide that is not a published one of this creator is a 404 'Itinerary not found', shown inside the club.
import { isRouteErrorResponse } from 'react-router';
import { ITINERARY_NOT_FOUND } from '~/club/club-texts';
import { GuidePage } from '~/club/guide-page';
import { loadGuidePage } from '~/club/guide.server';
import { clubMeta, clubNotFoundMeta } from '~/club/meta';
import { useClub, type ClubLayoutData } from '~/club/use-club';
import type { RootData } from '~/lib/root-data';
import { NotFound } from '~/ui/not-found';
import type { Route } from './+types/club-itinerary';

export const loader = ({ request, params }: Route.LoaderArgs) => loadGuidePage(request, params.slug, params.id);

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  const layout = matches.find((match) => match?.id === 'routes/club-layout')?.loaderData as ClubLayoutData | undefined;
  if (!loaderData || !root || !layout) return clubNotFoundMeta(ITINERARY_NOT_FOUND);
  const { guide } = loaderData;
  return clubMeta({
    club: layout.club,
    pathname: location.pathname,
    publicUrl: root.environmentVariables.publicApiUrl,
    page: { title: guide.title, description: guide.summary || undefined },
  });
};

export default function ClubItinerary({ loaderData }: Route.ComponentProps) {
  return <GuidePage club={useClub()} data={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    const title = (error.data as { title?: unknown } | undefined)?.title;
    return <NotFound title={typeof title === 'string' ? title : ITINERARY_NOT_FOUND} />;
  }
  throw error;
}
