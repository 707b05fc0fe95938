// One trip in the list: its hotels, dates, status and total, with the links that fit it (view, cancel, or
// finish booking).
import type { Itinerary } from '@travelclub/contracts';
import { Link } from 'react-router';
import { formatMoney, formatNights, formatStayDate, nightsBetween } from '~/checkout/format';
import { tripDates, tripHotels } from './group-trips';

export type TripKind = 'upcoming' | 'past' | 'cancelled' | 'unfinished';

function statusLabel(itinerary: Itinerary): string {
  switch (itinerary.status) {
    case 'confirmed':
      return 'Confirmed';
    case 'cancelled':
      return itinerary.cancellation?.reason === 'booking-failed'
        ? 'Cancelled: the hotel could not confirm (refunded)'
        : 'Cancelled';
    case 'pending_payment':
      return 'Awaiting payment';
    case 'expired':
      return 'Hold expired';
    default:
      return 'Not booked yet';
  }
}

function TripLinks({ itinerary, kind, hotels }: { itinerary: Itinerary; kind: TripKind; hotels: string }) {
  // Every card has the same links: their names say which trip they are for.
  if (kind === 'unfinished') {
    return (
      <Link to={`/itinerary/${itinerary.id}/contact`} aria-label={`Finish booking at ${hotels}`}>
        Finish booking
      </Link>
    );
  }
  return (
    <>
      <Link to={`/itinerary/${itinerary.id}/confirmation`} aria-label={`View booking at ${hotels}`}>
        View booking
      </Link>
      {kind === 'upcoming' ? (
        <Link to={`/user/itinerary/${itinerary.id}/cancel`} aria-label={`Cancel booking at ${hotels}`}>
          Cancel booking
        </Link>
      ) : null}
    </>
  );
}

export function TripCard({ itinerary, kind }: { itinerary: Itinerary; kind: TripKind }) {
  const dates = tripDates(itinerary);
  const hotels = tripHotels(itinerary).join(', ') || itinerary.title || 'Your trip';
  return (
    <article className="card trip" aria-labelledby={`trip-${itinerary.id}`}>
      <h3 id={`trip-${itinerary.id}`}>{hotels}</h3>
      {dates ? (
        <p>
          {formatStayDate(dates.checkIn)} – {formatStayDate(dates.checkOut)}{' '}
          <span className="muted">({formatNights(nightsBetween(dates.checkIn, dates.checkOut))})</span>
        </p>
      ) : null}
      <dl className="trip-facts">
        <div>
          <dt>Status</dt>
          <dd data-status={itinerary.status}>{statusLabel(itinerary)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatMoney(itinerary.total)}</dd>
        </div>
      </dl>
      <div className="actions">
        <TripLinks itinerary={itinerary} kind={kind} hotels={hotels} />
      </div>
    </article>
  );
}
