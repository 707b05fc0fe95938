// The search results page (spec section 2, `/search?searchId=…`): a page of the stored search rendered on
// the server, in the search's currency (another `currency` in the URL makes the same search in it). No id
// shows the search form; an expired or unknown one says so, with the form to search again.
import type { Route } from './+types/search';
import { PRODUCT } from '~/lib/brand';
import { loadSearchPage } from '~/search/search-page.server';
import { SearchResults } from '~/search/search-results';
import { ExpiredSearch, NoSearch } from '~/search/search-states';

export function loader({ request }: Route.LoaderArgs) {
  return loadSearchPage(request);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const title = loaderData?.state === 'results' ? `Hotels in ${loaderData.place.label}` : 'Search hotels';
  return [
    { title: `${title} · ${PRODUCT}` },
    { name: 'description', content: 'Hotels with rooms for your dates, with the full price of the stay.' },
    // A search's id lives for a while only: its pages are not for search engines.
    { name: 'robots', content: 'noindex' },
  ];
};

export default function Search({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === 'none') return <NoSearch />;
  if (loaderData.state === 'expired') return <ExpiredSearch message={loaderData.message} />;
  return <SearchResults data={loaderData} />;
}
