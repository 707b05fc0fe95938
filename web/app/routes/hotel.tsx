// /hotel/{slug}?searchId&creator (spec section 2): rendered on the server with its rates, title and sharing
// tags; never cached (the route's cache time is 0). A missing hotel is a 404 'Hotel not found'.
import { isRouteErrorResponse } from 'react-router';
import { HotelPage } from '~/hotel/hotel-page';
import { loadHotelPage } from '~/hotel/load.server';
import { hotelMeta, notFoundMeta } from '~/hotel/meta';
import type { RootData } from '~/lib/root-data';
import { NotFound } from '~/ui/not-found';
import type { Route } from './+types/hotel';

export const loader = ({ request, params }: Route.LoaderArgs) => loadHotelPage(request, params.slug);

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store, max-age=0' });

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
