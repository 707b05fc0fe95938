// /user/{slug}/explore: search within the creator's places and recommended hotels (spec section 2). An unknown
// slug is a 404 'Profile not found' here (the layout's loader and this one share the rule and the club).
import type { ShouldRevalidateFunction } from 'react-router';
import { ExploreView } from '~/club/explore-view';
import { loadExplore } from '~/club/explore.server';
import { useClub } from '~/club/use-club';
import type { Route } from './+types/club-explore';

export const loader = ({ request, params }: Route.LoaderArgs) => loadExplore(request, params.slug);

// The place picked (`?destination=`) is read by the page itself: the hotels do not change with it.
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams }) =>
  currentParams.slug !== nextParams.slug;

export default function ClubExplore({ loaderData }: Route.ComponentProps) {
  return <ExploreView club={useClub()} data={loaderData} />;
}
