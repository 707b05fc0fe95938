// The map view of a search (spec section 2, `/mapsearch?searchId=…`, with the results page's `page`, `take`
// and `currency`). Its loader reads the stored search as the results page does, so the list is rendered on
// the server; the map is loaded in the browser. No search, or one that has expired, goes to the results page,
// which says so and has the search form.
import { redirect } from 'react-router';
import type { Route } from './+types/map-search';
import { PRODUCT } from '~/lib/brand';
import { MapSearchPage } from '~/map/map-search-page';
import { useRootData } from '~/lib/root-data';
import { loadSearchPage } from '~/search/search-page.server';

const isRedirect = (thrown: unknown): thrown is Response =>
  thrown instanceof Response ||
  (typeof thrown === 'object' &&
    thrown !== null &&
    typeof (thrown as Response).status === 'number' &&
    typeof (thrown as Response).headers?.get === 'function');

/** A redirect of the results page's loader (another currency: a new search) kept on the map. */
function onTheMap(response: Response): Response {
  const location = response.headers.get('location');
  if (!location?.startsWith('/search')) return response;
  return redirect(location.replace(/^\/search/, '/mapsearch'), response.status);
}

export async function loader({ request }: Route.LoaderArgs) {
  let data;
  try {
    data = await loadSearchPage(request);
  } catch (thrown) {
    if (isRedirect(thrown) && thrown.status >= 300 && thrown.status < 400) throw onTheMap(thrown);
    throw thrown;
  }
  if (data.state === 'none') throw redirect('/search');
  if (data.state === 'expired') {
    const searchId = new URL(request.url).searchParams.get('searchId') ?? '';
    throw redirect(`/search?searchId=${encodeURIComponent(searchId)}`);
  }
  return data;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Map of hotels${loaderData ? ` in ${loaderData.place.label}` : ''} · ${PRODUCT}` },
  { name: 'description', content: 'Hotels on the map, with the full price of your stay.' },
  // A search's id lives for a while only: its pages are not for search engines.
  { name: 'robots', content: 'noindex' },
];

export default function MapSearch({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const styleUrl = root?.environmentVariables.mapStyleUrl ?? '/map/style.json';
  return <MapSearchPage data={loaderData} styleUrl={styleUrl} />;
}
