// /hotel/{slug}?searchId&creator (spec section 2): rendered on the server with its rates, title and sharing
// tags. The route's cache time is 0: the browser keeps nothing and its loader runs on every visit. The web
// server shares one render among visitors without a session for SHARED_SECONDS (a creator's link opened by
// thousands at once), so rates shown to them are at most that old; a room shown free is only ever sold through
// the hold the itinerary places when it is added to a cart. A missing hotel is a 404 'Hotel not found'.
import { isRouteErrorResponse } from 'react-router';
import { HotelPage } from '~/hotel/hotel-page';
import { loadHotelPage } from '~/hotel/load.server';
import { hotelMeta, notFoundMeta } from '~/hotel/meta';
import type { RootData } from '~/lib/root-data';
import { NotFound } from '~/ui/not-found';
import type { Route } from './+types/hotel';

export const loader = ({ request, params }: Route.LoaderArgs) => loadHotelPage(request, params.slug);

/** How long visitors without a session may be shown one render: its rates are at most this old. */
const SHARED_SECONDS = 2;

export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': `public, max-age=0, s-maxage=${SHARED_SECONDS}`,
});

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
  if (!loaderData || !root) return notFoundMeta();
  const { publicApiUrl, imagesHost } = root.environmentVariables;
  const { hotel, creator, club } = loaderData;
  return hotelMeta({ hotel, creator, club, publicUrl: publicApiUrl, imagesHost });
};

export default function Hotel({ loaderData }: Route.ComponentProps) {
  return <HotelPage data={loaderData} />;
}

/** A missing hotel: the not-found page with its title here, so the document's title says it too. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    const title = (error.data as { title?: unknown } | undefined)?.title;
    return <NotFound title={typeof title === 'string' ? title : undefined} />;
  }
  // Anything else is the error page's (the root's boundary).
  throw error;
}
