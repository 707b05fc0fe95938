// The home page's recommended hotels: rendered on the server from the loader's list, as tiles linking to
// each hotel's page. They sit below the search: on a phone the first tile's picture is the largest thing in
// view, so it loads at once; the others load lazily.
import type { HotelSummary } from '@travelclub/contracts';
import { HotelCard } from './hotel-card';

const HEADINGS = {
  likes: 'Picked for you',
  destination: 'Top stays here',
  popular: 'Stays travellers love',
} as const;

export function RecommendedHotels(props: { basis: keyof typeof HEADINGS; hotels: HotelSummary[] }) {
  if (props.hotels.length === 0) return null;
  return (
    <section className="recommended" aria-labelledby="recommended-title">
      <h2 id="recommended-title">{HEADINGS[props.basis]}</h2>
      <ul className="hotel-tiles">
        {props.hotels.map((hotel, i) => (
          <li key={hotel.id}>
            <HotelCard hotel={hotel} eager={i === 0} />
          </li>
        ))}
      </ul>
    </section>
  );
}
