// "Your latest itinerary" on the home page: the visitor's open cart, read in the browser (it is theirs
// alone) once the session says someone is signed in, anonymous carts included, with the way back to it.
import { useQuery } from '@tanstack/react-query';
import type { Itinerary } from '@travelclub/contracts';
import { Link } from 'react-router';
import { latestItineraryQuery } from '~/lib/queries';
import { useSession } from '~/lib/session';
import { formatMoney, formatStayDate, plural } from './format';

/** A cart the traveller can still go on with: open or awaiting payment, with a room in it. */
export function isContinuable(itinerary: Itinerary | null | undefined): itinerary is Itinerary {
  if (!itinerary || !['draft', 'pending_payment'].includes(itinerary.status)) return false;
  return itinerary.lineItems.some((item) => item.hotelBooking.rooms.length > 0);
}

export function LatestItineraryCard({ itinerary }: { itinerary: Itinerary }) {
  const stays = itinerary.lineItems.filter((item) => item.hotelBooking.rooms.length > 0);
  return (
    <section className="card latest-itinerary" aria-labelledby="latest-itinerary-title">
      <h2 id="latest-itinerary-title">Your latest itinerary</h2>
      <p className="latest-title">{itinerary.title}</p>
      <ul className="latest-stays">
        {stays.map((item) => (
          <li key={item.identity}>
            <strong>{item.hotelBooking.hotelName}</strong>
            <span className="muted">
              {' '}
              · {formatStayDate(item.checkInDate)} – {formatStayDate(item.checkOutDate)} ·{' '}
              {plural(item.hotelBooking.rooms.length, 'room')}
            </span>
          </li>
        ))}
      </ul>
      <div className="latest-footer">
        <p className="latest-total">
          Total <strong>{formatMoney(itinerary.total)}</strong>
        </p>
        {/* A plain link styled as a button: React Aria's Button would add its code to the home page. */}
        <Link className="button" data-variant="primary" to={`/itinerary/${encodeURIComponent(itinerary.id)}/contact`}>
          Continue to guest details
        </Link>
      </div>
    </section>
  );
}

export function LatestItinerary() {
  const { isAuthenticated } = useSession();
  const latest = useQuery({ ...latestItineraryQuery(), enabled: isAuthenticated });
  if (!isAuthenticated || !isContinuable(latest.data)) return null;
  return <LatestItineraryCard itinerary={latest.data} />;
}
