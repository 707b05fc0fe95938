// The traveller's home page (spec section 2, `/`): the search (destination, dates, guests), the visitor's
// latest itinerary when they have one, and recommended hotels rendered on the server. The loader's index
// check is the recommendations call: when it fails the visitor goes to /signIn (unless it redirects itself).
import { endpoints } from '@travelclub/contracts';
import type { Route } from './+types/home';
import { serverCall } from '~/lib/api.server';
import { PRODUCT } from '~/lib/brand';
import { indexCheck } from '~/search/index-check.server';
import { LatestItinerary } from '~/search/latest-itinerary';
import { RecommendedHotels } from '~/search/recommended-hotels';
import { SearchForm } from '~/search/search-form';

/** Two rows of three on a wide screen. */
const RECOMMENDED = 6;

export async function loader({ request }: Route.LoaderArgs) {
  const recommended = await indexCheck(() =>
    serverCall(request, endpoints.catalog.recommended, { query: { take: RECOMMENDED } }),
  );
  return { recommended };
}

export const meta: Route.MetaFunction = () => [
  { title: `${PRODUCT} · Find a hotel you will love` },
  {
    name: 'description',
    content:
      'Search hotels by city, country or name, see the full price of your stay up front, and book in a few steps.',
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Find a stay worth the trip</h1>
        <p className="hero-lede">Every hotel with the full price for your dates, taxes included. No clutter.</p>
        <SearchForm labelledBy="hero-title" />
      </section>
      <LatestItinerary />
      <RecommendedHotels basis={loaderData.recommended.basis} hotels={loaderData.recommended.hotels} />
    </div>
  );
}
