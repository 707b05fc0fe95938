// The home page's recommended hotels: rendered on the server from the loader's list, as tiles linking to
// each hotel's page. They sit below the search, so their images load lazily.
import type { HotelSummary } from '@travelclub/contracts';
import { HotelCard } from './hotel-card';
import './styles.css';

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
        {props.hotels.map((hotel) => (
          <li key={hotel.id}>
            <HotelCard hotel={hotel} />
          </li>
        ))}
      </ul>
    </section>
  );
}
