// What the rooms section says besides rates: the stay searched for, an invitation to pick dates when there is
// no search, the no-rooms title and message (spec section 5), and a search that is gone. Where dates are
// wanted, the search form (web/app/search) is there with this hotel as the destination; its results open here.
import { Link } from 'react-router';
import { SearchForm } from '~/search/search-form';
import { plural, stayLabel } from './format';
import type { PageRates } from './load.server';

/** The stay the rates are for, with the way back to the results (and the club the visitor came from). */
export function StayBar(props: { availability: PageRates; searchId: string; creator?: string | null }) {
  const { availability, searchId, creator } = props;
  const club = creator ? `&creator=${encodeURIComponent(creator)}` : '';
  const { checkIn, checkOut, rooms, guests } = availability;
  return (
    <div className="stay-bar">
      <p>
        <strong>{stayLabel(checkIn, checkOut)}</strong>
        <span className="muted">
          {plural(rooms, 'room', 'rooms')}, {plural(guests, 'guest', 'guests')}
        </span>
      </p>
      <Link to={`/search?searchId=${encodeURIComponent(searchId)}${club}`}>Back to results</Link>
    </div>
  );
}

export interface StayHotel {
  id: string;
  name: string;
  slug: string;
}

/** The club the visitor came from (`?creator=`): kept when they search for dates, so the booking is its. */
type FromClub = { creator?: string | null };

/** The search form for this hotel's rooms: a search for the hotel itself, whose results are this page. */
function DatesForm({ hotel, labelledBy, creator }: { hotel: StayHotel; labelledBy: string } & FromClub) {
  return (
    <SearchForm
      initial={{ destination: { id: `hotel-${hotel.id}`, label: hotel.name } }}
      resultsPath={`/hotel/${encodeURIComponent(hotel.slug)}`}
      labelledBy={labelledBy}
      creator={creator ?? undefined}
    />
  );
}

export function PickDates({ hotel, creator }: { hotel: StayHotel } & FromClub) {
  return (
    <div className="stay-callout card">
      <h3 id="pick-dates-title">When are you going?</h3>
      <p>Choose your dates and guests to see the rooms and prices at {hotel.name}.</p>
      <DatesForm hotel={hotel} labelledBy="pick-dates-title" creator={creator} />
    </div>
  );
}

export function NoRooms(props: { title: string; message: string; hotel: StayHotel } & FromClub) {
  const { title, message, hotel, creator } = props;
  return (
    <div className="stay-callout card">
      <h3 id="no-rooms-title">{title}</h3>
      <p role="status">{message}</p>
      <DatesForm hotel={hotel} labelledBy="no-rooms-title" creator={creator} />
    </div>
  );
}

export function SearchGone({ message, hotel, creator }: { message: string; hotel: StayHotel } & FromClub) {
  return (
    <div className="stay-callout card">
      <h3 id="search-gone-title">{message}</h3>
      <p>Your search has ended or its dates are no longer available. Search again to see rooms and prices.</p>
      <DatesForm hotel={hotel} labelledBy="search-gone-title" creator={creator} />
    </div>
  );
}
