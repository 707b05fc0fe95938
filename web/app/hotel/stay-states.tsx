// What the rooms section says besides rates: the stay searched for, an invitation to pick dates when there is
// no search, the no-rooms title and message (spec section 5), and a search that is gone.
import { Link } from 'react-router';
import type { AvailabilityAnswer } from '@travelclub/contracts';
import { stayLabel, plural } from './format';

/** The stay the rates are for, with the way back to the results. */
export function StayBar({ availability, searchId }: { availability: AvailabilityAnswer; searchId: string }) {
  const { checkIn, checkOut, rooms, guests } = availability;
  return (
    <div className="stay-bar">
      <p>
        <strong>{stayLabel(checkIn, checkOut)}</strong>
        <span className="muted">
          {plural(rooms, 'room', 'rooms')}, {plural(guests, 'guest', 'guests')}
        </span>
      </p>
      <Link to={`/search?searchId=${encodeURIComponent(searchId)}`}>Back to results</Link>
    </div>
  );
}

export function PickDates({ hotelName }: { hotelName: string }) {
  return (
    <div className="stay-callout card">
      <h3>When are you going?</h3>
      <p>Choose your dates and guests to see the rooms and prices at {hotelName}.</p>
      <Link className="button" data-variant="primary" to="/">
        Choose dates
      </Link>
    </div>
  );
}

export function NoRooms({ title, message }: { title: string; message: string }) {
  return (
    <div className="stay-callout card" role="status">
      <h3>{title}</h3>
      <p>{message}</p>
      <Link className="button" data-variant="secondary" to="/">
        Change dates or guests
      </Link>
    </div>
  );
}

export function SearchGone({ message }: { message: string }) {
  return (
    <div className="stay-callout card" role="status">
      <h3>{message}</h3>
      <p>Your search has ended or its dates are no longer available. Search again to see rooms and prices.</p>
      <Link className="button" data-variant="primary" to="/">
        Start a new search
      </Link>
    </div>
  );
}
